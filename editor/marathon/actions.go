package marathon

import (
	"errors"
	"strings"

	"fyne.io/fyne/v2"

	"github.com/levelwright/levelwright/document"
	mdoc "github.com/levelwright/levelwright/document/marathon"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// Action labels, as the Marathon menu shows them.
const (
	keepLinesLabel = "Delete Polygons, Keep Lines"
	paveLabel      = "Texture Every Wall of the Selection"
	nukeLabel      = "Remove Every Use of the Chosen Texture"
)

// Actions are the Marathon menu's commands: Weland's polygon commands
// for the selected polygons, to delete them keeping their lines
// (Ctrl+Shift+Delete), texture their walls with the palette's chosen
// texture (Pave, Ctrl+Shift+P), and give every surface of the level with
// the chosen texture the environment's default (Nuke, Ctrl+Shift+N); the
// Height Filter (filterAction); and Save as Plain Map (savePlainAction).
func (f *session) Actions(h game.Host) []game.Action {
	return []game.Action{
		{Label: keepLinesLabel, Key: fyne.KeyDelete, Shift: true, Do: func(selection []document.Ref) error {
			return f.deleteKeepingLines(h, selection)
		}},
		{Label: paveLabel, Key: fyne.KeyP, Shift: true, Do: func(selection []document.Ref) error {
			polygons := game.ByKind(selection)[mdoc.KindPolygon]
			key, chosen := h.ChosenTexture()
			switch {
			case len(polygons) == 0:
				h.Status(paveLabel + ": select the polygons first")
				return nil
			case !chosen:
				h.Status(paveLabel + ": choose a texture in the palette first (View > Texture Palette)")
				return nil
			}
			d, err := f.paintable(key)
			if err != nil {
				return err
			}
			return f.d.Pave(h.Level(), polygons, func(texture *uint16, transfer *int16) {
				*texture, *transfer = d, transferFor(d, *transfer)
			})
		}},
		{Label: nukeLabel, Key: fyne.KeyN, Shift: true, Do: func([]document.Ref) error {
			key, chosen := h.ChosenTexture()
			if !chosen {
				h.Status(nukeLabel + ": choose the texture in the palette first (View > Texture Palette)")
				return nil
			}
			if err := descriptorKey(key); err != nil {
				return err
			}
			return f.d.Nuke(h.Level(), uint16(key))
		}},
		f.filterAction(h),
		f.savePlainAction(h),
	}
}

// deleteKeepingLines deletes the selected polygons keeping their lines,
// asking first when switches or teleporters name them.
func (f *session) deleteKeepingLines(h game.Host, selection []document.Ref) error {
	polygons := game.ByKind(selection)[mdoc.KindPolygon]
	if len(polygons) == 0 {
		h.Status(keepLinesLabel + ": select the polygons first")
		return nil
	}
	refs := make([]document.Ref, len(polygons))
	for i, pi := range polygons {
		refs[i] = document.Ref{Level: h.Level(), Kind: mdoc.KindPolygon, Index: pi}
	}
	var what string
	if names := game.Referrers(f, refs); len(names) > 0 {
		what = "the references of " + strings.Join(names, ", ")
	}
	err := h.AskBeforeDiscarding(what, func() error {
		if err := f.d.DeletePolygonsKeepingLines(h.Level(), polygons); err != nil {
			return err
		}
		h.Select(nil)
		return nil
	})
	if errors.Is(err, propgrid.ErrAsking) {
		return nil // the dialog does it
	}
	return err
}
