package bin

import (
	"strings"
	"testing"
)

// TestGuard: a check's problems pass through; a check that panics is one
// error problem that names it, and the panic goes no further.
func TestGuard(t *testing.T) {
	ok := Guard(2, "lines", func() []Problem { return []Problem{{Severity: "warning", Code: "x"}} })
	if len(ok) != 1 || ok[0].Code != "x" {
		t.Fatalf("a check's own problems: %v", ok)
	}
	failed := Guard(3, "lines", func() []Problem {
		panic("runtime error: slice bounds out of range [:-32768]")
	})
	if len(failed) != 1 || failed[0].Severity != "error" || failed[0].Code != "check-failed" || failed[0].Level != 3 ||
		!strings.Contains(failed[0].Message, "lines check failed") {
		t.Fatalf("a panicking check gave %+v", failed)
	}
}
