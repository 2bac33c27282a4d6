package display

import (
	"math"
	"math/rand/v2"
	"slices"
	"testing"
	"time"
)

// crowd is a list of n random items of every kind, most small and some
// reaching far, over a map 2000 units across; a few have coordinates or
// sizes that are not numbers or infinite, and a few name no entity.
func crowd(rnd *rand.Rand, n int) *List {
	l := &List{}
	for range n {
		l.Markers = append(l.Markers, randomMarker(rnd))
		l.Lines = append(l.Lines, randomLine(rnd))
		l.Polygons = append(l.Polygons, randomPolygon(rnd))
		l.Triangles = append(l.Triangles, randomTriangle(rnd))
		l.Sprites = append(l.Sprites, randomSprite(rnd))
	}
	return l
}

// odd is v, or now and then a value that is not a number or infinite.
func odd(rnd *rand.Rand, v float64) float64 {
	switch rnd.IntN(400) {
	case 0:
		return math.NaN()
	case 1:
		return math.Inf(1)
	case 2:
		return math.Inf(-1)
	}
	return v
}

func randomID(rnd *rand.Rand) ID { return ID(rnd.IntN(50)) } // 0 now and then; shared by several items

// randomPoint is a point of the map; reach is how far from it the next
// of the item's points lie.
func randomPoint(rnd *rand.Rand) Vec2 {
	return Vec2{odd(rnd, rnd.Float64()*2000-1000), odd(rnd, rnd.Float64()*2000-1000)}
}

func beside(rnd *rand.Rand, p Vec2) Vec2 {
	reach := 30.0
	if rnd.IntN(20) == 0 {
		reach = 1500
	}
	return Vec2{p.X + (rnd.Float64()*2-1)*reach, odd(rnd, p.Y+(rnd.Float64()*2-1)*reach)}
}

func randomMarker(rnd *rand.Rand) Marker {
	return Marker{At: randomPoint(rnd), Size: odd(rnd, 4+rnd.Float64()*16), ID: randomID(rnd)}
}

func randomLine(rnd *rand.Rand) Line {
	a := randomPoint(rnd)
	return Line{A: a, B: beside(rnd, a), Width: odd(rnd, 1+rnd.Float64()*5), ID: randomID(rnd)}
}

func randomPolygon(rnd *rand.Rand) Polygon {
	p := Polygon{Points: []Vec2{randomPoint(rnd)}, ID: randomID(rnd)}
	for range rnd.IntN(6) + 2 {
		p.Points = append(p.Points, beside(rnd, p.Points[0]))
	}
	return p
}

func randomTriangle(rnd *rand.Rand) Triangle3 {
	a := randomPoint(rnd)
	b, c := beside(rnd, a), beside(rnd, a)
	z := func() float64 { return odd(rnd, rnd.Float64()*200-100) }
	t := Triangle3{A: Vec3{a.X, a.Y, z()}, B: Vec3{b.X, b.Y, z()}, C: Vec3{c.X, c.Y, z()}, ID: randomID(rnd), OneSided: rnd.IntN(2) == 0, Color: red}
	if rnd.IntN(10) == 0 {
		t.Color.A = 128
	}
	return t
}

func randomSprite(rnd *rand.Rand) Sprite3 {
	p := randomPoint(rnd)
	return Sprite3{At: Vec3{p.X, p.Y, rnd.Float64()*100 - 50}, Width: odd(rnd, rnd.Float64()*40-5), Height: 10 + rnd.Float64()*40, ID: randomID(rnd)}
}

// randomCameras are a map camera and a 3D camera over the crowd's map,
// near or far.
func randomCameras(rnd *rand.Rand) (Camera2D, Camera3D) {
	center := Vec2{rnd.Float64()*2400 - 1200, rnd.Float64()*2400 - 1200}
	cam := Camera2D{Center: center, Scale: math.Pow(10, rnd.Float64()*4-2.5), FlipY: rnd.IntN(2) == 0}
	cam3 := Camera3D{Target: Vec3{center.X, center.Y, rnd.Float64()*100 - 50}, Yaw: rnd.Float64() * 2 * math.Pi,
		Pitch: (rnd.Float64()*2 - 1) * maxPitch, Distance: math.Pow(10, rnd.Float64()*3.5), FOV: math.Pi / 3, Near: 0.1, Far: 1e5}
	return cam, cam3
}

