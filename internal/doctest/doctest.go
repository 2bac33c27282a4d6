// Package doctest holds helpers for the tests of the games' documents.
package doctest

import "testing"

// Bytes is d's file as it is now, failing t when d cannot encode it.
func Bytes(t testing.TB, d interface{ Bytes() ([]byte, error) }) []byte {
	t.Helper()
	b, err := d.Bytes()
	if err != nil {
		t.Fatal(err)
	}
	return b
}
