package document

import "bytes"

// A Part is a named piece of a file, as its container divides it: a
// resource chunk, a wad entry's tagged chunk, an archive's block. Data is
// its contents (unpacked, where the container packs them).
type Part struct {
	Name string
	Data []byte
}

// OutsideParts names the bytes of a file outside every part (headers,
// directories, padding) in ChangedParts.
const OutsideParts = "the file's header and directory"

// ChangedParts names the parts of format's files a and b that differ,
// in a's order then those only b has; OutsideParts when the files differ
// only outside their parts.
func ChangedParts(format Format, a, b []byte) ([]string, error) {
	pa, err := format.Parts(a)
	if err != nil {
		return nil, err
	}
	pb, err := format.Parts(b)
	if err != nil {
		return nil, err
	}
	inB := map[string][]byte{}
	for _, p := range pb {
		inB[p.Name] = p.Data
	}
	var changed []string
	seen := map[string]bool{}
	for _, p := range pa {
		seen[p.Name] = true
		if d, ok := inB[p.Name]; !ok || !bytes.Equal(d, p.Data) {
			changed = append(changed, p.Name)
		}
	}
	for _, p := range pb {
		if !seen[p.Name] {
			changed = append(changed, p.Name)
		}
	}
	if len(changed) == 0 && !bytes.Equal(a, b) {
		changed = append(changed, OutsideParts)
	}
	return changed, nil
}