// agreeOnPicks checks that the index picks what the linear picks do at
// points of random views of l.
func agreeOnPicks(t *testing.T, rnd *rand.Rand, x *Index, l *List, what string) {
	t.Helper()
	const w, h = 320, 200
	for range 200 {
		cam, cam3 := randomCameras(rnd)
		s := Vec2{rnd.Float64() * w, rnd.Float64() * h}
		tolerance := 3.0
		for _, most := range []int{0, 1, 3} {
			want, got := Stack2D(l, cam, s, w, h, tolerance, most), x.Stack2D(cam, s, w, h, tolerance, most)
			if !slices.Equal(got, want) {
				t.Fatalf("%s: the index stacks %v at %v of %+v (most %d), every item tested %v", what, got, s, cam, most, want)
			}
		}
		want, wantOK := PickHit(l, cam3, s, w, h)
		got, gotOK := x.PickHit(cam3, s, w, h)
		if got != want || gotOK != wantOK {
			t.Fatalf("%s: the index hits %+v, %v at %v of %+v, every item tested %+v, %v", what, got, gotOK, s, cam3, want, wantOK)
		}
	}
}

// renew replaces a random one of items with a new one, and names it in
// changed.
func renew[T any](rnd *rand.Rand, items []T, changed *[]int, item func(*rand.Rand) T) {
	i := rnd.IntN(len(items))
	items[i] = item(rnd)
	*changed = append(*changed, i)
}

// TestIndexPicksAsEveryItemTested: on random lists, in random views,
// with items moved and added, the index picks in 2D and 3D exactly what
// testing every item picks; and the picks are not all empty, so that
// the agreement says something.
func TestIndexPicksAsEveryItemTested(t *testing.T) {
	rnd := rand.New(rand.NewPCG(29, 1))
	for round := range 4 {
		l := crowd(rnd, 300+rnd.IntN(1200))
		x := &Index{linearBelow: 1}
		x.SetList(l)
		agreeOnPicks(t, rnd, x, l, "as built")
		for range 20 {
			var c Changes
			for range 10 {
				switch rnd.IntN(6) {
				case 0:
					renew(rnd, l.Markers, &c.Markers, randomMarker)
				case 1:
					renew(rnd, l.Lines, &c.Lines, randomLine)
				case 2:
					renew(rnd, l.Polygons, &c.Polygons, randomPolygon)
				case 3:
					renew(rnd, l.Triangles, &c.Triangles, randomTriangle)
				case 4:
					renew(rnd, l.Sprites, &c.Sprites, randomSprite)
				default:
					// Added at the ends, far off the grid as built too.
					m := randomMarker(rnd)
					m.At.X *= 3
					l.Markers = append(l.Markers, m)
					l.Polygons = append(l.Polygons, randomPolygon(rnd))
					tr := randomTriangle(rnd)
					tr.A.Y, tr.B.Y, tr.C.Y = tr.A.Y*3, tr.B.Y*3, tr.C.Y*3
					l.Triangles = append(l.Triangles, tr)
					c.Markers = append(c.Markers, len(l.Markers)-1)
					c.Polygons = append(c.Polygons, len(l.Polygons)-1)
					c.Triangles = append(c.Triangles, len(l.Triangles)-1)
				}
			}
			x.Update(c)
			agreeOnPicks(t, rnd, x, l, "after changes")
		}
		// Items gone from the end: the whole list changed.
		l.Lines = l.Lines[:len(l.Lines)/2]
		x.Update(Changes{All: true})
		agreeOnPicks(t, rnd, x, l, "after a whole change")
		if round == 0 {
			picked, hit := 0, 0
			for range 500 {
				cam, cam3 := randomCameras(rnd)
				s := Vec2{rnd.Float64() * 320, rnd.Float64() * 200}
				if x.Pick2D(cam, s, 320, 200, 3) != 0 {
					picked++
				}
				if _, ok := x.PickHit(cam3, s, 320, 200); ok {
					hit++
				}
			}
			if picked < 50 || hit < 50 {
				t.Fatalf("of 500 random points, %d picked an item in 2D and %d in 3D: too few to compare", picked, hit)
			}
		}
	}
}

