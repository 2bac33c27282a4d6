package turok

import (
	"fmt"
	"image"
	"image/color"
	"math"
	"strings"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/codecs/turok/model"
	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/scene"
)

// DataFolderKey is the preference key of the Turok EX folder that holds
// the game's data archive, game.kpf.
const DataFolderKey = "turokDataFolder"

// gameModels are the models of a map's static meshes and actors read
// from the game's data, by the paths the map names (as model.Data finds
// them: case and separators aside), and read as the map comes to name
// others.
type gameModels struct {
	dir      string
	models   map[string]*shape
	tried    map[string]bool         // the model paths read or refused, by modelKey
	textures map[string]*image.NRGBA // the textures read, nil for those refused
	// missed are the paths not read, each with why.
	missed []error
	err    error // the archive could not be opened
}

// shape is a model as drawn: its surfaces with their textures (nil for
// none, or one not read).
type shape struct {
	m        *model.Model
	textures []*image.NRGBA
	paths    []string // the textures' paths, the scene's keys for them
}

// modelKey is how a model path is looked up.
func modelKey(p string) string { return strings.ToLower(strings.ReplaceAll(p, `\`, "/")) }

// readModels reads the models the map's meshes and actors name from the
// archive of the folder dir ("" reads none), with their textures.
func readModels(dir string, m *tcodec.Map) *gameModels {
	g := &gameModels{dir: dir, models: map[string]*shape{}, tried: map[string]bool{}, textures: map[string]*image.NRGBA{}}
	var paths []string
	for _, mesh := range meshes(m) {
		paths = append(paths, mesh.Model)
	}
	for _, a := range m.Actors {
		paths = append(paths, a.Model)
	}
	g.load(paths)
	return g
}

// load reads those of the models at paths not tried yet, opening the
// archive only when there are some.
func (g *gameModels) load(paths []string) {
	var todo []string
	for _, p := range paths {
		if k := modelKey(p); p != "" && !g.tried[k] {
			g.tried[k] = true
			todo = append(todo, p)
		}
	}
	if len(todo) == 0 || g.dir == "" || g.err != nil {
		return
	}
	data, err := model.OpenData(g.dir)
	if err != nil {
		g.err = err
		return
	}
	defer data.Close()
	for _, p := range todo {
		mod, err := data.Model(p)
		if err != nil {
			g.missed = append(g.missed, err)
			continue
		}
		sh := &shape{m: mod}
		for _, s := range mod.Surfaces {
			path, tex := g.texture(data, s)
			sh.textures = append(sh.textures, tex)
			sh.paths = append(sh.paths, path)
		}
		g.models[modelKey(p)] = sh
	}
}

// texture is the path and the picture of the texture a surface names,
// itself or through its material; "" and nil for none, or one not read.
func (g *gameModels) texture(data *model.Data, s model.Surface) (string, *image.NRGBA) {
	path := s.Texture
	if path == "" && s.Material != "" {
		var err error
		if path, err = data.Material(s.Material); err != nil {
			g.missed = append(g.missed, err)
			return "", nil
		}
	}
	tex, ok := g.textures[path]
	if !ok && path != "" {
		var err error
		if tex, err = data.Texture(path); err != nil {
			g.missed = append(g.missed, err)
		}
		g.textures[path] = tex
	}
	return path, tex
}

// shape is the model at path p, read now if the map did not name it
// before; nil when it is not read.
func (g *gameModels) shape(p string) *shape {
	if g == nil {
		return nil
	}
	g.load([]string{p})
	return g.models[modelKey(p)]
}

// notice says what of the game's data could not be read, "" for all.
func (g *gameModels) notice() string {
	switch {
	case g.err != nil:
		return "The Turok EX data could not be read (" + g.err.Error() + "): meshes and actors are drawn as boxes."
	case len(g.missed) > 0:
		return fmt.Sprintf("%d Turok EX models or textures could not be read (%v); those are drawn as boxes or untextured.", len(g.missed), g.missed[0])
	}
	return ""
}

// summary is the Settings row's account of the folder dir.
func (g *gameModels) summary() string {
	if g.dir == "" {
		return "Choose the folder that holds game.kpf to draw static meshes and actors as their models."
	}
	if g.err != nil {
		return g.err.Error()
	}
	s := fmt.Sprintf("%d models read from %s", len(g.models), model.ArchiveName)
	if len(g.missed) > 0 {
		s += fmt.Sprintf("; %d not: %v", len(g.missed), g.missed[0])
	}
	return s
}

// dataSetting is the Settings row of the game's data folder.
func dataSetting(h game.Host) game.Setting {
	return game.Setting{Label: "Turok EX data (game.kpf)", Widget: game.PathSetting(h, DataFolderKey, true, func(dir string) string {
		f, ok := h.Session().(*session)
		if !ok {
			return (&gameModels{dir: dir}).summary()
		}
		if f.models == nil || f.models.dir != dir {
			f.models = readModels(dir, f.d.Map)
		}
		return f.models.summary()
	}, func() {
		if _, ok := h.Session().(*session); ok {
			h.Retool()
		}
	})}
}

// placement turns model points into map points: scaled, turned, then
// moved to the origin.
type placement struct {
	origin, scale [3]float64
	turn          [3][3]float64 // a rotation matrix, rows
}

// at is the map point of model point p.
func (pl placement) at(p [3]float32) display.Vec3 {
	s := [3]float64{float64(p[0]) * pl.scale[0], float64(p[1]) * pl.scale[1], float64(p[2]) * pl.scale[2]}
	var out [3]float64
	for r := range out {
		out[r] = pl.origin[r] + pl.turn[r][0]*s[0] + pl.turn[r][1]*s[1] + pl.turn[r][2]*s[2]
	}
	return display.Vec3{X: out[0], Y: out[1], Z: out[2]}
}

func vec(v tcodec.Vec3) [3]float64 { return [3]float64{float64(v.X), float64(v.Y), float64(v.Z)} }

// meshPlacement places a static mesh's model: its scale, its quaternion
// (normalised; none for a zero one), its origin.
func meshPlacement(m tcodec.StaticMesh) placement {
	x, y, z, w := float64(m.Rotation[0]), float64(m.Rotation[1]), float64(m.Rotation[2]), float64(m.Rotation[3])
	n := math.Sqrt(x*x + y*y + z*z + w*w)
	if n == 0 || math.IsNaN(n) || math.IsInf(n, 0) {
		x, y, z, w, n = 0, 0, 0, 1, 1
	}
	x, y, z, w = x/n, y/n, z/n, w/n
	return placement{origin: vec(m.Origin), scale: vec(m.Scale), turn: [3][3]float64{
		{1 - 2*(y*y+z*z), 2 * (x*y - z*w), 2 * (x*z + y*w)},
		{2 * (x*y + z*w), 1 - 2*(x*x+z*z), 2 * (y*z - x*w)},
		{2 * (x*z - y*w), 2 * (y*z + x*w), 1 - 2*(x*x+y*y)},
	}}
}

// actorPlacement places an actor's model: its scale, its yaw about the
// vertical, its origin.
func actorPlacement(a tcodec.Actor) placement {
	c, s := math.Cos(float64(a.Yaw)), math.Sin(float64(a.Yaw))
	return placement{origin: vec(a.Origin), scale: vec(a.Scale), turn: [3][3]float64{{c, -s, 0}, {s, c, 0}, {0, 0, 1}}}
}

// light is the share of a face's colour shown for its normal n: a fixed
// light from above and to the side, the same on both sides of the face
// (the engine's lighting of models is not known here).
func light(n display.Vec3) float64 {
	l := math.Sqrt(n.X*n.X + n.Y*n.Y + n.Z*n.Z)
	if l == 0 {
		return 1
	}
	return 0.55 + 0.45*math.Abs(0.36*n.X+0.48*n.Y+0.8*n.Z)/l
}

// shade is c in light share k.
func shade(c color.NRGBA, k float64) color.NRGBA {
	return color.NRGBA{uint8(float64(c.R) * k), uint8(float64(c.G) * k), uint8(float64(c.B) * k), c.A}
}

// drawShape draws a model placed by pl: in 3D its triangles, textured
// where the model's surfaces have textures and lit by their facing; in
// 2D the triangles that face up, as seen from above, and a marker of
// shape at the origin that keeps it seen when the map is zoomed out.
func drawShape(s *scene.Scene, sh *shape, pl placement, glyph display.Shape, c color.NRGBA, heading float64, id display.ID) {
	for i, surf := range sh.m.Surfaces {
		tex, tint := display.TextureID(0), c
		var size image.Point
		if img := sh.textures[i]; img != nil {
			tex = s.Texture("turok texture "+sh.paths[i], func() image.Image { return img })
			tint, size = surf.Color, img.Bounds().Size()
		}
		for _, tri := range surf.Triangles {
			var p [3]display.Vec3
			var uv [3]display.Vec2
			for k, v := range tri {
				p[k] = pl.at(surf.Positions[v])
				if surf.UV != nil {
					uv[k] = display.Vec2{X: float64(surf.UV[v][0]) * float64(size.X), Y: float64(surf.UV[v][1]) * float64(size.Y)}
				}
			}
			n := cross3(sub3(p[1], p[0]), sub3(p[2], p[0]))
			s.List.Triangles = append(s.List.Triangles, display.Triangle3{A: p[0], B: p[1], C: p[2], Color: shade(tint, light(n)),
				ID: id, Texture: tex, UV: uv})
			if n.Z <= 0 {
				continue
			}
			flat := []display.Vec2{{X: p[0].X, Y: p[0].Y}, {X: p[1].X, Y: p[1].Y}, {X: p[2].X, Y: p[2].Y}}
			poly := display.Polygon{Points: flat, Fill: shade(tint, light(n)), ID: id}
			if a, ok := texelMap(flat, uv); ok && tex != 0 {
				poly.Texture, poly.UV = tex, a
			}
			s.List.Polygons = append(s.List.Polygons, poly)
		}
	}
	at := pl.at([3]float32{})
	s.List.Markers = append(s.List.Markers, display.Marker{At: display.Vec2{X: at.X, Y: at.Y}, Shape: glyph, Size: 7, Heading: heading, Color: c, ID: id})
}

// texelMap is the affine map that takes the points p to the texels t;
// ok is false when p are on a line.
func texelMap(p []display.Vec2, t [3]display.Vec2) (display.Affine, bool) {
	ax, ay := p[1].X-p[0].X, p[1].Y-p[0].Y
	bx, by := p[2].X-p[0].X, p[2].Y-p[0].Y
	det := ax*by - ay*bx
	if math.Abs(det) < 1e-9 {
		return display.Affine{}, false
	}
	// Solve [du dv] = [X Y] · M for the two edges.
	solve := func(d1, d2 float64) (xu, yu float64) {
		return (d1*by - d2*ay) / det, (d2*ax - d1*bx) / det
	}
	xu, yu := solve(t[1].X-t[0].X, t[2].X-t[0].X)
	xv, yv := solve(t[1].Y-t[0].Y, t[2].Y-t[0].Y)
	return display.Affine{XU: xu, YU: yu, U0: t[0].X - xu*p[0].X - yu*p[0].Y,
		XV: xv, YV: yv, V0: t[0].Y - xv*p[0].X - yv*p[0].Y}, true
}

func sub3(a, b display.Vec3) display.Vec3 {
	return display.Vec3{X: a.X - b.X, Y: a.Y - b.Y, Z: a.Z - b.Z}
}

func cross3(a, b display.Vec3) display.Vec3 {
	return display.Vec3{X: a.Y*b.Z - a.Z*b.Y, Y: a.Z*b.X - a.X*b.Z, Z: a.X*b.Y - a.Y*b.X}
}
