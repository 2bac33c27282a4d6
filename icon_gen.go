//go:build ignore

// icon_gen draws Icon.png, the application icon: a level map seen from above,
// a room outline on a tile grid with a player-start marker. Run it with
// `go generate` from the repository root.
package main

import (
	"image"
	"image/color"
	"image/png"
	"log"
	"math"
	"os"
)

const size = 256

func main() {
	img := image.NewNRGBA(image.Rect(0, 0, size, size))
	background := color.NRGBA{0x1d, 0x24, 0x30, 0xff}
	grid := color.NRGBA{0x35, 0x44, 0x58, 0xff}
	floor := color.NRGBA{0x2e, 0x6b, 0x5e, 0xff}
	wall := color.NRGBA{0x7f, 0xe0, 0xc4, 0xff}
	marker := color.NRGBA{0xff, 0x9f, 0x1c, 0xff}

	room := [][2]float64{{48, 64}, {160, 64}, {208, 112}, {208, 200}, {96, 200}, {96, 144}, {48, 144}}
	for y := 0; y < size; y++ {
		for x := 0; x < size; x++ {
			px, py := float64(x)+0.5, float64(y)+0.5
			if !insideRoundedSquare(px, py, 20, 24) {
				continue
			}
			c := background
			if x%32 == 0 || y%32 == 0 {
				c = grid
			}
			if insidePolygon(px, py, room) {
				c = floor
			}
			if distanceToOutline(px, py, room) < 5 {
				c = wall
			}
			if insidePolygon(px, py, [][2]float64{{112, 150}, {148, 118}, {142, 166}}) {
				c = marker
			}
			img.SetNRGBA(x, y, c)
		}
	}
	f, err := os.Create("Icon.png")
	if err != nil {
		log.Fatal(err)
	}
	if err := png.Encode(f, img); err != nil {
		log.Fatal(err)
	}
	if err := f.Close(); err != nil {
		log.Fatal(err)
	}
}

// insideRoundedSquare reports whether (x, y) lies in the icon's rounded square.
func insideRoundedSquare(x, y, inset, radius float64) bool {
	lo, hi := inset+radius, size-inset-radius
	cx := math.Max(lo, math.Min(x, hi))
	cy := math.Max(lo, math.Min(y, hi))
	return math.Hypot(x-cx, y-cy) <= radius
}

// insidePolygon is the even-odd rule.
func insidePolygon(x, y float64, poly [][2]float64) bool {
	in := false
	for i, j := 0, len(poly)-1; i < len(poly); j, i = i, i+1 {
		a, b := poly[i], poly[j]
		if (a[1] > y) != (b[1] > y) && x < (b[0]-a[0])*(y-a[1])/(b[1]-a[1])+a[0] {
			in = !in
		}
	}
	return in
}

func distanceToOutline(x, y float64, poly [][2]float64) float64 {
	best := math.Inf(1)
	for i := range poly {
		a, b := poly[i], poly[(i+1)%len(poly)]
		dx, dy := b[0]-a[0], b[1]-a[1]
		t := ((x-a[0])*dx + (y-a[1])*dy) / (dx*dx + dy*dy)
		t = math.Max(0, math.Min(1, t))
		best = math.Min(best, math.Hypot(x-(a[0]+t*dx), y-(a[1]+t*dy)))
	}
	return best
}
