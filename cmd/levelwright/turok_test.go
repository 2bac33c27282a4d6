package main

import (
	"encoding/binary"
	"encoding/json"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

func TestTurokCorpusRoundtripInfoCheck(t *testing.T) {
	for _, path := range corpus.Files(t, "turok") {
		for _, args := range [][]string{{"roundtrip", path}, {"roundtrip", path, "--through-document"}} {
			if code, out, errOut := runCLI(t, nil, args...); code != 0 || !strings.Contains(out, "identical") {
				t.Errorf("%v: exit %d: %s%s", args, code, out, errOut)
			}
		}
		code, stdout, _ := runCLI(t, nil, "info", path, "--json")
		var info struct {
			Sectors int `json:"sectors"`
			Actors  int `json:"actors"`
		}
		if err := json.Unmarshal([]byte(stdout), &info); code != 0 || err != nil || info.Sectors == 0 || info.Actors == 0 {
			t.Errorf("info %s: exit %d, %v, %+v", path, code, err, info)
		}
		if code, stdout, _ := runCLI(t, nil, "check", path); code != 0 {
			t.Errorf("check %s: exit %d: %s", path, code, stdout)
		}
	}
}

func TestNewTurokPassesCheckAndRoundtrip(t *testing.T) {
	newFilePassesCheckAndRoundtrip(t, "turok", "terrain.map")
}

// TestDamagedTurokNamesPathAndOffset: a sector data set with a wrong
// stride is refused with one line naming the file, the archive path and
// the offset.
func TestDamagedTurokNamesPathAndOffset(t *testing.T) {
	good := newFilePassesCheckAndRoundtrip(t, "turok", "good.map")
	data, _ := os.ReadFile(good)
	le := binary.LittleEndian
	collision := le.Uint32(data[4+4*3:])                     // root[3]
	sectors := collision + le.Uint32(data[collision+4+4*2:]) // root[3][2]
	le.PutUint32(data[sectors:], 17)
	bad := filepath.Join(filepath.Dir(good), "bad.map")
	os.WriteFile(bad, data, 0o644)
	code, stdout, stderr := runCLI(t, nil, "roundtrip", bad, "--through-document")
	want := []string{bad, "root[3][2]", "offset " + itoa(int(sectors)), "16 or 18 bytes"}
	for _, w := range want {
		if !strings.Contains(stderr, w) {
			t.Errorf("stderr %q lacks %q", stderr, w)
		}
	}
	if code != 2 || stdout != "" || strings.Count(stderr, "\n") != 1 {
		t.Errorf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
}

func itoa(i int) string { return strconv.Itoa(i) }
