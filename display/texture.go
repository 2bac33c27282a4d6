package display

import (
	"cmp"
	"fmt"
	"image"
	"image/color"
	"math"
	"slices"
)

// Picture is the texture t names when it has texels; an item naming
// none (or an empty picture) is drawn untextured.
func (l *List) Picture(t TextureID) *image.NRGBA {
	if tex := l.Texture(t); tex != nil && !tex.Rect.Empty() {
		return tex
	}
	return nil
}

// texelAt is the texel of tex at texel coordinates (u, v), nearest,
// the texture repeating both ways.
func texelAt(tex *image.NRGBA, u, v float64) color.NRGBA {
	x := wrap(int(math.Floor(u)), tex.Rect.Dx())
	y := wrap(int(math.Floor(v)), tex.Rect.Dy())
	i := tex.PixOffset(tex.Rect.Min.X+x, tex.Rect.Min.Y+y)
	p := tex.Pix[i : i+4 : i+4]
	return color.NRGBA{p[0], p[1], p[2], p[3]}
}

// wrap is i modulo n, in 0..n-1 for negative i too.
func wrap(i, n int) int {
	i %= n
	if i < 0 {
		i += n
	}
	return i
}

// modulate multiplies texel t by the light c, channel by channel.
func modulate(t, c color.NRGBA) color.NRGBA {
	f := func(a, b uint8) uint8 { return uint8((uint32(a)*uint32(b) + 127) / 255) }
	return color.NRGBA{f(t.R, c.R), f(t.G, c.G), f(t.B, c.B), f(t.A, c.A)}
}

// lighting is how the OpenGL textured program colours a texel T of an
// item of colour c in state s: T times mul plus add, which is shown's
// mix of T times c with the state's colour; an item in a state other
// than Normal is opaque, as shown makes it.
func lighting(c color.NRGBA, s State) (mul, add [4]uint8) {
	with, t := color.NRGBA{}, 0.0
	switch s {
	case Highlighted:
		with, t = HighlightColor, 0.45
	case Selected:
		with, t = SelectColor, 0.7
	default:
		return ColorBytes(c), add
	}
	f := func(v uint8, t float64) uint8 { return uint8(float64(v)*t + 0.5) }
	return [4]uint8{f(c.R, 1-t), f(c.G, 1-t), f(c.B, 1-t), 0}, [4]uint8{f(with.R, t), f(with.G, t), f(with.B, t), 255}
}

// SpriteFaces is sprite s as two two-sided faces standing at s.At,
// turned about the vertical to face the eye (right is the camera's
// right, for an eye straight above it), with its picture's texel
// coordinates: the whole picture once, texel row 0 at the top. A
// sprite's colour is opaque: its texels of alpha 0 alone are left out.
func SpriteFaces(s Sprite3, tex *image.NRGBA, eye, right Vec3) [2]Triangle3 {
	if dx, dy := eye.X-s.At.X, eye.Y-s.At.Y; dx*dx+dy*dy > 1e-12 {
		l := math.Hypot(dx, dy)
		right = Vec3{-dy / l, dx / l, 0}
	}
	half := s.Width / 2
	bl := Vec3{s.At.X - right.X*half, s.At.Y - right.Y*half, s.At.Z}
	br := Vec3{s.At.X + right.X*half, s.At.Y + right.Y*half, s.At.Z}
	tr, tl := Vec3{br.X, br.Y, br.Z + s.Height}, Vec3{bl.X, bl.Y, bl.Z + s.Height}
	var w, h float64
	if tex != nil {
		w, h = float64(tex.Rect.Dx()), float64(tex.Rect.Dy())
	}
	c := s.Color
	c.A = 255
	face := Triangle3{Color: c, ID: s.ID, State: s.State, Texture: s.Texture}
	a, b := face, face
	a.A, a.B, a.C, a.UV = bl, br, tr, [3]Vec2{{0, h}, {w, h}, {w, 0}}
	b.A, b.B, b.C, b.UV = bl, tr, tl, [3]Vec2{{0, h}, {w, 0}, {0, 0}}
	return [2]Triangle3{a, b}
}

// CameraRight is the horizontal direction to the right of cam's view.
func CameraRight(cam Camera3D) Vec3 {
	return Vec3{-math.Sin(cam.Yaw), math.Cos(cam.Yaw), 0}
}

// translucent reports whether t is blended over what is behind it.
func (t Triangle3) translucent() bool { return t.Color.A < 255 }

