// Package diff compares the levels of two files entity by entity, and
// merges two sides' changes to a common base. It works on the text every
// game exports (document.Doc.Export), so it knows no game: a level is an
// object whose lists of objects are its entities, and whose other values
// are the level's own fields.
package diff

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"

	"github.com/levelwright/levelwright/document"
)

// A Level is one level's exported text, decoded: field names to values,
// with numbers kept as the text wrote them.
type Level map[string]any

// File is every level of a file as its game exports them; Many tells
// whether the export was an array of levels or a file's one object.
type File struct {
	Levels []Level
	Many   bool
	// Schema says how the entities name one another, when the game's
	// document says (document.Schematic); Compare then pairs them by
	// what they are.
	Schema document.ExportSchema
}

// Read exports every level of d.
func Read(d document.Doc) (File, error) { return read(d, -1) }

// ReadLevel exports level n of d alone (the file's index of it).
func ReadLevel(d document.Doc, n int) (Level, error) {
	f, err := read(d, n)
	if err != nil {
		return nil, err
	}
	return f.Levels[0], nil
}

// read exports level n of d, or every level for -1.
func read(d document.Doc, n int) (File, error) {
	v, err := d.Export(n)
	if err != nil {
		return File{}, err
	}
	f, err := decode(v)
	if s, ok := d.(document.Schematic); ok {
		f.Schema = s.ExportSchema()
	}
	return f, err
}

// decode is an export, v, in the form Parse gives its text.
func decode(v any) (File, error) {
	text, err := json.Marshal(v)
	if err != nil {
		return File{}, err
	}
	return Parse(text)
}

// Parse reads exported text: one level's object or an array of levels.
func Parse(text []byte) (File, error) {
	dec := json.NewDecoder(bytes.NewReader(text))
	dec.UseNumber()
	var decoded any
	if err := dec.Decode(&decoded); err != nil {
		return File{}, err
	}
	switch t := decoded.(type) {
	case map[string]any:
		return File{Levels: []Level{t}}, nil
	case []any:
		f := File{Many: true}
		for i, l := range t {
			m, ok := l.(map[string]any)
			if !ok {
				return File{}, fmt.Errorf("level %d of the text is not an object", i)
			}
			f.Levels = append(f.Levels, m)
		}
		return f, nil
	}
	return File{}, fmt.Errorf("the text is neither a level nor a list of levels")
}

// Text is f as the text its game imports.
func (f File) Text() ([]byte, error) {
	if f.Many {
		return json.MarshalIndent(f.Levels, "", " ")
	}
	if len(f.Levels) != 1 {
		return nil, fmt.Errorf("a file of one level has %d", len(f.Levels))
	}
	return json.MarshalIndent(f.Levels[0], "", " ")
}

// Number is the level's own number: its "level" field when it has one,
// else its place in the file.
func (l Level) Number(place int) int {
	if n, ok := l["level"].(json.Number); ok {
		if i, err := strconv.Atoi(n.String()); err == nil {
			return i
		}
	}
	return place
}

// A Change is one entity, or the level's own fields, that differ.
type Change struct {
	Level int `json:"level"`
	// List is the entity list ("objects", "polygons"), "" for the level's
	// own fields.
	List string `json:"list,omitempty"`
	// Index is the entity's index: in B when added or changed, in A when
	// removed; -1 for the level's own fields.
	Index int `json:"index"`
	// Change is "added", "removed" or "changed".
	Change string `json:"change"`
	// Fields are the changed fields by name, dotted into nested ones
	// and indexed into lists ("Functions[2].Intensity").
	Fields []Field `json:"fields,omitempty"`
}

// A Field is one field that differs: its name and both values.
type Field struct {
	Name string `json:"field"`
	From any    `json:"from"`
	To   any    `json:"to"`
}

