package turok

import (
	"image/color"
	"math"
	"slices"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/scene"
	"github.com/levelwright/levelwright/internal/turokmap"
	"github.com/levelwright/levelwright/undo"
)

// trianglesOf lists the 3D faces the scene draws with id.
func trianglesOf(s *scene.Scene, id display.ID) []display.Triangle3 {
	var out []display.Triangle3
	for _, t := range s.List.Triangles {
		if t.ID == id {
			out = append(out, t)
		}
	}
	return out
}

// checkBox checks that faces are a closed box standing at the middle of
// its bottom, at, height tall and radius wide each side of its heading,
// with its point radius ahead along heading and its faces turned out.
func checkBox(t *testing.T, faces []display.Triangle3, at display.Vec3, radius, height, heading float64) {
	t.Helper()
	if len(faces) == 0 {
		t.Fatal("no faces")
	}
	fx, fy := math.Cos(heading), math.Sin(heading)
	lowZ, highZ := math.Inf(1), math.Inf(-1)
	ahead, side := math.Inf(-1), 0.0
	var tip display.Vec3
	var middle display.Vec3
	for _, f := range faces {
		for _, p := range []display.Vec3{f.A, f.B, f.C} {
			lowZ, highZ = min(lowZ, p.Z), max(highZ, p.Z)
			dx, dy := p.X-at.X, p.Y-at.Y
			if a := dx*fx + dy*fy; a > ahead+1e-9 {
				ahead, tip = a, p
			}
			side = max(side, math.Abs(-dx*fy+dy*fx))
			middle.X, middle.Y, middle.Z = middle.X+p.X, middle.Y+p.Y, middle.Z+p.Z
		}
	}
	near := func(a, b float64) bool { return math.Abs(a-b) < 1e-3 }
	if !near(lowZ, at.Z) || !near(highZ, at.Z+height) {
		t.Errorf("the box spans heights %v..%v, want %v..%v", lowZ, highZ, at.Z, at.Z+height)
	}
	if !near(side, radius) {
		t.Errorf("the box reaches %v to the side of its heading, want %v", side, radius)
	}
	if !near(tip.X, at.X+radius*fx) || !near(tip.Y, at.Y+radius*fy) {
		t.Errorf("the box's point is at (%v, %v), want (%v, %v): radius %v along heading %v",
			tip.X, tip.Y, at.X+radius*fx, at.Y+radius*fy, radius, heading)
	}
	n := float64(3 * len(faces))
	middle = display.Vec3{X: middle.X / n, Y: middle.Y / n, Z: middle.Z / n}
	for _, f := range faces {
		u := display.Vec3{X: f.B.X - f.A.X, Y: f.B.Y - f.A.Y, Z: f.B.Z - f.A.Z}
		v := display.Vec3{X: f.C.X - f.A.X, Y: f.C.Y - f.A.Y, Z: f.C.Z - f.A.Z}
		normal := display.Vec3{X: u.Y*v.Z - u.Z*v.Y, Y: u.Z*v.X - u.X*v.Z, Z: u.X*v.Y - u.Y*v.X}
		out := (f.A.X+f.B.X+f.C.X)/3 - middle.X
		outY := (f.A.Y+f.B.Y+f.C.Y)/3 - middle.Y
		outZ := (f.A.Z+f.B.Z+f.C.Z)/3 - middle.Z
		if !f.OneSided || normal.X*out+normal.Y*outY+normal.Z*outZ <= 0 {
			t.Errorf("face %+v is not one-sided and turned outward", f)
		}
	}
}

