package marathon

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"

	mcodec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/tool"
)

// linePick is how near, in screen pixels, a click must come to a line to
// take it.
const linePick = 10

// geometryTools are the tools that work on a level's lines, as Weland's
// do: split a line, merge two polygons, draw lines, fill an outline.
func (f *session) geometryTools(h game.Host) []*tool.Tool {
	return []*tool.Tool{f.splitTool(h), f.mergeTool(h), f.lineTool(h), f.fillTool(h)}
}

// mapPoint is a map point as the level stores it.
func mapPoint(at display.Vec2) mcodec.Point { return mcodec.Point{X: clamp16(at.X), Y: clamp16(at.Y)} }

// offMap is the error for a point beyond what a level stores (-32768 to
// 32767 each way, 32 WU from the middle), which mapPoint would move to
// the edge; nil for a point on the map.
func offMap(at display.Vec2) error {
	x, y := math.Round(at.X), math.Round(at.Y)
	if x < math.MinInt16 || x > math.MaxInt16 || y < math.MinInt16 || y > math.MaxInt16 {
		return fmt.Errorf("(%.2f, %.2f) WU is beyond the map's edge, 32 WU from its middle each way", at.X/worldUnit, at.Y/worldUnit)
	}
	return nil
}

// splitTool splits the line clicked at the point of it nearest the
// click, snapped to the grid; the new endpoint is selected.
func (f *session) splitTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Split line", Key: fyne.KeyK, Help: "click on a line to split it there"}
	t.Click = func(p tool.Pointer) tool.Path {
		li := f.lineAt(h, p.At)
		if li < 0 {
			h.Status("Split line: click on a line")
			return nil
		}
		v, err := f.d.SplitLine(h.Level(), li, mapPoint(h.Snap(p.At)))
		game.Placed(h, document.Ref{Level: h.Level(), Kind: mdoc.KindEndpoint, Index: v}, err)
		return nil
	}
	return t
}

// lineAt is the line of the shown level nearest at, within linePick
// pixels, or -1.
func (f *session) lineAt(h game.Host, at display.Vec2) int {
	l := f.d.Levels[h.Level()]
	best, limit := -1, linePick/h.Camera().Scale
	for i, line := range l.Lines {
		a, _ := l.Vertex(line.Endpoints[0])
		b, _ := l.Vertex(line.Endpoints[1])
		if d := segmentDistance(at, a, b); d <= limit {
			best, limit = i, d
		}
	}
	return best
}

// segmentDistance is the distance from p to the segment ab.
func segmentDistance(p display.Vec2, a, b mcodec.Point) float64 {
	q := nearestOn(p, a, b)
	return math.Hypot(p.X-q.X, p.Y-q.Y)
}

// nearestOn is the point of the segment ab nearest p.
func nearestOn(p display.Vec2, a, b mcodec.Point) display.Vec2 {
	ax, ay, bx, by := float64(a.X), float64(a.Y), float64(b.X), float64(b.Y)
	dx, dy := bx-ax, by-ay
	t := 0.0
	if n := dx*dx + dy*dy; n > 0 {
		t = max(0, min(1, ((p.X-ax)*dx+(p.Y-ay)*dy)/n))
	}
	return display.Vec2{X: ax + t*dx, Y: ay + t*dy}
}

// polygonAt is the polygon of the shown level that holds at, of those
// the height filter shows, or -1.
func (f *session) polygonAt(h game.Host, at display.Vec2) int {
	l := f.d.Levels[h.Level()]
	for i := range l.Polygons {
		if f.polygonShown(l, i) && l.Contains(i, mapPoint(at)) {
			return i
		}
	}
	return -1
}

// mergeTool merges two polygons: a click on one, then on its neighbour.
func (f *session) mergeTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Merge polygons", Key: fyne.KeyG,
		Help: "click a polygon, then the neighbour to merge into it; Escape drops the first"}
	t.Click = func(p tool.Pointer) tool.Path {
		first := f.polygonAt(h, p.At)
		if first < 0 {
			h.Status("Merge polygons: click in a polygon")
			return nil
		}
		h.Select([]document.Ref{{Level: h.Level(), Kind: mdoc.KindPolygon, Index: first}})
		h.Status(fmt.Sprintf("Merge polygons: click the neighbour to merge into polygon %d", first))
		return &mergePath{f: f, h: h, first: first}
	}
	return t
}

// mergePath waits for the second polygon of a merge.
type mergePath struct {
	f     *session
	h     game.Host
	first int
}

// Click merges the polygon clicked into the first; a click outside any
// polygon leaves the path waiting.
func (m *mergePath) Click(p tool.Pointer) bool {
	second := m.f.polygonAt(m.h, p.At)
	if second < 0 {
		m.h.Status("Merge polygons: click in the neighbour, or press Escape")
		return false
	}
	err := m.f.d.MergePolygons(m.h.Level(), m.first, second)
	merged := m.first // the polygon kept, renumbered by the other's removal
	if second < m.first {
		merged--
	}
	game.Placed(m.h, document.Ref{Level: m.h.Level(), Kind: mdoc.KindPolygon, Index: merged}, err)
	return true
}

func (m *mergePath) Hover(display.Vec2) {}
func (m *mergePath) Finish()            {}
func (m *mergePath) Cancel()            {}