// squares is a map of n by n squares of side 10, as a level's floor of
// small polygons: each square a polygon, two lines along its edges, a
// marker at its middle and two floor triangles.
func squares(n int) *List {
	l := &List{}
	for i := range n * n {
		x, y := float64(i%n)*10, float64(i/n)*10
		id := ID(i + 1)
		a, b, c, d := Vec2{x, y}, Vec2{x + 10, y}, Vec2{x + 10, y + 10}, Vec2{x, y + 10}
		l.Polygons = append(l.Polygons, Polygon{Points: []Vec2{a, b, c, d}, ID: id})
		l.Lines = append(l.Lines, Line{A: a, B: b, Width: 1, ID: id}, Line{A: a, B: d, Width: 1, ID: id})
		l.Markers = append(l.Markers, Marker{At: Vec2{x + 5, y + 5}, Size: 6, ID: id})
		l.Triangles = append(l.Triangles,
			Triangle3{A: Vec3{a.X, a.Y, 0}, B: Vec3{b.X, b.Y, 0}, C: Vec3{c.X, c.Y, 0}, ID: id, Color: red},
			Triangle3{A: Vec3{a.X, a.Y, 0}, B: Vec3{c.X, c.Y, 0}, C: Vec3{d.X, d.Y, 0}, ID: id, Color: red})
	}
	return l
}

// TestIndexTestsFewItems: a pick in a close view of a map of 20,000
// small polygons tests a few of its items, not all of them, once the
// grid is built, at the buildAfter-th pick; a list of a few items is
// tested one by one.
func TestIndexTestsFewItems(t *testing.T) {
	l := squares(142)
	var x Index
	x.SetList(l)
	cam := Camera2D{Center: Vec2{700, 700}, Scale: 2}
	at := Vec2{163, 101}
	for pick := 1; pick <= GridAfter; pick++ {
		if got, want := x.Stack2D(cam, at, 320, 200, 3, 0), Stack2D(l, cam, at, 320, 200, 3, 0); len(want) == 0 || !slices.Equal(got, want) {
			t.Fatalf("pick %d: the index stacks %v, every item tested %v", pick, got, want)
		}
		if built := x.bins[polygonItems].built; built != (pick == GridAfter) {
			t.Fatalf("pick %d: the polygons' grid built: %v", pick, built)
		}
	}
	for _, k := range []kind{markerItems, lineItems, polygonItems} {
		b := &x.bins[k]
		if !b.built {
			t.Fatalf("kind %d: no grid built for 20,000 items", k)
		}
		near, every := b.near(cam.ToWorld(at, 320, 200), (b.reach+3)/cam.Scale)
		if every || len(near) > 40 {
			t.Errorf("kind %d: %d of %d items to test (every: %v)", k, len(near), x.count(k), every)
		}
	}
	// Looking across the map, the ray meets the floor some way off: the
	// cells it passes over until there hold a few of the faces.
	cam3 := Camera3D{Target: Vec3{700, 700, 0}, Pitch: 0.3, Distance: 100, FOV: 1}
	var hit Hit
	var ok bool
	for range GridAfter {
		hit, ok = x.PickHit(cam3, Vec2{160, 100}, 320, 200)
	}
	if want, wantOK := PickHit(l, cam3, Vec2{160, 100}, 320, 200); !ok || hit != want || !wantOK || !x.bins[triangleItems].built {
		t.Fatalf("the index hits %+v, %v; every face tested, %+v, %v", hit, ok, want, wantOK)
	}
	eye, dir := cam3.Ray(Vec2{160, 100}, 320, 200)
	tested := 0
	x.bins[triangleItems].walk(eye, dir, func(cell []int32, enter float64) bool {
		if enter > math.Sqrt(squaredDistance(eye, hit.At)) {
			return false
		}
		tested += len(cell)
		return true
	})
	if tested == 0 || tested > 400 {
		t.Errorf("the ray passes over cells of %d of %d faces before it meets one", tested, len(l.Triangles))
	}
	var small Index
	small.SetList(squares(10))
	for range 2 * GridAfter {
		small.Stack2D(cam, at, 320, 200, 3, 0)
	}
	if small.bins[polygonItems].built {
		t.Error("a grid built for 100 polygons, which are tested one by one")
	}
}