// TestActorBox: an actor's 3D box is as wide and tall as its bounding box
// and points along its yaw, and its 2D footprint's heading line ends at
// the same point.
func TestActorBox(t *testing.T) {
	tests := []struct {
		name           string
		yaw            float32
		lo, hi         codec.Vec3
		radius, height float64
	}{
		{"facing east", 0, codec.Vec3{X: -20, Y: -20}, codec.Vec3{X: 20, Y: 20, Z: 80}, 20, 80},
		{"facing north", math.Pi / 2, codec.Vec3{X: -20, Y: -20}, codec.Vec3{X: 20, Y: 20, Z: 80}, 20, 80},
		{"turned back", -2.5, codec.Vec3{X: -30, Y: -30, Z: 16}, codec.Vec3{X: 30, Y: 30, Z: 136}, 30, 120},
		{"longer than wide", 1, codec.Vec3{X: -15, Y: -25}, codec.Vec3{X: 15, Y: 25, Z: 40}, 25, 40},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := codec.NewMap()
			a := &m.Actors[0]
			a.Yaw = tt.yaw
			a.BoundsMin = codec.Vec3{X: a.Origin.X + tt.lo.X, Y: a.Origin.Y + tt.lo.Y, Z: a.Origin.Z + tt.lo.Z}
			a.BoundsMax = codec.Vec3{X: a.Origin.X + tt.hi.X, Y: a.Origin.Y + tt.hi.Y, Z: a.Origin.Z + tt.hi.Z}
			s := levelScene(m, nil)
			id := s.ID(turokLevel, tdoc.KindActor, 0)
			at := display.Vec3{X: float64(a.Origin.X), Y: float64(a.Origin.Y), Z: float64(a.BoundsMin.Z)}
			checkBox(t, trianglesOf(s, id), at, tt.radius, tt.height, float64(tt.yaw))
			tip := display.Vec2{X: at.X + tt.radius*math.Cos(float64(tt.yaw)), Y: at.Y + tt.radius*math.Sin(float64(tt.yaw))}
			heading := slices.ContainsFunc(s.List.Lines, func(l display.Line) bool {
				return l.ID == id && l.A == display.Vec2{X: at.X, Y: at.Y} &&
					math.Abs(l.B.X-tip.X) < 1e-3 && math.Abs(l.B.Y-tip.Y) < 1e-3
			})
			if !heading {
				t.Errorf("no 2D line of the actor runs from its origin to %v", tip)
			}
		})
	}
}

// TestMeshHeading: a static mesh's box points along the yaw of its
// quaternion (x, y, z, w), whatever its length or sign, and with a pitch
// and a roll after the yaw.
func TestMeshHeading(t *testing.T) {
	turn := func(axis int, angle float64) [4]float64 {
		q := [4]float64{3: math.Cos(angle / 2)}
		q[axis] = math.Sin(angle / 2)
		return q
	}
	// times is the Hamilton product ab: b's turn, then a's.
	times := func(a, b [4]float64) [4]float64 {
		return [4]float64{
			a[3]*b[0] + a[0]*b[3] + a[1]*b[2] - a[2]*b[1],
			a[3]*b[1] - a[0]*b[2] + a[1]*b[3] + a[2]*b[0],
			a[3]*b[2] + a[0]*b[1] - a[1]*b[0] + a[2]*b[3],
			a[3]*b[3] - a[0]*b[0] - a[1]*b[1] - a[2]*b[2],
		}
	}
	single := func(q [4]float64) [4]float32 {
		return [4]float32{float32(q[0]), float32(q[1]), float32(q[2]), float32(q[3])}
	}
	tests := []struct {
		name string
		q    [4]float32
		yaw  float64
	}{
		{"identity", [4]float32{0, 0, 0, 1}, 0},
		{"a quarter turn", single(turn(2, math.Pi/2)), math.Pi / 2},
		{"half a turn, not of length 1", [4]float32{0, 0, 2, 0}, math.Pi},
		{"negated", [4]float32{0, 0, -float32(math.Sin(-1.25)), -float32(math.Cos(-1.25))}, -2.5},
		// a yaw of 1 about Z, then a pitch of 0.3 about the turned Y, then
		// a roll of 0.5 about the turned X
		{"pitched and rolled", single(times(times(turn(2, 1), turn(1, 0.3)), turn(0, 0.5))), 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := codec.NewMap()
			o := codec.Vec3{X: 300, Y: 400}
			m.Sections[0].Meshes = []codec.StaticMesh{{Origin: o, Scale: codec.Vec3{X: 1, Y: 1, Z: 1}, Rotation: tt.q,
				BoundsMin: codec.Vec3{X: o.X - 32, Y: o.Y - 32}, BoundsMax: codec.Vec3{X: o.X + 32, Y: o.Y + 32, Z: 96}}}
			s := levelScene(m, nil)
			checkBox(t, trianglesOf(s, s.ID(turokLevel, tdoc.KindMesh, 0)), display.Vec3{X: 300, Y: 400}, 32, 96, tt.yaw)
		})
	}
}

