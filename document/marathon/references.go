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

// A referrer is a side or a polygon whose permutation names a polygon, a
// light or a terminal: a platform or light switch (the polygon of the
// platform it toggles, the light), a terminal's control panel, a
// platform or light trigger, a teleporter.
type referrer struct {
	Kind   document.Kind // KindSide or KindPolygon
	Index  int
	What   string        // "platform switch", "light on trigger", "teleporter", ...
	To     document.Kind // KindPolygon, KindLight or KindTerminal
	Target int
}

// String names the reference for a question: "side 12's platform switch
// (polygon 40)".
func (r referrer) String() string {
	return fmt.Sprintf("%s %d's %s (%s %d)", r.Kind, r.Index, r.What, r.To, r.Target)
}

// permutation is a referrer with its field, and what makes the referrer
// name nothing: a side loses its control panel, a polygon becomes a
// normal one.
type permutation struct {
	referrer
	field *int16
	clear func()
}

// permutations lists the switches, terminal panels, triggers and
// teleporters of l, the sides first. Marathon 1 and later name the same things by polygon
// types 6 to 10 (a Marathon 1 platform polygon's permutation, not listed,
// is its own).
func permutations(l *codec.Level) []permutation {
	var out []permutation
	for si := range l.Sides {
		s := &l.Sides[si]
		class, ok := codec.ControlPanel(*s)
		r := referrer{Kind: KindSide, Index: si, Target: int(s.ControlPanelPermutation)}
		switch {
		case !ok:
			continue
		case class == codec.PanelLightSwitch:
			r.What, r.To = "light switch", KindLight
		case class == codec.PanelPlatformSwitch:
			r.What, r.To = "platform switch", KindPolygon
		case class == codec.PanelTerminal:
			r.What, r.To = "terminal", KindTerminal
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
		r := referrer{Kind: KindPolygon, Index: pi, Target: int(p.Permutation)}
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

// deletable are the kinds Delete takes.
var deletable = []document.Kind{KindObject, KindAnnotation, KindPolygon, KindLine}

// Delete deletes the objects, annotations, polygons (DeletePolygons:
// with what stands in them) and lines (DeleteLine: merging or opening
// the polygons on them) of refs, as one step, clearing the switches,
// triggers and teleporters that name the polygons that go (Referrers).
// refs are of one level; lines and polygons are refused together, as
// deleting a line renumbers the polygons.
func (d *Document) Delete(refs []document.Ref) error {
	level, kinds, err := document.Deletable(refs, deletable...)
	if err != nil || len(refs) == 0 {
		return err
	}
	lines := slices.Sorted(slices.Values(kinds[KindLine]))
	if len(lines) > 0 && len(kinds[KindPolygon]) > 0 {
		return fmt.Errorf("delete the lines and the polygons apart: deleting a line merges or removes polygons")
	}
	return d.Batch("Delete "+document.Count(len(refs), "entity"), func() error {
		if objects := kinds[KindObject]; len(objects) > 0 {
			if err := d.DeleteObjects(level, objects); err != nil {
				return err
			}
		}
		for _, i := range slices.Backward(slices.Sorted(slices.Values(kinds[KindAnnotation]))) {
			if err := d.DeleteNote(level, i); err != nil { // the last first: the others keep their indexes
				return err
			}
		}
		for _, li := range slices.Backward(lines) {
			if err := d.DeleteLine(level, li); err != nil {
				return err
			}
		}
		if polygons := kinds[KindPolygon]; len(polygons) > 0 {
			return d.DeletePolygons(level, polygons)
		}
		return nil
	})
}

// Referrers lists the platform switches, platform triggers and
// teleporters outside the polygons that Delete of refs takes (those of
// refs, or those that deleting the lines of refs takes:
// LineDeleteTakes) that name one of them, which Delete clears (the
// switch loses its control panel, the polygon becomes a normal one).
func (d *Document) Referrers(refs []document.Ref) ([]document.Referrer, error) {
	level, kinds, err := document.Deletable(refs, deletable...)
	if err != nil || len(refs) == 0 {
		return nil, err
	}
	polygons := kinds[KindPolygon]
	if lines := kinds[KindLine]; len(lines) > 0 { // Delete deletes only the lines then
		if polygons, err = d.LineDeleteTakes(level, lines); err != nil {
			return nil, err
		}
	}
	found, err := d.kindReferrers(level, KindPolygon, polygons)
	if err != nil {
		return nil, err
	}
	out := make([]document.Referrer, len(found))
	for i, r := range found {
		out[i] = document.Referrer{From: document.Ref{Level: level, Kind: r.Kind, Index: r.Index},
			To: document.Ref{Level: level, Kind: r.To, Index: r.Target}, Name: r.String()}
	}
	return out, nil
}

// kindReferrers lists the switches, triggers and teleporters that name
// entities ids of kind (KindPolygon or KindLight) of level, leaving out
// those that go with them (a side or polygon of polygons deleted): what
// DeletePolygons and DeleteLight clear.
func (d *Document) kindReferrers(level int, kind document.Kind, ids []int) ([]referrer, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	var out []referrer
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
		out = append(out, k.referrer)
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
