package editor

import (
	"bytes"
	"encoding/binary"
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/codecs/bin"
	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

func TestSniffCorpus(t *testing.T) {
	corpus := filepath.Join("..", "..", "shared", "corpus")
	if _, err := os.Stat(corpus); err != nil {
		t.Skip("corpus folder ../shared/corpus is absent")
	}
	cases := map[string]string{
		"shock/derelict/archive.dat": "shock",
		"marathon/m1/Map.scen":       "marathon",
		"marathon/m2/Standard.phyA":  "marathon",
	}
	turok, _ := filepath.Glob(filepath.Join(corpus, "turok", "*.map"))
	for _, p := range turok {
		rel, _ := filepath.Rel(corpus, p)
		cases[rel] = "turok"
	}
	if len(turok) == 0 {
		t.Fatal("no Turok maps in the corpus")
	}
	for rel, want := range cases {
		data, err := os.ReadFile(filepath.Join(corpus, rel))
		if err != nil {
			t.Fatal(err)
		}
		got, err := document.Sniff(data, Formats())
		if err != nil || got.Key() != want {
			t.Errorf("%s: got %v, %v; want %v", rel, got, err, want)
		}
	}
}

func TestSniffRejects(t *testing.T) {
	shock := make([]byte, 200)
	copy(shock, lgres.Signature)
	binary.LittleEndian.PutUint32(shock[0x7c:], 5000)
	cases := map[string]struct {
		data   []byte
		offset int64
	}{
		"empty":              {nil, 0},
		"text":               {[]byte("hello, world\n"), 0},
		"shock short header": {[]byte(lgres.Signature), int64(len([]byte(lgres.Signature)))},
		"shock dir past end": {shock, 0x7c},
	}
	for name, c := range cases {
		_, err := document.Sniff(c.data, Formats())
		var be *bin.Error
		if !errors.As(err, &be) {
			t.Errorf("%s: got %v, want a *bin.Error", name, err)
			continue
		}
		if be.Offset != c.offset {
			t.Errorf("%s: error at offset %d, want %d (%v)", name, be.Offset, c.offset, err)
		}
	}
}

// FuzzSniff: file-type detection and the codec it hands a file to never
// panic, and always name a game with an error or decode the file.
func FuzzSniff(f *testing.F) {
	f.Add(turok.NewMap().Encode())
	f.Add([]byte(lgres.Signature))
	f.Add([]byte{0, 2, 0, 1})
	f.Fuzz(func(t *testing.T, data []byte) {
		game, err := document.Sniff(data, Formats())
		if err == nil && game == nil {
			t.Fatal("no game and no error")
		}
	})
}

// TestDemos: every game's demo builds the same bytes each time, is a
// file of its format that has no problems and re-encodes byte for byte.
// What each demo holds is tested in its own document package.
func TestDemos(t *testing.T) {
	for _, f := range Formats() {
		demo := f.Demo()
		data, err := demo.Build()
		if err != nil {
			t.Fatalf("%s: %v", f.Key(), err)
		}
		if again, _ := demo.Build(); !bytes.Equal(data, again) {
			t.Errorf("%s: two builds differ", f.Key())
		}
		if ok, err := f.Sniff(data); err != nil || !ok {
			t.Errorf("%s: the demo sniffs as %v (%v)", f.Key(), ok, err)
		}
		if problems, err := f.Check(data); err != nil || len(problems) > 0 {
			t.Errorf("%s: the demo has problems %v (%v)", f.Key(), problems, err)
		}
		d, err := f.Open(demo.FileName, data)
		if err != nil {
			t.Fatalf("%s: %v", f.Key(), err)
		}
		if encoded, err := d.Bytes(); err != nil || !bytes.Equal(encoded, data) {
			t.Errorf("%s: the demo does not re-encode byte for byte (%v)", f.Key(), err)
		}
	}
}