// String is the change as a line for people.
func (c Change) String() string {
	what := "level fields"
	if c.List != "" {
		what = fmt.Sprintf("%s %d", c.List, c.Index)
	}
	s := fmt.Sprintf("level %d: %s %s", c.Level, what, c.Change)
	for i, f := range c.Fields {
		sep := ": "
		if i > 0 {
			sep = ", "
		}
		s += sep + f.String()
	}
	return s
}

// String is the field's change for people: an object that appears or
// goes (an entity in a list field) is "added" or "removed", other values
// are "from -> to".
func (f Field) String() string {
	_, fromObject := f.From.(map[string]any)
	_, toObject := f.To.(map[string]any)
	switch {
	case f.From == nil && toObject:
		return f.Name + " added"
	case fromObject && f.To == nil:
		return f.Name + " removed"
	}
	return fmt.Sprintf("%s %s -> %s", f.Name, show(f.From), show(f.To))
}

// show is a value as short text.
func show(v any) string {
	if v == nil {
		return "(none)"
	}
	text, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprint(v)
	}
	if len(text) > 60 {
		return string(text[:57]) + "..."
	}
	return string(text)
}

// Compare lists what differs from a to b, level by level: each level's
// own fields, then each list's entities in the order of the list's name.
func Compare(a, b File) []Change {
	var out []Change
	for i := range max(len(a.Levels), len(b.Levels)) {
		var la, lb Level
		if i < len(a.Levels) {
			la = a.Levels[i]
		}
		if i < len(b.Levels) {
			lb = b.Levels[i]
		}
		out = append(out, comparePlace(i, la, lb, a.Schema)...)
	}
	return out
}

// comparePlace compares the levels at place i of two files; a nil level
// is one the file lacks there.
func comparePlace(i int, a, b Level, schema document.ExportSchema) []Change {
	switch {
	case a == nil:
		return []Change{{Level: b.Number(i), Index: -1, Change: "added"}}
	case b == nil:
		return []Change{{Level: a.Number(i), Index: -1, Change: "removed"}}
	}
	return compareLevel(a.Number(i), a, b, schema)
}

// CompareDocs is Compare of the levels of two documents. When both count
// their levels (document.Counted), it exports and compares one level of
// each at a time, so that it holds two levels in memory, not two files:
// the decoded form of a level is several times its text.
func CompareDocs(a, b document.Doc) ([]Change, error) {
	ca, okA := a.(document.Counted)
	cb, okB := b.(document.Counted)
	na, leveledA := 0, false
	nb, leveledB := 0, false
	if okA && okB {
		na, leveledA = ca.LevelCount()
		nb, leveledB = cb.LevelCount()
	}
	if !leveledA || !leveledB {
		fa, err := Read(a)
		if err != nil {
			return nil, err
		}
		fb, err := Read(b)
		if err != nil {
			return nil, err
		}
		return Compare(fa, fb), nil
	}
	var schema document.ExportSchema
	if s, ok := a.(document.Schematic); ok {
		schema = s.ExportSchema()
	}
	ea, eb := levelReader{doc: a, count: na}, levelReader{doc: b, count: nb}
	var out []Change
	for place := 0; ; place++ {
		ta, err := ea.next()
		if err != nil {
			return nil, err
		}
		tb, err := eb.next()
		if err != nil {
			return nil, err
		}
		if ta == nil && tb == nil {
			return out, nil
		}
		if bytes.Equal(ta, tb) {
			continue // the same text: nothing differs, nothing to decode
		}
		var la, lb Level
		if ta != nil {
			if la, err = parseLevel(ta); err != nil {
				return nil, err
			}
		}
		if tb != nil {
			if lb, err = parseLevel(tb); err != nil {
				return nil, err
			}
		}
		out = append(out, comparePlace(place, la, lb, schema)...)
	}
}

// parseLevel reads one level's exported text.
func parseLevel(text []byte) (Level, error) {
	f, err := Parse(text)
	if err != nil {
		return nil, err
	}
	if f.Many || len(f.Levels) != 1 {
		return nil, fmt.Errorf("the export of a level is not one object")
	}
	return f.Levels[0], nil
}

