package turok

import (
	"bytes"
	"encoding/json"
	"io"
	"math"
	"strings"
	"testing"

	codec "github.com/levelwright/levelwright/codecs/turok"

	"github.com/levelwright/levelwright/internal/doctest"
)

// oddMap is a corpus map given values JSON cannot hold as they are:
// model paths that are not UTF-8 (Latin-1 é), a NaN with the sign bit
// and a payload, a signalling NaN, infinities in a sector set and a
// vertex. It returns the map's bytes.
func oddMap(t *testing.T) []byte {
	d := openCorpus(t, "kex18-vis.map")
	m := d.Map
	m.Actors[0].Model = "models/caf\xe9.bin"
	m.Actors[1].TriggerDelay = math.Float32frombits(0xffc00001)
	m.Actors[1].Yaw = math.Float32frombits(0x7f800001)
	m.SectorSets[0].FogZFar = float32(math.Inf(1))
	m.Vertices[5].Height = float32(math.Inf(-1))
	m.Sections[0].Meshes[0].Model = "\xff\xfe mesh"
	return m.Encode()
}

// loadOdd opens oddMap's bytes as a document.
func loadOdd(t *testing.T, data []byte) *Document {
	d, err := Load("odd.map", data)
	if err != nil {
		t.Fatal(err)
	}
	return d
}

// TestOddValuesComeBack: a map holding names that are not UTF-8 and
// floats that are not finite exports in the documented form, and the
// text imports, as the command line reads it, to the same bytes with no
// edit and no step; check warns about each float.
func TestOddValuesComeBack(t *testing.T) {
	data := oddMap(t)
	d := loadOdd(t, data)
	text, err := json.MarshalIndent(d.Export(), "", " ")
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{`"Model": {`, `"bytes_hex": "6d6f64656c732f636166e92e62696e"`, `"bytes_hex": "fffe206d657368"`,
		`"TriggerDelay": "NaN(0xffc00001)"`, `"Yaw": "NaN(0x7f800001)"`, `"FogZFar": "Infinity"`, `"Height": "-Infinity"`} {
		if !bytes.Contains(text, []byte(want)) {
			t.Errorf("the export lacks %s", want)
		}
	}
	var report strings.Builder
	if err := d.AsDoc().Import("odd.json", text, &report); err != nil {
		t.Fatal(err)
	}
	if steps, _ := d.History.Steps(); steps != 0 || report.String() != "map: 0 edits\n" || !bytes.Equal(doctest.Bytes(t, d), data) {
		t.Errorf("unchanged text: %d steps, %q, bytes equal %v", steps, report.String(), bytes.Equal(doctest.Bytes(t, d), data))
	}
	warned := map[string]bool{}
	for _, p := range d.Map.Check() {
		if p.Code == codec.CodeNonFinite && p.Severity == "warning" {
			warned[p.Kind] = true
		}
		if p.Severity == "error" {
			t.Errorf("check: %s", p.Message)
		}
	}
	if len(warned) != 3 || !warned["actor"] || !warned["sector-set"] || !warned["vertex"] {
		t.Errorf("non-finite floats warned about in %v, want actor, sector-set and vertex", warned)
	}
}

// TestOddValuesEdited: an import that edits other fields of records
// holding a NaN or a name that is not UTF-8 keeps their bits; one that
// gives a field a new NaN is refused and changes nothing; a name given
// as bytes_hex is written as those bytes.
func TestOddValuesEdited(t *testing.T) {
	data := oddMap(t)
	d := loadOdd(t, data)
	mj := d.Export()
	mj.Actors[1].Health++
	mj.Actors[0].Health++
	mj.SectorSets[0].Music++
	mj.Vertices[5].Position.Z += 8
	edits, err := d.Import(mj)
	if err != nil || edits != 4 {
		t.Fatalf("%d edits, %v; want 4", edits, err)
	}
	m := d.Map
	if math.Float32bits(m.Actors[1].TriggerDelay) != 0xffc00001 || math.Float32bits(m.Actors[1].Yaw) != 0x7f800001 ||
		m.Actors[0].Model != "models/caf\xe9.bin" || !math.IsInf(float64(m.SectorSets[0].FogZFar), 1) ||
		!math.IsInf(float64(m.Vertices[5].Height), -1) {
		t.Errorf("edited records lost their values: %+v, %+v", m.Actors[0], m.Actors[1])
	}

	d = loadOdd(t, data)
	for name, text := range map[string]string{
		"new NaN":      `"Yaw": "NaN"`,
		"new infinity": `"SkySpeed": "-Infinity"`,
	} {
		exported, _ := json.MarshalIndent(d.Export(), "", " ")
		at := map[string]string{"new NaN": `"Yaw": `, "new infinity": `"SkySpeed": `}[name]
		i := bytes.Index(exported, []byte(at))
		end := i + bytes.IndexAny(exported[i:], ",\n")
		edited := string(exported[:i]) + text + string(exported[end:])
		err := d.AsDoc().Import("edited.json", []byte(edited), io.Discard)
		if steps, _ := d.History.Steps(); err == nil || !strings.Contains(err.Error(), "not a number") || steps != 0 || !bytes.Equal(doctest.Bytes(t, d), data) {
			t.Errorf("%s: %v, %d steps, bytes equal %v; want a refusal that changes nothing", name, err, steps, bytes.Equal(doctest.Bytes(t, d), data))
		}
	}

	exported, _ := json.Marshal(d.Export())
	renamed := bytes.Replace(exported, []byte(`"bytes_hex":"6d6f64656c732f636166e92e62696e"`), []byte(`"bytes_hex":"6d6f64656c732f63616682e92e62696e"`), 1)
	if err := d.AsDoc().Import("renamed.json", renamed, io.Discard); err != nil || d.Map.Actors[0].Model != "models/caf\x82\xe9.bin" {
		t.Errorf("a name given as bytes: %q, %v", d.Map.Actors[0].Model, err)
	}
}
