package turok

import (
	"fmt"
	"math"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// ClipKind names the text form of a Clip.
const ClipKind = "levelwright-turok-entities/1"

// Clip is a copy of actors and static meshes that holds all a paste
// needs, into the map it came from or any other: the records as they
// were, and how high each stood above the floor under it.
type Clip struct {
	Kind   string      `json:"kind"`
	Actors []ClipActor `json:"actors"`
	Meshes []ClipMesh  `json:"meshes"`
}

// ClipActor is a copied actor and the height it stood above the floor,
// nil when it stood over no sector.
type ClipActor struct {
	Actor codec.Actor `json:"actor"`
	Above *float32    `json:"above,omitempty"`
}

// ClipMesh is a copied static mesh and the height it stood above (or
// sank below) the floor, nil when it stood over no sector.
type ClipMesh struct {
	Mesh  codec.StaticMesh `json:"mesh"`
	Above *float32         `json:"above,omitempty"`
}

// Copy copies actors and static meshes (by number across the sections)
// into a clip.
func (d *Document) Copy(actors, meshes []int) (Clip, error) {
	if len(actors)+len(meshes) == 0 {
		return Clip{}, fmt.Errorf("nothing to copy: only actors and static meshes copy")
	}
	if len(actors) > 0 {
		if err := checkIndexes("actor", actors, len(d.Map.Actors)); err != nil {
			return Clip{}, err
		}
	}
	if len(meshes) > 0 {
		if err := checkIndexes("static mesh", meshes, d.Map.MeshCount()); err != nil {
			return Clip{}, err
		}
	}
	above := func(p codec.Vec3) *float32 {
		if h, ok := d.heightAbove(p); ok {
			return &h
		}
		return nil
	}
	c := Clip{Kind: ClipKind}
	for _, i := range actors {
		a := d.Map.Actors[i]
		c.Actors = append(c.Actors, ClipActor{a, above(a.Origin)})
	}
	items := d.meshItems()
	for _, g := range meshes {
		s := items[g].mesh
		c.Meshes = append(c.Meshes, ClipMesh{s, above(s.Origin)})
	}
	return c, nil
}

// Text is c as JSON, in the exact form of document.MarshalExact (a
// model path that is not UTF-8 and a NaN are copied as they are).
func (c Clip) Text() (string, error) {
	b, err := document.MarshalExact(c)
	if err != nil {
		return "", fmt.Errorf("copy of Turok entities: %w", err)
	}
	return string(b), nil
}

// ParseClip reads a clip from text, refusing other text.
func ParseClip(text string) (Clip, error) {
	var c Clip
	if err := document.UnmarshalExact([]byte(text), &c); err != nil || c.Kind != ClipKind {
		return Clip{}, fmt.Errorf("the clipboard holds no Turok actors or static meshes (want JSON of kind %q)", ClipKind)
	}
	return c, nil
}

// Center is the middle of the box around the clip's origins, in X and Y.
func (c Clip) Center() codec.XY {
	var a area
	for _, ca := range c.Actors {
		a.add(ca.Actor.Origin)
	}
	for _, cm := range c.Meshes {
		a.add(cm.Mesh.Origin)
	}
	return codec.XY{X: (a.lo.X + a.hi.X) / 2, Y: (a.lo.Y + a.hi.Y) / 2}
}

// describe names what c holds: "2 actors and 1 static mesh".
func (c Clip) describe() string {
	var parts []string
	if len(c.Actors) > 0 {
		parts = append(parts, document.Count(len(c.Actors), "actor"))
	}
	if len(c.Meshes) > 0 {
		parts = append(parts, document.Count(len(c.Meshes), "static mesh"))
	}
	return strings.Join(parts, " and ")
}

// Paste adds the clip's actors and static meshes, moved by offset in X
// and Y, as one step, and returns the new actors' indexes and the new
// meshes' numbers. Each lands on the floor under its new place at the
// height it stood above its old one (see landOn; actors never below
// it), and takes the sector there; a mesh joins the grid section that
// holds it, with a visibility column of its own (visible from
// everywhere: the tables are then stale).
//
// Links stay inside the copy: a copied actor that targets a TID another
// copied actor carries targets the copy; a target TID no copied actor
// carries is cleared (-1), as the actor it named is not pasted. A copied
// TID the map's actors already carry would join the copy to them: it
// becomes a TID no actor carries when a copied actor targets it, and is
// cleared (0) otherwise.
func (d *Document) Paste(c Clip, offset codec.XY) (actors, meshes []int, err error) {
	return d.paste(c, offset, "Paste "+c.describe())
}

// DuplicateMeshes copies static meshes, moved by offset in X and Y and
// landing on the floor there as a paste does, as one step, and returns
// the copies' numbers.
func (d *Document) DuplicateMeshes(indexes []int, offset codec.XY) ([]int, error) {
	if err := checkIndexes("static mesh", indexes, d.Map.MeshCount()); err != nil {
		return nil, err
	}
	c, err := d.Copy(nil, indexes)
	if err != nil {
		return nil, err
	}
	_, meshes, err := d.paste(c, offset, "Duplicate "+describe("static mesh", indexes))
	return meshes, err
}

func (d *Document) paste(c Clip, offset codec.XY, description string) (actors, meshes []int, err error) {
	if len(c.Actors)+len(c.Meshes) == 0 {
		return nil, nil, fmt.Errorf("the copy holds no actors or static meshes")
	}
	if len(c.Meshes) > 0 && len(d.Map.Sections) == 0 {
		return nil, nil, fmt.Errorf("the map has no grid section to hold a static mesh")
	}
	if err := roomFor("actor", len(d.Map.Actors), len(c.Actors)); err != nil {
		return nil, nil, err
	}
	if err := roomFor("static mesh", d.Map.MeshCount(), len(c.Meshes)); err != nil {
		return nil, nil, err
	}
	tid, target, err := d.relink(c.Actors)
	if err != nil {
		return nil, nil, err
	}
	moved := func(p codec.Vec3, above *float32, below bool) codec.Vec3 {
		to := codec.Vec3{X: p.X + offset.X, Y: p.Y + offset.Y, Z: p.Z}
		if above == nil {
			return to
		}
		height := *above
		if height < 0 && !below {
			height = 0
		}
		return d.landOn(to, height)
	}
	var added []codec.Actor
	for k, ca := range c.Actors {
		a := ca.Actor
		a.Origin = moved(a.Origin, ca.Above, false)
		if err := d.settle(actorPlacement(&a, nil), actorPlacement(&ca.Actor, nil)); err != nil {
			return nil, nil, fmt.Errorf("copied actor %d: %w", k, err)
		}
		a.TID, a.TargetTID = tid(a.TID), target(a.TargetTID)
		added = append(added, a)
	}
	items, grid := d.meshItems(), d.Map.SectionGrid()
	for k, cm := range c.Meshes {
		s := cm.Mesh
		s.Origin = moved(s.Origin, cm.Above, true)
		if err := d.settleMesh(&s, cm.Mesh, true); err != nil {
			return nil, nil, fmt.Errorf("copied static mesh %d: %w", k, err)
		}
		items = append(items, meshItem{mesh: s, from: -1, section: -1, to: d.home(grid, s.Origin, 0)})
	}
	e := d.begin()
	if len(added) > 0 {
		document.Touch(e.Edit, actorsTable)
		for range added {
			actors = append(actors, len(d.Map.Actors)+len(actors))
		}
		e.Born[KindActor] = append(e.Born[KindActor], actors...)
		d.Map.Actors = append(d.Map.Actors, added...)
	}
	if len(c.Meshes) > 0 {
		e.arrange(items)
		meshes = slices.Clone(e.Born[KindMesh])
	}
	return actors, meshes, e.Commit(description, "")
}

// relink returns what a pasted actor's TID and target TID become (see
// Paste).
func (d *Document) relink(copied []ClipActor) (tid, target func(int16) int16, err error) {
	used, carried := map[int16]bool{}, map[int16]bool{}
	for _, a := range d.Map.Actors {
		used[a.TID] = true
	}
	for _, ca := range copied {
		carried[ca.Actor.TID] = true
	}
	renamed := map[int16]int16{}
	free := int16(1)
	for _, ca := range copied {
		t := ca.Actor.TargetTID
		if t <= 0 || !carried[t] || !used[t] {
			continue
		}
		if _, done := renamed[t]; done {
			continue
		}
		for used[free] || carried[free] {
			if free == math.MaxInt16 {
				return nil, nil, fmt.Errorf("the map's and the copy's actors carry every TID from 1 to %d: none is free for copied TID %d", math.MaxInt16, t)
			}
			free++
		}
		renamed[t] = free
		used[free] = true
	}
	tid = func(t int16) int16 {
		if n, ok := renamed[t]; ok {
			return n
		}
		if t > 0 && used[t] {
			return 0
		}
		return t
	}
	target = func(t int16) int16 {
		if t <= 0 {
			return t
		}
		if !carried[t] {
			return -1
		}
		return tid(t)
	}
	return tid, target, nil
}