// levelReader reads a document's levels one at a time, as its whole
// export lists them: leaving out those it does not export
// (document.ExportLevels).
type levelReader struct {
	doc       document.Doc
	count, at int
}

// next is the text of the next level the document exports, nil after
// the last.
func (r *levelReader) next() ([]byte, error) {
	for r.at < r.count {
		v, err := r.doc.Export(r.at)
		r.at++
		if err != nil {
			continue
		}
		return json.Marshal(v)
	}
	return nil, nil
}

func compareLevel(n int, a, b Level, schema document.ExportSchema) []Change {
	var own []Field
	var lists []Change
	var entityLists []string
	for _, key := range document.SortedKeys(a, b) {
		av, bv := a[key], b[key]
		if isEntityList(av) && isEntityList(bv) || av == nil && isEntityList(bv) || isEntityList(av) && bv == nil {
			entityLists = append(entityLists, key) // a list that one side leaves out has no entities there
			continue
		}
		fieldChanges(key, av, bv, &own)
	}
	lists = compareLists(n, entityLists, a, b, schema)
	if len(own) > 0 {
		lists = append([]Change{{Level: n, Index: -1, Change: "changed", Fields: own}}, lists...)
	}
	return lists
}

// entityIndex is the index of the entity at place in list: its own
// "index" when it has one, else its place.
func entityIndex(list []any, place int) int {
	if n, ok := list[place].(map[string]any)["index"].(json.Number); ok {
		if i, err := n.Int64(); err == nil {
			return int(i)
		}
	}
	return place
}

// fieldChanges appends to out the fields of a and b that differ, by
// name: objects are compared key by key, lists of the same length item
// by item (named "Functions[2].Intensity"), lists of entities of other
// lengths entity by entity (entityChanges), any other values whole.
func fieldChanges(name string, a, b any, out *[]Field) {
	am, aok := a.(map[string]any)
	bm, bok := b.(map[string]any)
	if aok && bok {
		for _, k := range document.SortedKeys(am, bm) {
			fieldChanges(join(name, k), am[k], bm[k], out)
		}
		return
	}
	al, aok := a.([]any)
	bl, bok := b.([]any)
	if aok && bok && len(al) == len(bl) {
		for i := range al {
			fieldChanges(fmt.Sprintf("%s[%d]", name, i), al[i], bl[i], out)
		}
		return
	}
	if aok && bok && isEntityList(al) && isEntityList(bl) {
		entityChanges(name, al, bl, out)
		return
	}
	if !document.EqualJSON(a, b) {
		*out = append(*out, Field{Name: name, From: a, To: b})
	}
}

// entityChanges appends to out the differences of two lists of entities
// held in a field (a grid section's static meshes), aligned as a level's
// lists are: an entity added is one field, named by its index in b, from
// nothing to it; one removed, by its index in a, from it to nothing; one
// changed, its fields.
func entityChanges(name string, a, b []any, out *[]Field) {
	for _, p := range document.Align(a, b) {
		switch {
		case p.A < 0:
			*out = append(*out, Field{Name: fmt.Sprintf("%s[%d]", name, p.B), To: b[p.B]})
		case p.B < 0:
			*out = append(*out, Field{Name: fmt.Sprintf("%s[%d]", name, p.A), From: a[p.A]})
		case !p.Same:
			fieldChanges(fmt.Sprintf("%s[%d]", name, p.B), a[p.A], b[p.B], out)
		}
	}
}

func join(name, key string) string {
	if name == "" {
		return key
	}
	return name + "." + key
}

// entities is the entity list key of l: none when l leaves it out.
func entities(l Level, key string) []any {
	list, _ := l[key].([]any)
	return list
}

// isEntityList reports whether v is a list of entities: a list whose
// items are all objects (an empty list counts, so that a list that gains
// its first entity is one).
func isEntityList(v any) bool {
	list, ok := v.([]any)
	if !ok {
		return false
	}
	for _, item := range list {
		if _, ok := item.(map[string]any); !ok {
			return false
		}
	}
	return true
}
