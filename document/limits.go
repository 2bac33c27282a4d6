package document

import (
	"fmt"
	"io"
	"os"
)

// MaxFileSize is the largest level file Levelwright reads: none of the
// three games' comes near it (the largest known, Marathon 1's scenario,
// is 3.8 MB), and a file past it is refused before it is read.
const MaxFileSize = 256 << 20

// ReadLevelFile reads the level file at path, refusing one larger than
// MaxFileSize before reading it.
func ReadLevelFile(path string) ([]byte, error) {
	return ReadFile(path, MaxFileSize, "a level file can hold")
}

// The size of an export text that an import reads is bounded by the file
// it goes into: textFloor plus textFactor times the file's size, expanded
// for a format that compresses (Unpacker). A level's export measures 6
// (Turok) to 11 (Marathon) and 17 (System Shock, expanded) times its
// file; the factor leaves room for other indentation and for edits, the
// floor for what an import may add to a small file.
const (
	textFloor  = 16 << 20
	textFactor = 48
)

// Unpacker is a Format whose files hold compressed data.
type Unpacker interface {
	// Unpacked is the size of data, a file of the format, expanded,
	// as its directory states it (nothing is expanded).
	Unpacked(data []byte) (int64, error)
}

// ReadText reads the export text at path for an import into data, the
// file into, of format. A text larger than an export of the file can be
// (textFloor and textFactor) is refused before it is read.
func ReadText(path string, format Format, into string, data []byte) ([]byte, error) {
	size, expanded := int64(len(data)), ""
	if u, ok := format.(Unpacker); ok {
		var err error
		if size, err = u.Unpacked(data); err != nil {
			return nil, fmt.Errorf("%s: %w", into, err)
		}
		expanded = " expanded"
	}
	return ReadFile(path, textFloor+textFactor*size,
		fmt.Sprintf("an export into %s can be (%d MiB and %d times its %d bytes%s)", into, textFloor>>20, textFactor, size, expanded))
}

// ReadFile reads the file at path when it holds at most limit bytes, and
// otherwise refuses it, having read no more than limit+1 bytes of it
// (the size is asked first; a file that grows meanwhile is caught too).
// what names the limit in the error.
func ReadFile(path string, limit int64, what string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	info, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if info.Size() > limit {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d bytes %s", path, info.Size(), limit, what)
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	if int64(len(data)) > limit {
		return nil, fmt.Errorf("%s: more than the %d bytes %s", path, limit, what)
	}
	return data, nil
}
