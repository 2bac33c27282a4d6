package marathon

import (
	"fmt"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
)

// MapUnit: the status bar writes map positions in world units.
func (f *session) MapUnit() (string, float64) { return worldUnits.Name, worldUnits.Per }

// Describe names r for the status bar: an object by its type's name and
// height, a polygon by its type and heights, a line by its length, in
// world units.
func (f *session) Describe(r document.Ref) string {
	if r.Level < 0 || r.Level >= len(f.d.Levels) {
		return fmt.Sprintf("%s %d", r.Kind, r.Index)
	}
	l := f.d.Levels[r.Level]
	wu := func(v int16) string { return worldUnits.WithName(float64(v)) }
	switch r.Kind {
	case mdoc.KindObject:
		if r.Index >= 0 && r.Index < len(l.Objects) {
			o := l.Objects[r.Index]
			what := "type " + fmt.Sprint(o.Type)
			if int(o.Type) < len(mcodec.ObjectTypeNames) {
				what = mcodec.ObjectTypeNames[o.Type]
			}
			if names := l.ObjectNames(o.Type); o.Index >= 0 && int(o.Index) < len(names) {
				what = names[o.Index]
			}
			return fmt.Sprintf("Object %d: %s, %s up, in polygon %d", r.Index, what, wu(o.Z), o.Polygon)
		}
	case mdoc.KindPolygon:
		if r.Index >= 0 && r.Index < len(l.Polygons) {
			p := l.Polygons[r.Index]
			types := mcodec.PolygonTypeNames
			if l.Marathon1() {
				types = mcodec.OldPolygonTypeNames
			}
			what := fmt.Sprint("type ", p.Type)
			if int(p.Type) >= 0 && int(p.Type) < len(types) {
				what = types[p.Type]
			}
			return fmt.Sprintf("Polygon %d: %s, floor %s, ceiling %s", r.Index, what, wu(p.FloorHeight), wu(p.CeilingHeight))
		}
	case mdoc.KindLine:
		if r.Index >= 0 && r.Index < len(l.Lines) {
			return fmt.Sprintf("Line %d: %s long", r.Index, wu(l.Lines[r.Index].Length))
		}
	}
	return fmt.Sprintf("%s %d", r.Kind, r.Index)
}
