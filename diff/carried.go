package diff

import (
	"fmt"
	"io"
	"strings"

	"github.com/levelwright/levelwright/document"
)

// Apply imports levels into d, reporting to report, and returns the
// file d then is.
func Apply(d document.Doc, textPath string, levels File, report io.Writer) ([]byte, error) {
	text, err := levels.Text()
	if err != nil {
		return nil, err
	}
	if err := d.Import(textPath, text, report); err != nil {
		return nil, err
	}
	return d.Bytes()
}

// Carried checks that side's export, levels, carries every change side
// made to base (game's files at sidePath and basePath): base with levels
// imported must be side, part for part. A part that is not is named as
// what the export leaves out.
func Carried(game document.Format, basePath string, base []byte, sidePath string, side []byte, levels File) error {
	d, err := game.Open(basePath, base)
	if err != nil {
		return err
	}
	got, err := Apply(d, sidePath, levels, io.Discard)
	if err != nil {
		return fmt.Errorf("%s's export does not import into %s: %w", sidePath, basePath, err)
	}
	missed, err := document.ChangedParts(game, got, side)
	if err != nil {
		return err
	}
	if len(missed) > 0 {
		return fmt.Errorf("%s changes %s, which export and import do not carry", sidePath, strings.Join(missed, ", "))
	}
	return nil
}
