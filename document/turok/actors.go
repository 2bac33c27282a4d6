package turok

import (
	"fmt"
	"math"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// placed is what actors and static meshes share: an origin and a scale,
// a bounding box in world units that follows them, and the sector under
// the origin.
type placed struct {
	origin, scale *codec.Vec3
	lo, hi        *codec.Vec3 // the bounding box
	sector        *int32
	// validate checks the record's fields that an edit changes.
	validate func() *codec.FieldError
}

// actorPlacement is a's placement; base is the record an edit changes
// into a (nil for a new one): only the fields that differ from it are
// checked, so that a value the file holds is kept.
func actorPlacement(a, base *codec.Actor) placed {
	return placed{&a.Origin, &a.Scale, &a.BoundsMin, &a.BoundsMax, &a.Sector, func() *codec.FieldError { return a.ValidateChange(base) }}
}

// meshPlacement is s's placement, checked against base as
// actorPlacement's.
func meshPlacement(s, base *codec.StaticMesh) placed {
	return placed{&s.Origin, &s.Scale, &s.BoundsMin, &s.BoundsMax, &s.Sector, func() *codec.FieldError { return s.ValidateChange(base) }}
}

// settle keeps p's derived values right after an edit changed it from
// was: an unedited bounding box moves with the origin and grows or
// shrinks with the scale (about the origin, per axis), and the sector is
// the one under the origin. It refuses a record the engine could not
// load: coordinates that are not numbers or beyond codec.MaxCoordinate
// (the box's too, once moved), other fields that are not numbers.
func (d *Document) settle(p, was placed) error {
	if err := p.validate(); err != nil {
		return err
	}
	if *p.lo == *was.lo && *p.hi == *was.hi {
		ratio := func(now, before float32) float32 {
			if before == 0 || now == 0 {
				return 1
			}
			return now / before
		}
		r := codec.Vec3{X: ratio(p.scale.X, was.scale.X), Y: ratio(p.scale.Y, was.scale.Y), Z: ratio(p.scale.Z, was.scale.Z)}
		place := func(b, o0, o1 codec.Vec3) codec.Vec3 {
			return codec.Vec3{X: o1.X + (b.X-o0.X)*r.X, Y: o1.Y + (b.Y-o0.Y)*r.Y, Z: o1.Z + (b.Z-o0.Z)*r.Z}
		}
		if *p.origin != *was.origin || r != (codec.Vec3{X: 1, Y: 1, Z: 1}) {
			*p.lo = place(*was.lo, *was.origin, *p.origin)
			*p.hi = place(*was.hi, *was.origin, *p.origin)
		}
	}
	if err := p.validate(); err != nil {
		return err
	}
	*p.sector = int32(d.geo().locator.SectorAt(*p.origin))
	return nil
}

// PlaceActor adds an actor, in the sector under its origin, and returns
// its index.
func (d *Document) PlaceActor(a codec.Actor) (int, error) {
	if err := roomFor("actor", len(d.Map.Actors), 1); err != nil {
		return 0, err
	}
	if err := d.settle(actorPlacement(&a, nil), actorPlacement(&a, nil)); err != nil {
		return 0, err
	}
	return addRecord(d, actorsTable, a, "Place actor")
}

// MoveActor moves actor i to (to.X, to.Y), as a drag does, and sets it
// down on the floor there (see landing; an actor never lands below the
// floor: one that stood below its floor lands on the new one). Its
// bounds follow and its sector is found again. The moves of one actor
// merge into one step until BreakMerge.
func (d *Document) MoveActor(i int, to codec.Vec3) error {
	return d.editActors([]int{i}, fmt.Sprintf("Move actor %d", i), fmt.Sprintf("move actor %d", i),
		func(a *codec.Actor) { a.Origin = d.landing(a.Origin, to, false) })
}

// landing is where a thing standing at from lands when moved to (to.X,
// to.Y): at the height it stood above the floor under from (see
// heightAbove), set down by landOn. A negative height counts as 0
// unless below is set.
func (d *Document) landing(from, to codec.Vec3, below bool) codec.Vec3 {
	height, _ := d.heightAbove(from)
	if height < 0 && !below {
		height = 0
	}
	return d.landOn(to, height)
}

// heightAbove is how high p stands above the floor of the sector under
// it (the one whose floor is nearest p); ok is false over no sector.
func (d *Document) heightAbove(p codec.Vec3) (height float32, ok bool) {
	s := d.geo().locator.SectorAt(p)
	if s < 0 {
		return 0, false
	}
	floor, _ := d.Map.FloorAt(s, p.X, p.Y)
	return p.Z - floor, true
}

// landOn is where a thing standing height above the floor lands at
// (to.X, to.Y): over the floor there nearest to.Z less height. Over no
// sector, it is to itself.
func (d *Document) landOn(to codec.Vec3, height float32) codec.Vec3 {
	s := d.geo().locator.SectorAt(codec.Vec3{X: to.X, Y: to.Y, Z: to.Z - height})
	if s < 0 {
		return to
	}
	floor, _ := d.Map.FloorAt(s, to.X, to.Y)
	return codec.Vec3{X: to.X, Y: to.Y, Z: floor + height}
}

// RotateActor turns actor i to yaw (radians).
func (d *Document) RotateActor(i int, yaw float32) error {
	return d.editActors([]int{i}, fmt.Sprintf("Rotate actor %d", i), fmt.Sprintf("rotate actor %d", i),
		func(a *codec.Actor) { a.Yaw = yaw })
}

// ScaleActor scales actor i; its bounds scale with it about its origin.
func (d *Document) ScaleActor(i int, scale codec.Vec3) error {
	return d.editActors([]int{i}, fmt.Sprintf("Scale actor %d", i), fmt.Sprintf("scale actor %d", i),
		func(a *codec.Actor) { a.Scale = scale })
}

// EditActors changes actors with update, in one step: any field, by
// name or number (type, spawn flags, ranges, health, TIDs, variants,
// model and animation paths). The sector is derived and put back. The
// step names the fields update changed.
func (d *Document) EditActors(indexes []int, update func(*codec.Actor)) error {
	return d.editActors(indexes, "", "", update)
}

// editActors changes actors with update, in one step described as
// description ("": naming the fields changed; see editDescription).
func (d *Document) editActors(indexes []int, description, mergeKey string, update func(*codec.Actor)) error {
	if err := checkIndexes("actor", indexes, len(d.Map.Actors)); err != nil {
		return err
	}
	e := d.begin()
	var befores, afters []codec.Actor
	for _, i := range indexes {
		was := d.Map.Actors[i]
		a := was
		update(&a)
		befores, afters = append(befores, was), append(afters, a)
		if err := d.settle(actorPlacement(&a, &was), actorPlacement(&was, nil)); err != nil {
			e.Rollback()
			return fmt.Errorf("actor %d: %w", i, err)
		}
		document.TouchAt(e.Edit, actorsTable, i)
		d.Map.Actors[i] = a
	}
	return e.Commit(editDescription(description, "actor", indexes, befores, afters), mergeKey)
}

// DuplicateActors copies actors, moved by offset, to the end of the list,
// and returns the first copy's index.
func (d *Document) DuplicateActors(indexes []int, offset codec.Vec3) (int, error) {
	if err := checkIndexes("actor", indexes, len(d.Map.Actors)); err != nil {
		return 0, err
	}
	if err := roomFor("actor", len(d.Map.Actors), len(indexes)); err != nil {
		return 0, err
	}
	e := d.begin()
	first := len(d.Map.Actors)
	document.Touch(e.Edit, actorsTable)
	for _, i := range indexes {
		was := d.Map.Actors[i]
		a := was
		a.Origin = codec.Vec3{X: a.Origin.X + offset.X, Y: a.Origin.Y + offset.Y, Z: a.Origin.Z + offset.Z}
		if err := d.settle(actorPlacement(&a, &was), actorPlacement(&was, nil)); err != nil {
			e.Rollback()
			return 0, fmt.Errorf("actor %d: %w", i, err)
		}
		e.Born[KindActor] = append(e.Born[KindActor], len(d.Map.Actors))
		d.Map.Actors = append(d.Map.Actors, a)
	}
	return first, e.Commit("Duplicate "+describe("actor", indexes), "")
}

// DeleteActors deletes actors; the later ones move down. An actor kept
// whose target TID only deleted actors carry (targetReferrers) is left
// targeting nothing (-1), in the same step, rather than whatever actor
// later takes that TID.
func (d *Document) DeleteActors(indexes []int) error {
	if err := checkIndexes("actor", indexes, len(d.Map.Actors)); err != nil {
		return err
	}
	e := d.begin()
	document.Touch(e.Edit, actorsTable)
	for _, i := range d.targetReferrers(indexes) {
		d.Map.Actors[i].TargetTID = -1
	}
	moves := map[int]int{}
	for _, i := range indexes {
		moves[i] = -1
	}
	var kept []codec.Actor
	for i, a := range d.Map.Actors {
		if moves[i] >= 0 {
			if len(kept) != i {
				moves[i] = len(kept)
			}
			kept = append(kept, a)
		}
	}
	d.Map.Actors = kept
	e.Renumber = append(e.Renumber, document.Renumbering{Kind: KindActor, Moves: moves})
	return e.Commit("Delete "+describe("actor", indexes), "")
}

// FreeTID is the smallest TID from 1 that no actor carries.
func (d *Document) FreeTID() (int16, error) {
	used := map[int16]bool{}
	for _, a := range d.Map.Actors {
		used[a.TID] = true
	}
	for t := int16(1); t < math.MaxInt16; t++ {
		if !used[t] {
			return t, nil
		}
	}
	return 0, fmt.Errorf("the actors carry every TID from 1 to %d: none is free", math.MaxInt16-1)
}

// TargetActor makes the actors indexes target actor target, as one
// step. A target without a TID of its own (0, which every such actor
// carries, or none) is given a free one (FreeTID) in the same step, so
// that the link names it alone.
func (d *Document) TargetActor(indexes []int, target int) error {
	if err := checkIndexes("actor", append(slices.Clone(indexes), target), len(d.Map.Actors)); err != nil {
		return err
	}
	tid := d.Map.Actors[target].TID
	description := fmt.Sprintf("Target actor %d from %s", target, describe("actor", indexes))
	if tid > 0 {
		return d.editActors(indexes, description, "", func(a *codec.Actor) { a.TargetTID = tid })
	}
	tid, err := d.FreeTID()
	if err != nil {
		return err
	}
	e := d.begin()
	document.TouchAt(e.Edit, actorsTable, target)
	d.Map.Actors[target].TID = tid
	for _, i := range indexes {
		document.TouchAt(e.Edit, actorsTable, i)
		d.Map.Actors[i].TargetTID = tid
	}
	return e.Commit(fmt.Sprintf("%s, giving it TID %d", description, tid), "")
}

// targetReferrers lists, in actor order, the actors not among indexes
// whose target TID (other than 0, which every actor without a TID
// carries) is carried by actors among indexes and by no other.
func (d *Document) targetReferrers(indexes []int) []int {
	gone := map[int]bool{}
	for _, i := range indexes {
		gone[i] = true
	}
	lost, kept := map[int16]bool{}, map[int16]bool{}
	for i, a := range d.Map.Actors {
		if gone[i] {
			lost[a.TID] = true
		} else {
			kept[a.TID] = true
		}
	}
	var out []int
	for i, a := range d.Map.Actors {
		if !gone[i] && a.TargetTID > 0 && lost[a.TargetTID] && !kept[a.TargetTID] {
			out = append(out, i)
		}
	}
	return out
}

// TargetLink is an actor that targets a TID, and the actors that carry
// that TID.
type TargetLink struct {
	Actor   int
	TID     int16
	Targets []int
}

// TargetLinks lists, for every actor with a target TID (a negative one
// targets nothing), the actors it targets, in actor order.
func (d *Document) TargetLinks() []TargetLink {
	carriers := map[int16][]int{}
	for i, a := range d.Map.Actors {
		carriers[a.TID] = append(carriers[a.TID], i)
	}
	var out []TargetLink
	for i, a := range d.Map.Actors {
		if a.TargetTID >= 0 {
			out = append(out, TargetLink{Actor: i, TID: a.TargetTID, Targets: carriers[a.TargetTID]})
		}
	}
	return out
}
