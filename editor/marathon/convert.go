package marathon

import (
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/codecs/wad"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/savepath"
)

// convertUsage is the convert command's synopsis.
const convertUsage = "convert --plain FILE --out NEW"

// convertCommand is `levelwright convert --plain FILE --out NEW`: every
// preprocessed level of a Marathon map file written plain, as Aleph
// One's level export writes a level.
func convertCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"plain"}, []string{"out"})
	out := a.Flags["out"]
	if err != nil || a.Flags["plain"] == "" || len(a.Positional) != 1 || out == "" {
		fmt.Fprintln(stderr, "usage: levelwright "+convertUsage)
		return 2
	}
	path := a.Positional[0]
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	plain, converted, err := plainFile(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	if len(converted) == 0 {
		fmt.Fprintf(stdout, "%s: every level is plain already; nothing written\n", path)
		return 0
	}
	if err := document.ReplaceFile(out, plain); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	fmt.Fprintf(stdout, "%s: %s written plain to %s\n", path, levelList(converted), out)
	return 0
}

// plainFile is the Marathon map file data with every preprocessed level
// made plain (codec.MakePlainFile), and the entries it converted.
func plainFile(data []byte) ([]byte, []int, error) {
	f, err := wad.Parse(data)
	if err != nil {
		return nil, nil, err
	}
	converted, err := codec.MakePlainFile(f)
	if err != nil || len(converted) == 0 {
		return nil, nil, err
	}
	return f.Bytes(), converted, nil
}

// levelList names levels: "level 2", "levels 0, 1 and 4".
func levelList(levels []int) string {
	if len(levels) == 1 {
		return fmt.Sprintf("level %d", levels[0])
	}
	names := make([]string, len(levels))
	for i, l := range levels {
		names[i] = fmt.Sprint(l)
	}
	return "levels " + strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}

// savePlainAction writes the open file, its unsaved edits included, as a
// new plain map file that the user names (convertCommand's conversion).
// It writes a new file rather than converting the open one: the
// conversion drops chunks of run-time state that the document keeps
// only as raw bytes, outside its undo history, and the original stays as
// it was, so that nothing is lost and nothing needs asking.
func (f *session) savePlainAction(h game.Host) game.Action {
	return game.Action{Label: "Save as Plain Map…", File: true, Do: func([]document.Ref) error {
		data, err := f.d.Bytes()
		if err != nil {
			return err
		}
		plain, converted, err := plainFile(data)
		if err != nil {
			return err
		}
		if len(converted) == 0 {
			h.Status("Every level is plain already: there is nothing to convert")
			return nil
		}
		open := h.Path()
		name := strings.TrimSuffix(filepath.Base(open), filepath.Ext(open)) + " (plain)" + filepath.Ext(open)
		h.Show(savepath.New(filepath.Dir(open), name, h.Window(), func(path string) { confirmPlain(h, path, plain, converted) }))
		return nil
	}}
}

// confirmPlain writes the plain file to path, never over the open
// file, asking first when that replaces another file.
func confirmPlain(h game.Host, path string, plain []byte, converted []int) {
	if open := h.Path(); open != "" && filepath.Clean(open) == filepath.Clean(path) {
		h.ShowError(errors.New("the plain map is a new file: choose another name than the open file's"))
		return
	}
	savepath.ConfirmReplace(path, document.BackupSuffix, h.Window(), h.Show, func() { savePlain(h, path, plain, converted) })
}

// savePlain writes the plain file to path, keeping a file it replaces
// as a backup, and says what it wrote, or why not.
func savePlain(h game.Host, path string, plain []byte, converted []int) {
	if err := document.WriteFile(path, plain); err != nil {
		h.ShowError(err)
		return
	}
	what := levelList(converted)
	h.Status(fmt.Sprintf("%s%s written plain to %s", strings.ToUpper(what[:1]), what[1:], path))
}
