package viewport

import (
	"errors"
	"fmt"
	"image"
	"image/color"
	"runtime"
	"slices"
	"strings"
	"sync"
	"unsafe"

	"github.com/go-gl/gl/v3.3-core/gl"
	"github.com/go-gl/glfw/v3.3/glfw"
	"github.com/levelwright/levelwright/display"
)

// ErrClosed is returned by a GL renderer used after Close.
var ErrClosed = errors.New("viewport: OpenGL renderer closed")

// GL draws display lists with OpenGL 3.3 into a framebuffer object of a
// hidden GLFW window, on an OS thread of its own, and reads each frame
// back into an image. Its methods may be called from any goroutine; each
// waits for the render thread.
//
// NewGL initialises GLFW when no one has (a Fyne app already has); Close
// destroys the window and leaves GLFW to its owner, so a Fyne app must
// close its GL renderers before it quits.
type GL struct {
	mu     sync.Mutex
	calls  chan func()
	closed chan struct{}
	dead   bool

	// Owned by the render thread.
	win            *glfw.Window
	flat, glyph    program
	solid          program
	textured       program
	flatBuf, grid  buffer
	fillBuf        buffer // the rectangle fill paints
	solidBuf       buffer
	texFlatBuf     buffer // the textured polygons
	texSolidBuf    buffer // the opaque textured faces
	frameBuf       buffer // the sprites and translucent faces of a frame
	font           uint32
	fbo, rbs       uint32 // the 3D frame's framebuffer
	rbDepth        uint32
	fbW, fbH       int
	canvas         mapCanvas // the 2D frames'
	kept3          kept3D    // the last 3D frame's
	list           *display.List
	tess           *display.Tessellation
	images         [2]*image.NRGBA
	next           int
	gridVertices   []display.FlatVertex
	fillVertices   []display.FlatVertex
	frameVertices  []display.TexturedVertex
	frameSprites   int // how many of frameVertices are the sprites'
	renderer, vers string
	drawn          int               // vertices of the 2D items the last map frame drew anew
	runs           []display.DrawRun // the stretches a frame draws, and their
	firsts, counts []int32           // starts and lengths, kept for the next one
	drawn3         int               // vertices of the opaque faces the last 3D frame drew

	// The textures uploaded: the list's Textures they were made of,
	// where each lies in the atlas texture, or why they could not be
	// uploaded; uploads counts the atlases uploaded.
	atlasTex   uint32
	atlasOf    []*image.NRGBA
	atlas      *display.Atlas
	atlasErr   error
	atlasLimit int
	uploads    int
}

// atlasMost is the largest atlas uploaded, in texels a side, when the
// OpenGL implementation takes larger textures: 256 MB of texels.
const atlasMost = 8192

// program is a linked shader program and its uniforms' locations.
type program struct {
	id       uint32
	uniforms map[string]int32
}

// buffer is a vertex array with its one vertex buffer.
type buffer struct {
	vao, vbo uint32
	capacity int // bytes
	count    int // vertices
}

// NewGL starts a render thread with an OpenGL 3.3 core context. It
// makes the C heap keep the memory freed (see heapKept): a software
// OpenGL allocates much at every frame.
func NewGL() (*GL, error) {
	heapKept()
	g := &GL{calls: make(chan func()), closed: make(chan struct{}), list: &display.List{}}
	started := make(chan error)
	go g.loop(started)
	if err := <-started; err != nil {
		return nil, fmt.Errorf("viewport: OpenGL: %w", err)
	}
	return g, nil
}

// loop is the render thread: it owns the context and runs the calls.
func (g *GL) loop(started chan<- error) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	defer close(g.closed)
	if err := g.start(); err != nil {
		if g.win != nil {
			g.win.Destroy()
		}
		started <- err
		return
	}
	started <- nil
	for f := range g.calls {
		f()
	}
	g.release()
	glfw.DetachCurrentContext()
	g.win.Destroy()
}

