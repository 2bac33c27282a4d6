// Package jsontest passes values through their JSON text, for tests of
// what the command line writes and reads.
package jsontest

import (
	"encoding/json"
	"testing"
)

// RoundTrip writes v as JSON text and reads it back.
func RoundTrip[T any](t testing.TB, v T) T {
	t.Helper()
	text, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	var back T
	if err := json.Unmarshal(text, &back); err != nil {
		t.Fatal(err)
	}
	return back
}
