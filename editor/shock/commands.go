package shock

import (
	"fmt"
	"io"
	"os"
	"strconv"
	"text/tabwriter"

	"github.com/levelwright/levelwright/codecs/lgres"
	"github.com/levelwright/levelwright/codecs/lgres/lzw"
	"github.com/levelwright/levelwright/editor/game"
)

// Commands are System Shock's own subcommands: res and lzw, for the LG
// resource files the game keeps everything in.
func (column) Commands() []game.Command {
	return []game.Command{
		{Name: "res", Run: game.Streams(resCommand), Usage: []game.Usage{
			{Synopsis: "res list FILE [--json]", Help: "list a resource file's chunks"},
			{Synopsis: "res extract FILE ID [--block N] [--raw]", Help: "write a chunk (or one block) to standard output"}}},
		{Name: "lzw", Run: game.Streams(lzwCommand), Usage: []game.Usage{{Synopsis: "lzw encode|decode", Help: "System Shock LZW, standard input to output"}}},
	}
}

// resCommand is `levelwright res list|extract`.
func resCommand(raw []string, _ io.Reader, stdout, stderr io.Writer) int {
	if len(raw) == 0 {
		fmt.Fprint(stderr, "usage: levelwright res list FILE [--json] | res extract FILE ID [--block N] [--raw]\n")
		return 2
	}
	switch raw[0] {
	case "list":
		return resList(raw[1:], stdout, stderr)
	case "extract":
		return resExtract(raw[1:], stdout, stderr)
	}
	fmt.Fprintf(stderr, "levelwright res: unknown subcommand %q (list, extract)\n", raw[0])
	return 2
}

// chunkInfo is one line of `res list`, and its JSON form.
type chunkInfo struct {
	ID         uint16 `json:"id"`
	Type       uint8  `json:"type"`
	Flags      uint8  `json:"flags"`
	Compressed bool   `json:"compressed"`
	Compound   bool   `json:"compound"`
	Size       int    `json:"size"`
	StoredSize int    `json:"stored_size"`
	Offset     int64  `json:"offset"`
	Blocks     int    `json:"blocks"`
}

func resList(raw []string, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"json"}, nil)
	if err != nil || len(a.Positional) != 1 {
		fmt.Fprintln(stderr, "usage: levelwright res list FILE [--json]")
		return 2
	}
	path := a.Positional[0]
	f, code := readResFile(path, stderr)
	if f == nil {
		return code
	}
	list := make([]chunkInfo, len(f.Chunks))
	for i, c := range f.Chunks {
		list[i] = chunkInfo{ID: c.ID, Type: c.Type, Flags: c.Flags, Compressed: c.Compressed(), Compound: c.Compound(),
			Size: c.Size, StoredSize: len(c.Stored()), Offset: c.Offset()}
		if c.Compound() {
			if n, err := c.BlockCount(); err == nil {
				list[i].Blocks = n
			}
		}
	}
	if a.Bool("json") {
		out := struct {
			Comment string      `json:"comment"`
			Chunks  []chunkInfo `json:"chunks"`
		}{string(f.Comment()), list}
		if err := game.PrintJSON(stdout, out); err != nil {
			fmt.Fprintln(stderr, "levelwright:", err)
			return 2
		}
		return 0
	}
	w := tabwriter.NewWriter(stdout, 0, 4, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(w, "id\ttype\tflags\tsize\tstored\toffset\tblocks\t")
	for _, c := range list {
		blocks := "-"
		if c.Compound {
			blocks = strconv.Itoa(c.Blocks)
		}
		fmt.Fprintf(w, "%d\t%#02x\t%s\t%d\t%d\t%d\t%s\t\n", c.ID, c.Type, flagNames(c.Flags), c.Size, c.StoredSize, c.Offset, blocks)
	}
	w.Flush()
	fmt.Fprintf(stdout, "%d chunks\n", len(list))
	return 0
}

// flagNames spells directory flags: "lzw,compound", or "-".
func flagNames(flags uint8) string {
	s := ""
	for _, f := range []struct {
		bit  uint8
		name string
	}{{lgres.FlagLZW, "lzw"}, {lgres.FlagCompound, "compound"}, {lgres.FlagReserved, "reserved"}, {lgres.FlagLoadOpen, "loadopen"}} {
		if flags&f.bit != 0 {
			if s != "" {
				s += ","
			}
			s += f.name
		}
	}
	if rest := flags &^ 0x0F; rest != 0 {
		s += fmt.Sprintf("+%#02x", rest)
	}
	if s == "" {
		return "-"
	}
	return s
}

func resExtract(raw []string, stdout, stderr io.Writer) int {
	a, err := game.ParseArgs(raw, []string{"raw"}, []string{"block"})
	if err != nil || len(a.Positional) != 2 {
		fmt.Fprintln(stderr, "usage: levelwright res extract FILE ID [--block N] [--raw]")
		return 2
	}
	path := a.Positional[0]
	id, err := strconv.ParseUint(a.Positional[1], 0, 16)
	if err != nil {
		fmt.Fprintf(stderr, "levelwright res extract: chunk id %q is not a number from 1 to 65535\n", a.Positional[1])
		return 2
	}
	block, err := a.Int("block", -1)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright res extract:", err)
		return 2
	}
	f, code := readResFile(path, stderr)
	if f == nil {
		return code
	}
	c := f.Chunk(uint16(id))
	if c == nil {
		fmt.Fprintf(stderr, "%s: no chunk %d\n", path, id)
		return 2
	}
	var data []byte
	switch {
	case a.Bool("raw") && block >= 0:
		fmt.Fprintln(stderr, "levelwright res extract: --raw and --block exclude each other")
		return 2
	case a.Bool("raw"):
		data = c.Stored()
	case block >= 0:
		data, err = c.Block(block)
	default:
		data, err = c.Data()
	}
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return 2
	}
	stdout.Write(data)
	return 0
}

// readResFile parses a resource file, reporting a failure on stderr; it
// returns nil and the exit status when the file cannot be used.
func readResFile(path string, stderr io.Writer) (*lgres.File, int) {
	data, err := os.ReadFile(path)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright:", err)
		return nil, 2
	}
	f, err := lgres.Parse(data)
	if err != nil {
		fmt.Fprintf(stderr, "%s: %v\n", path, err)
		return nil, 2
	}
	return f, 0
}

// lzwCommand is `levelwright lzw encode|decode`, standard input to output.
func lzwCommand(raw []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(raw) != 1 || raw[0] != "encode" && raw[0] != "decode" {
		fmt.Fprintln(stderr, "usage: levelwright lzw encode|decode < IN > OUT")
		return 2
	}
	in, err := io.ReadAll(stdin)
	if err != nil {
		fmt.Fprintln(stderr, "levelwright lzw:", err)
		return 2
	}
	var out []byte
	if raw[0] == "encode" {
		out = lzw.Encode(make([]byte, 0, len(in)/2+16), in)
	} else if out, err = lzw.DecodeAll(in); err != nil {
		fmt.Fprintf(stderr, "standard input: %v\n", err)
		return 2
	}
	if _, err := stdout.Write(out); err != nil {
		fmt.Fprintln(stderr, "levelwright lzw:", err)
		return 2
	}
	return 0
}