// start creates the hidden window and the GL objects. go-gl/glfw panics
// on some errors; they come back as errors.
func (g *GL) start() (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%v", r)
		}
	}()
	if err := glfw.Init(); err != nil {
		return err
	}
	glfw.DefaultWindowHints()
	glfw.WindowHint(glfw.Visible, glfw.False)
	glfw.WindowHint(glfw.Focused, glfw.False)
	glfw.WindowHint(glfw.ContextVersionMajor, 3)
	glfw.WindowHint(glfw.ContextVersionMinor, 3)
	glfw.WindowHint(glfw.OpenGLProfile, glfw.OpenGLCoreProfile)
	glfw.WindowHint(glfw.OpenGLForwardCompatible, glfw.True)
	g.win, err = glfw.CreateWindow(16, 16, "levelwright-viewport", nil, nil)
	// The hints are global: leave them as the next window (Fyne's) expects.
	glfw.DefaultWindowHints()
	if err != nil {
		return err
	}
	g.win.MakeContextCurrent()
	if err := gl.Init(); err != nil {
		return err
	}
	g.renderer = gl.GoStr(gl.GetString(gl.RENDERER))
	g.vers = gl.GoStr(gl.GetString(gl.VERSION))
	if g.flat, err = link(flatVertexShader, flatFragmentShader, "center", "scale", "size"); err != nil {
		return err
	}
	if g.glyph, err = link(flatVertexShader, glyphFragmentShader, "center", "scale", "size", "glyphs"); err != nil {
		return err
	}
	if g.solid, err = link(solidVertexShader, solidFragmentShader, "transform"); err != nil {
		return err
	}
	if g.textured, err = link(texturedVertexShader, texturedFragmentShader, "transform", "atlas", "opaque"); err != nil {
		return err
	}
	g.flatBuf, g.grid, g.fillBuf, g.solidBuf = newFlatBuffer(), newFlatBuffer(), newFlatBuffer(), newSolidBuffer()
	g.texFlatBuf, g.texSolidBuf, g.frameBuf = newTexturedBuffer(), newTexturedBuffer(), newTexturedBuffer()
	g.font = fontTexture()
	var most int32
	gl.GetIntegerv(gl.MAX_TEXTURE_SIZE, &most)
	g.atlasLimit = min(int(most), atlasMost)
	gl.GenTextures(1, &g.atlasTex)
	gl.UseProgram(g.textured.id)
	gl.Uniform1i(g.textured.uniforms["atlas"], atlasUnit)
	// The atlas of no textures holds the white texel that untextured
	// items show.
	if err := g.syncTextures(); err != nil {
		return err
	}
	gl.GenFramebuffers(1, &g.fbo)
	gl.GenRenderbuffers(1, &g.rbs)
	gl.GenRenderbuffers(1, &g.rbDepth)
	return glError("setup")
}

// release deletes the GL objects.
func (g *GL) release() {
	for _, b := range []buffer{g.flatBuf, g.grid, g.fillBuf, g.solidBuf, g.texFlatBuf, g.texSolidBuf, g.frameBuf} {
		gl.DeleteBuffers(1, &b.vbo)
		gl.DeleteVertexArrays(1, &b.vao)
	}
	for _, p := range []program{g.flat, g.glyph, g.solid, g.textured} {
		gl.DeleteProgram(p.id)
	}
	gl.DeleteTextures(1, &g.font)
	gl.DeleteTextures(1, &g.atlasTex)
	gl.DeleteFramebuffers(1, &g.fbo)
	g.canvas.release()
	gl.DeleteRenderbuffers(1, &g.rbs)
	gl.DeleteRenderbuffers(1, &g.rbDepth)
}

// do runs f on the render thread and waits for it.
func (g *GL) do(f func() error) error {
	g.mu.Lock()
	defer g.mu.Unlock()
	if g.dead {
		return ErrClosed
	}
	done := make(chan error, 1)
	g.calls <- func() { done <- f() }
	return <-done
}

// Close stops the render thread and destroys its window and context.
// Later calls return ErrClosed.
func (g *GL) Close() {
	g.mu.Lock()
	if !g.dead {
		g.dead = true
		close(g.calls)
	}
	g.mu.Unlock()
	<-g.closed
}

// Describe names the OpenGL implementation, as "renderer (version)".
func (g *GL) Describe() string { return fmt.Sprintf("%s (%s)", g.renderer, g.vers) }

// SetList makes l the list the renderer draws; the next frame uploads
// it whole. Its textures are uploaded now, unless they are the ones
// uploaded already; textures that do not fit one OpenGL texture are an
// error, here and at each frame.
func (g *GL) SetList(l *display.List) error {
	if l == nil {
		l = &display.List{}
	}
	return g.do(func() error {
		g.list, g.tess = l, nil
		return g.syncTextures()
	})
}

// Update uploads the items of the current list that c names; items that
// changed their number of vertices, or c.All, upload the list again, as
// do new textures. Sprites are made anew at each frame.
func (g *GL) Update(c display.Changes) error {
	return g.do(func() error {
		if err := g.syncTextures(); err != nil || g.tess == nil || c.Empty() {
			return err
		}
		g.markDamaged(c) // where the items were
		g.markDamaged3D(c)
		changed, ok := g.tess.Update(g.list, c)
		if !ok {
			g.tess = nil
			return nil
		}
		g.markDamaged(c) // where they are
		g.markDamaged3D(c)
		patch(&g.flatBuf, g.tess.Flat, changed.Flat)
		patch(&g.texFlatBuf, g.tess.Textured, changed.Textured)
		patch(&g.solidBuf, g.tess.Solid, changed.Solid)
		patch(&g.texSolidBuf, g.tess.TexSolid, changed.TexSolid)
		return glError("update")
	})
}

// atlasUnit is the texture unit the atlas is bound to; the font's is 0.
const atlasUnit = 1

// syncTextures uploads the list's textures as one atlas when they are
// not the ones uploaded, which also makes the list tessellated again.
func (g *GL) syncTextures() error {
	if g.atlas != nil && slices.Equal(g.atlasOf, g.list.Textures) {
		return g.atlasErr
	}
	g.atlasOf, g.tess = slices.Clone(g.list.Textures), nil
	a, img, err := display.NewAtlas(g.list.Textures, g.atlasLimit)
	if g.atlasErr = err; err != nil {
		return err
	}
	g.atlas = a
	gl.ActiveTexture(gl.TEXTURE0 + atlasUnit)
	gl.BindTexture(gl.TEXTURE_2D, g.atlasTex)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.RGBA8, int32(a.Size.X), int32(a.Size.Y), 0, gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(&img.Pix[0]))
	gl.ActiveTexture(gl.TEXTURE0)
	g.uploads++
	return glError("textures")
}

