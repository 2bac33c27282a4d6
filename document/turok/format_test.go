package turok

import (
	"fmt"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// TestSniffTruncatedTurokMap: a Turok map cut short is a Turok map whose
// error names where the file ends.
func TestSniffTruncatedTurokMap(t *testing.T) {
	whole := codec.NewMap().Encode()
	for _, n := range []int{len(whole) / 2, len(whole) - 64, 40} {
		ok, err := Format.Sniff(whole[:n])
		if !ok || err == nil || !strings.Contains(err.Error(), fmt.Sprintf("ends at offset %d", n)) {
			t.Errorf("cut at %d: %v, %v", n, ok, err)
		}
	}
}
