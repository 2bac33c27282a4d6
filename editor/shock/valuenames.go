package shock

import (
	"fmt"
	"strconv"
	"strings"

	scodec "github.com/levelwright/levelwright/codecs/shock"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// paramValueName is the game's name for value v of trap parameter p: an
// enumeration's, a sound's or a speaker's, or the text of the game
// string it numbers when the game data has it; "" for none.
func (f *session) paramValueName(p scodec.ParamField, v uint32) string {
	if names := p.ValueNames(); int(v) < len(names) {
		return names[v]
	}
	if name, ok := p.NamedValues()[v]; ok {
		return name
	}
	return f.data.Text(p.Text(), int(v))
}

// paramValueByName is the value of parameter p that the game calls
// name, if one is (case aside).
func (f *session) paramValueByName(p scodec.ParamField, name string) (uint32, bool) {
	for v, n := range p.ValueNames() {
		if strings.EqualFold(n, name) {
			return uint32(v), true
		}
	}
	for v, n := range p.NamedValues() {
		if strings.EqualFold(n, name) {
			return v, true
		}
	}
	return 0, false
}

// withName is value shown with the name the game gives it: "3 (red
// flash)"; the number alone when it has none.
func withName(value, name string) string {
	if name == "" {
		return value
	}
	return value + " (" + name + ")"
}

// namedParamField shows a number some of whose values the game names (a
// sound, a speaker, a message) with the name beside it; a name, the
// number, or what the field shows typed back sets it. A 32-bit
// parameter reads as signed, as the bark action reads its speaker.
func (f *session) namedParamField(p scodec.ParamField, v uint32, set func(uint32) error) propgrid.Field {
	number := strconv.FormatUint(uint64(v), 10)
	if p.Bits == 32 {
		number = strconv.FormatInt(int64(int32(v)), 10)
	}
	hi := uint64(1)<<p.Bits - 1
	return propgrid.Field{Label: p.Name, Text: &propgrid.Text{Value: withName(number, f.paramValueName(p, v)), Set: func(s string) error {
		s = strings.TrimSpace(s)
		if x, ok := f.paramValueByName(p, s); ok {
			return set(x)
		}
		n, err := strconv.ParseInt(numberPart(s), 0, 64)
		if err == nil && p.Bits == 32 && n < 0 && n >= -1<<31 {
			n += 1 << 32
		}
		if err != nil || n < 0 || uint64(n) > hi {
			return fmt.Errorf("%s: %q is not a name the game gives it or a number from 0 to %d", p.Name, s, hi)
		}
		return set(uint32(n))
	}}}
}

// numberPart is s without the name withName puts after the number.
func numberPart(s string) string {
	if i := strings.Index(s, " ("); i > 0 && strings.HasSuffix(s, ")") {
		return s[:i]
	}
	return s
}

// gameTextField shows a class field that numbers one of the game's
// strings (a locked door's message) with the string's text beside it.
func (f *session) gameTextField(field scodec.ClassField, v int64, set func(int64) error) propgrid.Field {
	lo, hi := field.Range()
	return propgrid.Field{Label: field.Name, Text: &propgrid.Text{Value: withName(strconv.FormatInt(v, 10), f.data.Text(field.Text, int(v))),
		Set: func(s string) error {
			n, err := strconv.ParseInt(numberPart(strings.TrimSpace(s)), 0, 64)
			if err != nil || n < lo || n > hi {
				return fmt.Errorf("%s: %q is not a message number from %d to %d", field.Name, s, lo, hi)
			}
			return set(n)
		}}}
}