// prepare tessellates and uploads the list when it is not, or was for
// another Y direction or pixel ratio.
func (g *GL) prepare(cam display.Camera2D) error {
	if err := g.syncTextures(); err != nil {
		return err
	}
	if g.tess != nil && g.tess.Screen.FlipY == cam.FlipY && g.tess.Screen.Ratio() == cam.Ratio() {
		return nil
	}
	g.tess = display.Tessellate(g.list, cam, g.atlas)
	upload(&g.flatBuf, g.tess.Flat)
	upload(&g.texFlatBuf, g.tess.Textured)
	upload(&g.solidBuf, g.tess.Solid)
	upload(&g.texSolidBuf, g.tess.TexSolid)
	return nil
}

// Render2D draws the list's 2D items as cam sees them into a w x h image.
// The image is the renderer's until the next frame but one.
func (g *GL) Render2D(cam display.Camera2D, w, h int) (*image.NRGBA, error) {
	var img *image.NRGBA
	err := g.do(func() (err error) {
		img, err = g.frame2D(cam, w, h)
		return err
	})
	return img, err
}

// frame2D brings the canvas up to date for a w x h view of cam, on the
// render thread, and reads the view back from it. The view is drawn
// anew unless the canvas holds it at its scale, drawn from the same
// tessellation with the same look; then only the damaged pixels and
// those the canvas had not drawn are drawn.
func (g *GL) frame2D(cam display.Camera2D, w, h int) (*image.NRGBA, error) {
	if err := g.prepare(cam); err != nil {
		return nil, err
	}
	if w <= 0 || h <= 0 {
		return nil, fmt.Errorf("viewport: frame of %dx%d", w, h)
	}
	c := &g.canvas
	win, regions, anew := c.plan(cam, w, h, g.tess, lookOf(g.list, cam, w, h))
	if anew {
		if err := c.resize(w, h); err != nil {
			return nil, err
		}
		g.gridVertices = g.gridVertices[:0]
		if grid := g.list.Grid; grid != nil && grid.Spacing*cam.Scale >= 4 {
			g.gridVertices = gridLineVertices(g.gridVertices, grid, g.list.Background, c.cam, display.Vec2{X: g.tess.Origin.X, Y: g.tess.Origin.Y}, c.w, c.h)
		}
		upload(&g.grid, g.gridVertices)
	}
	g.drawn = 0
	g.paint(regions)
	gl.BindFramebuffer(gl.FRAMEBUFFER, c.fbo)
	img := g.read(win.x0, win.y0, w, h)
	return img, glError("render 2D")
}

// fill paints region r of the canvas in c, opaque, with the flat
// program: a software OpenGL clears a region clipped by the scissor test
// several times slower than it draws a rectangle.
func (g *GL) fill(r pixelRect, c color.NRGBA) {
	cam, w, h := g.canvas.cam, float32(g.canvas.w), float32(g.canvas.h)
	o := g.tess.Origin
	x, y := float32(cam.Center.X-o.X), float32(cam.Center.Y-o.Y)
	corner := func(px, py int) display.FlatVertex {
		return display.FlatVertex{X: x, Y: y, OX: float32(px) - w/2, OY: float32(py) - h/2, U: -1, C: display.ColorBytes(c)}
	}
	a, b, cc, d := corner(r.x0, r.y0), corner(r.x1, r.y0), corner(r.x1, r.y1), corner(r.x0, r.y1)
	g.fillVertices = append(g.fillVertices[:0], a, b, cc, a, cc, d)
	upload(&g.fillBuf, g.fillVertices)
	gl.UseProgram(g.flat.id)
	gl.Disable(gl.BLEND)
	g.fillBuf.draw(0, 6)
}

// paint draws the regions of the canvas anew, each clipped to itself:
// the background, the grid and the items whose chunks reach it.
func (g *GL) paint(regions []pixelRect) {
	if len(regions) == 0 {
		return
	}
	c := &g.canvas
	gl.BindFramebuffer(gl.FRAMEBUFFER, c.fbo)
	gl.Viewport(0, 0, int32(c.w), int32(c.h))
	gl.Disable(gl.DEPTH_TEST)
	gl.Disable(gl.CULL_FACE)
	gl.Enable(gl.BLEND)
	gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
	o := g.tess.Origin
	cam := c.cam
	sy := -cam.Scale
	if cam.FlipY {
		sy = cam.Scale
	}
	for _, p := range []program{g.flat, g.glyph} {
		gl.UseProgram(p.id)
		gl.Uniform2f(p.uniforms["center"], float32(cam.Center.X-o.X), float32(cam.Center.Y-o.Y))
		gl.Uniform2f(p.uniforms["scale"], float32(cam.Scale), float32(sy))
		gl.Uniform2f(p.uniforms["size"], float32(c.w), float32(c.h))
	}
	gl.Enable(gl.SCISSOR_TEST)
	defer gl.Disable(gl.SCISSOR_TEST)
	for _, r := range regions {
		gl.Scissor(int32(r.x0), int32(r.y0), int32(r.x1-r.x0), int32(r.y1-r.y0))
		g.fill(r, g.list.Background)
		if g.grid.count > 0 {
			blending(g.gridVertices[0].C[3] != 255)
			gl.BindVertexArray(g.grid.vao)
			gl.DrawArrays(gl.LINES, 0, int32(g.grid.count))
		}
		v := display.ViewOf(cam, c.w, c.h, image.Rect(r.x0, r.y0, r.x1, r.y1), o)
		g.drawn += g.polygons(cam, v, c.w, c.h)
		for _, spans := range [][]display.Span{g.tess.Lines, g.tess.Markers} {
			from, to := display.Extent(spans)
			g.drawn += g.drawVisible(&g.flatBuf, v, g.tess.Boxes, from, to, display.FlatCorner(g.tess.Flat), true)
		}
		// Labels come last, drawn with the font texture; sampling it for
		// every fragment would slow the rest down several times. They
		// are left out where they cannot be read (labelsLegible).
		if c.look.labels {
			gl.Enable(gl.BLEND)
			gl.UseProgram(g.glyph.id)
			gl.ActiveTexture(gl.TEXTURE0)
			gl.BindTexture(gl.TEXTURE_2D, g.font)
			gl.Uniform1i(g.glyph.uniforms["glyphs"], 0)
			from, to := display.Extent(g.tess.Labels)
			g.drawn += g.drawVisible(&g.flatBuf, v, g.tess.Boxes, from, to, display.FlatCorner(g.tess.Flat), false)
		}
	}
}

