package inspect

import "testing"

// TestReadOnlyNone: a read-only number marked None shows the games'
// none, -1 or an unsigned type's largest value, as "none", and any other
// value as the number.
func TestReadOnlyNone(t *testing.T) {
	type rec struct {
		Side  uint16
		Light int16
	}
	specs := Specs{"Side": {ReadOnly: true, None: true}, "Light": {ReadOnly: true, None: true}}
	for _, c := range []struct {
		r          rec
		side, lite string
	}{{rec{65535, -1}, "none", "none"}, {rec{12, 3}, "", ""}} {
		for _, f := range RecordFields([]rec{c.r}, specs, nil) {
			want := map[string]string{"Side": c.side, "Light": c.lite}[f.Label]
			switch {
			case want == "none" && (f.Text == nil || f.Text.Value != "none"):
				t.Errorf("%+v: %s shows %+v, want none", c.r, f.Label, f)
			case want == "" && f.Number == nil:
				t.Errorf("%+v: %s shows %+v, want a number", c.r, f.Label, f)
			}
		}
	}
}
