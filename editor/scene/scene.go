// Package scene is what the games' scenes share: a level as the
// viewport's display list (what the map view and the 3D view draw), the
// entity behind each item for picking, selection marks, and incremental
// update after edits. Each game column draws its own levels as a Source.
package scene

import (
	"cmp"
	"image"
	"image/color"
	"image/draw"
	"math"
	"slices"

	"github.com/levelwright/levelwright/display"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/undo"
)

// Scene is a level as the viewport draws it: the list, how the map
// view's Y axis runs, and the entity each item's ID names. After an edit,
// Update draws again only the entities the edit changed.
type Scene struct {
	List  display.List
	FlipY bool // world Y grows down the screen (Marathon, System Shock)
	// Appends says that an entity Update reaches which was not drawn
	// (one added) is drawn after all the others, the viewport told of its
	// items as appended, rather than the scene built again: for a source
	// whose drawing order of such entities does not matter.
	Appends bool

	source     Source
	mode       string          // the draw mode's name
	hidden     map[string]bool // the layers hidden, by name
	refs       []document.Ref
	entities   *table[entity]
	items      []items
	rebuilt    bool           // the last Update built the scene again
	reached    []document.Ref // what the last Update drew again (Reached)
	selection  []document.Ref // the entities selected, as Select was given them
	unselected []document.Ref // the selection before, kept for its room
	selected   table[bool]
	// restate's scratch: the stamp of its call that last marked the
	// items of each span, and the spans it marks.
	restated   []uint32
	restateGen uint32
	restating  []int
	// flat is set while only the map is shown (SetFlat): the states of
	// the 3D items of the entities in waiting, marked in waits by span,
	// are brought up to date when the 3D view is shown.
	flat     bool
	waiting  []document.Ref
	waits    []bool
	hovered  document.Ref // the entity under the pointer (Hover), when hovering
	hovering bool
	textures *textures
	room     int // the entities the tables were made for
}

// entity is what a scene knows of an entity: the ID its items carry (0
// before it has one), and where its items lie, as its index in the
// scene's items plus one (0 while it is not drawn).
type entity struct {
	id   display.ID
	span int
}

// span is where r's items lie, as its index in the scene's items; ok is
// false when r is not drawn.
func (s *Scene) span(r document.Ref) (at int, ok bool) {
	at = s.entities.at(r).span - 1
	return at, at >= 0
}

// textures are the pictures a scene's items name, kept across builds so
// that a renderer uploads them once.
type textures struct {
	ids    map[any]display.TextureID
	images []*image.NRGBA
}