// Render3D draws the list's triangles and sprites as cam sees them into
// a w x h image, as the software Render3D does. A frame of the camera
// of the last one draws again only what changed items cover (kept3D).
// The image is the renderer's until the next frame but one.
func (g *GL) Render3D(cam display.Camera3D, w, h int) (*image.NRGBA, error) {
	var img *image.NRGBA
	err := g.do(func() error {
		// New textures make the list tessellated again.
		if err := g.syncTextures(); err != nil {
			return err
		}
		if g.tess == nil {
			if err := g.prepare(display.Camera2D{}); err != nil {
				return err
			}
		}
		if err := g.target(w, h); err != nil {
			return err
		}
		o := g.tess.Origin
		// The frame is drawn upside down, so that it reads back top row
		// first; that turns the faces' winding round.
		flip := display.Matrix{1, 0, 0, 0, 0, -1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1}
		shift := display.Matrix{1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, o.X, o.Y, o.Z, 1}
		m := flip.Mul(cam.ViewProjection(float64(w) / float64(h))).Mul(shift)
		regions, anew := g.kept3.plan(cam, w, h, g.tess, g.list.Background3D(), m)
		g.drawn3 = 0
		if len(regions) > 0 {
			var m32 [16]float32
			for i, v := range m {
				m32[i] = float32(v)
			}
			gl.Enable(gl.DEPTH_TEST)
			gl.DepthFunc(gl.LESS)
			gl.Disable(gl.BLEND)
			gl.FrontFace(gl.CW)
			if g.kept3.refaced {
				g.frameFaces(cam)
				g.kept3.refaced = false
			}
			if anew {
				g.clear(g.list.Background3D())
				g.faces(display.Frustum(m), m32)
			} else {
				// A small region cleared under the scissor test costs a
				// software OpenGL little.
				gl.Enable(gl.SCISSOR_TEST)
				for _, r := range regions {
					gl.Scissor(int32(r.x0), int32(r.y0), int32(r.x1-r.x0), int32(r.y1-r.y0))
					g.clear(g.list.Background3D())
					g.faces(g.kept3.regionFrustum(r), m32)
				}
				gl.Disable(gl.SCISSOR_TEST)
			}
		}
		img = g.read(0, 0, w, h)
		return glError("render 3D")
	})
	return img, err
}

// faces draws the 3D faces in the chunks f shows: the untextured opaque
// ones, the textured opaque ones, then the sprites and the translucent
// faces of frameFaces. m is f's transform for OpenGL.
func (g *GL) faces(f display.Frustum, m [16]float32) {
	gl.UseProgram(g.solid.id)
	gl.UniformMatrix4fv(g.solid.uniforms["transform"], 1, false, &m[0])
	gl.Enable(gl.CULL_FACE)
	gl.CullFace(gl.BACK)
	g.drawn3 += g.drawVisible3(&g.solidBuf, f, g.tess.SolidBoxes, 0, g.tess.OneSided[0])
	gl.Disable(gl.CULL_FACE)
	g.drawn3 += g.drawVisible3(&g.solidBuf, f, g.tess.SolidBoxes, g.tess.OneSided[0], g.solidBuf.count)
	g.texturedFaces(f, m)
}

// polygons draws the 2D polygons in list order (the chunks of them that
// v shows), those untextured with the flat program and those textured
// with the textured one, which changes programs only between runs of
// the two; it returns how many vertices it drew.
func (g *GL) polygons(cam display.Camera2D, v display.View2D, w, h int) int {
	if len(g.tess.Textured) > 0 {
		o := g.tess.Origin
		sx, sy := 2*cam.Scale/float64(w), -2*cam.Scale/float64(h)
		if cam.FlipY {
			sy = -sy
		}
		m := [16]float32{float32(sx), 0, 0, 0, 0, float32(sy), 0, 0, 0, 0, 1, 0,
			float32(-(cam.Center.X - o.X) * sx), float32(-(cam.Center.Y - o.Y) * sy), 0, 1}
		gl.UseProgram(g.textured.id)
		gl.UniformMatrix4fv(g.textured.uniforms["transform"], 1, false, &m[0])
		gl.Uniform1i(g.textured.uniforms["opaque"], 0)
		gl.UseProgram(g.flat.id)
	}
	drawn := 0
	for _, r := range g.tess.Runs {
		if r.Textured {
			gl.UseProgram(g.textured.id)
			blending(g.tess.TexturedTranslucent)
			drawn += g.drawVisible(&g.texFlatBuf, v, g.tess.TexturedBoxes, r.From, r.To, display.TexturedCorner(g.tess.Textured), false)
			gl.UseProgram(g.flat.id)
			continue
		}
		drawn += g.drawVisible(&g.flatBuf, v, g.tess.Boxes, r.From, r.To, display.FlatCorner(g.tess.Flat), true)
	}
	return drawn
}

