package turok

import (
	"bytes"
	"testing"
)

// FuzzDecode: Decode never panics; a map it accepts encodes back to the
// same bytes, and its checks and derived data run on whatever it holds.
func FuzzDecode(f *testing.F) {
	m := NewMap()
	f.Add(m.Encode())
	m.LongSectors, m.Visibility = false, m.NewVisibility()
	f.Add(repad(f, m.Encode(), 0xCD))
	f.Add(dialectMap(EmptyAtZero, true, true).Encode())
	f.Add(dialectMap(EmptyArchive, true, false).Encode())
	f.Fuzz(func(t *testing.T, data []byte) {
		m, err := Decode(data)
		if err != nil {
			return
		}
		if got := m.Encode(); !bytes.Equal(got, data) {
			t.Fatalf("decoded map encodes differently at %d", firstDiff(got, data))
		}
		m.Check()
		m.EdgeLinks()
		for i := range m.Sections {
			m.SectionBounds(i)
		}
	})
}
