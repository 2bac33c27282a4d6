package shapes

import (
	"encoding/binary"
	"reflect"
	"strings"
	"testing"
)

func TestPixelsRowMajor(t *testing.T) {
	// Column order puts scanline x's element y at pixel (x, y); a bitmap
	// written by hand checks the reader's order.
	var b []byte
	for _, v := range []uint16{2, 3, 3, ColumnOrder, 8} { // width, height, bytes per row, flags, depth
		b = binary.BigEndian.AppendUint16(b, v)
	}
	b = append(b, make([]byte, 16+3*4)...)
	b = append(b, 1, 2, 3, 4, 5, 6)
	left := int64(6)
	s := span{b, 0, "test", &left}
	bm, err := s.bitmap(0, 0)
	if err != nil {
		t.Fatal(err)
	}
	if want := []uint8{1, 4, 2, 5, 3, 6}; !reflect.DeepEqual(bm.Pixels, want) {
		t.Errorf("pixels %v, want %v", bm.Pixels, want)
	}
	// The allowance is spent: the same record listed again is refused, so
	// an offset table repeating one record cannot multiply memory.
	if _, err := s.bitmap(0, 0); err == nil || !strings.Contains(err.Error(), "allowance of 0 more") {
		t.Errorf("second read: error %v, want the allowance spent", err)
	}
}
