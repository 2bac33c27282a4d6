package marathon

import (
	"bytes"
	"fmt"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"

	"github.com/levelwright/levelwright/internal/doctest"
)

// refsMap is the corpus map with light switches and triggers, platform
// switches and triggers, and teleporters.
var refsMap = []string{"marathon", "jp", "Excalibar", "Back-to-the-Future-IV.sceA"}

// ownerKey names a side or polygon by where it is, which a renumbering
// does not change.
func ownerKey(t *testing.T, l *codec.Level, r referrer) string {
	if r.Kind == KindPolygon {
		return fmt.Sprint("polygon at ", l.Polygons[r.Index].Center)
	}
	s := l.Sides[r.Index]
	line := l.Lines[s.Line]
	a, okA := l.Vertex(line.Endpoints[0])
	b, okB := l.Vertex(line.Endpoints[1])
	if !okA || !okB {
		t.Fatalf("side %d's line %d has no endpoints", r.Index, s.Line)
	}
	return fmt.Sprint("side of polygon at ", l.Polygons[s.Polygon].Center, " on ", a, b)
}

// byOwner lists l's referrers by ownerKey, failing on two at one place.
func byOwner(t *testing.T, l *codec.Level) map[string]referrer {
	out := map[string]referrer{}
	for _, k := range permutations(l) {
		key := ownerKey(t, l, k.referrer)
		if _, dup := out[key]; dup {
			t.Fatalf("two referrers at %s", key)
		}
		out[key] = k.referrer
	}
	return out
}

// errorKeys counts the errors Check reports, by problemKey.
func errorKeys(l *codec.Level) map[string]int {
	out := map[string]int{}
	for _, p := range l.Check(0) {
		if p.Severity == "error" {
			out[problemKey(p)]++
		}
	}
	return out
}

// checkNoNewErrors fails on an error Check did not report before.
func checkNoNewErrors(t *testing.T, l *codec.Level, before map[string]int) {
	t.Helper()
	for k, n := range errorKeys(l) {
		if n > before[k] {
			t.Errorf("new error after the delete: %s", k)
		}
	}
}

// TestDeletePolygonKeepsReferences deletes a platform's polygon that a
// switch names: every switch, trigger and teleporter elsewhere still
// names the same polygon, those naming the deleted one are cleared, in
// one step that undo takes back to the original bytes.
func TestDeletePolygonKeepsReferences(t *testing.T) {
	d := openCorpus(t, refsMap...)
	l := d.Levels[0]
	target := -1
	for _, k := range permutations(l) {
		if k.What == "platform switch" && l.Polygons[k.Target].Type == codec.PolygonPlatform {
			target = k.Target
			break
		}
	}
	if target < 0 {
		t.Fatal("no platform switch names a platform polygon")
	}
	orig := doctest.Bytes(t, d)
	names, err := d.kindReferrers(0, KindPolygon, []int{target})
	if err != nil {
		t.Fatal(err)
	}
	deleted := []document.Ref{{Level: 0, Kind: KindPolygon, Index: target}}
	found, err := d.Referrers(deleted)
	if err != nil || len(found) != len(names) {
		t.Fatalf("Referrers of polygon %d: %v (%v), want the %d of its kind", target, found, err, len(names))
	}
	for i, r := range found {
		if k := names[i]; r.Name != k.String() || r.From != (document.Ref{Level: 0, Kind: k.Kind, Index: k.Index}) || r.To != deleted[0] {
			t.Errorf("referrer %d is %+v, want %v", i, r, k)
		}
	}
	before := byOwner(t, l)
	polygonAt := func(l *codec.Level, i int) string { return fmt.Sprint(l.Polygons[i].Center) }
	want := map[string]string{} // owner: where its target is, "" for cleared
	cleared, moved := 0, 0
	for key, r := range before {
		if r.To != KindPolygon || r.Index == target && r.Kind == KindPolygon || r.Kind == KindSide && int(l.Sides[r.Index].Polygon) == target {
			continue
		}
		if r.Target == target {
			want[key] = ""
			cleared++
			continue
		}
		want[key] = polygonAt(l, r.Target)
		if r.Target > target {
			moved++
		}
	}
	checkDelete(t, d, want, names, cleared, moved, polygonAt, func() error { return d.Delete(deleted) })
	undoAll(t, d)
	if !bytes.Equal(doctest.Bytes(t, d), orig) {
		t.Error("undo did not give back the original bytes")
	}
}

