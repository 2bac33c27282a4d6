package marathon

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// A heightFilter shows only the polygons whose floor (or ceiling) lies
// between two heights, as Weland's does for levels whose floors overlap
// in the map; the zero filter shows every polygon.
type heightFilter struct {
	on      bool
	ceiling bool // filter by the ceiling, else by the floor
	lo, hi  int16
}

// shows reports whether the filter shows polygon p.
func (hf heightFilter) shows(p codec.Polygon) bool {
	z := p.FloorHeight
	if hf.ceiling {
		z = p.CeilingHeight
	}
	return !hf.on || z >= hf.lo && z <= hf.hi
}

// String says what the filter shows, "" for every polygon.
func (hf heightFilter) String() string {
	if !hf.on {
		return ""
	}
	which := "floors"
	if hf.ceiling {
		which = "ceilings"
	}
	return fmt.Sprintf("%s from %s to %s", which, inWorldUnits(float64(hf.lo)), inWorldUnits(float64(hf.hi)))
}

// polygonShown reports whether the map shows polygon i of l: whether the
// height filter lets it through.
func (f *session) polygonShown(l *codec.Level, i int) bool {
	return f.filter.shows(l.Polygons[i])
}

// filterAction is the Marathon menu's Height Filter….
func (f *session) filterAction(h game.Host) game.Action {
	return game.Action{Label: "Height Filter…", Do: func([]document.Ref) error {
		h.Show(f.filterDialog(h))
		return nil
	}}
}

// typedWU is a stored height as the filter's entries show it: in world
// units to thousandths (a typed 0.4 is stored as 410, 0.400390625 WU,
// which shows as 0.4 again and reads back as 410).
func typedWU(v int16) string {
	return strconv.FormatFloat(math.Round(worldUnits.Show(float64(v))*1000)/1000, 'f', -1, 64)
}

// filterDialog asks for the heights between which the map shows
// polygons, by floor or by ceiling; Show all turns the filter off.
func (f *session) filterDialog(h game.Host) dialog.Dialog {
	by := widget.NewRadioGroup([]string{"Floor", "Ceiling"}, nil)
	by.Horizontal = true
	by.SetSelected("Floor")
	from, to := widget.NewEntry(), widget.NewEntry()
	if f.filter.on {
		if f.filter.ceiling {
			by.SetSelected("Ceiling")
		}
		from.SetText(typedWU(f.filter.lo))
		to.SetText(typedWU(f.filter.hi))
	}
	all := widget.NewCheck("Show every polygon", nil)
	all.SetChecked(!f.filter.on)
	items := []*widget.FormItem{widget.NewFormItem("By", by), widget.NewFormItem("From (WU)", from),
		widget.NewFormItem("To (WU)", to), widget.NewFormItem("", all)}
	return dialog.NewForm("Height filter", "Apply", "Cancel", items, func(ok bool) {
		if !ok {
			return
		}
		hf := heightFilter{}
		if !all.Checked {
			var err error
			if hf, err = parseFilter(by.Selected == "Ceiling", from.Text, to.Text); err != nil {
				h.ShowError(err)
				return
			}
		}
		f.setFilter(h, hf)
	}, h.Window())
}

// setFilter shows the polygons hf lets through, and says so.
func (f *session) setFilter(h game.Host, hf heightFilter) {
	f.filter = hf
	h.Retool()
	if hf.on {
		h.Status("Height filter: the map shows " + hf.String())
	} else {
		h.Status("Height filter off: the map shows every polygon")
	}
}

// parseFilter is the filter of the heights typed from and to, in world
// units, by ceiling or floor.
func parseFilter(ceiling bool, from, to string) (heightFilter, error) {
	var z [2]int16
	for i, s := range []string{from, to} {
		v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
		if err != nil {
			return heightFilter{}, fmt.Errorf("height filter: %q is not a height in world units", s)
		}
		stored := worldUnits.Stored(v, true)
		if stored < -32768 || stored > 32767 {
			return heightFilter{}, fmt.Errorf("height filter: %s WU is outside -32 to 32 WU", s)
		}
		z[i] = int16(stored)
	}
	if z[0] > z[1] {
		return heightFilter{}, fmt.Errorf("height filter: from %s WU is above to %s WU", from, to)
	}
	return heightFilter{on: true, ceiling: ceiling, lo: z[0], hi: z[1]}, nil
}