// frameFaces makes the vertices of the frame's sprites, facing the eye,
// and of the translucent faces the eye sees, farthest first, into the
// frame's buffer, and records where each sprite is drawn.
func (g *GL) frameFaces(cam display.Camera3D) {
	eye, right := cam.Eye(), display.CameraRight(cam)
	g.frameVertices = g.frameVertices[:0]
	g.kept3.sprites = g.kept3.sprites[:0]
	for _, s := range g.list.Sprites {
		tex := g.list.Picture(s.Texture)
		faces := display.SpriteFaces(s, tex, eye, right)
		for _, f := range faces {
			g.frameVertices = g.tess.TexturedFace(g.frameVertices, g.list, f, false)
		}
		g.kept3.sprites = append(g.kept3.sprites, g.kept3.spriteRect(faces, g.tess.Origin))
	}
	g.frameSprites = len(g.frameVertices)
	faces := make([]display.Triangle3, len(g.tess.Translucent3))
	for i, f := range g.tess.Translucent3 {
		faces[i] = f.Tri
	}
	for _, i := range display.FarthestFirst(faces, eye) {
		if faces[i].Facing(eye) {
			g.frameVertices = append(g.frameVertices, g.tess.Translucent3[i].Vertices...)
		}
	}
	upload(&g.frameBuf, g.frameVertices)
}

// texturedFaces draws, after the untextured opaque faces, the textured
// opaque ones, then the sprites, then the translucent faces, blended,
// leaving the depth buffer as it is. f is the frame's transform, m the
// same for OpenGL; the chunks of opaque faces outside the view are
// skipped.
func (g *GL) texturedFaces(f display.Frustum, m [16]float32) {
	if g.texSolidBuf.count == 0 && len(g.frameVertices) == 0 {
		return
	}
	sprites := g.frameSprites
	gl.UseProgram(g.textured.id)
	gl.UniformMatrix4fv(g.textured.uniforms["transform"], 1, false, &m[0])
	gl.Uniform1i(g.textured.uniforms["opaque"], 1)
	gl.Enable(gl.CULL_FACE)
	g.drawn3 += g.drawVisible3(&g.texSolidBuf, f, g.tess.TexSolidBoxes, 0, g.tess.OneSided[1])
	gl.Disable(gl.CULL_FACE)
	g.drawn3 += g.drawVisible3(&g.texSolidBuf, f, g.tess.TexSolidBoxes, g.tess.OneSided[1], g.texSolidBuf.count)
	g.frameBuf.draw(0, sprites)
	if sprites < len(g.frameVertices) {
		gl.Uniform1i(g.textured.uniforms["opaque"], 0)
		gl.Enable(gl.BLEND)
		gl.BlendFuncSeparate(gl.SRC_ALPHA, gl.ONE_MINUS_SRC_ALPHA, gl.ONE, gl.ONE_MINUS_SRC_ALPHA)
		gl.DepthMask(false)
		g.frameBuf.draw(sprites, len(g.frameVertices))
		gl.DepthMask(true)
		gl.Disable(gl.BLEND)
	}
}

// drawRuns draws the runs of b's triangles, with one glMultiDrawArrays
// for each stretch of them alike translucent or opaque; with blend,
// those translucent are blended and the others not. It returns how many
// vertices it drew.
func (g *GL) drawRuns(b *buffer, runs []display.DrawRun, blend bool) int {
	drawn := 0
	gl.BindVertexArray(b.vao)
	for i := 0; i < len(runs); {
		g.firsts, g.counts = g.firsts[:0], g.counts[:0]
		j := i
		for ; j < len(runs) && runs[j].Translucent == runs[i].Translucent; j++ {
			g.firsts, g.counts = append(g.firsts, int32(runs[j].From)), append(g.counts, int32(runs[j].To-runs[j].From))
			drawn += runs[j].To - runs[j].From
		}
		if blend {
			blending(runs[i].Translucent)
		}
		gl.MultiDrawArrays(gl.TRIANGLES, &g.firsts[0], &g.counts[0], int32(len(g.firsts)))
		i = j
	}
	return drawn
}

// drawVisible draws the triangles of b from vertex from up to to that v
// shows, with the boxes and corners of b's vertices (drawRuns).
func (g *GL) drawVisible(b *buffer, v display.View2D, boxes []display.Box, from, to int, corner func(int) (x, y, reach float32), blend bool) int {
	g.runs = v.Visible(g.runs[:0], boxes, from, to, corner)
	return g.drawRuns(b, g.runs, blend)
}