// TestDeleteLightKeepsReferences deletes a light a light switch names,
// once nothing lights with it: the switches and triggers naming it lose
// their control panel or become normal polygons, those naming later
// lights still name the same ones, in one step undo takes back exactly.
func TestDeleteLightKeepsReferences(t *testing.T) {
	d := openCorpus(t, refsMap...)
	l := d.Levels[0]
	light := -1
	for _, k := range permutations(l) {
		if k.What == "light switch" && (light < 0 || k.Target < light) {
			light = k.Target
		}
	}
	if light < 0 {
		t.Fatal("no light switch")
	}
	other := int16(0)
	if light == 0 {
		other = 1
	}
	swap := func(f *int16) {
		if int(*f) == light {
			*f = other
		}
	}
	if err := d.EditPolygons(0, indexes(len(l.Polygons)), func(p *codec.Polygon) { swap(&p.FloorLight); swap(&p.CeilingLight); swap(&p.MediaLight) }); err != nil {
		t.Fatal(err)
	}
	if err := d.EditSides(0, indexes(len(l.Sides)), func(s *codec.Side) { swap(&s.PrimaryLight); swap(&s.SecondaryLight); swap(&s.TransparentLight) }); err != nil {
		t.Fatal(err)
	}
	if err := d.EditMedia(0, indexes(len(l.Media)), func(m *codec.Media) { swap(&m.LightIndex) }); err != nil {
		t.Fatal(err)
	}
	l = d.Levels[0]
	mid := doctest.Bytes(t, d)
	lightAt := func(l *codec.Level, i int) string { return fmt.Sprintf("%+v", l.Lights[i]) }
	want := map[string]string{}
	cleared, moved := 0, 0
	for key, r := range byOwner(t, l) {
		switch {
		case r.To != KindLight:
		case r.Target == light:
			want[key] = ""
			cleared++
		default:
			want[key] = lightAt(l, r.Target)
			if r.Target > light {
				moved++
			}
		}
	}
	names, err := d.kindReferrers(0, KindLight, []int{light})
	if err != nil {
		t.Fatal(err)
	}
	checkDelete(t, d, want, names, cleared, moved, lightAt, func() error { return d.DeleteLight(0, light) })
	if _, err := d.History.Undo(); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(doctest.Bytes(t, d), mid) {
		t.Error("undo did not give back the bytes before the delete")
	}
}

// checkDelete runs del, which must take one step, clear the referrers
// want maps to "", leave the others naming the entity whose description
// (at) want holds, and give Check no new error. Referrers named the
// cleared ones; there must be some of those and some moved.
func checkDelete(t *testing.T, d *Document, want map[string]string, names []referrer, cleared, moved int,
	at func(*codec.Level, int) string, del func() error) {
	t.Helper()
	if cleared == 0 || moved == 0 || len(names) != cleared {
		t.Fatalf("%d referrers cleared (Referrers names %d), %d moved: want some of each, named", cleared, len(names), moved)
	}
	errs := errorKeys(d.Levels[0])
	undone, _ := d.History.Steps()
	if err := del(); err != nil {
		t.Fatal(err)
	}
	if n, _ := d.History.Steps(); n != undone+1 {
		t.Errorf("the delete took %d steps, want 1", n-undone)
	}
	l := d.Levels[0]
	after := byOwner(t, l)
	for key, where := range want {
		r, ok := after[key]
		switch {
		case where == "" && ok:
			t.Errorf("%s still names %s %d, which went", key, r.To, r.Target)
		case where != "" && !ok:
			t.Errorf("%s lost its reference to %s", key, where)
		case where != "" && at(l, r.Target) != where:
			t.Errorf("%s names %s, want %s", key, at(l, r.Target), where)
		}
	}
	checkNoNewErrors(t, l, errs)
}

// indexes are 0 to n-1.
func indexes(n int) []int {
	out := make([]int, n)
	for i := range out {
		out[i] = i
	}
	return out
}
