package marathon

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/document"
)

// Physics is a physics model open for editing: the physics of a wad
// entry (a physics file's, or a map level's embedded physics) or a
// Marathon 1 physics file. Its edits go through its document's recorder.
type Physics struct {
	Set   *physics.Set
	Entry int // the wad entry, -1 for a Marathon 1 physics file
	core  *document.Core
}

// physicsTables are a physics model's tables of records as the change
// recorder sees them, by kind: each a slice of its record type, which
// holds no references.
var physicsTables = func() (t [physics.KindCount]*document.Value[*physics.Set, any]) {
	for k := range t {
		t[k] = &document.Value[*physics.Set, any]{Kind: KindPhysics,
			Size: func(records any) int {
				if v := reflect.ValueOf(records); v.IsValid() {
					return v.Len() * int(v.Type().Elem().Size())
				}
				return 0
			},
			Field: func(s *physics.Set) *any { return &s.Tables[k] },
			Same:  reflect.DeepEqual,
			Clone: func(records any) any {
				v := reflect.ValueOf(records)
				if !v.IsValid() {
					return nil
				}
				c := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
				reflect.Copy(c, v)
				return c.Interface()
			}}
	}
	return t
}()

// Physics is the physics model of wad entry i, nil when the entry holds
// no physics chunks.
func (d *Document) Physics(i int) *Physics {
	if i < 0 || i >= len(d.physics) || d.physics[i] == nil {
		return nil
	}
	return &Physics{Set: d.physics[i], Entry: i, core: &d.Core}
}

// PhysicsEntries lists the wad entries that hold physics.
func (d *Document) PhysicsEntries() []int {
	var out []int
	for i, s := range d.physics {
		if s != nil {
			out = append(out, i)
		}
	}
	return out
}

// decodePhysics decodes the physics chunks of every entry of the file.
func (d *Document) decodePhysics() error {
	d.physics = make([]*physics.Set, len(d.File.Entries))
	for i, e := range d.File.Entries {
		if !physics.HasPhysics(e) {
			continue
		}
		s, err := physics.Decode(e)
		if err != nil {
			return err
		}
		d.physics[i] = s
	}
	return nil
}

// Name is the name of record i of the kind.
func (p *Physics) Name(k physics.Kind, i int) string { return physics.Name(k, p.Set.Marathon1, i) }

// Field is the value of the field at path of record i of the kind.
func (p *Physics) Field(k physics.Kind, i int, path string) (int64, error) {
	v, err := p.field(k, i, path)
	if err != nil {
		return 0, err
	}
	if v.CanInt() {
		return v.Int(), nil
	}
	return int64(v.Uint()), nil
}

func (p *Physics) field(k physics.Kind, i int, path string) (reflect.Value, error) {
	if k < 0 || k >= physics.KindCount || i < 0 || i >= p.Set.Len(k) {
		return reflect.Value{}, fmt.Errorf("the physics have no %s record %d", kindName(k), i)
	}
	v, ok := physics.FieldByPath(p.Set.Record(k, i), path)
	if !ok {
		return reflect.Value{}, fmt.Errorf("%s records have no number field %q", kindName(k), path)
	}
	return v, nil
}

func kindName(k physics.Kind) string {
	if k < 0 || k >= physics.KindCount {
		return fmt.Sprintf("kind %d", k)
	}
	return physics.KindNames[k]
}

// SetField sets the field at path of record i of the kind to value, as
// one undo step. A value the field cannot store, an index of a record
// the physics do not have (other than -1, none; loose references, see
// physics.Field, excepted), or a value an enumeration does not name, is
// refused: those Set.Check reports.
func (p *Physics) SetField(k physics.Kind, i int, path string, value int64) error {
	return p.setFields("", []fieldChange{{k, i, path, value}})
}

// check refuses a value the field of type t at path cannot hold.
func (p *Physics) check(k physics.Kind, path string, t reflect.Type, value int64) error {
	lo, hi := intRange(t)
	if value < lo || value > hi {
		return fmt.Errorf("%d is out of range %d..%d", value, lo, hi)
	}
	for _, f := range physics.Fields(physics.RecordType(k, p.Set.Marathon1)) {
		if f.Path != path {
			continue
		}
		if f.Ref != physics.KindCount && !f.Loose && (value < -1 || value >= int64(p.Set.Len(f.Ref))) {
			return fmt.Errorf("%d is not one of the %d %s (0..%d) or -1 for none", value, p.Set.Len(f.Ref), physics.KindNames[f.Ref], p.Set.Len(f.Ref)-1)
		}
		if f.Choices != nil && (value < -1 || value >= int64(len(f.Choices))) {
			return fmt.Errorf("%d is not one of the values 0..%d or -1 for none", value, len(f.Choices)-1)
		}
	}
	return nil
}

// intRange is the range of an integer type.
func intRange(t reflect.Type) (lo, hi int64) {
	bits := t.Bits()
	if t.Kind() >= reflect.Uint && t.Kind() <= reflect.Uint64 {
		return 0, int64(uint64(1)<<bits - 1)
	}
	return -1 << (bits - 1), 1<<(bits-1) - 1
}

// PhysicsFormat names the JSON of an exported physics model.
const PhysicsFormat = "levelwright-marathon-physics/1"

