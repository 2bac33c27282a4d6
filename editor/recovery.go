package editor

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/widget"

	"github.com/levelwright/levelwright/document"
)

const (
	// prefAutosave is the preference key of the autosave interval in
	// seconds; 0 turns autosave off.
	prefAutosave    = "autosaveSeconds"
	defaultAutosave = 60
)

// A Recovery is the autosave of unsaved work on a file.
type Recovery struct {
	Path string    `json:"path"` // the file the work belongs to
	Time time.Time `json:"time"` // when it was autosaved
	data string    // the autosave's own path
}

// dataFolder is the editor's own folder, dir: the autosaves of unsaved
// work (the recovery folder) and the demo levels. An autosave it cannot
// delete is reported in the status bar.
type dataFolder struct {
	dir    string
	status *widget.Label
}

// recoveryBase names the autosave of path in the recovery folder (the
// file's data; with ".json", its recovery record).
func (d *dataFolder) recoveryBase(path string) string {
	path = absolute(path)
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(d.dir, "recovery", hex.EncodeToString(sum[:8])+"-"+filepath.Base(path))
}

// recovery returns the autosave of unsaved work on path, if one is kept.
func (d *dataFolder) recovery(path string) (Recovery, bool) {
	base := d.recoveryBase(path)
	r, err := readRecovery(base + ".json")
	return r, err == nil
}

// readRecovery reads the recovery record at record and checks that the
// autosave it describes is there.
func readRecovery(record string) (Recovery, error) {
	var r Recovery
	raw, err := os.ReadFile(record)
	if err != nil {
		return r, err
	}
	if err := json.Unmarshal(raw, &r); err != nil {
		return r, fmt.Errorf("%s: %w", record, err)
	}
	r.data = record[:len(record)-len(".json")]
	if _, err := os.Stat(r.data); err != nil {
		return r, err
	}
	return r, nil
}

// Recoveries lists the autosaves of unsaved work kept from earlier
// sessions, newest first.
func (d *dataFolder) Recoveries() []Recovery {
	records, _ := filepath.Glob(filepath.Join(d.dir, "recovery", "*.json"))
	var out []Recovery
	for _, record := range records {
		if r, err := readRecovery(record); err == nil {
			out = append(out, r)
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Time.After(out[j].Time) })
	return out
}

// discardRecovery deletes the autosave of path, once its work is saved
// or given up.
func (d *dataFolder) discardRecovery(path string) {
	if path == "" {
		return
	}
	base := d.recoveryBase(path)
	for _, p := range []string{base + ".json", base} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			d.status.SetText("cannot delete the autosave: " + err.Error())
		}
	}
}

// autosaver autosaves the unsaved work on cur's file to the data
// folder, as one of jobs, at the interval prefs give. It counts the steps
// done since the file was opened, to autosave only what changed.
type autosaver struct {
	prefs  fyne.Preferences
	cur    *current
	jobs   *jobs
	data   *dataFolder
	status *widget.Label

	edits     int // steps done, undone or redone since the file was opened
	autosaved int // edits at the last autosave
	// stop, closed when the window closes, stops the autosaves Start
	// began; nil before.
	stop chan struct{}
}

// Start autosaves unsaved work at the interval the settings
// give, so that a crash loses little, until the window closes.
func (a *autosaver) Start() {
	if a.stop != nil {
		return
	}
	a.stop = make(chan struct{})
	interval := func() time.Duration {
		return time.Duration(a.prefs.IntWithFallback(prefAutosave, defaultAutosave)) * time.Second
	}
	go autosaveEvery(a.stop, interval, func() { fyne.Do(a.save) })
}

// end stops the autosaves Start began, if any.
func (a *autosaver) end() {
	if a.stop != nil {
		close(a.stop)
		a.stop = nil
	}
}

// autosaveEvery calls save, then waits interval() (which it reads again
// each time), until stop closes. An interval of 0 or less turns
// autosave off: it looks again after the default interval.
func autosaveEvery(stop <-chan struct{}, interval func() time.Duration, save func()) {
	for {
		wait := interval()
		if wait <= 0 {
			wait = defaultAutosave * time.Second
		} else {
			save()
		}
		select {
		case <-stop:
			return
		case <-time.After(wait):
		}
	}
}

// save writes the unsaved work to the recovery folder (never over
// the file itself), when it changed since the last autosave.
func (a *autosaver) save() {
	if a.cur.file == nil || !a.cur.dirty || a.jobs.working || a.autosaved == a.edits {
		return
	}
	data, err := a.cur.file.Bytes()
	if err != nil {
		a.status.SetText("autosave failed: " + err.Error())
		return
	}
	a.autosaved = a.edits
	base := a.data.recoveryBase(a.cur.path)
	record, _ := json.Marshal(Recovery{Path: a.cur.path, Time: time.Now()})
	a.jobs.busy("", func() error {
		if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
			return err
		}
		if err := document.ReplaceFile(base, data); err != nil {
			return err
		}
		return document.ReplaceFile(base+".json", record)
	}, func(err error) {
		if err != nil {
			a.status.SetText("autosave failed: " + err.Error())
			return
		}
		keepUnstored(a.prefs, a.cur.file, data)
	})
}
