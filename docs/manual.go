package docs

import (
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strings"
	"unicode"
)

// Contents is the manual's table of contents in FS: its chapters are the
// documents it links to in its folder, in the order it links them.
const Contents = "manual/README.md"

// A Section is the part of a document from one heading to the next.
type Section struct {
	Doc     string // the document's path in its file system
	Heading string // the heading's text; "" for what comes before the first
	Level   int    // the heading's level, 1 to 6; 0 before the first heading
	Anchor  string // the heading's anchor, as GitHub makes it
	Text    string // the section's markdown, its heading line included
}

// A Doc is a markdown document read as sections.
type Doc struct {
	Path     string
	Title    string // its first heading's text, or else its path
	Sections []Section
}

// heading matches an ATX heading line: its hashes and its text.
var heading = regexp.MustCompile(`^(#{1,6})\s+(.*?)\s*#*\s*$`)

// Parse reads text, the markdown document at name, as sections, one from
// each heading (outside fenced code) to the next.
func Parse(name, text string) *Doc {
	d := &Doc{Path: name}
	cur := Section{Doc: name}
	var body strings.Builder
	seen := map[string]int{}
	fenced := false
	flush := func() {
		cur.Text = body.String()
		if cur.Level > 0 || strings.TrimSpace(cur.Text) != "" {
			d.Sections = append(d.Sections, cur)
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
		}
		if m := heading.FindStringSubmatch(strings.TrimRight(line, "\r\n")); m != nil && !fenced {
			flush()
			anchor := Anchor(m[2])
			if n := seen[anchor]; n > 0 {
				seen[anchor] = n + 1
				anchor = fmt.Sprintf("%s-%d", anchor, n)
			} else {
				seen[anchor] = 1
			}
			cur = Section{Doc: name, Heading: m[2], Level: len(m[1]), Anchor: anchor}
			if d.Title == "" {
				d.Title = m[2]
			}
		}
		body.WriteString(line)
	}
	flush()
	if d.Title == "" {
		d.Title = name
	}
	return d
}

// Read reads the markdown document name of fsys.
func Read(fsys fs.FS, name string) (*Doc, error) {
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return Parse(name, string(data)), nil
}

// Open reads name, a file or folder of fsys, as a document to show: a
// markdown file as it is, a folder as a list of links to what it holds,
// another file (an example script) as its text in a code block.
func Open(fsys fs.FS, name string) (*Doc, error) {
	info, err := fs.Stat(fsys, name)
	switch {
	case err != nil:
		return nil, err
	case info.IsDir():
		entries, err := fs.ReadDir(fsys, name)
		if err != nil {
			return nil, err
		}
		var b strings.Builder
		fmt.Fprintf(&b, "# %s\n\n", path.Base(name))
		for _, e := range entries {
			fmt.Fprintf(&b, "- [%s](%s/%s)\n", e.Name(), path.Base(name), e.Name())
		}
		return Parse(name, b.String()), nil
	case strings.HasSuffix(name, ".md"):
		return Read(fsys, name)
	}
	data, err := fs.ReadFile(fsys, name)
	if err != nil {
		return nil, err
	}
	return Parse(name, fmt.Sprintf("# %s\n\n```\n%s\n```\n", path.Base(name), strings.TrimRight(string(data), "\n"))), nil
}

// Anchor is the anchor GitHub gives a heading: its words in lower case,
// joined by hyphens, with punctuation other than hyphens and underscores
// left out.
func Anchor(heading string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(heading) {
		switch {
		case r == ' ':
			b.WriteRune('-')
		case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsNumber(r):
			b.WriteRune(r)
		}
	}
	return b.String()
}

// Section is the section of d with anchor, or its first for "".
func (d *Doc) Section(anchor string) (Section, bool) {
	for _, s := range d.Sections {
		if anchor == "" || s.Anchor == anchor {
			return s, true
		}
	}
	return Section{}, false
}

// link matches a markdown link or picture: its destination, before an
// optional title.
var link = regexp.MustCompile(`!?\[[^\]]*\]\(<?([^)\s>]+)>?(?:\s+"[^"]*")?\)`)

// codeSpan matches inline code, which holds no links.
var codeSpan = regexp.MustCompile("`[^`]*`")

