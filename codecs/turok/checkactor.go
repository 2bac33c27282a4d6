package turok

import "fmt"

// ActorProblems are Check's findings about actor i alone: values the
// engine cannot load, a sector that does not exist, a target TID of 0 or
// one that no actor carries (carried, as CarriedTIDs gives it), and,
// with loc, standing over no sector or another than the one it names.
// A check after an edit of a few actors finds their problems so.
func (m *Map) ActorProblems(i int, carried map[int16]bool, loc *Locator) []Problem {
	var out problems
	m.checkActor(i, carried, &out)
	if loc != nil {
		m.checkActorPlacement(i, loc, &out)
	}
	return out
}

// CarriedTIDs are the TIDs the map's actors carry.
func (m *Map) CarriedTIDs() map[int16]bool {
	carried := map[int16]bool{}
	for _, a := range m.Actors {
		carried[a.TID] = true
	}
	return carried
}

// sectorInRange reports whether s names a sector of the map, or none (-1).
func (m *Map) sectorInRange(s int32) bool { return s >= -1 && int64(s) < int64(len(m.Sectors)) }

// checkActor reports actor i's values, sector index and target.
func (m *Map) checkActor(i int, carried map[int16]bool, out *problems) {
	a := &m.Actors[i]
	out.fields("actor", i, fmt.Sprintf("actor %d", i), a.fields())
	if !m.sectorInRange(a.Sector) {
		out.add("error", "actor", i, "sector-out-of-range", "actor %d names sector %d, the map has sectors 0 to %d (or -1 for none)", i, a.Sector, len(m.Sectors)-1)
	}
	switch {
	case a.TargetTID == 0:
		out.add("warning", "actor", i, "target-tid-zero", "actor %d targets TID 0, which every actor without a TID carries", i)
	case a.TargetTID > 0 && !carried[a.TargetTID]:
		out.add("warning", "actor", i, "target-tid-missing", "actor %d targets TID %d, which no actor carries", i, a.TargetTID)
	}
}

// checkActorPlacement reports actor i standing over no sector, or over
// another than the one it names.
func (m *Map) checkActorPlacement(i int, loc *Locator, out *problems) {
	a := &m.Actors[i]
	switch s := loc.SectorAt(a.Origin); {
	case s < 0:
		out.add("warning", "actor", i, "outside-sectors", "actor %d at (%g, %g, %g) is over no sector", i, a.Origin.X, a.Origin.Y, a.Origin.Z)
	case int32(s) != a.Sector:
		out.add("warning", "actor", i, "wrong-sector", "actor %d names sector %d, but stands in sector %d", i, a.Sector, s)
	}
}
