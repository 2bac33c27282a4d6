package turok

import (
	"cmp"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/turok"
)

// A Template is an actor to place copies of: an actor of a map (its
// model, animation, AI ranges, step height, flags, health, bounds about
// its origin...), and where it was found.
type Template struct {
	Actor  codec.Actor
	Source string // the map's file name (its path under the templates folder)
	Index  int    // the actor's index in that map
}

// Name names t by its type and where it was found, as "Raptor (type 100)
// from debugpad-short.map #12".
func (t Template) Name() string {
	kind := fmt.Sprintf("type %d", t.Actor.Type)
	if name, ok := codec.ActorTypes[t.Actor.Type]; ok {
		kind = fmt.Sprintf("%s (%s)", name, kind)
	}
	return fmt.Sprintf("%s from %s #%d", kind, t.Source, t.Index)
}

// templateKey is what tells templates apart: two actors of one type,
// variant and model are one template (the first found).
type templateKey struct {
	kind    int32
	variant int8
	model   string
}

func (t Template) key() templateKey { return templateKey{t.Actor.Type, t.Actor.Variant, t.Actor.Model} }

// MapTemplates are the templates of m, the map read from the file named
// source: its first actor of each type, variant and model, in actor
// order.
func MapTemplates(m *codec.Map, source string) []Template {
	var all []Template
	for i, a := range m.Actors {
		all = append(all, Template{Actor: a, Source: source, Index: i})
	}
	return MergeTemplates(all)
}

// MergeTemplates joins lists of templates: the first of each type,
// variant and model, grouped by type in ascending order, each type's in
// the order found.
func MergeTemplates(lists ...[]Template) []Template {
	seen := map[templateKey]bool{}
	var out []Template
	for _, list := range lists {
		for _, t := range list {
			if !seen[t.key()] {
				seen[t.key()] = true
				out = append(out, t)
			}
		}
	}
	slices.SortStableFunc(out, func(a, b Template) int { return cmp.Compare(a.Actor.Type, b.Actor.Type) })
	return out
}

// FolderTemplates reads the templates of every .map file in dir and its
// subfolders, in path order, each named by its path under dir. A file
// that cannot be read is named in the error, and the templates of the
// others are returned still.
func FolderTemplates(dir string) ([]Template, error) {
	var lists [][]Template
	var errs []error
	walk := filepath.WalkDir(dir, func(path string, e fs.DirEntry, err error) error {
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		if e.IsDir() || !strings.EqualFold(filepath.Ext(path), ".map") {
			return nil
		}
		data, err := os.ReadFile(path)
		if err != nil {
			errs = append(errs, err)
			return nil
		}
		m, err := codec.Decode(data)
		if err != nil {
			errs = append(errs, fmt.Errorf("%s: %w", path, err))
			return nil
		}
		source, _ := filepath.Rel(dir, path)
		lists = append(lists, MapTemplates(m, filepath.ToSlash(source)))
		return nil
	})
	if walk != nil {
		errs = append(errs, walk)
	}
	return MergeTemplates(lists...), errors.Join(errs...)
}

// Placed is the actor that placing t at origin, turned to yaw (radians),
// makes: every field of the template's actor but the origin and the yaw,
// its bounds moved with the origin, and no TID (0) and no target (-1),
// as a copy must not answer or call the template's partners. Its sector
// is found when it is placed.
func (t Template) Placed(origin codec.Vec3, yaw float32) codec.Actor {
	a := t.Actor
	move := func(b codec.Vec3) codec.Vec3 {
		return codec.Vec3{X: origin.X + (b.X - a.Origin.X), Y: origin.Y + (b.Y - a.Origin.Y), Z: origin.Z + (b.Z - a.Origin.Z)}
	}
	a.BoundsMin, a.BoundsMax = move(a.BoundsMin), move(a.BoundsMax)
	a.Origin, a.Yaw = origin, yaw
	a.TID, a.TargetTID = 0, -1
	a.Sector = -1
	return a
}

// PlaceFromTemplate places t's actor (see Template.Placed) at (x, y) on
// the floor of the sector there (the one whose floor is nearest 0 where
// several overlap), turned to yaw (radians), as one step, and returns its
// index. It refuses a point over no sector.
func (d *Document) PlaceFromTemplate(t Template, x, y, yaw float32) (int, error) {
	at := codec.Vec3{X: x, Y: y}
	s := d.geo().locator.SectorAt(at)
	if s < 0 {
		return 0, fmt.Errorf("no sector at (%g, %g): an actor is placed on a sector's floor", x, y)
	}
	at.Z, _ = d.Map.FloorAt(s, x, y)
	return d.PlaceActor(t.Placed(at, yaw))
}