// lineTool draws lines: each click adds a point (snapped to an endpoint
// near it, or the grid), and Enter or a click on the first point ends
// the stroke, which becomes one step.
func (f *session) lineTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Draw lines", Key: fyne.KeyL,
		Help: "click the points of the lines; click the first again or press Enter to end, Escape to drop"}
	t.Click = func(p tool.Pointer) tool.Path {
		s := &lineStroke{f: f, h: h}
		if s.Click(p); len(s.points) == 0 {
			return nil // off the map
		}
		return s
	}
	return t
}

// lineStroke is the points of lines being drawn.
type lineStroke struct {
	f      *session
	h      game.Host
	points []display.Vec2
}

// strokePoint is where a click at puts a point of a line: on an
// endpoint near it, else on a line near it, at the point nearest the
// grid point (a line drawn to a polygon's wall splits it there, and one
// drawn across the polygon splits the polygon), else on the grid point.
func (f *session) strokePoint(h game.Host, at display.Vec2) display.Vec2 {
	n, endpoint := f.endpoints(h.Level())
	if i := tool.Nearest(h, n, endpoint, at); i >= 0 {
		return endpoint(i)
	}
	snapped := h.Snap(at)
	if li := f.lineAt(h, at); li >= 0 {
		l := f.d.Levels[h.Level()]
		a, _ := l.Vertex(l.Lines[li].Endpoints[0])
		b, _ := l.Vertex(l.Lines[li].Endpoints[1])
		return nearestOn(snapped, a, b)
	}
	return snapped
}

// Click adds a point; a click on the first point closes the stroke.
func (s *lineStroke) Click(p tool.Pointer) bool {
	at := s.f.strokePoint(s.h, p.At)
	if err := offMap(at); err != nil {
		s.h.Status("Draw lines: " + err.Error())
		return false
	}
	s.points = append(s.points, at)
	if len(s.points) >= 3 && at == s.points[0] {
		s.Finish()
		return true
	}
	tool.TracePath(s.h, s.points, nil)
	return false
}

// Hover traces the line on to the pointer.
func (s *lineStroke) Hover(at display.Vec2) {
	at = s.f.strokePoint(s.h, at)
	tool.TracePath(s.h, s.points, &at)
}

// Finish draws the lines through the points clicked.
func (s *lineStroke) Finish() {
	points := s.points
	s.Cancel()
	if len(points) < 2 {
		return
	}
	stored := make([]mcodec.Point, len(points))
	for i, p := range points {
		stored[i] = mapPoint(p)
	}
	made, err := s.f.d.DrawLines(s.h.Level(), stored)
	if err != nil {
		s.h.Status(err.Error())
		return
	}
	s.h.Select(refs(s.h.Level(), mdoc.KindLine, made))
}

// Cancel drops the points.
func (s *lineStroke) Cancel() {
	s.points = nil
	s.h.ShowPath(nil)
}

// fillTool makes polygons of the closed outline of lines around a click.
func (f *session) fillTool(h game.Host) *tool.Tool {
	t := &tool.Tool{Name: "Fill", Key: fyne.KeyF, Help: "click inside a closed outline of lines to make it a polygon"}
	t.Click = func(p tool.Pointer) tool.Path {
		err := offMap(p.At)
		var made []int
		if err == nil {
			made, err = f.d.Fill(h.Level(), mapPoint(p.At))
		}
		if err != nil {
			h.Status("Fill: " + err.Error())
			return nil
		}
		h.Select(refs(h.Level(), mdoc.KindPolygon, made))
		return nil
	}
	return t
}

// refs are the refs of entities of kind on level.
func refs(level int, kind document.Kind, indexes []int) []document.Ref {
	out := make([]document.Ref, len(indexes))
	for i, x := range indexes {
		out[i] = document.Ref{Level: level, Kind: kind, Index: x}
	}
	return out
}

// moveShape moves line or polygon r so that the middle of its box, as
// the map draws it, comes to to.
func (f *session) moveShape(r document.Ref, to display.Vec2) error {
	l, err := f.d.Level(r.Level)
	if err != nil {
		return err
	}
	var ends []uint16
	switch {
	case r.Kind == mdoc.KindLine && r.Index < len(l.Lines):
		ends = l.Lines[r.Index].Endpoints[:]
	case r.Kind == mdoc.KindPolygon && r.Index < len(l.Polygons):
		p := l.Polygons[r.Index]
		ends = p.Endpoints[:min(p.VertexCount, 8)]
	default:
		return fmt.Errorf("level %d has no %s %d", r.Level, r.Kind, r.Index)
	}
	lo, hi := display.Vec2{X: math.Inf(1), Y: math.Inf(1)}, display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	for _, v := range ends {
		p, _ := l.Vertex(v)
		lo = display.Vec2{X: min(lo.X, float64(p.X)), Y: min(lo.Y, float64(p.Y))}
		hi = display.Vec2{X: max(hi.X, float64(p.X)), Y: max(hi.Y, float64(p.Y))}
	}
	delta := mapPoint(display.Vec2{X: to.X - (lo.X+hi.X)/2, Y: to.Y - (lo.Y+hi.Y)/2})
	if delta == (mcodec.Point{}) {
		return nil
	}
	if r.Kind == mdoc.KindLine {
		return f.d.MoveLine(r.Level, r.Index, delta)
	}
	return f.d.MovePolygon(r.Level, r.Index, delta)
}
