package document

import (
	"slices"
	"testing"
)

// TestCarryUnchanged: a field the text leaves as before takes after's
// value, in nested records and lists; one the text changed keeps the
// text's.
func TestCarryUnchanged(t *testing.T) {
	type rec struct {
		Light  int16
		Lights [2]int16
		Name   string
	}
	before := []rec{{Light: 12, Lights: [2]int16{0, 5}, Name: "a"}, {Light: 3, Name: "b"}}
	after := []rec{{Light: 11, Lights: [2]int16{0, 4}, Name: "a"}, {Light: 2, Name: "b"}}
	text := []rec{{Light: 12, Lights: [2]int16{7, 5}, Name: "x"}, {Light: 9, Name: "b"}, {Light: 12}}
	CarryUnchanged(&text, before, after)
	want := []rec{{Light: 11, Lights: [2]int16{7, 4}, Name: "x"}, {Light: 9, Name: "b"}, {Light: 12}}
	if !slices.Equal(text, want) {
		t.Errorf("%+v, want %+v", text, want)
	}
}
