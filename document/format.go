package document

import (
	"fmt"
	"io"
	"sort"
	"strings"

	"github.com/levelwright/levelwright/codecs/bin"
)

// Format is one game's level file format, as the command line and the
// editor see it: how to recognise its files, open them as editable
// documents, make new ones, describe, check and round-trip them, and the
// demo level the editor offers. Each game's document package implements
// it; document itself knows no game.
type Format interface {
	// Name is the game's name as people read it: "System Shock".
	Name() string
	// Key names the game on the command line: "shock".
	Key() string
	// Expect names the format's files as a sniffing error lists what it
	// looked for: "an LG resource file".
	Expect() string
	// Sniff reports whether data is a file of this format; for one that
	// is, err is its codec's error when the file is damaged.
	Sniff(data []byte) (ok bool, err error)
	// Open loads data, the file at path, as an editable document.
	Open(path string, data []byte) (Doc, error)
	// New is a new, valid, minimal file that the game would load, and a
	// sentence saying what it holds.
	New() (data []byte, what string, err error)
	// Info describes the file at path: its format and what each level
	// holds.
	Info(path string, data []byte) (Info, error)
	// Check lists every validation problem of every level, and, as an
	// error coded UndecodableCode, every stored part of the file that
	// does not decode (a compressed chunk whose stream is damaged).
	Check(data []byte) ([]bin.Problem, error)
	// Roundtrip decodes and re-encodes the file at path (through the
	// typed records when typed is set) and reports, in one line, whether
	// every byte came back.
	Roundtrip(path string, data []byte, typed bool) (report string, identical bool, err error)
	// Demo is the demo level the editor offers on first start.
	Demo() Demo
	// Parts divides a file into its container's parts, each named as
	// people find it (a chunk's number, an entry's tag), so that a merge
	// can name what a side changed.
	Parts(data []byte) ([]Part, error)
}

// Doc is an open file of a Format, as the commands that work on any
// game's document use it.
type Doc interface {
	// Bytes encodes the document as its file.
	Bytes() ([]byte, error)
	// Export is one level as its JSON object, or with level -1 every
	// level (a file of one map: its one object).
	Export(level int) (any, error)
	// Import applies exported JSON text, read from textPath, through
	// undo commands, and writes what it did to report.
	Import(textPath string, text []byte, report io.Writer) error
}

// Counted is a Doc that can say how many levels its whole export
// (Export(-1)) lists, as ExportLevels makes it: Export of each level
// below the count, leaving out those it refuses, so that a reader can
// take them one at a time. ok is false when the whole export is no such
// list.
type Counted interface {
	LevelCount() (n int, ok bool)
}

// ExportSchema says how the entities of a level's export name one
// another, so that a comparison pairs them by what they are rather than
// by where they sit: after a deletion renumbers a list, the entities
// after it, and the fields that name them, are unchanged.
type ExportSchema struct {
	// References are, by list, the fields of its entities (whole, or
	// each item of a list field) that hold an entity of another list by
	// its index there ("lines": "Endpoints": "endpoints"). A value that
	// is no entity's index (none) names nothing.
	References map[string]map[string]string
	// Derived are, by list, the fields the game derives from the others
	// (offsets into map indexes it builds, areas, lengths): a comparison
	// leaves them out.
	Derived map[string][]string
}

// Schematic is a Doc whose export has an ExportSchema.
type Schematic interface {
	ExportSchema() ExportSchema
}

// Info is what `info` tells of a file: a stable JSON value, and lines of
// text for people.
type Info struct {
	JSON any
	Text string
}

// A Demo is a level the editor offers to explore: its title, the file
// name it is written under, and how to build its bytes.
type Demo struct {
	Title    string
	FileName string
	Build    func() ([]byte, error)
}

// Sniff finds the format of data among formats, in their order, and
// checks the file through that format's codec, so that a damaged file
// gets the codec's error with its offset.
func Sniff(data []byte, formats []Format) (Format, error) {
	expected := make([]string, len(formats))
	for i, f := range formats {
		if ok, err := f.Sniff(data); ok {
			return f, err
		}
		expected[i] = f.Expect()
	}
	return nil, bin.Errorf(0, "", "%s", orList(expected))
}

// UndecodableCode is the code of the problem a Format's Check reports
// for a part of the file that does not decode, such as a compressed chunk
// whose stream is damaged.
const UndecodableCode = "undecodable-chunk"

// CheckDecodable refuses data, a file of format, when its Check finds a
// part of it that does not decode: a command that writes a new file from
// it would carry the damage over. The error is the first such problem.
func CheckDecodable(format Format, data []byte) error {
	problems, err := format.Check(data)
	if err != nil {
		return err
	}
	for _, p := range problems {
		if p.Code == UndecodableCode {
			return fmt.Errorf("%s: a part that does not decode is not carried into a new file", p.Message)
		}
	}
	return nil
}

// orList joins items as "a, b or c".
func orList(items []string) string {
	if len(items) < 2 {
		return strings.Join(items, "")
	}
	return strings.Join(items[:len(items)-1], ", ") + " or " + items[len(items)-1]
}

// FirstDifference is the first offset where a and b differ, -1 for none.
func FirstDifference(a, b []byte) int {
	for i := range min(len(a), len(b)) {
		if a[i] != b[i] {
			return i
		}
	}
	if len(a) != len(b) {
		return min(len(a), len(b))
	}
	return -1
}

// WriteCounts writes "  title: a 3, b 1" in descending count order, and
// nothing for no counts.
func WriteCounts(w io.Writer, title string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	names := make([]string, 0, len(counts))
	for n := range counts {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool {
		if counts[names[i]] != counts[names[j]] {
			return counts[names[i]] > counts[names[j]]
		}
		return names[i] < names[j]
	})
	fmt.Fprintf(w, "  %s:", title)
	for i, n := range names {
		sep := ","
		if i == 0 {
			sep = ""
		}
		fmt.Fprintf(w, "%s %s %d", sep, n, counts[n])
	}
	fmt.Fprintln(w)
}
