package turok

import (
	"image/color"
	"math"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/scene"
)

// body is the shape an actor or a static mesh is drawn as, the game's
// models being out of reach: a box as wide as the map's bounding box,
// standing on the box's bottom, turned to the heading, its front drawn
// to a point.
type body struct {
	at      display.Vec3 // the middle of its bottom
	radius  float64      // half its width
	height  float64
	heading float64 // radians, counterclockwise from +X
}

// The least size of a body, so that one whose bounding box is empty
// still shows.
const minRadius, minHeight = 4, 8

// boxBody is the body of a thing at origin with the bounding box lo..hi
// (world units, scale included: the document scales the box with the
// thing) facing heading.
func boxBody(origin, lo, hi codec.Vec3, heading float64) body {
	r := float64(max(hi.X-lo.X, hi.Y-lo.Y)) / 2
	return body{at: display.Vec3{X: float64(origin.X), Y: float64(origin.Y), Z: float64(lo.Z)},
		radius: max(r, minRadius), height: max(float64(hi.Z-lo.Z), minHeight), heading: heading}
}

// actorBody is an actor's body: its bounding box, turned to its yaw.
func actorBody(a codec.Actor) body {
	return boxBody(a.Origin, a.BoundsMin, a.BoundsMax, float64(a.Yaw))
}

// meshBody is a static mesh's body: its bounding box (the collision
// cylinder's), turned to the yaw of its quaternion; its pitch and roll
// are not drawn.
func meshBody(m codec.StaticMesh) body {
	return boxBody(m.Origin, m.BoundsMin, m.BoundsMax, eulerOf(m.Rotation).yaw)
}

// footprint is the body's outline on the map, counterclockwise: a
// square 2*radius wide whose front half narrows to the tip, radius
// ahead of the middle along the heading.
func (b body) footprint() []display.Vec2 {
	r := b.radius
	fx, fy := math.Cos(b.heading), math.Sin(b.heading)
	at := func(ahead, left float64) display.Vec2 {
		return display.Vec2{X: b.at.X + ahead*fx - left*fy, Y: b.at.Y + ahead*fy + left*fx}
	}
	return []display.Vec2{at(-r, -r), at(r/3, -r), at(r, 0), at(r/3, r), at(-r, r)}
}

// tip is the footprint's point, on the heading.
const tip = 2

// footprintPoints is how many points a footprint has; a body is drawn
// as bodyLines lines on the map and bodyTriangles triangles in 3D.
const (
	footprintPoints = 5
	bodyLines       = footprintPoints + 1                       // the outline and the heading
	bodyTriangles   = 2*(footprintPoints-2) + 2*footprintPoints // top, bottom and walls
)

// bodyFillAlpha is how opaque a body's footprint is filled in 2D: the
// floor shows through.
const bodyFillAlpha = 80

// drawBody2D draws b on the map: its footprint, filled and outlined, a
// line from its middle to its tip, and a marker of shape that keeps it
// seen when the map is zoomed out past its size.
func drawBody2D(s *scene.Scene, b body, shape display.Shape, c color.NRGBA, id display.ID) {
	points := b.footprint()
	fill := c
	fill.A = bodyFillAlpha
	s.List.Polygons = append(s.List.Polygons, display.Polygon{Points: points, Fill: fill, ID: id})
	for k := range points {
		s.List.Lines = append(s.List.Lines, display.Line{A: points[k], B: points[(k+1)%len(points)], Width: 1.5, Color: c, ID: id})
	}
	middle := display.Vec2{X: b.at.X, Y: b.at.Y}
	s.List.Lines = append(s.List.Lines, display.Line{A: middle, B: points[tip], Width: 1.5, Color: c, ID: id})
	s.List.Markers = append(s.List.Markers, display.Marker{At: middle, Shape: shape, Size: 7, Heading: b.heading, Color: c, ID: id})
}

// drawBody3D draws b in the 3D view as a closed prism on its footprint,
// its faces turned outward: the top, the bottom and a wall per edge.
func drawBody3D(s *scene.Scene, b body, c color.NRGBA, id display.ID) {
	points := b.footprint()
	low := func(k int) display.Vec3 { return display.Vec3{X: points[k].X, Y: points[k].Y, Z: b.at.Z} }
	high := func(k int) display.Vec3 { return display.Vec3{X: points[k].X, Y: points[k].Y, Z: b.at.Z + b.height} }
	face := func(a, b, d display.Vec3) {
		s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: a, B: b, C: d, Color: c, ID: id, OneSided: true})
	}
	for k := 1; k+1 < len(points); k++ {
		face(high(0), high(k), high(k+1))
		face(low(0), low(k+1), low(k))
	}
	for k := range points {
		next := (k + 1) % len(points)
		face(low(k), low(next), high(next))
		face(low(k), high(next), high(k))
	}
}