// drawVisible3 draws the triangles of b from vertex from up to to in
// the chunks f shows, with the boxes of b's vertices.
func (g *GL) drawVisible3(b *buffer, f display.Frustum, boxes []display.Box3, from, to int) int {
	g.runs = f.Visible(g.runs[:0], boxes, from, to)
	return g.drawRuns(b, g.runs, false)
}

// blending turns blending on or off.
func blending(on bool) {
	if on {
		gl.Enable(gl.BLEND)
	} else {
		gl.Disable(gl.BLEND)
	}
}

// clear fills the 3D frame with bg and resets its depth buffer.
func (g *GL) clear(bg color.NRGBA) {
	gl.ClearColor(float32(bg.R)/255, float32(bg.G)/255, float32(bg.B)/255, float32(bg.A)/255)
	gl.ClearDepth(1)
	gl.Clear(gl.COLOR_BUFFER_BIT | gl.DEPTH_BUFFER_BIT)
}

// target binds the 3D frame's framebuffer at w x h, resizing it if
// needed.
func (g *GL) target(w, h int) error {
	if w <= 0 || h <= 0 {
		return fmt.Errorf("viewport: frame of %dx%d", w, h)
	}
	gl.BindFramebuffer(gl.FRAMEBUFFER, g.fbo)
	if w != g.fbW || h != g.fbH {
		gl.BindRenderbuffer(gl.RENDERBUFFER, g.rbs)
		gl.RenderbufferStorage(gl.RENDERBUFFER, gl.RGBA8, int32(w), int32(h))
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.COLOR_ATTACHMENT0, gl.RENDERBUFFER, g.rbs)
		gl.BindRenderbuffer(gl.RENDERBUFFER, g.rbDepth)
		gl.RenderbufferStorage(gl.RENDERBUFFER, gl.DEPTH_COMPONENT24, int32(w), int32(h))
		gl.FramebufferRenderbuffer(gl.FRAMEBUFFER, gl.DEPTH_ATTACHMENT, gl.RENDERBUFFER, g.rbDepth)
		if s := gl.CheckFramebufferStatus(gl.FRAMEBUFFER); s != gl.FRAMEBUFFER_COMPLETE {
			g.fbW, g.fbH = 0, 0
			return fmt.Errorf("viewport: framebuffer of %dx%d incomplete (0x%x)", w, h, s)
		}
		g.fbW, g.fbH = w, h
	}
	gl.Viewport(0, 0, int32(w), int32(h))
	return nil
}

// read copies the w x h pixels of the bound framebuffer from x, y into
// the next of two images.
func (g *GL) read(x, y, w, h int) *image.NRGBA {
	img := g.images[g.next]
	if img == nil || img.Rect.Dx() != w || img.Rect.Dy() != h {
		img = image.NewNRGBA(image.Rect(0, 0, w, h))
		g.images[g.next] = img
	}
	g.next = 1 - g.next
	gl.PixelStorei(gl.PACK_ALIGNMENT, 1)
	gl.ReadPixels(int32(x), int32(y), int32(w), int32(h), gl.RGBA, gl.UNSIGNED_BYTE, gl.Ptr(&img.Pix[0]))
	return img
}

// gridLineVertices appends the grid's lines, as pairs of line ends
// through the centres of the pixels where the software renderer draws
// them: one pixel wide lines that OpenGL draws much faster than thin
// quads, in the grid's shade over the background bg. Their world point
// is the camera's centre, so that the offsets alone place them.
func gridLineVertices(out []display.FlatVertex, g *display.Grid, bg color.NRGBA, cam display.Camera2D, origin display.Vec2, w, h int) []display.FlatVertex {
	cx, cy := float32(cam.Center.X-origin.X), float32(cam.Center.Y-origin.Y)
	c := display.ColorBytes(display.GridShade(g.Color, bg))
	hw, hh := float32(w)/2, float32(h)/2
	end := func(ox, oy float32) display.FlatVertex {
		return display.FlatVertex{X: cx, Y: cy, OX: ox, OY: oy, U: -1, C: c}
	}
	for _, sx := range display.GridLines(g, cam, w, h, true) {
		x := float32(sx) + 0.5 - hw
		out = append(out, end(x, -hh), end(x, hh))
	}
	for _, sy := range display.GridLines(g, cam, w, h, false) {
		y := float32(sy) + 0.5 - hh
		out = append(out, end(-hw, y), end(hw, y))
	}
	return out
}

func newFlatBuffer() buffer {
	b := newBuffer()
	stride := int32(unsafe.Sizeof(display.FlatVertex{}))
	gl.VertexAttribPointerWithOffset(0, 2, gl.FLOAT, false, stride, unsafe.Offsetof(display.FlatVertex{}.X))
	gl.VertexAttribPointerWithOffset(1, 2, gl.FLOAT, false, stride, unsafe.Offsetof(display.FlatVertex{}.OX))
	gl.VertexAttribPointerWithOffset(2, 2, gl.FLOAT, false, stride, unsafe.Offsetof(display.FlatVertex{}.U))
	gl.VertexAttribPointerWithOffset(3, 4, gl.UNSIGNED_BYTE, true, stride, unsafe.Offsetof(display.FlatVertex{}.C))
	for i := range uint32(4) {
		gl.EnableVertexAttribArray(i)
	}
	return b
}

