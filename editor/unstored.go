package editor

import (
	"crypto/sha256"
	"encoding/hex"
	"slices"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/editor/game"
)

const (
	// prefUnstored is the preference key of the state kept for files
	// that cannot store it (see game.Remembering): "HASH\tSTATE" entries,
	// newest first, HASH the SHA-256 of the bytes saved.
	prefUnstored = "unstoredState"
	maxUnstored  = 200
)

// unstoredKey is what the state kept for data is found by.
func unstoredKey(data []byte) string {
	sum := sha256.Sum256(data)
	return hex.EncodeToString(sum[:]) + "\t"
}

// keepUnstored keeps, for data as it was just written, the state of f
// that its file cannot store; data without any drops what was kept. The
// bytes are hashed only when there is a state to keep or kept ones to
// look over (a large map's hash costs milliseconds).
func keepUnstored(prefs fyne.Preferences, f game.Session, data []byte) {
	r, ok := f.(game.Remembering)
	if !ok {
		return
	}
	state, kept := r.Unstored(), prefs.StringList(prefUnstored)
	if state == "" && len(kept) == 0 {
		return
	}
	key := unstoredKey(data)
	kept = slices.DeleteFunc(kept, func(s string) bool { return strings.HasPrefix(s, key) })
	if state != "" {
		kept = append([]string{key + state}, kept...)
	}
	prefs.SetStringList(prefUnstored, kept[:min(len(kept), maxUnstored)])
}

// restoreUnstored gives f the state kept for data, the bytes it was
// opened from, if any.
func restoreUnstored(prefs fyne.Preferences, f game.Session, data []byte) {
	r, ok := f.(game.Remembering)
	kept := prefs.StringList(prefUnstored)
	if !ok || len(kept) == 0 {
		return
	}
	key := unstoredKey(data)
	for _, s := range kept {
		if state, found := strings.CutPrefix(s, key); found {
			r.Restore(state)
			return
		}
	}
}
