package editor

import (
	"fmt"
	"slices"
	"strings"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/driver/desktop"
	"fyne.io/fyne/v2/widget"
)

// A keyBinding is a menu command's keys: the ones it was made with and
// the ones it has now, which the user may change (Keyboard Shortcuts);
// the change is kept in the preferences under the command's label.
type keyBinding struct {
	item   *fyne.MenuItem
	action func()
	first  *desktop.CustomShortcut // as made
	// fixed is a standard shortcut (Undo, Copy...), which a focused text
	// entry takes for its own text: shown, not changed.
	fixed bool
}

// prefKeys is the preference key of a command's keys.
func prefKeys(label string) string { return "keys." + label }

// A modifierName is a modifier as a shortcut's text names it.
type modifierName struct {
	mod  fyne.KeyModifier
	name string
}

// modifierNames name the modifiers in a shortcut's text, in order.
var modifierNames = []modifierName{{fyne.KeyModifierControl, "Ctrl"}, {fyne.KeyModifierSuper, "Cmd"},
	{fyne.KeyModifierAlt, "Alt"}, {fyne.KeyModifierShift, "Shift"}}

// keysText is s as the dialog shows it: "Ctrl+Shift+F".
func keysText(s *desktop.CustomShortcut) string {
	var parts []string
	for _, m := range modifierNames {
		if s.Modifier&m.mod != 0 {
			parts = append(parts, m.name)
		}
	}
	return strings.Join(append(parts, string(s.KeyName)), "+")
}

// namedKeys are the keys a shortcut may use besides letters and digits.
var namedKeys = []fyne.KeyName{fyne.KeyF1, fyne.KeyF2, fyne.KeyF3, fyne.KeyF4, fyne.KeyF5, fyne.KeyF6, fyne.KeyF7,
	fyne.KeyF8, fyne.KeyF9, fyne.KeyF10, fyne.KeyF11, fyne.KeyF12, fyne.KeyDelete, fyne.KeyInsert, fyne.KeyHome,
	fyne.KeyEnd, fyne.KeyPageUp, fyne.KeyPageDown, fyne.KeySpace, fyne.KeyTab, fyne.KeyReturn, fyne.KeyBackspace,
	fyne.KeyUp, fyne.KeyDown, fyne.KeyLeft, fyne.KeyRight, fyne.KeyComma, fyne.KeyPeriod, fyne.KeyMinus, fyne.KeyEqual,
	fyne.KeySlash, fyne.KeyBackslash, fyne.KeySemicolon, fyne.KeyApostrophe, fyne.KeyLeftBracket, fyne.KeyRightBracket}

// parseKeys reads a shortcut as keysText writes it, modifiers in any
// order and case. A shortcut needs Ctrl, Cmd or Alt: plain keys belong
// to the tools.
func parseKeys(text string) (*desktop.CustomShortcut, error) {
	parts := strings.Split(strings.TrimSpace(text), "+")
	s := &desktop.CustomShortcut{}
	for _, p := range parts[:len(parts)-1] {
		i := slices.IndexFunc(modifierNames, func(m modifierName) bool { return strings.EqualFold(m.name, strings.TrimSpace(p)) })
		if i < 0 {
			return nil, fmt.Errorf("%q: %q is no modifier (Ctrl, Cmd, Alt, Shift)", text, p)
		}
		s.Modifier |= modifierNames[i].mod
	}
	key := strings.TrimSpace(parts[len(parts)-1])
	switch {
	case len(key) == 1 && (key[0] >= 'a' && key[0] <= 'z' || key[0] >= 'A' && key[0] <= 'Z' || key[0] >= '0' && key[0] <= '9'):
		s.KeyName = fyne.KeyName(strings.ToUpper(key))
	default:
		i := slices.IndexFunc(namedKeys, func(k fyne.KeyName) bool { return strings.EqualFold(string(k), key) })
		if i < 0 {
			return nil, fmt.Errorf("%q: %q is no key this editor binds", text, key)
		}
		s.KeyName = namedKeys[i]
	}
	if s.Modifier&(fyne.KeyModifierControl|fyne.KeyModifierSuper|fyne.KeyModifierAlt) == 0 {
		return nil, fmt.Errorf("%q: a shortcut holds Ctrl, Cmd or Alt; keys alone belong to the tools", text)
	}
	return s, nil
}