func newSolidBuffer() buffer {
	b := newBuffer()
	stride := int32(unsafe.Sizeof(display.SolidVertex{}))
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, stride, unsafe.Offsetof(display.SolidVertex{}.X))
	gl.VertexAttribPointerWithOffset(1, 4, gl.UNSIGNED_BYTE, true, stride, unsafe.Offsetof(display.SolidVertex{}.C))
	for i := range uint32(2) {
		gl.EnableVertexAttribArray(i)
	}
	return b
}

func newTexturedBuffer() buffer {
	b := newBuffer()
	stride := int32(unsafe.Sizeof(display.TexturedVertex{}))
	gl.VertexAttribPointerWithOffset(0, 3, gl.FLOAT, false, stride, unsafe.Offsetof(display.TexturedVertex{}.X))
	gl.VertexAttribPointerWithOffset(1, 2, gl.FLOAT, false, stride, unsafe.Offsetof(display.TexturedVertex{}.U))
	gl.VertexAttribPointerWithOffset(2, 4, gl.UNSIGNED_BYTE, true, stride, unsafe.Offsetof(display.TexturedVertex{}.C))
	gl.VertexAttribPointerWithOffset(3, 4, gl.UNSIGNED_BYTE, true, stride, unsafe.Offsetof(display.TexturedVertex{}.A))
	gl.VertexAttribIPointerWithOffset(4, 4, gl.UNSIGNED_SHORT, stride, unsafe.Offsetof(display.TexturedVertex{}.R))
	for i := range uint32(5) {
		gl.EnableVertexAttribArray(i)
	}
	return b
}

func newBuffer() buffer {
	var b buffer
	gl.GenVertexArrays(1, &b.vao)
	gl.BindVertexArray(b.vao)
	gl.GenBuffers(1, &b.vbo)
	gl.BindBuffer(gl.ARRAY_BUFFER, b.vbo)
	return b
}

// upload replaces the buffer's vertices.
func upload[V display.FlatVertex | display.SolidVertex | display.TexturedVertex](b *buffer, vs []V) {
	b.count = len(vs)
	if len(vs) == 0 {
		return
	}
	size := len(vs) * int(unsafe.Sizeof(vs[0]))
	gl.BindBuffer(gl.ARRAY_BUFFER, b.vbo)
	if size > b.capacity {
		// A quarter more, for items appended later.
		b.capacity = size + size/4
		gl.BufferData(gl.ARRAY_BUFFER, b.capacity, nil, gl.DYNAMIC_DRAW)
	}
	gl.BufferSubData(gl.ARRAY_BUFFER, 0, size, unsafe.Pointer(&vs[0]))
}

// patch uploads the spans of vs that changed; vs may have grown (items
// appended), past the buffer's room too.
func patch[V display.FlatVertex | display.SolidVertex | display.TexturedVertex](b *buffer, vs []V, spans []display.Span) {
	if len(spans) == 0 {
		return
	}
	size := int(unsafe.Sizeof(vs[0]))
	if len(vs)*size > b.capacity {
		upload(b, vs)
		return
	}
	b.count = len(vs)
	gl.BindBuffer(gl.ARRAY_BUFFER, b.vbo)
	for _, s := range spans {
		if s.Count > 0 {
			gl.BufferSubData(gl.ARRAY_BUFFER, s.Start*size, s.Count*size, unsafe.Pointer(&vs[s.Start]))
		}
	}
}

// draw draws the triangles of vertices from up to to.
func (b *buffer) draw(from, to int) {
	if to <= from {
		return
	}
	gl.BindVertexArray(b.vao)
	gl.DrawArrays(gl.TRIANGLES, int32(from), int32(to-from))
}

// fontTexture uploads the label font's glyph mask as a one-channel
// texture.
func fontTexture() uint32 {
	mask := display.LabelFace.Mask.(*image.Alpha)
	var tex uint32
	gl.GenTextures(1, &tex)
	gl.BindTexture(gl.TEXTURE_2D, tex)
	gl.PixelStorei(gl.UNPACK_ALIGNMENT, 1)
	b := mask.Rect
	pix := make([]uint8, b.Dx()*b.Dy())
	for y := range b.Dy() {
		copy(pix[y*b.Dx():], mask.Pix[mask.PixOffset(b.Min.X, b.Min.Y+y):][:b.Dx()])
	}
	gl.TexImage2D(gl.TEXTURE_2D, 0, gl.R8, int32(b.Dx()), int32(b.Dy()), 0, gl.RED, gl.UNSIGNED_BYTE, gl.Ptr(&pix[0]))
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MIN_FILTER, gl.NEAREST)
	gl.TexParameteri(gl.TEXTURE_2D, gl.TEXTURE_MAG_FILTER, gl.NEAREST)
	return tex
}

