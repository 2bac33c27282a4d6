package marathon

import (
	"fmt"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// polygonTeleporter is the polygon type whose permutation is the polygon
// it teleports to, or -level-1 for another level (map.h); polygonNormal
// is the type of a polygon that does nothing.
const (
	polygonNormal     = 0
	polygonTeleporter = 10
)

// A Referrer is a side or a polygon whose permutation names a polygon or
// a light: a platform or light switch (the polygon of the platform it
// toggles, the light), a platform or light trigger, a teleporter.
type Referrer struct {
	Kind   document.Kind // KindSide or KindPolygon
	Index  int
	What   string        // "platform switch", "light on trigger", "teleporter", ...
	To     document.Kind // KindPolygon or KindLight
	Target int
}

// String names the reference for a question: "side 12's platform switch
// (polygon 40)".
func (r Referrer) String() string {
	return fmt.Sprintf("%s %d's %s (%s %d)", r.Kind, r.Index, r.What, r.To, r.Target)
}

// permutation is a Referrer with its field, and what makes the referrer
// name nothing: a side loses its control panel, a polygon becomes a
// normal one.
type permutation struct {
	Referrer
	field *int16
	clear func()
}

// permutations lists the switches, triggers and teleporters of l, the
// sides first. Marathon 1 and later name the same things by polygon
// types 6 to 10 (a Marathon 1 platform polygon's permutation, not listed,
// is its own).
func permutations(l *codec.Level) []permutation {
	var out []permutation
	for si := range l.Sides {
		s := &l.Sides[si]
		class, ok := codec.ControlPanel(*s)
		r := Referrer{Kind: KindSide, Index: si, Target: int(s.ControlPanelPermutation)}
		switch {
		case !ok:
			continue
		case class == codec.PanelLightSwitch:
			r.What, r.To = "light switch", KindLight
		case class == codec.PanelPlatformSwitch:
			r.What, r.To = "platform switch", KindPolygon
		default:
			continue
		}
		out = append(out, permutation{r, &s.ControlPanelPermutation, func() {
			s.Flags &^= codec.SideControlPanel
			s.ControlPanelType, s.ControlPanelPermutation = -1, -1
		}})
	}
	for pi := range l.Polygons {
		p := &l.Polygons[pi]
		r := Referrer{Kind: KindPolygon, Index: pi, Target: int(p.Permutation)}
		switch {
		case p.Type == lightOnTrigger || p.Type == lightOffTrigger:
			r.To = KindLight
		case p.Type == platformOnTrigger || p.Type == platformOffTrigger || p.Type == polygonTeleporter && p.Permutation >= 0:
			r.To = KindPolygon
		default:
			continue
		}
		r.What = codec.PolygonTypeNames[p.Type] // the same name in every generation for types 6 to 10
		out = append(out, permutation{r, &p.Permutation, func() { p.Type, p.Permutation = polygonNormal, 0 }})
	}
	return out
}

// Referrers lists the switches, triggers and teleporters that name
// entities ids of kind (KindPolygon or KindLight) of level, leaving out
// those that go with them (a side or polygon of polygons deleted): what
// DeletePolygons and DeleteLight clear.
func (d *Document) Referrers(level int, kind document.Kind, ids []int) ([]Referrer, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	var out []Referrer
	for _, k := range permutations(l) {
		if k.To != kind || !slices.Contains(ids, k.Target) {
			continue
		}
		owner := k.Index
		if k.Kind == KindSide {
			owner = int(l.Sides[k.Index].Polygon)
		}
		if kind == KindPolygon && slices.Contains(ids, owner) {
			continue
		}
		out = append(out, k.Referrer)
	}
	return out, nil
}

// renumberPolygonReferrers moves the switches, triggers and teleporters
// naming polygons along with them (to: old index to new, -1 for a
// deleted one), clearing those that named a deleted polygon. A terminal
// teleport to a deleted polygon is refused: no group type does nothing.
func (e *edit) renumberPolygonReferrers(to []int) error {
	l := e.l
	for ti, t := range l.Terminals {
		for gi, g := range t.Groups {
			if g.Type == codec.GroupIntralevelTeleport && g.Permutation >= 0 && int(g.Permutation) < len(to) && to[g.Permutation] < 0 {
				return fmt.Errorf("polygon %d is where terminal %d's group %d teleports: change that group first", g.Permutation, ti, gi)
			}
		}
	}
	for ti := range l.Terminals {
		t := &l.Terminals[ti]
		if !slices.ContainsFunc(t.Groups, func(g codec.TerminalGroup) bool {
			return g.Type == codec.GroupIntralevelTeleport && g.Permutation >= 0 && int(g.Permutation) < len(to) && to[g.Permutation] != int(g.Permutation)
		}) {
			continue
		}
		document.TouchAt(e.Edit, terminalsTable, ti)
		t.Groups = slices.Clone(t.Groups) // the step keeps the old groups
		for gi := range t.Groups {
			if g := &t.Groups[gi]; g.Type == codec.GroupIntralevelTeleport {
				g.Permutation = indexSigned(g.Permutation, to)
			}
		}
	}
	document.Touch(e.Edit, sidesTable)
	document.Touch(e.Edit, polygonsTable)
	for _, k := range permutations(l) {
		switch {
		case k.To != KindPolygon || k.Target < 0 || k.Target >= len(to):
		case to[k.Target] < 0:
			k.clear()
		default:
			*k.field = int16(to[k.Target])
		}
	}
	return nil
}