// TestWaterPlanes: a sector whose set holds water (Water or ShallowWater)
// has one translucent face at the set's water height over its corners,
// in the water colour; the sectors of a set without water have none.
func TestWaterPlanes(t *testing.T) {
	tests := []struct {
		name  string
		flags uint32
		wet   bool
	}{
		{"water", 1 << 0, true},
		{"shallow water", 1 << 29, true},
		{"ceiling only", ceilingFlag, false},
		{"no flags", 0, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			m := codec.NewMap()
			set := m.SectorSets[0]
			set.Flags, set.WaterHeight, set.WaterColor = tt.flags, -40, [4]uint8{10, 100, 200, 255}
			m.SectorSets = append(m.SectorSets, set)
			for i := range 4 {
				m.Sectors[i].Set = 1
			}
			s := levelScene(m, nil)
			for i, sec := range m.Sectors {
				var planes []display.Triangle3
				for _, f := range trianglesOf(s, s.ID(turokLevel, tdoc.KindSector, i)) {
					if f.Color.A < 255 {
						planes = append(planes, f)
					}
				}
				if want := sec.Set == 1 && tt.wet; !want {
					if len(planes) != 0 {
						t.Errorf("sector %d of set %d has water planes %+v", i, sec.Set, planes)
					}
					continue
				}
				if len(planes) != 1 {
					t.Fatalf("sector %d has %d water planes, want 1", i, len(planes))
				}
				p := planes[0]
				for k, c := range []display.Vec3{p.A, p.B, p.C} {
					v := m.Vertices[sec.Vertices[k]].Position
					if c != (display.Vec3{X: float64(v.X), Y: float64(v.Y), Z: -40}) {
						t.Errorf("sector %d: water corner %d at %v, want vertex %d at height -40", i, k, c, sec.Vertices[k])
					}
				}
				if c := p.Color; c.R != 10 || c.G != 100 || c.B != 200 {
					t.Errorf("sector %d: water colour %v, want the set's 10 100 200", i, c)
				}
			}
		})
	}
}

// TestSurfacesTakeFogColour: in the Fog colour and Water modes a
// sector's floor in 3D takes its set's fog colour, lighter than the fog
// (the sky), brighter the higher the floor; the sky is the first set's
// fog colour.
func TestSurfacesTakeFogColour(t *testing.T) {
	for _, mode := range []string{fogMode, waterMode} {
		t.Run(mode, func(t *testing.T) { checkFogSurfaces(t, mode) })
	}
}

func checkFogSurfaces(t *testing.T, mode string) {
	m := codec.NewMap()
	red := m.SectorSets[0]
	red.FogColor = [4]uint8{200, 0, 0, 255}
	m.SectorSets = append(m.SectorSets, red)
	m.Sectors[0].Set = 1
	for _, v := range m.Sectors[0].Vertices {
		m.Vertices[v].Position.Z = 64 // sector 0 rises, and its neighbours with it
	}
	s := levelScene(m, nil)
	if err := s.SetMode(mode); err != nil {
		t.Fatal(err)
	}
	f := m.SectorSets[0].FogColor
	fog := color.NRGBA{f[0], f[1], f[2], 255}
	if s.List.Sky != fog || s.List.Background != scene.Background {
		t.Errorf("sky %v and map background %v, want the first set's fog colour %v and the map's own", s.List.Sky, s.List.Background, fog)
	}
	floor := func(i int) color.NRGBA { return trianglesOf(s, s.ID(turokLevel, tdoc.KindSector, i))[0].Color }
	if c := floor(0); c.R <= c.G || c.R <= c.B {
		t.Errorf("the floor of a set with a red fog is %v", c)
	}
	// sector 1 shares two corners with sector 0; the last is flat at 0.
	high, low := floor(1), floor(len(m.Sectors)-1)
	if high.R <= low.R || high.G <= low.G || high.B <= low.B {
		t.Errorf("floor partly at 64 %v, floor at 0 %v: the higher is not the brighter", high, low)
	}
	if high.R <= fog.R || high.G <= fog.G || high.B <= fog.B {
		t.Errorf("a raised floor %v of the fog %v is not lighter than the sky", high, fog)
	}
}