// bind registers item's shortcut s, as made, with action: the keys the
// preferences keep for its label, if any and free, else s.
func (m *menus) bind(item *fyne.MenuItem, s *desktop.CustomShortcut, action func()) {
	b := &keyBinding{item: item, action: action, first: s}
	m.bindings = append(m.bindings, b)
	if m.prefs != nil {
		if kept, err := parseKeys(m.prefs.String(prefKeys(item.Label))); err == nil && m.holder(kept) == nil {
			s = kept
		}
	}
	item.Shortcut = s
	m.win.Canvas().AddShortcut(s, func(fyne.Shortcut) { action() })
}

// holder is the binding whose keys are s, nil for none.
func (m *menus) holder(s *desktop.CustomShortcut) *keyBinding {
	for _, b := range m.bindings {
		if c, ok := b.item.Shortcut.(*desktop.CustomShortcut); ok && c.KeyName == s.KeyName && c.Modifier == s.Modifier {
			return b
		}
	}
	return nil
}

// rebind gives b the keys s, refusing keys another command has, and
// keeps them in the preferences (the keys b was made with: none kept).
func (m *menus) rebind(b *keyBinding, s *desktop.CustomShortcut) error {
	if b.fixed {
		return fmt.Errorf("%s keeps %s, which text entries share", b.item.Label, keysText(b.first))
	}
	if other := m.holder(s); other != nil && other != b {
		return fmt.Errorf("%s is %s's already", keysText(s), other.item.Label)
	}
	if old, ok := b.item.Shortcut.(*desktop.CustomShortcut); ok {
		m.win.Canvas().RemoveShortcut(old)
	}
	b.item.Shortcut = s
	action := b.action
	m.win.Canvas().AddShortcut(s, func(fyne.Shortcut) { action() })
	if keysText(s) == keysText(b.first) {
		m.prefs.RemoveValue(prefKeys(b.item.Label))
	} else {
		m.prefs.SetString(prefKeys(b.item.Label), keysText(s))
	}
	m.refresh()
	return nil
}

// resetKeys gives every command the keys it was made with.
func (m *menus) resetKeys() {
	for _, b := range m.bindings {
		if !b.fixed {
			if err := m.rebind(b, b.first); err != nil { // none: the first keys never clash
				fyne.LogError("resetting "+b.item.Label, err)
			}
		}
	}
}

// showShortcuts lists every command's keys; typing new keys for one
// (and Enter) changes them, Reset gives all their first keys back.
func (m *menus) showShortcuts() {
	message := widget.NewLabel("Type new keys and press Enter: Ctrl, Alt or Cmd, maybe Shift, then a key (Ctrl+Shift+K).")
	message.Wrapping = fyne.TextWrapWord
	rows := container.NewVBox()
	fill := func() {
		rows.RemoveAll()
		for _, b := range m.bindings {
			text := keysText(b.item.Shortcut.(*desktop.CustomShortcut))
			if b.fixed {
				rows.Add(container.NewGridWithColumns(2, widget.NewLabel(b.item.Label), widget.NewLabel(text)))
				continue
			}
			entry := widget.NewEntry()
			entry.SetText(text)
			entry.OnSubmitted = func(typed string) {
				s, err := parseKeys(typed)
				if err == nil {
					err = m.rebind(b, s)
				}
				if err != nil {
					message.SetText(err.Error())
					entry.SetText(keysText(b.item.Shortcut.(*desktop.CustomShortcut)))
					return
				}
				message.SetText(fmt.Sprintf("%s is now %s", b.item.Label, keysText(s)))
			}
			rows.Add(container.NewGridWithColumns(2, widget.NewLabel(b.item.Label), entry))
		}
	}
	fill()
	reset := widget.NewButton("Reset All", func() {
		m.resetKeys()
		fill()
		message.SetText("Every command has its first keys again")
	})
	d := dialog.NewCustom("Keyboard Shortcuts", "Close",
		container.NewBorder(message, reset, nil, nil, container.NewVScroll(rows)), m.win)
	d.Resize(fyne.NewSize(560, 640))
	m.dialogs.show(d)
}