// Texture is the TextureID of the picture that key names, adding it with
// picture() the first time; a picture that is nil gives 0 (untextured),
// and is asked for again next time.
func (s *Scene) Texture(key any, picture func() image.Image) display.TextureID {
	if id, ok := s.textures.ids[key]; ok {
		return id
	}
	img := picture()
	if img == nil {
		return 0
	}
	n, ok := img.(*image.NRGBA)
	if !ok || n.Rect.Min != (image.Point{}) {
		n = image.NewNRGBA(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		draw.Draw(n, n.Rect, img, img.Bounds().Min, draw.Src)
	}
	s.textures.images = append(s.textures.images, n)
	id := display.TextureID(len(s.textures.images))
	s.textures.ids[key] = id
	s.List.Textures = s.textures.images
	return id
}

// Source is a game's level as a scene draws it.
type Source interface {
	// Build sets the list's background and grid and draws every entity
	// (with Scene.Entity).
	Build(s *Scene)
	// Draw appends the items of one entity, in the Normal state: the
	// scene marks them selected or under the pointer, and marks them
	// again when that changes, without drawing them again.
	Draw(s *Scene, r document.Ref)
	// Affected lists the entities that changes alter, or says that the
	// whole scene must be built again.
	Affected(changes []undo.Change) (refs []document.Ref, all bool)
	// Modes lists the ways the map can be coloured, the first by
	// default, with their legends for the level as it is.
	Modes() []Mode
	// Layers lists what the map can show or hide; Draw leaves out the
	// items of hidden layers (Scene.Shown).
	Layers() []Layer
}

// A Grounder is a Source whose 3D view does not stand map point (X, Y)
// at (X, Y, height): it gives the map point under a point of its 3D
// view.
type Grounder interface {
	MapPoint(p display.Vec3) display.Vec2
}

// MapPoint is the map point under p, a point of the 3D view.
func (s *Scene) MapPoint(p display.Vec3) display.Vec2 {
	if g, ok := s.source.(Grounder); ok {
		return g.MapPoint(p)
	}
	return display.Vec2{X: p.X, Y: p.Y}
}

// kinds of items, as the slices of a display.List.
const (
	polygons = iota
	lines
	markers
	labels
	triangles
	sprites
	itemKinds
)

// items is where an entity's items lie in each of the list's slices:
// from [k][0] up to [k][1].
type items [itemKinds][2]int

// n is how many items of each kind it spans.
func (it items) n() (n [itemKinds]int) {
	for k, span := range it {
		n[k] = span[1] - span[0]
	}
	return n
}

// counts is how many items of each kind l holds.
func counts(l *display.List) [itemKinds]int {
	return [itemKinds]int{len(l.Polygons), len(l.Lines), len(l.Markers), len(l.Labels), len(l.Triangles), len(l.Sprites)}
}

// New builds the scene of src; flipY is set when world Y grows down the
// screen.
func New(src Source, flipY bool) *Scene {
	s := &Scene{FlipY: flipY, source: src, mode: src.Modes()[0].Name, hidden: map[string]bool{},
		textures: &textures{ids: map[any]display.TextureID{}}}
	for _, l := range src.Layers() {
		s.hidden[l.Name] = l.Off
	}
	s.build()
	return s
}

// build draws the scene anew, its tables and lists sized as they were
// (a layer or mode changes a few of them), to spare growing them again.
func (s *Scene) build() {
	n, c := len(s.items), counts(&s.List)
	s.List = display.List{Textures: s.textures.images,
		Polygons: make([]display.Polygon, 0, c[polygons]), Lines: make([]display.Line, 0, c[lines]),
		Markers: make([]display.Marker, 0, c[markers]), Labels: make([]display.Label, 0, c[labels]),
		Triangles: make([]display.Triangle3, 0, c[triangles]), Sprites: make([]display.Sprite3, 0, c[sprites])}
	s.makeTables(n)
	s.source.Build(s)
}

// makeTables makes the scene's tables of entities, empty, with room for n.
func (s *Scene) makeTables(n int) {
	s.refs, s.entities, s.room = make([]document.Ref, 0, n), &table[entity]{}, n
	s.items = make([]items, 0, n)
	s.waiting, s.waits = s.waiting[:0], s.waits[:0] // every item is drawn in its state
}

// Reserve makes room for n entities when a Build begins, so that a
// source that knows how many it draws spares the scene growing its
// tables again and again; later, or for fewer than there is room for,
// it does nothing.
func (s *Scene) Reserve(n int) {
	if len(s.items) == 0 && n > s.room {
		s.makeTables(n)
	}
}

// Entity draws r's items and notes where they lie.
func (s *Scene) Entity(r document.Ref) {
	before := counts(&s.List)
	s.source.Draw(s, r)
	it := between(before, counts(&s.List))
	if st := s.stateOf(r); st != display.Normal {
		s.mark(it, st)
	}
	e := s.entities.at(r)
	e.span = len(s.items) + 1
	s.entities.set(r, e)
	s.items = append(s.items, it)
}

// Update draws again what changes altered, in place, and says which
// items changed for the viewport. When an entity's items change in
// number, they take the place of its old ones and the answer is
// Changes{All: true}; an entity not drawn yet is drawn after the others
// when the scene Appends, or else, as when the change reaches the whole
// level, the scene is built again.
func (s *Scene) Update(changes []undo.Change) display.Changes {
	refs, all := s.source.Affected(changes)
	s.rebuilt, s.reached = false, refs
	if !all {
		if c, ok := s.redraw(refs, s.Appends); ok {
			return c
		}
	}
	// The entity under the pointer may be gone: the view, told that the
	// whole list changed, says again which is under it (Hover).
	s.hovering = false
	s.build()
	s.rebuilt = true
	return display.Changes{All: true}
}

// Rebuilt reports whether the last Update built the scene again, its
// grid and legends with it, rather than drawing some entities again.
func (s *Scene) Rebuilt() bool { return s.rebuilt }

// Reached lists the entities whose drawing the last Update's changes
// altered, as the source's Affected listed them; when the Update
// Rebuilt the scene, they reached the whole level, and the list is not
// to be relied on.
func (s *Scene) Reached() []document.Ref { return s.reached }

// redrawn is an entity drawn again with another number of items: its
// items before, and where its items now lie in the list they were kept
// in.
type redrawn struct {
	at  int // its index in the scene's items
	old items
	now items
}

// redraw draws refs again, one after another, into a scratch list whose
// IDs are the scene's, and copies each one's items over its old ones
// when they are as many; the others are kept, and put in their old
// ones' place (moving the items after them) once all are drawn. With
// appends, it draws those of refs not drawn yet after all the others.
// ok is false, and nothing is drawn, when one of refs was not drawn,
// without appends.
func (s *Scene) redraw(refs []document.Ref, appends bool) (display.Changes, bool) {
	var c display.Changes
	if !appends && slices.ContainsFunc(refs, func(r document.Ref) bool { _, drawn := s.span(r); return !drawn }) {
		return c, false
	}
	scratch := &Scene{source: s.source, mode: s.mode, hidden: s.hidden, refs: s.refs, entities: s.entities, textures: s.textures}
	var kept display.List
	var resized []redrawn
	var added []document.Ref
	var seen table[bool]
	for _, r := range refs {
		if seen.at(r) {
			continue
		}
		seen.set(r, true)
		at, ok := s.span(r)
		if !ok {
			added = append(added, r)
			continue
		}
		empty(&scratch.List)
		s.source.Draw(scratch, r)
		n := counts(&scratch.List)
		if st := s.stateOf(r); st != display.Normal {
			scratch.mark(between([itemKinds]int{}, n), st)
		}
		old := s.items[at]
		if n == old.n() {
			overwrite(&s.List, old, &scratch.List)
			name(&c, old)
			continue
		}
		before := counts(&kept)
		appendItems(&kept, &scratch.List)
		resized = append(resized, redrawn{at: at, old: old, now: between(before, counts(&kept))})
	}
	s.refs = scratch.refs
	if len(resized) > 0 {
		s.splice(resized, &kept)
		s.append(added)
		s.List.Textures = s.textures.images
		return display.Changes{All: true}, true
	}
	before := counts(&s.List)
	s.append(added)
	name(&c, between(before, counts(&s.List)))
	if len(s.List.Textures) != len(s.textures.images) {
		s.List.Textures = s.textures.images
		c.All = true
	}
	return c, true
}

// empty takes away l's items, keeping the room they took.
func empty(l *display.List) {
	l.Polygons, l.Lines, l.Markers = l.Polygons[:0], l.Lines[:0], l.Markers[:0]
	l.Labels, l.Triangles, l.Sprites = l.Labels[:0], l.Triangles[:0], l.Sprites[:0]
}

// overwrite copies the items of src over those of dst that at spans,
// as many.
func overwrite(dst *display.List, at items, src *display.List) {
	copy(part(dst.Polygons, at[polygons]), src.Polygons)
	copy(part(dst.Lines, at[lines]), src.Lines)
	copy(part(dst.Markers, at[markers]), src.Markers)
	copy(part(dst.Labels, at[labels]), src.Labels)
	copy(part(dst.Triangles, at[triangles]), src.Triangles)
	copy(part(dst.Sprites, at[sprites]), src.Sprites)
}

// appendItems appends the items of src to dst.
func appendItems(dst, src *display.List) {
	dst.Polygons, dst.Lines = append(dst.Polygons, src.Polygons...), append(dst.Lines, src.Lines...)
	dst.Markers, dst.Labels = append(dst.Markers, src.Markers...), append(dst.Labels, src.Labels...)
	dst.Triangles, dst.Sprites = append(dst.Triangles, src.Triangles...), append(dst.Sprites, src.Sprites...)
}

// append draws refs, not drawn yet, after the other entities.
func (s *Scene) append(refs []document.Ref) {
	for _, r := range refs {
		s.Entity(r)
	}
}

// splice puts the items of the entities drawn again with another number
// of items, from the list they were kept in, in the place of their old
// ones, and moves the spans of the other entities by as many items as
// come or go before them.
func (s *Scene) splice(drawn []redrawn, kept *display.List) {
	var edits [itemKinds][]edit
	for k := range itemKinds {
		for i, d := range drawn {
			edits[k] = append(edits[k], edit{from: d.old[k][0], to: d.old[k][1], n: d.now.n()[k], entity: i})
		}
		slices.SortFunc(edits[k], func(a, b edit) int {
			return cmp.Or(cmp.Compare(a.from, b.from), cmp.Compare(a.to, b.to))
		})
	}
	l, fresh := &s.List, make([]items, len(drawn))
	l.Polygons = spliceItems(l.Polygons, edits[polygons], fresh, polygons, func(i int) []display.Polygon { return part(kept.Polygons, drawn[i].now[polygons]) })
	l.Lines = spliceItems(l.Lines, edits[lines], fresh, lines, func(i int) []display.Line { return part(kept.Lines, drawn[i].now[lines]) })
	l.Markers = spliceItems(l.Markers, edits[markers], fresh, markers, func(i int) []display.Marker { return part(kept.Markers, drawn[i].now[markers]) })
	l.Labels = spliceItems(l.Labels, edits[labels], fresh, labels, func(i int) []display.Label { return part(kept.Labels, drawn[i].now[labels]) })
	l.Triangles = spliceItems(l.Triangles, edits[triangles], fresh, triangles, func(i int) []display.Triangle3 { return part(kept.Triangles, drawn[i].now[triangles]) })
	l.Sprites = spliceItems(l.Sprites, edits[sprites], fresh, sprites, func(i int) []display.Sprite3 { return part(kept.Sprites, drawn[i].now[sprites]) })
	redone := make(map[int]bool, len(drawn))
	for i, d := range drawn {
		redone[d.at] = true
		s.items[d.at] = fresh[i]
	}
	for at := range s.items {
		if redone[at] {
			continue
		}
		it := &s.items[at]
		for k := range itemKinds {
			by := shift(edits[k], it[k])
			it[k][0], it[k][1] = it[k][0]+by, it[k][1]+by
		}
	}
}

// part is the items of list from span[0] up to span[1].
func part[T any](list []T, span [2]int) []T { return list[span[0]:span[1]] }

// An edit replaces the items from up to to of one kind by the n items of
// an entity drawn again.
type edit struct {
	from, to, n int
	entity      int // its index among the entities drawn again
}

// spliceItems makes list with the items of each edit, in order, in the
// place of the ones it replaces, and notes in fresh where each entity's
// items of kind k now lie.
func spliceItems[T any](list []T, edits []edit, fresh []items, k int, drawn func(entity int) []T) []T {
	grow := 0
	for _, e := range edits {
		grow += e.n - (e.to - e.from)
	}
	out, done := make([]T, 0, len(list)+grow), 0
	for _, e := range edits {
		out = append(out, list[done:e.from]...)
		fresh[e.entity][k] = [2]int{len(out), len(out) + e.n}
		out = append(out, drawn(e.entity)...)
		done = e.to
	}
	return append(out, list[done:]...)
}

// shift is how far the items of span move with edits, sorted: by what
// the edits before it add or take away. An empty span where an edit
// begins stays before it.
func shift(edits []edit, span [2]int) int {
	by := 0
	for _, e := range edits {
		if e.from > span[0] {
			break
		}
		if e.to <= span[0] && (span[0] < span[1] || e.from < span[0]) {
			by += e.n - (e.to - e.from)
		}
	}
	return by
}

// mark sets the state of the items it spans (labels have none).
func (s *Scene) mark(it items, st display.State) {
	for k := range itemKinds {
		s.markKind(k, it[k][0], it[k][1], st)
	}
}

// markKind sets the state of the items of kind k from up to to.
func (s *Scene) markKind(k, from, to int, st display.State) {
	l := &s.List
	switch k {
	case polygons:
		items := l.Polygons[from:to]
		for i := range items {
			items[i].State = st
		}
	case lines:
		items := l.Lines[from:to]
		for i := range items {
			items[i].State = st
		}
	case markers:
		items := l.Markers[from:to]
		for i := range items {
			items[i].State = st
		}
	case triangles:
		items := l.Triangles[from:to]
		for i := range items {
			items[i].State = st
		}
	case sprites:
		items := l.Sprites[from:to]
		for i := range items {
			items[i].State = st
		}
	}
}

// between is the items from counts before up to after.
func between(before, after [itemKinds]int) (it items) {
	for k := range itemKinds {
		it[k] = [2]int{before[k], after[k]}
	}
	return it
}

// name adds the items it spans to those c names as changed.
func name(c *display.Changes, it items) {
	for k, changed := range []*[]int{&c.Polygons, &c.Lines, &c.Markers, &c.Labels, &c.Triangles, &c.Sprites} {
		for i := it[k][0]; i < it[k][1]; i++ {
			*changed = append(*changed, i)
		}
	}
}

// Select shows the entities refs as selected, and no others, and says
// which items changed.
func (s *Scene) Select(refs ...document.Ref) display.Changes {
	was := s.selection
	for _, r := range was {
		s.selected.set(r, false)
	}
	// The copy goes in the list of the selection before last, whose room
	// a selection of a whole map would otherwise take anew each time.
	s.selection, s.unselected = append(s.unselected[:0], refs...), was
	for _, r := range refs {
		s.selected.set(r, true)
	}
	return s.restate(s.shownItems(), was, refs)
}

// restate marks the items of part of the entities of each list that
// are drawn in the state each is in now (stateOf), and says which items
// changed. A source draws an entity alike whatever its state, so the
// items need no drawing again. Entities whose 3D items part leaves out
// wait for them (SetFlat).
func (s *Scene) restate(part itemPart, lists ...[]document.Ref) display.Changes {
	if s.restateGen++; s.restateGen == 0 { // wrapped: old stamps could pass for new ones
		clear(s.restated)
		s.restateGen = 1
	}
	if n := len(s.items); len(s.restated) < n {
		s.restated = append(s.restated, make([]uint32, n-len(s.restated))...)
	}
	if n := len(s.items); len(s.waits) < n {
		s.waits = append(s.waits, make([]bool, n-len(s.waits))...)
	}
	kinds := part.kinds()
	var counts [itemKinds]int
	s.restating = s.restating[:0]
	for _, refs := range lists {
		for _, r := range refs {
			at, drawn := s.span(r)
			if !drawn || s.restated[at] == s.restateGen {
				continue
			}
			s.restated[at] = s.restateGen
			it := &s.items[at]
			if part == mapItems && !s.waits[at] && (it[triangles][1] > it[triangles][0] || it[sprites][1] > it[sprites][0]) {
				s.waits[at] = true
				s.waiting = append(s.waiting, r)
			}
			st := s.stateOf(r)
			for _, k := range kinds {
				if from, to := it[k][0], it[k][1]; from < to {
					s.markKind(k, from, to, st)
					counts[k] += to - from
				}
			}
			s.restating = append(s.restating, at)
		}
	}
	var c display.Changes
	changed := [itemKinds]*[]int{&c.Polygons, &c.Lines, &c.Markers, &c.Labels, &c.Triangles, &c.Sprites}
	for _, k := range kinds {
		if counts[k] > 0 {
			*changed[k] = make([]int, 0, counts[k])
		}
	}
	for _, at := range s.restating {
		it := &s.items[at]
		for _, k := range kinds {
			for i := it[k][0]; i < it[k][1]; i++ {
				*changed[k] = append(*changed[k], i)
			}
		}
	}
	return c
}

// An itemPart is which of an entity's items restate marks.
type itemPart int

const (
	allItems   itemPart = iota
	mapItems            // the 2D items alone
	spaceItems          // the 3D items alone
)

// The kinds of items with a state, of the map and of the 3D view.
var (
	mapKinds   = []int{polygons, lines, markers}
	spaceKinds = []int{triangles, sprites}
	allKinds   = []int{polygons, lines, markers, triangles, sprites}
)

// kinds are the kinds of items with a state that p names.
func (p itemPart) kinds() []int {
	switch p {
	case mapItems:
		return mapKinds
	case spaceItems:
		return spaceKinds
	}
	return allKinds
}

// shownItems is the part of the entities' items shown: the 2D ones
// alone while the scene is flat.
func (s *Scene) shownItems() itemPart {
	if s.flat {
		return mapItems
	}
	return allItems
}

// SetFlat tells the scene whether only the map (2D) is shown. While it
// is, selecting and hovering mark the states of the entities' 2D items
// alone: selecting all the entities of a big map would otherwise mark
// hundreds of thousands of 3D triangles no one sees. When it is no
// longer flat, the 3D items of the entities that waited take their
// states, and the answer says which items changed.
func (s *Scene) SetFlat(flat bool) display.Changes {
	s.flat = flat
	if flat || len(s.waiting) == 0 {
		return display.Changes{}
	}
	c := s.restate(spaceItems, s.waiting)
	for _, r := range s.waiting {
		if at, ok := s.span(r); ok {
			s.waits[at] = false
		}
	}
	s.waiting = s.waiting[:0]
	return c
}

// stateOf is the state r's items are drawn in: selected, under the
// pointer, or neither.
func (s *Scene) stateOf(r document.Ref) display.State {
	switch {
	case s.selected.at(r):
		return display.Selected
	case s.hovering && s.hovered == r:
		return display.Highlighted
	}
	return display.Normal
}

// Hover shows r as the entity under the pointer, highlighted unless it
// is selected, and the one under it before as it was; over is false
// when the pointer is over none. It says which items changed: none
// while the pointer stays over the same entity.
func (s *Scene) Hover(r document.Ref, over bool) display.Changes {
	if over == s.hovering && (!over || r == s.hovered) {
		return display.Changes{}
	}
	var changed []document.Ref
	if s.hovering {
		changed = append(changed, s.hovered)
	}
	if over {
		changed = append(changed, r)
	}
	s.hovered, s.hovering = r, over
	return s.restate(s.shownItems(), changed)
}

// Within lists the entities whose items lie wholly between the map
// points lo and hi, in drawing order.
func (s *Scene) Within(lo, hi display.Vec2) []document.Ref {
	out := make([]document.Ref, 0, len(s.refs))
	for _, r := range s.refs {
		if a, b, ok := s.bounds(r); ok && a.X >= lo.X && a.Y >= lo.Y && b.X <= hi.X && b.Y <= hi.Y {
			out = append(out, r)
		}
	}
	return out
}

// Drawn lists the entities drawn on the map, in drawing order: those
// that Within finds in a box around everything.
func (s *Scene) Drawn() []document.Ref {
	out := make([]document.Ref, 0, len(s.refs))
	l := &s.List
	for _, r := range s.refs {
		at, ok := s.span(r)
		if !ok {
			continue
		}
		it := &s.items[at]
		drawn := it[markers][1] > it[markers][0]
		for i := it[polygons][0]; i < it[polygons][1] && !drawn; i++ {
			drawn = len(l.Polygons[i].Points) > 0
		}
		for i := it[lines][0]; i < it[lines][1] && !drawn; i++ {
			drawn = !l.Lines[i].Arrow
		}
		if drawn {
			out = append(out, r)
		}
	}
	return out
}

// bounds is the box of the 2D items that draw r; ok is false when none
// does.
func (s *Scene) bounds(r document.Ref) (lo, hi display.Vec2, ok bool) {
	at, ok := s.span(r)
	if !ok {
		return lo, hi, false
	}
	it, l := s.items[at], &s.List
	lo = display.Vec2{X: math.Inf(1), Y: math.Inf(1)}
	hi = display.Vec2{X: math.Inf(-1), Y: math.Inf(-1)}
	add := func(p display.Vec2) {
		lo.X, lo.Y, hi.X, hi.Y = min(lo.X, p.X), min(lo.Y, p.Y), max(hi.X, p.X), max(hi.Y, p.Y)
	}
	for _, p := range l.Polygons[it[polygons][0]:it[polygons][1]] {
		for _, q := range p.Points {
			add(q)
		}
	}
	// An entity stands where it is drawn, not where its links (the
	// arrows to its targets) point.
	for _, ln := range l.Lines[it[lines][0]:it[lines][1]] {
		if !ln.Arrow {
			add(ln.A)
			add(ln.B)
		}
	}
	for _, m := range l.Markers[it[markers][0]:it[markers][1]] {
		add(m.At)
	}
	return lo, hi, lo.X <= hi.X
}

// Center is the middle of the 2D items that draw r; ok is false when
// none does.
func (s *Scene) Center(r document.Ref) (display.Vec2, bool) {
	lo, hi, ok := s.bounds(r)
	return display.Vec2{X: (lo.X + hi.X) / 2, Y: (lo.Y + hi.Y) / 2}, ok
}

// ID returns the ID that the items of an entity carry.
func (s *Scene) ID(level int, kind document.Kind, index int) display.ID {
	r := document.Ref{Level: level, Kind: kind, Index: index}
	e := s.entities.at(r)
	if e.id == 0 {
		s.refs = append(s.refs, r)
		e.id = display.ID(len(s.refs))
		s.entities.set(r, e)
	}
	return e.id
}

// Changed gathers the indexes of the changes of one level by kind; a
// kind changed without indexes (entities came or went) is in whole.
func Changed(changes []undo.Change, level int) (byKind map[document.Kind][]int, whole map[document.Kind]bool) {
	byKind, whole = map[document.Kind][]int{}, map[document.Kind]bool{}
	for _, c := range changes {
		if c.Level != level {
			continue
		}
		if c.Indexes == nil {
			whole[c.Kind] = true
		}
		byKind[c.Kind] = append(byKind[c.Kind], c.Indexes...)
	}
	for k, v := range byKind {
		slices.Sort(v)
		byKind[k] = slices.Compact(v)
	}
	return byKind, whole
}

// Ref is the entity an item's ID names; ok is false for 0 and unknown IDs.
func (s *Scene) Ref(id display.ID) (document.Ref, bool) {
	if id == 0 || int(id) > len(s.refs) {
		return document.Ref{}, false
	}
	return s.refs[id-1], true
}

// Camera2D is the map-view camera that fits the scene in w x h.
func (s *Scene) Camera2D(w, h int) display.Camera2D {
	cam := display.Camera2D{Scale: 1, FlipY: s.FlipY}
	if lo, hi, ok := s.List.Bounds(); ok {
		cam = cam.Fit(lo, hi, w, h)
	}
	return cam
}

// Camera3D is the orbit camera that sees the whole scene.
func (s *Scene) Camera3D() display.Camera3D {
	lo, hi, ok := s.List.Bounds3()
	if !ok {
		lo, hi = display.Vec3{}, display.Vec3{X: 1, Y: 1, Z: 1}
	}
	return display.Orbit3D(lo, hi)
}

// WallQuad adds a two-sided wall from the bottom edge a-b up by height.
// A wall of no height is added too, flat (it draws nothing), so that an
// edit of heights changes no entity's number of items.
func (s *Scene) WallQuad(a, b display.Vec3, height float64, id display.ID) {
	height = max(height, 0)
	up := func(p display.Vec3) display.Vec3 { return display.Vec3{X: p.X, Y: p.Y, Z: p.Z + height} }
	s.List.Triangles = append(s.List.Triangles,
		display.Triangle3{A: a, B: b, C: up(b), Color: WallColor, ID: id},
		display.Triangle3{A: a, B: up(b), C: up(a), Color: WallColor, ID: id})
}

// Colours shared by the games' views.
var (
	Background = color.NRGBA{24, 28, 36, 255}
	GridColor  = color.NRGBA{255, 255, 255, 14}
	WallColor  = color.NRGBA{235, 235, 225, 255}
	OpenColor  = color.NRGBA{110, 120, 135, 255}
	GlassColor = color.NRGBA{90, 190, 230, 255}
	SkyColor   = color.NRGBA{200, 120, 230, 255}
)

// PaletteColor is one of a set of distinct colours, by index.
func PaletteColor(i int) color.NRGBA {
	h := math.Mod(float64(i)*0.61803398875, 1)
	r, g, b := hsv(h, 0.45, 0.75)
	return color.NRGBA{r, g, b, 255}
}

func hsv(h, s, v float64) (r, g, b uint8) {
	i := math.Floor(h * 6)
	f := h*6 - i
	p, q, t := v*(1-s), v*(1-f*s), v*(1-(1-f)*s)
	var rf, gf, bf float64
	switch int(i) % 6 {
	case 0:
		rf, gf, bf = v, t, p
	case 1:
		rf, gf, bf = q, v, p
	case 2:
		rf, gf, bf = p, v, t
	case 3:
		rf, gf, bf = p, q, v
	case 4:
		rf, gf, bf = t, p, v
	default:
		rf, gf, bf = v, p, q
	}
	return uint8(rf*255 + 0.5), uint8(gf*255 + 0.5), uint8(bf*255 + 0.5)
}

// Span normalises v into 0..1 over lo..hi.
func Span(v, lo, hi float64) float64 {
	if hi <= lo {
		return 0.5
	}
	return (v - lo) / (hi - lo)
}

// Level is one drawable level of a file: its index in the file, its
// name, and how to build its scene.
type Level struct {
	Index int
	Name  string
	Build func() *Scene
}

// FacingTriangle is a one-sided horizontal face that faces up (a floor)
// or down (a ceiling), whichever way its corners run.
func FacingTriangle(up bool, id display.ID, c color.NRGBA, a, b, d display.Vec3) display.Triangle3 {
	ccw := (b.X-a.X)*(d.Y-a.Y)-(b.Y-a.Y)*(d.X-a.X) > 0
	if ccw != up {
		b, d = d, b
	}
	return display.Triangle3{A: a, B: b, C: d, Color: c, ID: id, OneSided: true}
}