// TestFloorsTakeModeColour: in the Floor height and Sector set modes a
// sector's floor in 3D has the colour the map and the legend give it,
// its ceiling half as bright, so that the 3D view shows what the mode
// tells apart.
func TestFloorsTakeModeColour(t *testing.T) {
	m := codec.NewMap()
	ceiled := m.SectorSets[0]
	ceiled.Flags |= ceilingFlag
	m.SectorSets = append(m.SectorSets, ceiled)
	m.Sectors[0].Set, m.Sectors[0].Flags = 1, ceilingFlag
	for _, v := range m.Sectors[0].Vertices {
		m.Vertices[v].Position.Z = 64
	}
	for _, mode := range []string{floorHeightMode, sectorSetMode} {
		t.Run(mode, func(t *testing.T) {
			s := levelScene(m, nil)
			if err := s.SetMode(mode); err != nil {
				t.Fatal(err)
			}
			fills := map[color.NRGBA]bool{}
			for i := range m.Sectors {
				id := s.ID(turokLevel, tdoc.KindSector, i)
				p := s.List.Polygons[slices.IndexFunc(s.List.Polygons, func(p display.Polygon) bool { return p.ID == id })]
				fills[p.Fill] = true
				faces := trianglesOf(s, id)
				if faces[0].Color != p.Fill {
					t.Errorf("sector %d: floor %v in 3D, %v on the map", i, faces[0].Color, p.Fill)
				}
				want := color.NRGBA{p.Fill.R / 2, p.Fill.G / 2, p.Fill.B / 2, 255}
				if ceiling := m.Sectors[i].Flags&ceilingFlag != 0; ceiling && (len(faces) < 2 || faces[1].Color != want) {
					t.Errorf("sector %d: ceiling faces %+v, want the colour %v", i, faces[1:], want)
				}
			}
			if len(fills) < 2 {
				t.Fatalf("the mode gives every sector the colour %v: the test tells nothing apart", fills)
			}
		})
	}
}

// TestActorMoveRedrawsOnlyIt: after an actor moves, the scene redraws in
// place exactly the actor's items (its footprint, outline, heading line,
// marker and box), no more.
func TestActorMoveRedrawsOnlyIt(t *testing.T) {
	d := tdoc.New("new.map")
	var pending []undo.Change
	d.History.OnChange(func(n undo.Notice) { pending = append(pending, n.Changes...) })
	s := levelScene(d.Map, nil)
	id := s.ID(turokLevel, tdoc.KindActor, 0)
	o := d.Map.Actors[0].Origin
	if err := d.MoveActor(0, codec.Vec3{X: o.X + 100, Y: o.Y + 50, Z: o.Z}); err != nil {
		t.Fatal(err)
	}
	c := s.Update(pending)
	if c.All {
		t.Fatal("moving an actor rebuilt the scene")
	}
	count := func(ids []display.ID, changed []int) (mine, named int) {
		for i, v := range ids {
			if v == id {
				mine++
				if slices.Contains(changed, i) {
					named++
				}
			}
		}
		return mine, named
	}
	l := &s.List
	for _, k := range []struct {
		what    string
		ids     []display.ID
		changed []int
	}{
		{"polygons", idsOf(l.Polygons, func(p display.Polygon) display.ID { return p.ID }), c.Polygons},
		{"lines", idsOf(l.Lines, func(p display.Line) display.ID { return p.ID }), c.Lines},
		{"markers", idsOf(l.Markers, func(p display.Marker) display.ID { return p.ID }), c.Markers},
		{"triangles", idsOf(l.Triangles, func(p display.Triangle3) display.ID { return p.ID }), c.Triangles},
	} {
		mine, named := count(k.ids, k.changed)
		if mine == 0 || named != mine || len(k.changed) != mine {
			t.Errorf("%s: the actor has %d, the update names %d of them and %d in all", k.what, mine, named, len(k.changed))
		}
	}
	if len(c.Labels)+len(c.Sprites) != 0 {
		t.Errorf("the update names labels %v and sprites %v", c.Labels, c.Sprites)
	}
}

// idsOf lists the IDs of items, in order.
func idsOf[T any](items []T, id func(T) display.ID) []display.ID {
	out := make([]display.ID, len(items))
	for i, it := range items {
		out[i] = id(it)
	}
	return out
}

// TestSectorSetEditRedrawsItsSectors: a change of a sector set redraws
// the sectors of that set and no others; a change of the first set,
// whose fog colour is the sky, rebuilds the scene.
func TestSectorSetEditRedrawsItsSectors(t *testing.T) {
	m := codec.NewMap()
	m.SectorSets = append(m.SectorSets, m.SectorSets[0])
	m.Sectors[3].Set, m.Sectors[5].Set = 1, 1
	src := &turokMap{m: m}
	scene.New(src, false)
	refs, all := src.Affected([]undo.Change{{Level: turokLevel, Kind: tdoc.KindSectorSet, Indexes: []int{1}}})
	want := []document.Ref{{Level: turokLevel, Kind: tdoc.KindSector, Index: 3}, {Level: turokLevel, Kind: tdoc.KindSector, Index: 5}}
	if all || !slices.Equal(refs, want) {
		t.Errorf("a change of set 1: rebuild %v, redraw %v; want %v", all, refs, want)
	}
	if _, all := src.Affected([]undo.Change{{Level: turokLevel, Kind: tdoc.KindSectorSet, Indexes: []int{0}}}); !all {
		t.Error("a change of set 0, the sky's, does not rebuild")
	}
}

