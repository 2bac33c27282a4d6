package editor

import (
	"fmt"
	"math"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/tool"
)

// measureTool measures in the game's units (inUnits): over a line of
// the map, its length; clicks lay a path, and the status bar says the
// length of its last leg to the pointer and of the whole path. In 3D the
// points are those of the surfaces clicked, and the height between them
// is said too. Enter or Escape ends the path.
func (e *Editor) measureTool() *tool.Tool {
	t := &tool.Tool{Name: "Measure", Key: fyne.KeyU, Group: selectGroup, Help: "click points to measure the path between them; over a line, its length"}
	t.Click = func(p tool.Pointer) tool.Path {
		m := &measurement{e: e}
		m.Click(p)
		return m
	}
	return t
}

// A measurement is a path being measured: its points in the map, and
// their heights where they were clicked in 3D.
type measurement struct {
	e      *Editor
	points []display.Vec2
	z      []float64 // NaN where the point has no height
}

// Click adds the point clicked; the path goes on until Enter.
func (m *measurement) Click(p tool.Pointer) bool {
	z := math.NaN()
	if p.Hit != nil {
		z = p.Hit.Z
	}
	m.points, m.z = append(m.points, p.At), append(m.z, z)
	m.e.view.ShowPath(m.points)
	m.e.status.SetText(m.report(p.At, z))
	return false
}

// Hover says the path's length with the pointer as its next point.
func (m *measurement) Hover(at display.Vec2) {
	m.e.view.ShowPath(append(m.points[:len(m.points):len(m.points)], at))
	m.e.status.SetText(m.report(at, math.NaN()))
}

// Finish ends the path, leaving its length said.
func (m *measurement) Finish() { m.e.view.ShowPath(nil) }

// Cancel ends the path.
func (m *measurement) Cancel() { m.e.view.ShowPath(nil) }

// report says the last leg from the path's last point to at (of height
// z, NaN for none), the whole path's length, and the height between the
// path's first and last points where both have one.
func (m *measurement) report(at display.Vec2, z float64) string {
	total := 0.0
	for i := 1; i < len(m.points); i++ {
		total += math.Hypot(m.points[i].X-m.points[i-1].X, m.points[i].Y-m.points[i-1].Y)
	}
	last := m.points[len(m.points)-1]
	leg := math.Hypot(at.X-last.X, at.Y-last.Y)
	if at != last {
		total += leg
	}
	text := fmt.Sprintf("Measure: leg %s, path %s over %d points", m.e.inUnits(leg), m.e.inUnits(total), len(m.points))
	if math.IsNaN(z) {
		z = m.z[len(m.z)-1]
	}
	if first := m.z[0]; !math.IsNaN(first) && !math.IsNaN(z) {
		text += fmt.Sprintf(", height %s", m.e.inUnits(z-first))
	}
	return text
}

// lineLength says the length of the map line id, if the map draws one.
func (e *Editor) lineLength(id display.ID) (string, bool) {
	if id == 0 || e.scene == nil {
		return "", false
	}
	for _, l := range e.scene.List.Lines {
		if l.ID == id {
			return "length " + e.inUnits(math.Hypot(l.B.X-l.A.X, l.B.Y-l.A.Y)), true
		}
	}
	return "", false
}
