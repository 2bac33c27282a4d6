package marathon

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/codecs/marathon/physics"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
	"github.com/levelwright/levelwright/internal/doctest"
)

func readCorpus(t *testing.T, parts ...string) []byte {
	t.Helper()
	data, err := os.ReadFile(corpus.Path(t, parts...))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// mapWithPhysics is a corpus map whose first level embeds the physics of
// Standard.phyA, as a map made with custom physics holds them.
func mapWithPhysics(t *testing.T) []byte {
	std, err := wad.Parse(readCorpus(t, "marathon", "m2", "Standard.phyA"))
	if err != nil {
		t.Fatal(err)
	}
	m, err := wad.Parse(readCorpus(t, "marathon", "eternal", "Aaron-Eternal.sceA"))
	if err != nil {
		t.Fatal(err)
	}
	for _, tag := range physics.Tags {
		m.Entries[0].SetChunk(tag, std.Entries[0].Chunk(tag).Data)
	}
	return m.Bytes()
}

// differingOffsets lists the offsets where a and b, of one length, differ.
func differingOffsets(t *testing.T, a, b []byte) []int {
	t.Helper()
	if len(a) != len(b) {
		t.Fatalf("%d bytes, want %d", len(a), len(b))
	}
	var out []int
	for i := range a {
		if a[i] != b[i] {
			out = append(out, i)
		}
	}
	return out
}

// TestVitalityEditChangesThoseBytes edits one monster's vitality in a
// physics file and in a map's embedded physics: the whole file differs
// from the original only in the vitality's two bytes and the header's
// recomputed checksum; undo gives the original bytes back.
func TestVitalityEditChangesThoseBytes(t *testing.T) {
	for name, data := range map[string][]byte{
		"Standard.phyA":         readCorpus(t, "marathon", "m2", "Standard.phyA"),
		"map embedding physics": mapWithPhysics(t),
	} {
		t.Run(name, func(t *testing.T) {
			d, err := Load(name, data)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(doctest.Bytes(t, d), data) {
				t.Fatal("the unchanged document encodes differently")
			}
			entry := d.PhysicsEntries()[0]
			p := d.Physics(entry)
			const monster = 3 // Tick (kamikaze)
			old, err := p.Field(physics.KindMonster, monster, "Vitality")
			if err != nil {
				t.Fatal(err)
			}
			if err := p.SetField(physics.KindMonster, monster, "Vitality", old+0x101); err != nil { // both bytes change
				t.Fatal(err)
			}
			if undo, _ := d.History.Steps(); undo != 1 {
				t.Fatalf("%d steps, want 1", undo)
			}
			out := doctest.Bytes(t, d)
			mnpx := bytes.Index(data, d.File.Entries[entry].Chunk("MNpx").Data[:156*monster]) // the chunk's start, unique
			at := mnpx + 156*monster + 2
			var vitality []int // the differing offsets but the header's checksum (68..71), which a changed wad recomputes
			for _, o := range differingOffsets(t, out, data) {
				if o < 68 || o > 71 {
					vitality = append(vitality, o)
				}
			}
			if !slices.Equal(vitality, []int{at, at + 1}) {
				t.Errorf("bytes %v differ, want only the vitality's %d and %d (and the checksum)", vitality, at, at+1)
			}
			if v := int64(int16(binary.BigEndian.Uint16(out[at:]))); v != old+0x101 {
				t.Errorf("vitality stored %d, want %d", v, old+0x101)
			}
			if _, err := d.History.Undo(); err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(doctest.Bytes(t, d), data) {
				t.Error("undo leaves changed bytes")
			}
		})
	}
}

// TestRefusedPhysicsEdits refuses values the field cannot hold and
// indexes of records the physics lack, with a message naming the field
// and the range, leaving no step and no changed byte.
func TestRefusedPhysicsEdits(t *testing.T) {
	data := readCorpus(t, "marathon", "m2", "Standard.phyA")
	d, err := Load("Standard.phyA", data)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Physics(0)
	for _, tc := range []struct {
		kind  physics.Kind
		path  string
		value int64
		want  string
	}{
		{physics.KindMonster, "Vitality", 40000, "Vitality: 40000 is out of range -32768..32767"},
		{physics.KindMonster, "Flags", -1, "Flags: -1 is out of range 0..4294967295"},
		{physics.KindMonster, "ImpactEffect", 67, "ImpactEffect: 67 is not one of the 67 effects (0..66) or -1 for none"},
		{physics.KindProjectile, "MediaPromotion", -2, "MediaPromotion: -2 is not one of the 38 projectiles"},
		{physics.KindProjectile, "Damage.Type", 24, "Damage.Type: 24 is not one of the values 0..23"},
		{physics.KindMonster, "NoSuchField", 1, `no number field "NoSuchField"`},
	} {
		err := p.SetField(tc.kind, 1, tc.path, tc.value)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s = %d: error %v, want %q", tc.path, tc.value, err, tc.want)
		}
	}
	if undo, _ := d.History.Steps(); undo != 0 {
		t.Errorf("%d steps after refused edits", undo)
	}
	if !bytes.Equal(doctest.Bytes(t, d), data) {
		t.Error("refused edits changed bytes")
	}
}