// TestSetLegendFollowsPainting: painting a set on its first sector, or a
// new fog colour of a used set, builds the scene again (Changes.All,
// after which the window shows the legend again), and the Fog colour
// mode's legend lists the set in its colour; painting more sectors of a
// set already listed only redraws them.
func TestSetLegendFollowsPainting(t *testing.T) {
	m := codec.NewMap()
	m.SectorSets = append(m.SectorSets, m.SectorSets[0])
	src := &turokMap{m: m}
	s := scene.New(src, false)
	fogLegend := func() []string {
		var labels []string
		for _, sw := range src.Modes()[2].Legend.Swatches {
			labels = append(labels, sw.Label)
		}
		return labels
	}
	sectorChange := func(i int) []undo.Change {
		return []undo.Change{{Level: turokLevel, Kind: tdoc.KindSector, Indexes: []int{i}}}
	}

	m.Sectors[3].Set = 1
	if c := s.Update(sectorChange(3)); !c.All {
		t.Errorf("painting set 1 on its first sector redraws %v, not the whole scene and its legend", c)
	}
	if l := fogLegend(); len(l) != 2 || !strings.HasPrefix(l[1], "set 1 ") {
		t.Errorf("the Fog colour legend after painting set 1: %q", l)
	}
	m.Sectors[5].Set = 1
	if c := s.Update(sectorChange(5)); c.All || len(c.Polygons)+len(c.Triangles) == 0 {
		t.Errorf("painting set 1 on another sector: %+v, want its sector redrawn alone", c)
	}
	m.SectorSets[1].FogColor = [4]uint8{200, 60, 40, 255}
	if c := s.Update([]undo.Change{{Level: turokLevel, Kind: tdoc.KindSectorSet, Indexes: []int{1}}}); !c.All {
		t.Errorf("a new fog colour of set 1 redraws %v, not the legend", c)
	}
	if l := fogLegend(); len(l) != 2 || l[1] != "set 1 #C83C28" {
		t.Errorf("the Fog colour legend after set 1's new colour: %q", l)
	}
}

// TestBodyItemCounts checks the counts the scene reserves room by
// (reserve): a body's footprint has footprintPoints points, and it is
// drawn as one polygon, bodyLines lines and a marker on the map, and
// bodyTriangles triangles in 3D. A scene of a map of meshes and actors
// drawn as bodies draws no more 3D triangles than reserve makes room for.
func TestBodyItemCounts(t *testing.T) {
	b := body{at: display.Vec3{X: 10, Y: 20}, radius: 16, height: 40, heading: 0.5}
	if n := len(b.footprint()); n != footprintPoints {
		t.Fatalf("a footprint has %d points, want footprintPoints = %d", n, footprintPoints)
	}
	s := levelScene(codec.NewMap(), nil)
	polygons, lines, markers, triangles := len(s.List.Polygons), len(s.List.Lines), len(s.List.Markers), len(s.List.Triangles)
	drawBody2D(s, b, display.Square, color.NRGBA{A: 255}, 1)
	drawBody3D(s, b, color.NRGBA{A: 255}, 1)
	if got := [4]int{len(s.List.Polygons) - polygons, len(s.List.Lines) - lines, len(s.List.Markers) - markers, len(s.List.Triangles) - triangles}; got != [4]int{1, bodyLines, 1, bodyTriangles} {
		t.Errorf("a body drew %v polygons, lines, markers and triangles, want [1 %d 1 %d]", got, bodyLines, bodyTriangles)
	}

	m := turokmap.Wooded(8)
	s = levelScene(m, nil)
	bodies := m.MeshCount() + len(m.Actors)
	if bodies == 0 {
		t.Fatal("the wooded map has no meshes or actors")
	}
	if reserved := len(m.Sectors) + bodyTriangles*bodies; len(s.List.Triangles) > reserved {
		t.Errorf("the scene drew %d triangles, more than the %d reserved: the list grew as it was built", len(s.List.Triangles), reserved)
	}
}
