package shock

import (
	"github.com/levelwright/levelwright/codecs/bin"
	codec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/undo"
)

// validator keeps each level's problems and checks a level again only
// after an edit that can change them: tile field edits cannot (the
// checks look at objects, their lists and links, and tiles' object
// chains, which tile edits keep), every other edit can.
type validator struct {
	problems map[int][]codec.Problem
}

func (v *validator) notice(n undo.Notice) {
	for _, c := range n.Changes {
		if c.Kind != "tile" {
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
