package model

import (
	"archive/zip"
	"fmt"
	"image"
	"io"
	"os"
	"path"
	"path/filepath"
	"strings"
)

// ArchiveName is the name of the game's data archive in its folder.
const ArchiveName = "game.kpf"

// maxFile is the largest file read out of the archive: larger ones are
// refused rather than read into memory.
const maxFile = 64 << 20

// Data is the game's data archive, a zip of the files the maps name by
// path (models/…, textures/…), open for reading.
type Data struct {
	files  map[string]*zip.File // by path, lower case, with forward slashes
	closer io.Closer
}

// OpenData opens the archive game.kpf of the game's folder dir.
func OpenData(dir string) (*Data, error) {
	f, err := os.Open(filepath.Join(dir, ArchiveName))
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	d, err := ReadData(f, st.Size())
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	d.closer = f
	return d, nil
}

// ReadData reads the archive of size bytes from r.
func ReadData(r io.ReaderAt, size int64) (*Data, error) {
	z, err := zip.NewReader(r, size)
	if err != nil {
		return nil, err
	}
	d := &Data{files: map[string]*zip.File{}}
	for _, f := range z.File {
		d.files[key(f.Name)] = f
	}
	return d, nil
}

// key is how a path is looked up: the maps and the archive may spell a
// path's case and separators differently.
func key(p string) string {
	return strings.ToLower(path.Clean(strings.ReplaceAll(p, `\`, "/")))
}

// Close closes the archive's file.
func (d *Data) Close() error {
	if d.closer == nil {
		return nil
	}
	return d.closer.Close()
}

// Len is the number of files in the archive.
func (d *Data) Len() int { return len(d.files) }

// Read is the file at p.
func (d *Data) Read(p string) ([]byte, error) {
	f, ok := d.files[key(p)]
	if !ok {
		return nil, fmt.Errorf("%s: not in %s", p, ArchiveName)
	}
	if f.UncompressedSize64 > maxFile {
		return nil, fmt.Errorf("%s: %d bytes, more than the %d read", p, f.UncompressedSize64, maxFile)
	}
	rc, err := f.Open()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	defer rc.Close()
	data, err := io.ReadAll(io.LimitReader(rc, maxFile+1))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", p, err)
	}
	if len(data) > maxFile {
		return nil, fmt.Errorf("%s: more than the %d bytes read", p, maxFile)
	}
	return data, nil
}

// Model reads the model at p: a kmesh model. Other model files (the
// actors' .bin) are refused, their format not being known here.
func (d *Data) Model(p string) (*Model, error) {
	if !strings.EqualFold(path.Ext(p), ".kmesh") {
		return nil, fmt.Errorf("%s: a model of format %q, which is not read (only .kmesh)", p, path.Ext(p))
	}
	return decode(d, p, ParseKMesh)
}

// Texture reads the texture at p (PNG or TGA).
func (d *Data) Texture(p string) (*image.NRGBA, error) { return decode(d, p, DecodeTexture) }

// decode reads the file at p with parse, its errors naming p.
func decode[T any](d *Data, p string, parse func([]byte) (T, error)) (T, error) {
	var none T
	data, err := d.Read(p)
	if err != nil {
		return none, err
	}
	v, err := parse(data)
	if err != nil {
		return none, fmt.Errorf("%s: %w", p, err)
	}
	return v, nil
}
