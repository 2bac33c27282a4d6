package docs

import (
	"io/fs"
	"slices"
	"strings"
	"testing"
	"testing/fstest"
)

// TestManualLinksResolve: every link and picture of every document of
// the manual leads to a file the editor embeds, and every anchor to a
// heading of its document.
func TestManualLinksResolve(t *testing.T) {
	broken, err := BrokenLinks(FS, "manual")
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range broken {
		t.Error(b)
	}
}

// TestEveryChapterIsListed: every document of the manual is a chapter of
// its table of contents, so that Help > Manual lists it.
func TestEveryChapterIsListed(t *testing.T) {
	chapters, err := Chapters(FS)
	if err != nil {
		t.Fatal(err)
	}
	listed := map[string]bool{}
	for _, c := range chapters {
		listed[c.Path] = true
	}
	err = fs.WalkDir(FS, "manual", func(name string, e fs.DirEntry, err error) error {
		if err == nil && strings.HasSuffix(name, ".md") && !listed[name] {
			t.Errorf("%s is not linked from %s", name, Contents)
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"manual/editor.md", "manual/marathon.md", "manual/shock.md", "manual/turok.md",
		"manual/command-line.md", "manual/troubleshooting.md"} {
		if !listed[want] {
			t.Errorf("the chapters lack %s", want)
		}
	}
}

// TestBrokenLinksFound: a missing file, a missing anchor and a missing
// picture are reported; a web address, a link to a heading of the same
// document, and links in code are not.
func TestBrokenLinksFound(t *testing.T) {
	fsys := fstest.MapFS{
		"m/a.md": {Data: []byte("# A\n\nSee [b](b.md#two), [gone](c.md), [here](#a) and [bad](b.md#three).\n" +
			"![pic](pics/p.png) ![none](pics/q.png) [web](https://example.com/x.md)\n" +
			"`[not](a/link.md)`\n```\n[nor](this.md)\n```\n")},
		"m/b.md":        {Data: []byte("# B\n## Two\ntext\n")},
		"m/pics/p.png":  {Data: []byte("png")},
		"m/sub/c.md":    {Data: []byte("[up](../a.md#a) [ok](../b.md#two)\n")},
		"m/sub/note.go": {Data: []byte("not markdown")},
	}
	got, err := BrokenLinks(fsys, "m")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{
		"m/a.md: c.md: no such file",
		"m/a.md: b.md#three: no heading has the anchor #three",
		"m/a.md: pics/q.png: no such file",
	}
	if !slices.Equal(got, want) {
		t.Errorf("broken links:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestParseSections: headings (not those in code) start sections, with
// GitHub's anchors, repeated ones numbered.
func TestParseSections(t *testing.T) {
	d := Parse("x.md", "intro\n# Title\ntext\n## Draw polygon (D)\n```\n# not a heading\n```\n### Title\n## Draw polygon (D)\n")
	var got []string
	for _, s := range d.Sections {
		got = append(got, s.Heading+"|"+s.Anchor)
	}
	want := []string{"|", "Title|title", "Draw polygon (D)|draw-polygon-d", "Title|title-1", "Draw polygon (D)|draw-polygon-d-1"}
	if !slices.Equal(got, want) || d.Title != "Title" {
		t.Errorf("sections %q, title %q; want %q", got, d.Title, want)
	}
	if !strings.Contains(d.Sections[2].Text, "# not a heading") || d.Text() != "intro\n# Title\ntext\n## Draw polygon (D)\n```\n# not a heading\n```\n### Title\n## Draw polygon (D)\n" {
		t.Errorf("the sections' text: %q", d.Text())
	}
	if got := Anchor("The `lw` table: Marathon's 3D, ok?"); got != "the-lw-table-marathons-3d-ok" {
		t.Errorf("anchor %q", got)
	}
}

// TestSearch: a section matches when it holds every word, in any case;
// no words match nothing.
func TestSearch(t *testing.T) {
	chapters, err := Chapters(FS)
	if err != nil {
		t.Fatal(err)
	}
	found := Search(chapters, "  SHAPES  scenario ")
	if len(found) == 0 {
		t.Fatal("no section holds both words")
	}
	for _, s := range found {
		text := strings.ToLower(s.Text)
		if !strings.Contains(text, "shapes") || !strings.Contains(text, "scenario") {
			t.Errorf("%s#%s lacks a word", s.Doc, s.Anchor)
		}
	}
	if !slices.ContainsFunc(found, func(s Section) bool { return s.Doc == "manual/marathon.md" && s.Heading == "Game data" }) {
		t.Errorf("Marathon's game data is not among %v", found)
	}
	if got := Search(chapters, " "); got != nil {
		t.Errorf("no words found %v", got)
	}
	if got := Search(chapters, "shapes zzyzx"); got != nil {
		t.Errorf("a word no section has found %v", got)
	}
}

// TestOpen: a markdown file opens as it is, a folder as links to what it
// holds (which resolve), another file as its text in a code block, and a
// missing one is an error.
func TestOpen(t *testing.T) {
	fsys := fstest.MapFS{
		"d/a.md":        {Data: []byte("# A\n")},
		"d/s/one.lua":   {Data: []byte("print(1)\n# not a heading\n")},
		"d/s/two.lua":   {Data: []byte("x = 2")},
		"d/s/sub/x.txt": {Data: []byte("x")},
	}
	if d, err := Open(fsys, "d/a.md"); err != nil || d.Title != "A" {
		t.Errorf("markdown: %v, %v", d, err)
	}
	d, err := Open(fsys, "d/s")
	if err != nil {
		t.Fatal(err)
	}
	var targets []string
	for _, dest := range Links(d.Text()) {
		target, _, _ := Resolve(d.Path, dest)
		targets = append(targets, target)
	}
	if want := []string{"d/s/one.lua", "d/s/sub", "d/s/two.lua"}; d.Title != "s" || !slices.Equal(targets, want) {
		t.Errorf("the folder reads %q, its links lead to %q, want %q", d.Text(), targets, want)
	}
	d, err = Open(fsys, "d/s/one.lua")
	if err != nil || d.Title != "one.lua" || len(d.Sections) != 1 || !strings.Contains(d.Text(), "```\nprint(1)\n# not a heading\n```") {
		t.Errorf("a script: %q, %v", d.Text(), err)
	}
	if _, err := Open(fsys, "d/gone.md"); err == nil {
		t.Error("a missing file opened")
	}
}