// Links lists the destinations of text's links and pictures, outside
// code, in order.
func Links(text string) []string {
	var out []string
	fenced := false
	for _, line := range strings.Split(text, "\n") {
		if strings.HasPrefix(strings.TrimSpace(line), "```") {
			fenced = !fenced
			continue
		}
		if fenced {
			continue
		}
		for _, m := range link.FindAllStringSubmatch(codeSpan.ReplaceAllString(line, ""), -1) {
			out = append(out, m[1])
		}
	}
	return out
}

// scheme matches the scheme of a link that leaves the documents
// (https:, mailto:).
var scheme = regexp.MustCompile(`^[a-zA-Z][a-zA-Z0-9+.-]*:`)

// Resolve is where the link dest in the document from leads: the path of
// a document or picture and the anchor in it ("" for its top; target is
// from for a link to an anchor of the same document). external reports a
// link that leaves the documents (a web address).
func Resolve(from, dest string) (target, anchor string, external bool) {
	if scheme.MatchString(dest) {
		return "", "", true
	}
	file, anchor, _ := strings.Cut(dest, "#")
	if file == "" {
		return from, anchor, false
	}
	return path.Join(path.Dir(from), file), anchor, false
}

// Chapters reads the manual's chapters from fsys: the table of contents,
// then each document of the manual's folder it links to, in the order
// of its first link.
func Chapters(fsys fs.FS) ([]*Doc, error) {
	contents, err := Read(fsys, Contents)
	if err != nil {
		return nil, err
	}
	out := []*Doc{contents}
	paths := []string{Contents}
	for _, dest := range Links(contents.Text()) {
		target, _, external := Resolve(Contents, dest)
		if external || slices.Contains(paths, target) || !strings.HasSuffix(target, ".md") ||
			!strings.HasPrefix(target, path.Dir(Contents)+"/") {
			continue
		}
		d, err := Read(fsys, target)
		if err != nil {
			return nil, fmt.Errorf("%s links to %s: %w", Contents, dest, err)
		}
		out = append(out, d)
		paths = append(paths, target)
	}
	return out, nil
}

// Text is d's markdown, its sections' texts in order.
func (d *Doc) Text() string {
	var b strings.Builder
	for _, s := range d.Sections {
		b.WriteString(s.Text)
	}
	return b.String()
}

// Search lists the sections of docs whose text holds every word of query,
// in any case, in the order of docs; none for a query without words.
func Search(docs []*Doc, query string) []Section {
	words := strings.Fields(strings.ToLower(query))
	if len(words) == 0 {
		return nil
	}
	var out []Section
	for _, d := range docs {
		for _, s := range d.Sections {
			text := strings.ToLower(s.Text)
			if !slices.ContainsFunc(words, func(w string) bool { return !strings.Contains(text, w) }) {
				out = append(out, s)
			}
		}
	}
	return out
}

// BrokenLinks lists, for every markdown document under dir in fsys, the
// links and pictures that lead nowhere in fsys: to a file it lacks, or
// to an anchor the document it names has no heading for. Web addresses
// are not followed.
func BrokenLinks(fsys fs.FS, dir string) ([]string, error) {
	var out []string
	err := fs.WalkDir(fsys, dir, func(name string, e fs.DirEntry, err error) error {
		if err != nil || e.IsDir() || !strings.HasSuffix(name, ".md") {
			return err
		}
		d, err := Read(fsys, name)
		if err != nil {
			return err
		}
		for _, dest := range Links(d.Text()) {
			if problem := brokenLink(fsys, name, dest); problem != "" {
				out = append(out, fmt.Sprintf("%s: %s: %s", name, dest, problem))
			}
		}
		return nil
	})
	return out, err
}

// brokenLink says why the link dest in the document from leads nowhere
// in fsys, or "" when it leads somewhere.
func brokenLink(fsys fs.FS, from, dest string) string {
	target, anchor, external := Resolve(from, dest)
	if external {
		return ""
	}
	if _, err := fs.Stat(fsys, target); err != nil {
		return "no such file"
	}
	if anchor == "" {
		return ""
	}
	if !strings.HasSuffix(target, ".md") {
		return "an anchor in a file that is not markdown"
	}
	d, err := Read(fsys, target)
	if err != nil {
		return err.Error()
	}
	if _, ok := d.Section(anchor); !ok {
		return "no heading has the anchor #" + anchor
	}
	return ""
}
