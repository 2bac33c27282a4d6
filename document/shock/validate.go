package shock

import (
	"slices"

	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/undo"
)

// validator keeps each level's problems and checks a level again only
// after an edit that can change them. Tile field edits keep tiles' object
// chains, and cannot name a texture past the texture list: they change
// the problems only by mending such a texture, so they check the level
// again only when it has one. Every other edit can change them.
type validator struct {
	problems map[int][]codec.Problem
}

func (v *validator) notice(n undo.Notice) {
	for _, c := range n.Changes {
		if c.Kind != KindTile || slices.ContainsFunc(v.problems[c.Level], func(p codec.Problem) bool { return p.Code == codec.CodeTextureOutOfRange }) {
			delete(v.problems, c.Level)
		}
	}
}

// Problems returns the validation problems of level, checking it again
// only when an edit since the last call can have changed them.
func (d *Document) Problems(level int) ([]codec.Problem, error) {
	l, err := d.Level(level)
	if err != nil {
		return nil, err
	}
	if p, ok := d.validator.problems[level]; ok {
		return p, nil
	}
	p := l.Check()
	d.validator.problems[level] = p
	return p, nil
}

// Errors lists the problems of severity "error" in every level.
func (d *Document) Errors() []codec.Problem {
	var errs []codec.Problem
	for i, l := range d.Archive.Levels {
		if l == nil {
			continue
		}
		p, _ := d.Problems(i)
		errs = append(errs, bin.Errors(p)...)
	}
	return errs
}
