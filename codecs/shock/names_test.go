package shock

import "testing"

// TestParamValueNamesNameFields: every enumeration names a parameter of
// some action or of a repulsor, and has a name for every value the
// field's bits hold up to its last name.
func TestParamValueNamesNameFields(t *testing.T) {
	found := map[string]bool{}
	for _, fields := range append(ActionParams[:], repulsorParams) {
		for _, f := range fields {
			if names := f.ValueNames(); names != nil {
				found[f.Name] = true
				if len(names) > 1<<f.Bits {
					t.Errorf("%q: %d names for %d bits", f.Name, len(names), f.Bits)
				}
				for v, n := range names {
					if n == "" {
						t.Errorf("%q: value %d has no name", f.Name, v)
					}
				}
			}
		}
	}
	for name := range paramValueNames {
		if !found[name] {
			t.Errorf("names for %q, which no action has", name)
		}
	}
}

func TestCeilingAboveDepth(t *testing.T) {
	for depth := range HeightSteps {
		h := CeilingAbove(depth)
		if h < 1 || h > HeightSteps || CeilingDepth(h) != depth {
			t.Errorf("depth %d: height %d, back %d", depth, h, CeilingDepth(h))
		}
	}
	if CeilingAbove(14) != 18 {
		t.Errorf("a ceiling stored as 14 is %d above the bottom", CeilingAbove(14))
	}
}
