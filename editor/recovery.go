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

	"github.com/levelwright/levelwright/document"
)

// A Recovery is the autosave of unsaved work on a file.
type Recovery struct {
	Path string    `json:"path"` // the file the work belongs to
	Time time.Time `json:"time"` // when it was autosaved
	data string    // the autosave's own path
}

// recoveryBase names the autosave of path in the recovery folder (the
// file's data; with ".json", its recovery record).
func (e *Editor) recoveryBase(path string) string {
	path = absolute(path)
	sum := sha256.Sum256([]byte(path))
	return filepath.Join(e.dataDir, "recovery", hex.EncodeToString(sum[:8])+"-"+filepath.Base(path))
}

// recovery returns the autosave of unsaved work on path, if one is kept.
func (e *Editor) recovery(path string) (Recovery, bool) {
	base := e.recoveryBase(path)
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
func (e *Editor) Recoveries() []Recovery {
	records, _ := filepath.Glob(filepath.Join(e.dataDir, "recovery", "*.json"))
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
func (e *Editor) discardRecovery(path string) {
	if path == "" {
		return
	}
	base := e.recoveryBase(path)
	for _, p := range []string{base + ".json", base} {
		if err := os.Remove(p); err != nil && !errors.Is(err, fs.ErrNotExist) {
			e.status.SetText("cannot delete the autosave: " + err.Error())
		}
	}
}

// StartAutosave autosaves unsaved work at the interval the settings
// give, so that a crash loses little, until the window closes.
func (e *Editor) StartAutosave() {
	if e.stopAutosave != nil {
		return
	}
	e.stopAutosave = make(chan struct{})
	interval := func() time.Duration {
		return time.Duration(e.app.Preferences().IntWithFallback(prefAutosave, defaultAutosave)) * time.Second
	}
	go autosaveEvery(e.stopAutosave, interval, func() { fyne.Do(e.autosave) })
}

// endAutosave stops the autosaves StartAutosave began, if any.
func (e *Editor) endAutosave() {
	if e.stopAutosave != nil {
		close(e.stopAutosave)
		e.stopAutosave = nil
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

// autosave writes the unsaved work to the recovery folder (never over
// the file itself), when it changed since the last autosave.
func (e *Editor) autosave() {
	if e.file == nil || !e.dirty || e.jobs.working || e.autosaved == e.edits {
		return
	}
	data, err := e.file.Bytes()
	if err != nil {
		e.status.SetText("autosave failed: " + err.Error())
		return
	}
	e.autosaved = e.edits
	base := e.recoveryBase(e.path)
	record, _ := json.Marshal(Recovery{Path: e.path, Time: time.Now()})
	e.jobs.busy("", func() error {
		if err := os.MkdirAll(filepath.Dir(base), 0o755); err != nil {
			return err
		}
		if err := document.ReplaceFile(base, data); err != nil {
			return err
		}
		return document.ReplaceFile(base+".json", record)
	}, func(err error) {
		if err != nil {
			e.status.SetText("autosave failed: " + err.Error())
			return
		}
		keepUnstored(e.app.Preferences(), e.file, data)
	})
}
