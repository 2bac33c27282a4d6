package viewport

import (
	"slices"
	"testing"
)

// TestAddDamage keeps one rectangle where another holds it, whichever
// came first, or where two overlap nearly whole, and one rectangle
// around all once there are too many.
func TestAddDamage(t *testing.T) {
	a, b := pixelRect{10, 10, 20, 20}, pixelRect{40, 40, 50, 50}
	var d []pixelRect
	for _, r := range []pixelRect{a, a, {12, 12, 18, 18}, b} {
		d = addDamage(d, r)
	}
	if want := []pixelRect{a, b}; !slices.Equal(d, want) {
		t.Errorf("damage %v, want %v: a rectangle held by another kept apart", d, want)
	}
	around := pixelRect{5, 5, 25, 25}
	d = addDamage(d, around)
	if want := []pixelRect{b, around}; !slices.Equal(d, want) {
		t.Errorf("damage %v, want %v: a rectangle holding another kept beside it", d, want)
	}
	// An item drawn a pixel wider in about its own place.
	wider := pixelRect{39, 40, 51, 51}
	d = addDamage(d, wider)
	if want := []pixelRect{around, wider}; !slices.Equal(d, want) {
		t.Errorf("damage %v, want %v: rectangles nearly the same kept apart", d, want)
	}
	d = nil
	for i := range canvasMostDamage + 1 {
		d = addDamage(d, pixelRect{i * 10, 0, i*10 + 5, 5})
	}
	if want := []pixelRect{{0, 0, canvasMostDamage*10 + 5, 5}}; !slices.Equal(d, want) {
		t.Errorf("damage %v, want %v once more than %d rectangles", d, want, canvasMostDamage)
	}
}