// TestPhysicsJSONRoundTrip exports the physics of Standard.phyA and of
// Marathon 1's physics file, imports the unchanged export (no edit, the
// same file), then an export with one changed field into a fresh copy:
// one step, the same bytes as that edit made directly.
func TestPhysicsJSONRoundTrip(t *testing.T) {
	for _, parts := range [][]string{{"marathon", "m2", "Standard.phyA"}, {"gamedata", "marathon1", "Physics.phys"}} {
		t.Run(parts[len(parts)-1], func(t *testing.T) {
			data := readCorpus(t, parts...)
			open := func() interface {
				Bytes() ([]byte, error)
				Export(int) (any, error)
				Import(string, []byte, io.Writer) error
			} {
				doc, err := Format.Open("physics", data)
				if err != nil {
					t.Fatal(err)
				}
				return doc
			}
			d := open()
			exported, err := d.Export(-1)
			if err != nil {
				t.Fatal(err)
			}
			text, err := json.MarshalIndent(exported, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Contains(text, []byte(`"name": "`+physics.Name(physics.KindWeapon, strings.HasSuffix(parts[2], ".phys"), 1)+`"`)) {
				t.Fatalf("the export names no weapon 1: %.300s", text)
			}
			var report bytes.Buffer
			if err := d.Import("same.json", text, &report); err != nil {
				t.Fatal(err)
			}
			if out, _ := d.Bytes(); !bytes.Equal(out, data) || !strings.Contains(report.String(), ": 0 edits") {
				t.Fatalf("the unchanged export changed the file; report %q", report.String())
			}

			var pj PhysicsJSON
			if err := json.Unmarshal(text, &pj); err != nil {
				t.Fatal(err)
			}
			var rec map[string]any
			if err := json.Unmarshal(pj.Monsters[2].Record, &rec); err != nil {
				t.Fatal(err)
			}
			vitality := rec["Vitality"].(float64) + 0x101
			rec["Vitality"] = vitality
			pj.Monsters[2].Record, _ = json.Marshal(rec)
			changed, _ := json.Marshal(pj)
			fresh := open()
			report.Reset()
			if err := fresh.Import("changed.json", changed, &report); err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(report.String(), ": 1 edits") {
				t.Errorf("report %q, want 1 edit", report.String())
			}
			direct := open()
			var p *Physics
			switch d := direct.(type) {
			case doc:
				p = d.d.Physics(d.d.PhysicsEntries()[0])
			case physicsFileDoc:
				p = d.f.Physics()
			}
			if err := p.SetField(physics.KindMonster, 2, "Vitality", int64(vitality)); err != nil {
				t.Fatal(err)
			}
			got, _ := fresh.Bytes()
			want, _ := direct.Bytes()
			if !bytes.Equal(got, want) || bytes.Equal(got, data) {
				t.Error("the import is not the edit")
			}
		})
	}
}

// TestPhysicsRoundtripFormat round-trips every corpus Marathon file and
// Marathon 1's physics through the typed records, physics chunks
// included.
func TestPhysicsRoundtripFormat(t *testing.T) {
	files := append(corpus.Files(t, "marathon"), corpus.Path(t, "gamedata", "marathon1", "Physics.phys"))
	for _, path := range files {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		report, identical, err := Format.Roundtrip(path, data, true)
		if err != nil || !identical {
			t.Errorf("%s: %s %v", path, report, err)
		}
		if ok, err := Format.Sniff(data); !ok || err != nil {
			t.Errorf("%s: sniffed %v %v", path, ok, err)
		}
	}
	report, identical, err := Format.Roundtrip("map with physics", mapWithPhysics(t), true)
	if err != nil || !identical || !strings.Contains(report, "(") {
		t.Errorf("map with physics: %s %v", report, err)
	}
}

// TestEditRecordIsOneStep: a record edit that changes two fields is one
// step; one that gives a field a value it cannot hold leaves nothing.
func TestEditRecordIsOneStep(t *testing.T) {
	data := readCorpus(t, "marathon", "m2", "Standard.phyA")
	d, err := Load("Standard.phyA", data)
	if err != nil {
		t.Fatal(err)
	}
	p := d.Physics(0)
	err = p.EditRecord(physics.KindProjectile, 0, func(r any) {
		r.(*physics.Projectile).Speed += 10
		r.(*physics.Projectile).Damage.Base += 5
	})
	if undo, _ := d.History.Steps(); err != nil || undo != 1 {
		t.Fatalf("%d steps, error %v", undo, err)
	}
	err = p.EditRecord(physics.KindProjectile, 0, func(r any) {
		r.(*physics.Projectile).Speed += 10
		r.(*physics.Projectile).DetonationEffect = 500
	})
	if undo, _ := d.History.Steps(); err == nil || !strings.Contains(err.Error(), "DetonationEffect") || undo != 1 {
		t.Fatalf("%d steps, error %v", undo, err)
	}
	if got, _ := p.Field(physics.KindProjectile, 0, "Speed"); got != int64(d.Physics(0).Set.Tables[physics.KindProjectile].([]physics.Projectile)[0].Speed) {
		t.Fatal("Field disagrees with the record")
	}
	d.History.Undo()
	if !bytes.Equal(doctest.Bytes(t, d), data) {
		t.Error("undo leaves changed bytes")
	}
}

// TestCheckReportsPhysicsProblems: a physics file written by another
// tool with a monster's impact effect past the effects is reported by
// check as an error; the corpus physics have none.
func TestCheckReportsPhysicsProblems(t *testing.T) {
	data := readCorpus(t, "marathon", "m2", "Standard.phyA")
	if p, err := Format.Check(data); err != nil || len(p) != 0 {
		t.Fatalf("Standard.phyA: %v %v", p, err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	at := bytes.Index(data, f.Entries[0].Chunk("MNpx").Data) + 156*5 + 66 // monster 5's ImpactEffect
	bad := bytes.Clone(data)
	binary.BigEndian.PutUint16(bad[at:], 200)
	p, err := Format.Check(bad)
	if err != nil {
		t.Fatal(err)
	}
	if len(p) != 1 || p[0].Severity != "error" || !strings.Contains(p[0].Message, "ImpactEffect: 200 is not one of the 67 effects") {
		t.Errorf("problems %v", p)
	}
}