// link compiles and links a program and looks up its uniforms.
func link(vertex, fragment string, uniforms ...string) (program, error) {
	vs, err := compile(gl.VERTEX_SHADER, vertex)
	if err != nil {
		return program{}, err
	}
	defer gl.DeleteShader(vs)
	fs, err := compile(gl.FRAGMENT_SHADER, fragment)
	if err != nil {
		return program{}, err
	}
	defer gl.DeleteShader(fs)
	p := program{id: gl.CreateProgram(), uniforms: map[string]int32{}}
	gl.AttachShader(p.id, vs)
	gl.AttachShader(p.id, fs)
	gl.LinkProgram(p.id)
	var ok int32
	gl.GetProgramiv(p.id, gl.LINK_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetProgramiv(p.id, gl.INFO_LOG_LENGTH, &n)
		log := strings.Repeat("\x00", int(n+1))
		gl.GetProgramInfoLog(p.id, n, nil, gl.Str(log))
		return program{}, fmt.Errorf("link: %s", strings.TrimRight(log, "\x00"))
	}
	for _, u := range uniforms {
		p.uniforms[u] = gl.GetUniformLocation(p.id, gl.Str(u+"\x00"))
	}
	return p, nil
}

func compile(kind uint32, source string) (uint32, error) {
	s := gl.CreateShader(kind)
	src, free := gl.Strs(source + "\x00")
	gl.ShaderSource(s, 1, src, nil)
	free()
	gl.CompileShader(s)
	var ok int32
	gl.GetShaderiv(s, gl.COMPILE_STATUS, &ok)
	if ok == gl.FALSE {
		var n int32
		gl.GetShaderiv(s, gl.INFO_LOG_LENGTH, &n)
		log := strings.Repeat("\x00", int(n+1))
		gl.GetShaderInfoLog(s, n, nil, gl.Str(log))
		gl.DeleteShader(s)
		return 0, fmt.Errorf("compile: %s", strings.TrimRight(log, "\x00"))
	}
	return s, nil
}

func glError(what string) error {
	if e := gl.GetError(); e != gl.NO_ERROR {
		return fmt.Errorf("viewport: OpenGL error 0x%x in %s", e, what)
	}
	return nil
}

// The 2D program places each vertex at its world point plus its pixel
// offset, in a frame whose first row is the screen's top. Its colour is
// flat, the same at every corner of a triangle (its last corner's):
// a software OpenGL then does not interpolate it at each pixel.
const flatVertexShader = `#version 330 core
layout(location = 0) in vec2 world;
layout(location = 1) in vec2 offset;
layout(location = 2) in vec2 texel;
layout(location = 3) in vec4 color;
uniform vec2 center;
uniform vec2 scale;
uniform vec2 size;
out vec2 vTexel;
flat out vec4 vColor;
void main() {
	vec2 anchor = size * 0.5 + (world - center) * scale;
	if (texel.x >= 0.0) {
		anchor = floor(anchor);
	}
	vec2 p = anchor + offset;
	gl_Position = vec4(p / size * 2.0 - 1.0, 0.0, 1.0);
	vTexel = texel;
	vColor = color;
}
`

const flatFragmentShader = `#version 330 core
in vec2 vTexel;
flat in vec4 vColor;
out vec4 fragment;
void main() {
	fragment = vColor;
}
`

// The glyph program takes the alpha from the font's mask.
const glyphFragmentShader = `#version 330 core
in vec2 vTexel;
flat in vec4 vColor;
uniform sampler2D glyphs;
out vec4 fragment;
void main() {
	fragment = vec4(vColor.rgb, vColor.a * texelFetch(glyphs, ivec2(vTexel), 0).r);
}
`

// The 3D program draws faces in their colour, flat as the 2D one does.
// One-sided faces seen from behind are culled, before they cost any
// fragment.
const solidVertexShader = `#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec4 color;
uniform mat4 transform;
flat out vec4 vColor;
void main() {
	gl_Position = transform * vec4(position, 1.0);
	vColor = color;
}
`

const solidFragmentShader = `#version 330 core
flat in vec4 vColor;
out vec4 fragment;
void main() {
	fragment = vColor;
}
`

// The textured program draws textured polygons and faces, sprites and
// translucent faces: each texel of its texture, repeating inside its
// place in the atlas, times its colour plus the colour its state adds;
// texels of alpha 0 are left out. Untextured items show the atlas's
// white texel. When opaque is set, what it draws is opaque. The texel is
// found with fract in texels and read through the sampler (nearest): on
// llvmpipe that costs a third less than texelFetch with an integer mod.
const texturedVertexShader = `#version 330 core
layout(location = 0) in vec3 position;
layout(location = 1) in vec2 uv;
layout(location = 2) in vec4 color;
layout(location = 3) in vec4 added;
layout(location = 4) in uvec4 rect;
uniform mat4 transform;
out vec2 vUV;
flat out vec4 vColor;
flat out vec4 vAdded;
flat out uvec4 vRect;
void main() {
	gl_Position = transform * vec4(position, 1.0);
	vUV = uv;
	vColor = color;
	vAdded = added;
	vRect = rect;
}
`

const texturedFragmentShader = `#version 330 core
in vec2 vUV;
flat in vec4 vColor;
flat in vec4 vAdded;
flat in uvec4 vRect;
uniform sampler2D atlas;
uniform bool opaque;
out vec4 fragment;
void main() {
	vec2 size = vec2(vRect.zw);
	vec2 at = vec2(vRect.xy) + min(floor(fract(vUV / size) * size), size - 1.0) + 0.5;
	vec4 texel = texture(atlas, at / vec2(textureSize(atlas, 0)));
	if (texel.a == 0.0) {
		discard;
	}
	vec4 c = texel * vColor + vAdded;
	fragment = opaque ? vec4(c.rgb, 1.0) : c;
}
`