// FarthestFirst is the order to blend faces in: the one whose centre is
// farthest from the eye first, faces as far in list order.
func FarthestFirst(faces []Triangle3, eye Vec3) []int {
	dist := make([]float64, len(faces))
	order := make([]int, len(faces))
	for i, t := range faces {
		c := Vec3{(t.A.X + t.B.X + t.C.X) / 3, (t.A.Y + t.B.Y + t.C.Y) / 3, (t.A.Z + t.B.Z + t.C.Z) / 3}
		d := sub(c, eye)
		dist[i], order[i] = dot(d, d), i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(dist[b], dist[a]) })
	return order
}

// packAtlas places pictures of the given sizes side by side on shelves
// in one atlas no larger than most x most texels: where each goes, and
// the atlas's size. Empty sizes take no room.
func packAtlas(sizes []image.Point, most int) (at []image.Rectangle, size image.Point, err error) {
	order := make([]int, 0, len(sizes))
	area, widest := 0, 0
	for i, s := range sizes {
		if s.X <= 0 || s.Y <= 0 {
			continue
		}
		if s.X > most || s.Y > most {
			return nil, image.Point{}, fmt.Errorf("viewport: texture %d is %dx%d, larger than the %dx%d the OpenGL renderer takes", i+1, s.X, s.Y, most, most)
		}
		order = append(order, i)
		area += s.X * s.Y
		widest = max(widest, s.X)
	}
	// Tallest first: each shelf is as high as its first picture.
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(sizes[b].Y, sizes[a].Y) })
	width := 1
	for width < max(widest, int(math.Ceil(math.Sqrt(float64(area))))) {
		width *= 2
	}
	for width = min(width, most); ; width = min(width*2, most) {
		at = make([]image.Rectangle, len(sizes))
		x, y, shelf := 0, 0, 0
		for _, i := range order {
			s := sizes[i]
			if x+s.X > width {
				x, y, shelf = 0, y+shelf, 0
			}
			at[i] = image.Rect(x, y, x+s.X, y+s.Y)
			x += s.X
			shelf = max(shelf, s.Y)
			size = image.Pt(max(size.X, x), max(size.Y, y+s.Y))
		}
		if size.Y <= most {
			return at, size, nil
		}
		if width == most {
			return nil, image.Point{}, fmt.Errorf("viewport: %d textures (%d texels) do not fit one %dx%d OpenGL texture", len(order), area, most, most)
		}
		size = image.Point{}
	}
}

// Atlas is a list's textures side by side in one picture, as the OpenGL
// renderer samples them.
type Atlas struct {
	at     []image.Rectangle // where each texture lies; empty for none
	white  image.Rectangle   // a white texel
	opaque []bool            // whether each texture's texels are all opaque
	Size   image.Point
}

// NewAtlas places pictures (nil for none) in one atlas no larger than
// most x most texels and draws them into it.
func NewAtlas(pictures []*image.NRGBA, most int) (*Atlas, *image.NRGBA, error) {
	sizes := make([]image.Point, len(pictures))
	for i, p := range pictures {
		if p != nil {
			sizes[i] = p.Rect.Size()
		}
	}
	// A white texel last, for what the textured program draws untextured.
	at, size, err := packAtlas(append(sizes, image.Pt(1, 1)), most)
	if err != nil {
		return nil, nil, err
	}
	white := at[len(at)-1]
	a := &Atlas{at: at[:len(at)-1], white: white, opaque: make([]bool, len(pictures)), Size: size}
	img := image.NewNRGBA(image.Rectangle{Max: size})
	img.SetNRGBA(white.Min.X, white.Min.Y, color.NRGBA{255, 255, 255, 255})
	for i, p := range pictures {
		if at[i].Empty() {
			continue
		}
		a.opaque[i] = true
		for y := range p.Rect.Dy() {
			row := p.Pix[p.PixOffset(p.Rect.Min.X, p.Rect.Min.Y+y):][:4*p.Rect.Dx()]
			copy(img.Pix[img.PixOffset(at[i].Min.X, at[i].Min.Y+y):], row)
			for k := 3; k < len(row); k += 4 {
				a.opaque[i] = a.opaque[i] && row[k] == 255
			}
		}
	}
	return a, img, nil
}

// place is where texture t lies in the atlas, as the OpenGL programs
// take it (x, y, width, height), and whether it is opaque; for a
// texture that is not there it is the white texel.
func (a *Atlas) place(t TextureID) (r [4]uint16, opaque bool) {
	at := a.white
	if t > 0 && int(t) <= len(a.at) && !a.at[t-1].Empty() {
		at, opaque = a.at[t-1], a.opaque[t-1]
	} else {
		opaque = true
	}
	return [4]uint16{uint16(at.Min.X), uint16(at.Min.Y), uint16(at.Dx()), uint16(at.Dy())}, opaque
}
