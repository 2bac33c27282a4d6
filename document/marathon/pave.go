package marathon

import (
	"fmt"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// Pave textures every wall of polygons, as Weland's Pave does: each face
// of their lines that shows a wall gets the side it needs (sideTypeOf),
// and paint sets the texture and transfer mode of its primary surface,
// and of its secondary one on a side split in two. Faces that show no
// wall get no side. It is one step.
func (d *Document) Pave(level int, polygons []int, paint func(texture *uint16, transfer *int16)) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	l := e.l
	walls := 0
	for _, pi := range polygons {
		if pi < 0 || pi >= len(l.Polygons) {
			return fmt.Errorf("level %d has no polygon %d", level, pi)
		}
		p := l.Polygons[pi]
		for _, li := range p.Lines[:min(p.VertexCount, 8)] {
			if int(li) >= len(l.Lines) {
				continue
			}
			face := 0
			if int(l.Lines[li].CCWPoly) == pi {
				face = 1
			}
			si := e.fixFace(int(li), face)
			if int(si) >= len(l.Sides) {
				continue
			}
			document.TouchAt(e.Edit, sidesTable, int(si))
			s := &l.Sides[si]
			paint(&s.Primary.Texture, &s.PrimaryTransfer)
			if s.Type == sideSplit {
				paint(&s.Secondary.Texture, &s.SecondaryTransfer)
			}
			e.lineChanged(int(li)) // its flags follow the transfer modes
			walls++
		}
	}
	if walls == 0 {
		e.Rollback()
		return fmt.Errorf("the polygons show no wall to texture")
	}
	return e.Commit(fmt.Sprintf("Pave %s: %s", document.Count(len(polygons), "polygon"), document.Count(walls, "wall")), "")
}

// Nuke removes every use of texture on the level, as Weland's Nuke does:
// walls take the level environment's default wall texture, as new walls
// do, floors and ceilings its default floor and ceiling, and transparent
// surfaces lose theirs. Transfer modes stay. It is one step that names
// how many surfaces changed.
func (d *Document) Nuke(level int, texture uint16) error {
	e, err := d.begin(level)
	if err != nil {
		return err
	}
	l := e.l
	wall, floor, ceiling := environmentTexture(l, defaultWallTexture), environmentTexture(l, defaultFloorTexture), environmentTexture(l, defaultCeilingTexture)
	counts := map[string]int{}
	replace := func(t *uint16, by uint16, what string) bool {
		if *t != texture || by == texture {
			return false
		}
		*t = by
		counts[what]++
		return true
	}
	for i := range l.Sides {
		s := l.Sides[i]
		a := replace(&s.Primary.Texture, wall, "wall")
		b := replace(&s.Secondary.Texture, wall, "wall")
		c := replace(&s.Transparent.Texture, codec.None, "transparent surface")
		if a || b || c {
			document.TouchAt(e.Edit, sidesTable, i)
			l.Sides[i] = s
			if int(s.Line) >= 0 && int(s.Line) < len(l.Lines) {
				e.lineChanged(int(s.Line)) // derived as EditSides derives it, so that an import carries it
			}
		}
	}
	for i := range l.Polygons {
		p := l.Polygons[i]
		if a, b := replace(&p.FloorTexture, floor, "floor"), replace(&p.CeilingTexture, ceiling, "ceiling"); a || b {
			document.TouchAt(e.Edit, polygonsTable, i)
			l.Polygons[i] = p
			e.polygonChanged(i)
		}
	}
	var took []string
	for _, what := range []string{"wall", "transparent surface", "floor", "ceiling"} {
		if counts[what] > 0 {
			took = append(took, document.Count(counts[what], what))
		}
	}
	if len(took) == 0 {
		return fmt.Errorf("level %d: no surface but the defaults uses texture %#04x", level, texture)
	}
	return e.Commit(fmt.Sprintf("Nuke texture %#04x: %s", texture, strings.Join(took, ", ")), "")
}
