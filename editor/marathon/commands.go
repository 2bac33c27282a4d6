package marathon

import (
	"bytes"
	"fmt"
	"image/png"
	"io"
	"os"
	"path/filepath"
	"strconv"
	"text/tabwriter"

	"github.com/levelwright/levelwright/codecs/marathon/images"
	"github.com/levelwright/levelwright/document"
	"github.com/levelwright/levelwright/editor/game"
)

// Commands are Marathon's own subcommands: images, for the pictures of
// an Images file, and convert, for plain maps.
func (column) Commands() []game.Command {
	return []game.Command{{Name: "images", Run: game.Streams(imagesCommand), Usage: []game.Usage{
		{Synopsis: "images list FILE", Help: "the pictures of a Marathon Images file"},
		{Synopsis: "images extract FILE [ID] --out PNG|FOLDER", Help: "a picture as PNG, or every one into a folder"}}},
		{Name: "convert", Run: game.Streams(convertCommand), Usage: []game.Usage{
			{Synopsis: convertUsage, Help: "a Marathon map's preprocessed levels written plain, as Aleph One exports them"}}}}
}

// imagesCommand is `levelwright images list|extract`, for the pictures of
// a Marathon Images file.
func imagesCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(raw) == 0 {
		fmt.Fprint(stderr, "usage: levelwright images list FILE | images extract FILE [ID] --out PNG|FOLDER\n")
		return 2
	}
	switch raw[0] {
	case "list":
		return imagesList(raw[1:], stdout, stderr)
	case "extract":
		return imagesExtract(raw[1:], stderr)
	}
	fmt.Fprintf(stderr, "levelwright images: unknown subcommand %q (list, extract)\n", raw[0])
	return 2
}

func imagesList(raw []string, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, nil)
	if err != nil || len(a.Positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright images list FILE")
		return 2
	}
	path := a.Positional[0]
	f, code := readImagesFile(path, stderr)
	if f == nil {
		return code
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', 0)
	fmt.Fprintln(w, "id\tname\tsize\tdepth")
	pictures := f.Pictures()
	for _, r := range pictures {
		p, err := f.DecodePicture(r.ID)
		if err != nil {
			w.Flush()
			fmt.Fprintf(stderr, "%s: %v\n", path, err)
			return 2
		}
		name := r.Name
		if name == "" {
			name = "-"
		}
		fmt.Fprintf(w, "%d\t%s\t%dx%d\t%d\n", r.ID, name, p.Frame.Dx(), p.Frame.Dy(), p.Depth)
	}
	w.Flush()
	fmt.Fprintln(stdout, f.Summary())
	return 0
}

// imagesExtract writes picture ID as a PNG file, or every picture into a
// folder as ID.png when no ID is given.
func imagesExtract(raw []string, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, nil, []string{"out"})
	out := a.Flags["out"]
	if err != nil || len(a.Positional) < 1 || len(a.Positional) > 2 || out == "" {
		fmt.Fprintln(stderr, "usage: levelwright images extract FILE [ID] --out PNG|FOLDER")
		return 2
	}
	path := a.Positional[0]
	var id int
	if len(a.Positional) == 2 {
		n, err := strconv.ParseInt(a.Positional[1], 10, 16)
		if err != nil {
			fmt.Fprintf(stderr, "levelwright images extract: picture ID %q is not a number from -32768 to 32767\n", a.Positional[1])
			return 2
		}
		id = int(n)
	}
	f, code := readImagesFile(path, stderr)
	if f == nil {
		return code
	}
	if len(a.Positional) == 2 {
		return writePicture(f, path, id, out, stderr)
	}
	if err := os.MkdirAll(out, 0o755); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	for _, r := range f.Pictures() {
		if code := writePicture(f, path, r.ID, filepath.Join(out, fmt.Sprintf("%d.png", r.ID)), stderr); code != 0 {
			return code
		}
	}
	return 0
}

// writePicture decodes picture id of the Images file at path and writes
// it to out as a PNG file.
func writePicture(f *images.File, path string, id int, out string, stderr io.Writer) int {
	p, err := f.DecodePicture(id)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	var b bytes.Buffer
	if err := png.Encode(&b, p.Image); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	if err := document.ReplaceFile(out, b.Bytes()); err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return 2
	}
	return 0
}

// readImagesFile reads an Images file, reporting a failure on stderr; it
// returns nil and the exit status when the file cannot be used.
func readImagesFile(path string, stderr io.Writer) (*images.File, int) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return nil, 2
	}
	f, err := images.Decode(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, 2
	}
	return f, 0
}
