package document

import "fmt"

// SyncRecords makes t's records in target equal want through the
// document's own edits, and returns how many it asked for: edit for each
// record that differs, add for each record past the table's end, and
// remove for each record past want's end, the last first. add and remove
// are nil for tables whose length must stay.
func SyncRecords[L, T any](t *Table[L, T], target L, want []T, add func(T) error, remove func(int) error, edit func(i int, v T) error) (int, error) {
	have := *t.Slice(target)
	if len(want) != len(have) && (add == nil || remove == nil) {
		return 0, fmt.Errorf("the text has %d %ss, the file %d: import does not add or remove them", len(want), t.Kind, len(have))
	}
	n := 0
	for i := range min(len(have), len(want)) {
		if !t.Same(have[i], want[i]) {
			if err := edit(i, t.Copy(want[i])); err != nil {
				return n, fmt.Errorf("%s %d: %w", t.Kind, i, err)
			}
			n++
		}
	}
	for _, v := range want[min(len(have), len(want)):] {
		if err := add(v); err != nil {
			return n, fmt.Errorf("adding a %s: %w", t.Kind, err)
		}
		n++
	}
	for i := len(have) - 1; i >= len(want); i-- {
		if err := remove(i); err != nil {
			return n, fmt.Errorf("%s %d: %w", t.Kind, i, err)
		}
		n++
	}
	return n, nil
}
