// Package savepath is a Save As dialog that chooses a path and writes
// nothing. Fyne's own save dialog opens the chosen file for writing
// (truncating an existing one) before its caller runs, which would destroy
// the very file a careful save keeps as a backup.
package savepath

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/theme"
	"fyne.io/fyne/v2/widget"
)

// Dialog lists a folder's entries and takes a file name, or a whole path
// typed into the name field.
type Dialog struct {
	*dialog.CustomDialog
	folder  string
	entries []os.DirEntry // the folder's subfolders, then its files

	// Folder shows the folder listed; Name is the file name (or path)
	// typed or chosen; List is the folder's entries, ".." first.
	Folder *widget.Label
	Name   *widget.Entry
	List   *widget.List
	// Message says why the path typed cannot be saved to.
	Message *widget.Label

	chosen func(path string)
	win    fyne.Window
}

// New returns a dialog over win that starts in folder with name typed,
// and calls chosen with the absolute path the user saves to. Show it.
func New(folder, name string, win fyne.Window, chosen func(path string)) *Dialog {
	d := &Dialog{chosen: chosen, win: win}
	d.Folder = widget.NewLabel("")
	d.Folder.Truncation = fyne.TextTruncateEllipsis
	d.Name = widget.NewEntry()
	d.Name.SetText(name)
	d.Name.OnSubmitted = func(string) { d.Save() }
	d.Message = widget.NewLabel("")
	d.Message.Importance = widget.DangerImportance
	d.Message.Hide()
	d.List = widget.NewList(
		func() int { return len(d.entries) + 1 },
		func() fyne.CanvasObject {
			return container.NewHBox(widget.NewIcon(theme.FolderIcon()), widget.NewLabel("a file name.ext"))
		},
		func(i widget.ListItemID, o fyne.CanvasObject) {
			row := o.(*fyne.Container)
			icon, label := row.Objects[0].(*widget.Icon), row.Objects[1].(*widget.Label)
			switch {
			case i == 0:
				icon.SetResource(theme.NavigateBackIcon())
				label.SetText("..")
			case d.entries[i-1].IsDir():
				icon.SetResource(theme.FolderIcon())
				label.SetText(d.entries[i-1].Name())
			default:
				icon.SetResource(theme.FileIcon())
				label.SetText(d.entries[i-1].Name())
			}
		})
	d.List.OnSelected = d.choose
	up := widget.NewButtonWithIcon("", theme.MoveUpIcon(), func() { d.SetFolder(filepath.Dir(d.folder)) })
	top := container.NewBorder(nil, nil, nil, up, d.Folder)
	bottom := container.NewVBox(d.Message, widget.NewForm(widget.NewFormItem("Name", d.Name)))
	content := container.NewBorder(top, bottom, nil, nil, d.List)
	d.CustomDialog = dialog.NewCustomWithoutButtons("Save As", content, win)
	save := widget.NewButtonWithIcon("Save", theme.DocumentSaveIcon(), d.Save)
	save.Importance = widget.HighImportance
	d.CustomDialog.SetButtons([]fyne.CanvasObject{widget.NewButton("Cancel", d.CustomDialog.Hide), save})
	d.CustomDialog.Resize(fyne.NewSize(720, 520))
	d.SetFolder(folder)
	return d
}

// Show shows the dialog, with the name field focused.
func (d *Dialog) Show() {
	d.CustomDialog.Show()
	d.win.Canvas().Focus(d.Name)
}

// SetFolder lists folder; one that cannot be read is shown with the
// reason and an empty list.
func (d *Dialog) SetFolder(folder string) {
	d.folder = filepath.Clean(folder)
	d.Folder.SetText(d.folder)
	entries, err := os.ReadDir(d.folder)
	d.entries = entries
	if err != nil {
		d.say(err.Error())
	} else {
		d.say("")
	}
	slices.SortStableFunc(d.entries, func(a, b os.DirEntry) int {
		if a.IsDir() != b.IsDir() {
			if a.IsDir() {
				return -1
			}
			return 1
		}
		return strings.Compare(strings.ToLower(a.Name()), strings.ToLower(b.Name()))
	})
	d.entries = slices.DeleteFunc(d.entries, func(e os.DirEntry) bool { return strings.HasPrefix(e.Name(), ".") })
	d.List.UnselectAll()
	d.List.Refresh()
	d.List.ScrollToTop()
}

// choose opens a listed folder or takes a listed file's name.
func (d *Dialog) choose(i widget.ListItemID) {
	switch {
	case i == 0:
		d.SetFolder(filepath.Dir(d.folder))
	case i-1 < len(d.entries) && d.isFolder(d.entries[i-1]):
		d.SetFolder(filepath.Join(d.folder, d.entries[i-1].Name()))
	case i-1 < len(d.entries):
		d.Name.SetText(d.entries[i-1].Name())
	}
}

// isFolder reports whether e is a folder, or a link to one.
func (d *Dialog) isFolder(e os.DirEntry) bool {
	if e.IsDir() {
		return true
	}
	info, err := os.Stat(filepath.Join(d.folder, e.Name()))
	return err == nil && info.IsDir()
}

// Path is where Save would write: the name typed, in the folder listed
// unless it is a path of its own (absolute, or starting with ~/).
func (d *Dialog) Path() string {
	name := strings.TrimSpace(d.Name.Text)
	if rest, ok := strings.CutPrefix(name, "~"+string(filepath.Separator)); ok {
		if home, err := os.UserHomeDir(); err == nil {
			name = filepath.Join(home, rest)
		}
	}
	if filepath.IsAbs(name) {
		return filepath.Clean(name)
	}
	return filepath.Join(d.folder, name)
}

// Save closes the dialog and hands over the path, unless it names no
// file, a folder (which it then lists) or a place that does not exist.
func (d *Dialog) Save() {
	if strings.TrimSpace(d.Name.Text) == "" {
		d.say("Type a file name")
		return
	}
	path := d.Path()
	info, err := os.Stat(path)
	switch {
	case err == nil && info.IsDir():
		d.SetFolder(path)
		d.Name.SetText("")
		return
	case err != nil && !errors.Is(err, os.ErrNotExist):
		d.say(err.Error())
		return
	}
	if info, err := os.Stat(filepath.Dir(path)); err != nil || !info.IsDir() {
		d.say("There is no folder " + filepath.Dir(path))
		return
	}
	d.CustomDialog.Hide()
	d.chosen(path)
}

func (d *Dialog) say(msg string) {
	d.Message.SetText(msg)
	d.Message.Hidden = msg == ""
	d.Message.Refresh()
}

// ConfirmReplace calls save at once when path names no file, and else
// shows, through show, a dialog over win that asks first, saying that
// the file replaced is kept with the backup suffix ("" for a file
// replaced without a backup, such as an export).
func ConfirmReplace(path, backup string, win fyne.Window, show func(dialog.Dialog), save func()) {
	if _, err := os.Stat(path); err != nil {
		save()
		return
	}
	kept := fmt.Sprintf("Its current contents will be kept as %s.", filepath.Base(path)+backup)
	if backup == "" {
		kept = "Its current contents will be lost."
	}
	msg := fmt.Sprintf("%s already exists in %s.\nReplace it? %s", filepath.Base(path), filepath.Dir(path), kept)
	c := dialog.NewConfirm("Replace file?", msg, func(yes bool) {
		if yes {
			save()
		}
	}, win)
	c.SetConfirmText("Replace")
	c.SetDismissText("Cancel")
	c.SetConfirmImportance(widget.DangerImportance)
	show(c)
}
