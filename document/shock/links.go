package shock

import (
	"errors"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/shock"
)

// checkLinks refuses an edit that gives object id a link the engine could
// not follow (codec.Level.LinkProblem), unless the object had that link
// before the edit: a file written elsewhere keeps what it holds.
func (r *recorder) checkLinks(id int, before []codec.Link) error {
	for _, k := range r.level.LinksFrom(id) {
		if code, reason := r.level.LinkProblem(k); code != "" && !slices.Contains(before, k) {
			return errors.New(reason)
		}
	}
	return nil
}
