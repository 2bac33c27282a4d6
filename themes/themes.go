// Package themes holds Levelwright's Fyne themes: a dark one for long
// editing sessions and a light one, both with the same accent colours so
// that the map legend reads the same in either.
package themes

import (
	"image/color"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/theme"
)

// Name identifies a theme in preferences and in the View menu.
type Name string

// The themes the editor offers.
const (
	Dark  Name = "dark"
	Light Name = "light"
)

// Names lists the themes in menu order.
var Names = []Name{Dark, Light}

// Label is the menu text for a theme.
func (n Name) Label() string {
	if n == Light {
		return "Light Theme"
	}
	return "Dark Theme"
}

// Lookup returns the theme with the given name, or the dark theme for an
// unknown name (preferences written by a newer version, say).
func Lookup(n Name) fyne.Theme {
	if n == Light {
		return &editorTheme{variant: theme.VariantLight, palette: lightPalette}
	}
	return &editorTheme{variant: theme.VariantDark, palette: darkPalette}
}

// editorTheme fixes the variant, whatever the desktop asks for, and
// overrides the colours that give the editor its look.
type editorTheme struct {
	variant fyne.ThemeVariant
	palette map[fyne.ThemeColorName]color.Color
}

var (
	accent = color.NRGBA{0x2f, 0xb8, 0x93, 0xff}

	darkPalette = map[fyne.ThemeColorName]color.Color{
		theme.ColorNameBackground:        color.NRGBA{0x1d, 0x24, 0x30, 0xff},
		theme.ColorNameHeaderBackground:  color.NRGBA{0x26, 0x30, 0x3f, 0xff},
		theme.ColorNameMenuBackground:    color.NRGBA{0x26, 0x30, 0x3f, 0xff},
		theme.ColorNameOverlayBackground: color.NRGBA{0x26, 0x30, 0x3f, 0xff},
		theme.ColorNameInputBackground:   color.NRGBA{0x2b, 0x36, 0x47, 0xff},
		theme.ColorNamePrimary:           accent,
		theme.ColorNameFocus:             color.NRGBA{0x2f, 0xb8, 0x93, 0x80},
		theme.ColorNameSelection:         color.NRGBA{0x2f, 0xb8, 0x93, 0x40},
	}
	lightPalette = map[fyne.ThemeColorName]color.Color{
		theme.ColorNameBackground:        color.NRGBA{0xf4, 0xf6, 0xf8, 0xff},
		theme.ColorNameHeaderBackground:  color.NRGBA{0xe3, 0xe8, 0xee, 0xff},
		theme.ColorNameMenuBackground:    color.NRGBA{0xe3, 0xe8, 0xee, 0xff},
		theme.ColorNameOverlayBackground: color.NRGBA{0xfb, 0xfc, 0xfd, 0xff},
		theme.ColorNamePrimary:           color.NRGBA{0x1c, 0x8a, 0x6d, 0xff},
		theme.ColorNameFocus:             color.NRGBA{0x1c, 0x8a, 0x6d, 0x80},
		theme.ColorNameSelection:         color.NRGBA{0x1c, 0x8a, 0x6d, 0x40},
	}
)

// Color is the palette's colour for n, else the default theme's.
func (t *editorTheme) Color(n fyne.ThemeColorName, _ fyne.ThemeVariant) color.Color {
	if c, ok := t.palette[n]; ok {
		return c
	}
	return theme.DefaultTheme().Color(n, t.variant)
}

// Font is the default theme's.
func (t *editorTheme) Font(s fyne.TextStyle) fyne.Resource { return theme.DefaultTheme().Font(s) }

// Icon is the default theme's.
func (t *editorTheme) Icon(n fyne.ThemeIconName) fyne.Resource { return theme.DefaultTheme().Icon(n) }

// Size is the default theme's.
func (t *editorTheme) Size(n fyne.ThemeSizeName) float32 { return theme.DefaultTheme().Size(n) }
