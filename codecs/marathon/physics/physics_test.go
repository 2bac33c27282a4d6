package physics

import (
	"bytes"
	"os"
	"reflect"
	"testing"

	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/internal/corpus"
)

// TestRecordSizes holds the record types to the sizes the files use
// (NOTES.md; Marathon 1's from Aleph One's unpack_m1_* readers).
func TestRecordSizes(t *testing.T) {
	for _, tc := range []struct {
		marathon1 bool
		sizes     [KindCount]int
	}{{false, [KindCount]int{156, 14, 48, 104, 134}}, {true, [KindCount]int{138, 6, 36, 100, 120}}} {
		for k, want := range tc.sizes {
			if got := RecordSize(Kind(k), tc.marathon1); got != want {
				t.Errorf("marathon1 %v %s: %d bytes, want %d", tc.marathon1, KindNames[k], got, want)
			}
		}
	}
}

func TestStandardPhysicsRoundTrip(t *testing.T) {
	data, f, s := standardPhysics(t)
	for k, want := range [KindCount]int{43, 67, 38, 2, 9} {
		if got := s.Len(Kind(k)); got != want {
			t.Errorf("%s: %d records, want %d", KindNames[k], got, want)
		}
		if got, c := s.EncodeTable(Kind(k)), f.Entries[0].Chunk(Tags[k]); !bytes.Equal(got, c.Data) {
			t.Errorf("%s encodes differently", Tags[k])
		}
	}
	// physics_models.h: walking is FIXED_ONE/14 forward, running FIXED_ONE/8.
	models := s.Tables[KindConstants].([]Constants)
	if models[0].MaximumForwardVelocity != 65536/14 || models[1].MaximumForwardVelocity != 65536/8 {
		t.Errorf("forward velocities %d, %d", models[0].MaximumForwardVelocity, models[1].MaximumForwardVelocity)
	}
	s.Encode(f.Entries[0])
	if !bytes.Equal(f.Bytes(), data) {
		t.Error("the file encodes differently")
	}
}

func TestMarathon1PhysicsRoundTrip(t *testing.T) {
	data, err := os.ReadFile(corpus.Path(t, "gamedata", "marathon1", "Physics.phys"))
	if err != nil {
		t.Fatal(err)
	}
	if !IsM1(data) {
		t.Fatal("not recognised as Marathon 1 physics")
	}
	f, err := ParseM1(data)
	if err != nil {
		t.Fatal(err)
	}
	for k, want := range [KindCount]int{40, 38, 25, 3, 7} {
		if got := f.Set.Len(Kind(k)); got != want {
			t.Errorf("%s: %d records, want %d", KindNames[k], got, want)
		}
	}
	for _, s := range f.Sections {
		if s.Kind == KindCount {
			t.Errorf("section %q kept raw", s.Tag)
		}
	}
	if i := firstDifference(f.Bytes(), data); i >= 0 {
		t.Errorf("encodes differently from byte %d", i)
	}
}

func firstDifference(a, b []byte) int {
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

func TestBadInput(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"short header", []byte("mons\x00\x00"), "offset 0"},
		{"records past the end", append([]byte("mons\x00\x00\x00\x00\x00\x02\x00\x8a"), make([]byte, 138)...), "offset 12"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseM1(tc.data)
			if err == nil || !bytes.Contains([]byte(err.Error()), []byte(tc.want)) {
				t.Errorf("error %v, want one naming %q", err, tc.want)
			}
		})
	}
	e := &wad.Entry{}
	e.SetChunk("MNpx", make([]byte, 157))
	if _, err := Decode(e); err == nil {
		t.Error("a 157-byte MNpx chunk decodes")
	}
}

// TestFields checks that the field list reaches nested fields with their
// units and flag names.
func TestFields(t *testing.T) {
	byPath := map[string]Field{}
	for _, f := range Fields(reflect.TypeFor[Monster]()) {
		byPath[f.Path] = f
	}
	if f := byPath["MeleeAttack.Range"]; f.Unit == nil || f.Unit.Name != "WU" {
		t.Errorf("MeleeAttack.Range unit %v", f.Unit)
	}
	if f := byPath["Flags"]; len(f.Flags) != 32 || f.Flags[1] != "flies" {
		t.Errorf("Flags names %v", f.Flags)
	}
	if f := byPath["ImpactEffect"]; f.Ref != KindEffect {
		t.Errorf("ImpactEffect refers to %d", f.Ref)
	}
	if got := Name(KindMonster, false, 1); got != "Tick (energy)" {
		t.Errorf("monster 1 is %q", got)
	}
	if got := Name(KindWeapon, true, 2); got != "Weapon 2" {
		t.Errorf("Marathon 1 weapon 2 is %q", got)
	}
}

// TestCheck: the corpus physics have no problem; a reference past the
// effects and too many weapons are errors naming the record.
func TestCheck(t *testing.T) {
	_, _, s := standardPhysics(t)
	if p := s.Check(0); len(p) != 0 {
		t.Fatalf("Standard.phyA: %v", p)
	}
	m1, err := os.ReadFile(corpus.Path(t, "gamedata", "marathon1", "Physics.phys"))
	if err != nil {
		t.Fatal(err)
	}
	mf, err := ParseM1(m1)
	if err != nil {
		t.Fatal(err)
	}
	if p := mf.Set.Check(-1); len(p) != 0 {
		t.Fatalf("Physics.phys: %v", p)
	}
	s.Tables[KindMonster].([]Monster)[5].ImpactEffect = 67
	weapons := s.Tables[KindWeapon].([]Weapon)
	s.Tables[KindWeapon] = append(weapons, weapons[0], weapons[0])
	var messages []string
	for _, p := range s.Check(0) {
		if p.Severity != "error" {
			t.Errorf("severity %q", p.Severity)
		}
		messages = append(messages, p.Message)
	}
	want := []string{"monsters 5 (Compiler (major)) ImpactEffect: 67 is not one of the 67 effects or -1 for none",
		"11 weapons, the engine holds at most 10"}
	if len(messages) != 2 || messages[0] != want[0] || messages[1] != want[1] {
		t.Errorf("problems %q, want %q", messages, want)
	}
}

// standardPhysics is Marathon 2's Standard.phyA: its bytes, its wad and
// the physics of its one entry.
func standardPhysics(t *testing.T) ([]byte, *wad.File, *Set) {
	t.Helper()
	data, err := os.ReadFile(corpus.Path(t, "marathon", "m2", "Standard.phyA"))
	if err != nil {
		t.Fatal(err)
	}
	f, err := wad.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	s, err := Decode(f.Entries[0])
	if err != nil {
		t.Fatal(err)
	}
	return data, f, s
}
