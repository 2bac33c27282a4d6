package editor

import (
	"strings"
	"testing"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/widget"
)

// binding is the binding of the command labelled label.
func binding(t *testing.T, e *Editor, label string) *keyBinding {
	t.Helper()
	for _, b := range e.menus.bindings {
		if b.item.Label == label {
			return b
		}
	}
	t.Fatalf("no command %q has keys", label)
	return nil
}

// TestKeyboardShortcuts: Help > Keyboard Shortcuts lists every command
// with keys; new keys typed for Go to work and the old ones no longer
// do; keys another command has, keys without Ctrl or Alt, and Undo's
// standard keys are refused; the change is kept for the next window,
// and Reset All gives the first keys back.
func TestKeyboardShortcuts(t *testing.T) {
	app := test.NewTempApp(t)
	e := New(app)
	e.data.dir = t.TempDir()
	e.Window().Resize(fyne.NewSize(1000, 700))
	openMarathon(t, e, "marathon", "eternal", "Aaron-Eternal.sceA")
	e.menus.showShortcuts()
	top := e.Window().Canvas().Overlays().Top()
	shown := texts(top)
	for _, want := range []string{"Go to…", "Ctrl+G", "Undo", "Find…", "Delete Polygons, Keep Lines", "Ctrl+Shift+Delete"} {
		if !strings.Contains(shown, want) {
			t.Errorf("the dialog lacks %q", want)
		}
	}
	goTo := binding(t, e, "Go to…")
	newKeys, _ := parseKeys("ctrl+shift+j")
	if err := e.menus.rebind(goTo, newKeys); err != nil {
		t.Fatal(err)
	}
	e.dialogs.hideTop()
	shortcut(e, ctrl(fyne.KeyG, 0))
	if e.dialogs.top != nil {
		t.Error("Ctrl+G still goes to")
	}
	shortcut(e, ctrl(fyne.KeyJ, fyne.KeyModifierShift))
	if _, ok := e.Window().Canvas().Focused().(*widget.Entry); !ok || e.dialogs.top == nil {
		t.Error("Ctrl+Shift+J does not go to")
	}
	e.dialogs.hideTop()
	if err := e.menus.rebind(binding(t, e, "Duplicate"), newKeys); err == nil || !strings.Contains(err.Error(), "Go to…") {
		t.Errorf("taking Go to's keys: %v", err)
	}
	if err := e.menus.rebind(binding(t, e, "Undo"), newKeys); err == nil {
		t.Error("Undo's keys changed")
	}
	for _, bad := range []string{"J", "Shift+J", "Ctrl+Hyper+J", "Ctrl+Ü"} {
		if _, err := parseKeys(bad); err == nil {
			t.Errorf("%q read as keys", bad)
		}
	}
	again := New(app)
	if got := keysText(binding(t, again, "Go to…").item.Shortcut.(*desktop.CustomShortcut)); got != "Ctrl+Shift+J" {
		t.Errorf("the next window's Go to is %s", got)
	}
	e.menus.resetKeys()
	if got := keysText(goTo.item.Shortcut.(*desktop.CustomShortcut)); got != "Ctrl+G" || app.Preferences().String(prefKeys("Go to…")) != "" {
		t.Errorf("after Reset All Go to is %s, kept %q", got, app.Preferences().String(prefKeys("Go to…")))
	}
}