// builtIndex indexes l with every kind's grid built.
func builtIndex(l *List) *Index {
	x := &Index{linearBelow: 1}
	x.SetList(l)
	for k := range kinds {
		for range GridAfter {
			x.grid(k)
		}
	}
	return x
}

// TestIndexOddViews: views at the ends of the numbers pick what testing
// every item picks, and end: an eye far out along Y, a scale so small
// that the pointer's point is infinite, a polygon reaching 1e308, and a
// ray grazing a face, whose test's rounding put the point met far off
// the face (it is no hit now).
func TestIndexOddViews(t *testing.T) {
	faces := &List{Triangles: []Triangle3{
		{A: Vec3{0, 0, 0}, B: Vec3{10, 0, 0}, C: Vec3{0, 10, 0}, ID: 1, Color: red},
		{A: Vec3{100, 100, 0}, B: Vec3{110, 100, 0}, C: Vec3{100, 110, 0}, ID: 2, Color: red},
	}}
	farEye := Camera3D{Target: Vec3{67.6, 1e308, 0}, Yaw: 3.23, Pitch: 0.0085, Distance: 50, FOV: 1, Near: 0.1, Far: 1e5}
	done := make(chan struct{})
	go func() {
		defer close(done)
		want, wantOK := PickHit(faces, farEye, Vec2{254, 46}, 320, 200)
		if got, ok := builtIndex(faces).PickHit(farEye, Vec2{254, 46}, 320, 200); got != want || ok != wantOK {
			t.Errorf("an eye at 1e308: the index hits %+v, %v, every face tested %+v, %v", got, ok, want, wantOK)
		}
	}()
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the ray from an eye at 1e308 is walked without end")
	}

	var markers List
	for i := range 10 {
		markers.Markers = append(markers.Markers, Marker{At: Vec2{float64(i) * 100, float64(i%3) * 100}, Size: 500, ID: ID(i + 1)})
	}
	tiny := Camera2D{Scale: 1e-310}
	if got, want := builtIndex(&markers).Stack2D(tiny, Vec2{100, 100}, 320, 200, 3, 0), Stack2D(&markers, tiny, Vec2{100, 100}, 320, 200, 3, 0); len(want) == 0 || !slices.Equal(got, want) {
		t.Errorf("at a scale of 1e-310: the index stacks %v, every marker tested %v", got, want)
	}

	// A pointer far off the view, where the camera's rounding moves the
	// point it is over by more than a marker's size.
	var grid List
	for i := range 10 {
		for j := range 10 {
			grid.Markers = append(grid.Markers, Marker{At: Vec2{float64(100*i - 500), float64(100 * j)}, Size: 10, ID: ID(10*i + j + 1)})
		}
	}
	far := Camera2D{Center: Vec2{1e20, 0}, Scale: 1}
	if got, want := builtIndex(&grid).Stack2D(far, Vec2{-1e20, 100}, 320, 200, 3, 0), Stack2D(&grid, far, Vec2{-1e20, 100}, 320, 200, 3, 0); !slices.Equal(got, want) {
		t.Errorf("a pointer 1e20 off the view: the index stacks %v, every marker tested %v", got, want)
	}

	tall := &List{Polygons: []Polygon{{Points: []Vec2{{0, 0}, {10, 0}, {5, 1.7e308}}, ID: 1}}}
	for i := range 40 {
		x, y := float64(i%8)*100-400, float64(i/8)*100-200
		tall.Polygons = append(tall.Polygons, Polygon{Points: []Vec2{{x, y}, {x + 10, y}, {x, y + 10}}, ID: ID(10 + i)})
	}
	for _, center := range []Vec2{{-800, 5}, {5, 1e300}, {5, 5}} {
		cam := Camera2D{Center: center, Scale: 1}
		if got, want := builtIndex(tall).Stack2D(cam, Vec2{160, 100}, 320, 200, 3, 0), Stack2D(tall, cam, Vec2{160, 100}, 320, 200, 3, 0); !slices.Equal(got, want) {
			t.Errorf("a polygon reaching 1e308, at %v: the index stacks %v, every polygon tested %v", center, got, want)
		}
	}

	// A face seen nearly edge on: the test's rounding put the point met
	// far from the face, where the ray does not pass over it.
	graze := Camera3D{Target: Vec3{284.0642209225166, -397.77228812354747, 99.75703218755152}, Yaw: 4.995233726256202, Pitch: 0.7599342515630068, Distance: 1.8655235849563379, FOV: 1, Near: 0.1, Far: 100000}
	at := Vec2{289.5695838844056, 123.10046978049567}
	edgeOn := &List{Triangles: []Triangle3{
		{A: Vec3{573.8393542791956, 968.8067109297644, -931.6956407592625}, B: Vec3{723.3179817196003, 525.7713891993747, -721.4341655316517}, C: Vec3{824.4081038360215, 442.927441737477, -719.4748946062336}, ID: 1, Color: red},
		{A: Vec3{641.5661085004855, 179.54715958796277, -456.7882320027618}, B: Vec3{643.2664959627515, 178.49421966651988, -456.7882320027618}, C: Vec3{642.4163022316185, 179.02068962724132, -453.7882320027618}, ID: 2, Color: red},
	}}
	want, wantOK := PickHit(edgeOn, graze, at, 320, 200)
	if got, ok := builtIndex(edgeOn).PickHit(graze, at, 320, 200); got != want || ok != wantOK {
		t.Errorf("a grazing ray: the index hits %+v, %v, every face tested %+v, %v", got, ok, want, wantOK)
	}
}

