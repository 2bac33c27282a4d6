package physics

import (
	"fmt"

	"github.com/levelwright/levelwright/codecs/bin"
)

// EngineMaximum is how many records of each kind Aleph One holds
// (monsters.h, effects.h, projectiles.h, physics_models.h, weapons.h:
// Infinity's counts); it refuses, or overruns, a file with more. A
// Marathon 1 file holds one more physics model, the editor's.
var EngineMaximum = [KindCount]int{47, 73, 39, 2, 10}

// Check lists the set's problems as errors of level (a wad entry, -1 for
// a Marathon 1 physics file): more records of a kind than the engine
// holds, and a reference to a record the set does not have (other than
// -1, none; loose references excepted).
func (s *Set) Check(level int) []bin.Problem {
	var out []bin.Problem
	for k := range KindCount {
		limit := EngineMaximum[k]
		if k == KindConstants && s.Marathon1 {
			limit++
		}
		if n := s.Len(k); n > limit {
			out = append(out, bin.Problem{Severity: "error", Level: level, Kind: "physics", Index: int(k), Code: "physics-count",
				Message: fmt.Sprintf("%d %s, the engine holds at most %d", n, KindNames[k], limit)})
		}
		fields := Fields(RecordType(k, s.Marathon1))
		for i := range s.Len(k) {
			r := s.Record(k, i)
			for _, f := range fields {
				if f.Ref == KindCount || f.Loose {
					continue
				}
				v, _ := FieldByPath(r, f.Path)
				if ref := v.Int(); ref < -1 || ref >= int64(s.Len(f.Ref)) {
					out = append(out, bin.Problem{Severity: "error", Level: level, Kind: "physics", Index: i, Code: "physics-reference",
						Message: fmt.Sprintf("%s %d (%s) %s: %d is not one of the %d %s or -1 for none", KindNames[k], i,
							Name(k, s.Marathon1, i), f.Path, ref, s.Len(f.Ref), KindNames[f.Ref])})
				}
			}
		}
	}
	return out
}