// PhysicsJSON is a physics model as text: its records by kind, each
// with its index and name.
type PhysicsJSON struct {
	Format      string              `json:"format"`
	Entry       int                 `json:"entry"`
	Marathon1   bool                `json:"marathon1"`
	Monsters    []PhysicsRecordJSON `json:"monsters"`
	Effects     []PhysicsRecordJSON `json:"effects"`
	Projectiles []PhysicsRecordJSON `json:"projectiles"`
	Constants   []PhysicsRecordJSON `json:"constants"`
	Weapons     []PhysicsRecordJSON `json:"weapons"`
}

// PhysicsRecordJSON is one record: its fields as the record type names
// them, stored values (see physics.Units for what they read as).
type PhysicsRecordJSON struct {
	Index  int             `json:"index"`
	Name   string          `json:"name"`
	Record json.RawMessage `json:"record"`
}

func (pj *PhysicsJSON) table(k physics.Kind) *[]PhysicsRecordJSON {
	return [physics.KindCount]*[]PhysicsRecordJSON{&pj.Monsters, &pj.Effects, &pj.Projectiles, &pj.Constants, &pj.Weapons}[k]
}

// Export is the physics model as JSON.
func (p *Physics) Export() (PhysicsJSON, error) {
	pj := PhysicsJSON{Format: PhysicsFormat, Entry: p.Entry, Marathon1: p.Set.Marathon1}
	for k := range physics.KindCount {
		t := pj.table(k)
		*t = []PhysicsRecordJSON{}
		for i := range p.Set.Len(k) {
			b, err := json.Marshal(p.Set.Record(k, i).Interface())
			if err != nil {
				return PhysicsJSON{}, err
			}
			*t = append(*t, PhysicsRecordJSON{Index: i, Name: p.Name(k, i), Record: b})
		}
	}
	return pj, nil
}

// Import applies exported physics as one undo step: every field that
// differs is set as SetField would. It returns the number of fields set.
func (p *Physics) Import(pj PhysicsJSON) (edits int, err error) {
	if pj.Format != PhysicsFormat {
		return 0, fmt.Errorf("format %q, want %q", pj.Format, PhysicsFormat)
	}
	if pj.Marathon1 != p.Set.Marathon1 {
		return 0, fmt.Errorf("marathon1 is %v, the file's physics %v", pj.Marathon1, p.Set.Marathon1)
	}
	var changes []fieldChange
	for k := range physics.KindCount {
		for _, r := range *pj.table(k) {
			if r.Index < 0 || r.Index >= p.Set.Len(k) {
				return 0, fmt.Errorf("%s: the physics have no record %d (%d records)", physics.KindNames[k], r.Index, p.Set.Len(k))
			}
			rec := reflect.New(physics.RecordType(k, p.Set.Marathon1))
			dec := json.NewDecoder(bytes.NewReader(r.Record))
			dec.DisallowUnknownFields()
			if err := dec.Decode(rec.Interface()); err != nil {
				return 0, fmt.Errorf("%s %d: %w", physics.KindNames[k], r.Index, err)
			}
			changes = append(changes, p.diff(k, r.Index, rec.Elem())...)
		}
	}
	return len(changes), p.setFields(fmt.Sprintf("Import %s", document.Count(len(changes), "physics field")), changes)
}

// EditRecord applies update to a copy of record i of the kind (a
// pointer to its record type) and sets every field it changed, as one
// undo step, refusing as SetField does.
func (p *Physics) EditRecord(k physics.Kind, i int, update func(record any)) error {
	if k < 0 || k >= physics.KindCount || i < 0 || i >= p.Set.Len(k) {
		return fmt.Errorf("the physics have no %s record %d", kindName(k), i)
	}
	rec := reflect.New(physics.RecordType(k, p.Set.Marathon1))
	rec.Elem().Set(p.Set.Record(k, i))
	update(rec.Interface())
	return p.setFields(fmt.Sprintf("Edit %s", p.Name(k, i)), p.diff(k, i, rec.Elem()))
}

// fieldChange is one field's new value.
type fieldChange struct {
	k     physics.Kind
	i     int
	path  string
	value int64
}

// diff lists the fields of after that differ from record i of the kind.
func (p *Physics) diff(k physics.Kind, i int, after reflect.Value) []fieldChange {
	var out []fieldChange
	for _, f := range physics.Fields(after.Type()) {
		v, _ := physics.FieldByPath(after, f.Path)
		var value int64
		if v.CanInt() {
			value = v.Int()
		} else {
			value = int64(v.Uint())
		}
		if old, _ := p.Field(k, i, f.Path); old != value {
			out = append(out, fieldChange{k, i, f.Path, value})
		}
	}
	return out
}

// setFields makes the changes as one step named description, or for
// one change "Set" and the field, refusing as SetField does.
func (p *Physics) setFields(description string, changes []fieldChange) error {
	e := document.Begin(p.core, p.Entry, p.Set)
	for _, c := range changes {
		v, err := p.field(c.k, c.i, c.path)
		if err != nil {
			e.Rollback()
			return err
		}
		if err := p.check(c.k, c.path, v.Type(), c.value); err != nil {
			e.Rollback()
			return fmt.Errorf("%s %d (%s) %s: %w", kindName(c.k), c.i, p.Name(c.k, c.i), c.path, err)
		}
		document.TouchValue(e, physicsTables[c.k])
		if v.CanInt() {
			v.SetInt(c.value)
		} else {
			v.SetUint(uint64(c.value))
		}
	}
	if len(changes) == 1 {
		description = fmt.Sprintf("Set %s %s", p.Name(changes[0].k, changes[0].i), changes[0].path)
	}
	return e.Commit(description, "")
}
