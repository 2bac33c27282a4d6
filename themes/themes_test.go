package themes

import (
	"testing"

	"fyne.io/fyne/v2/test"
	"fyne.io/fyne/v2/theme"
)

func TestThemesDiffer(t *testing.T) {
	test.NewTempApp(t) // the default theme's colours need an app
	dark, light := Lookup(Dark), Lookup(Light)
	bg := func(n Name) any { return Lookup(n).Color(theme.ColorNameBackground, theme.VariantLight) }
	if bg(Dark) == bg(Light) {
		t.Fatal("dark and light themes share a background")
	}
	// The variant is fixed by the theme, not by what the desktop asks.
	if dark.Color(theme.ColorNameForeground, theme.VariantLight) == light.Color(theme.ColorNameForeground, theme.VariantLight) {
		t.Fatal("foreground follows the desktop's variant, not the theme's")
	}
	if Lookup("unknown") == nil || bg("unknown") != bg(Dark) {
		t.Fatal("an unknown name does not fall back to the dark theme")
	}
	if Dark.Label() == Light.Label() {
		t.Fatal("menu labels are the same")
	}
}