// TestIndexOutOfStep: changes that do not say all that changed (an item
// added and not named, items gone without All) drop the grid, which is
// built again, rather than miss the item or index past the list.
func TestIndexOutOfStep(t *testing.T) {
	l := squares(30)
	x := builtIndex(l)
	cam := Camera2D{Center: Vec2{150, 150}, Scale: 4}
	at := cam.ToScreen(Vec2{1000.5, 1000.5}, 320, 200)
	l.Polygons = append(l.Polygons, Polygon{Points: []Vec2{{1000, 1000}, {1001, 1000}, {1001, 1001}, {1000, 1001}}, ID: 777})
	x.Update(Changes{Lines: []int{0}})
	for range GridAfter {
		if got := x.Pick2D(cam, at, 320, 200, 3); got != 777 {
			t.Fatalf("a polygon added and not named: the index picks %d", got)
		}
	}
	l.Lines = l.Lines[:5]
	x.Update(Changes{Lines: []int{19}})
	for range GridAfter {
		if got, want := x.Stack2D(cam, Vec2{160, 100}, 320, 200, 3, 0), Stack2D(l, cam, Vec2{160, 100}, 320, 200, 3, 0); !slices.Equal(got, want) {
			t.Fatalf("lines gone without All: the index stacks %v, every item tested %v", got, want)
		}
	}
}

// squaredDistance is the square of the distance from a to b.
func squaredDistance(a, b Vec3) float64 {
	d := sub(a, b)
	return dot(d, d)
}
