package diff

import (
	"fmt"
	"slices"
	"strings"

	"github.com/levelwright/levelwright/document"
)

// A Version is one file of a merge: its path, its bytes and its levels
// as its game exports them (Read).
type Version struct {
	Path   string
	Data   []byte
	Levels File
}

// MergeFiles merges ours' and theirs' changes to base, files of game:
// each side's changes must be carried by its export (Carried); the
// levels merge (Merge), and the merged levels are imported into base,
// so that the file does not depend on which side is ours. It returns
// the merged file and the import's report, or the conflicts, or an
// error that says why the files cannot merge, naming the side and the
// part of the file.
func MergeFiles(game document.Format, base, ours, theirs Version) ([]byte, string, []Conflict, error) {
	for _, s := range []Version{ours, theirs} {
		if err := Carried(game, base.Path, base.Data, s.Path, s.Data, s.Levels); err != nil {
			return nil, "", nil, err
		}
	}
	merged, conflicts := Merge(base.Levels, ours.Levels, theirs.Levels)
	if len(conflicts) > 0 {
		return nil, "", conflicts, nil
	}
	d, err := game.Open(base.Path, base.Data)
	if err != nil {
		return nil, "", nil, err
	}
	var report strings.Builder
	out, err := Apply(d, "merge of "+ours.Path+" and "+theirs.Path, merged, &report)
	if err == nil {
		err = holdsChanges(game, base, ours, theirs, out)
	}
	if err != nil {
		return nil, "", nil, fmt.Errorf("the merge of %s and %s does not import into %s: %w", ours.Path, theirs.Path, base.Path, err)
	}
	return out, report.String(), nil, nil
}

// holdsChanges checks that merged holds each part that only one side
// changed from base as that side has it.
func holdsChanges(game document.Format, base, ours, theirs Version, merged []byte) error {
	changed := [2][]string{}
	for i, s := range []Version{ours, theirs} {
		var err error
		if changed[i], err = document.ChangedParts(game, base.Data, s.Data); err != nil {
			return err
		}
	}
	for i, s := range []Version{ours, theirs} {
		differs, err := document.ChangedParts(game, merged, s.Data)
		if err != nil {
			return err
		}
		for _, part := range changed[i] {
			if part != document.OutsideParts && !slices.Contains(changed[1-i], part) && slices.Contains(differs, part) {
				return fmt.Errorf("the merge leaves out %s's change to %s", s.Path, part)
			}
		}
	}
	return nil
}
