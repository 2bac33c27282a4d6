package levelwright

import (
	"cmp"
	"fmt"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// designDoc is the design document whose import table the layering test
// enforces.
const designDoc = "docs/DESIGN.md"

// importHeading is the heading of that table's section.
const importHeading = "### Import rules"

// rules maps each package pattern to the sorted patterns it may import,
// with "." for the module's root package as the design table writes it.
type rules map[string][]string

// rulesOf flattens layers into rules.
func rulesOf(layers []layer) rules {
	out := rules{}
	for _, l := range layers {
		var may []string
		for _, m := range l.may {
			may = append(may, cmp.Or(m, "."))
		}
		for _, p := range l.pkgs {
			out[cmp.Or(p, ".")] = slices.Compact(slices.Sorted(slices.Values(may)))
		}
	}
	return out
}

// codeSpan matches a `quoted` pattern in a table cell.
var codeSpan = regexp.MustCompile("`([^`]*)`")

// parseImportTable reads the first table after importHeading in doc: its
// first column names packages, its second what they may import ("nothing"
// for no project package). It returns an error naming the line of a row
// it cannot read or a package named twice.
func parseImportTable(doc string) (rules, error) {
	lines := strings.Split(doc, "\n")
	start := slices.Index(lines, importHeading)
	if start < 0 {
		return nil, fmt.Errorf("no %q heading", importHeading)
	}
	out := rules{}
	inTable := false
	for n := start + 1; n < len(lines); n++ {
		line := strings.TrimSpace(lines[n])
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		if !inTable { // the header row, then the separator row
			inTable = true
			n++
			continue
		}
		cells := strings.Split(strings.Trim(line, "|"), "|")
		if len(cells) < 2 {
			return nil, fmt.Errorf("line %d: want a row of packages and what they may import", n+1)
		}
		pkgs := codeSpan.FindAllStringSubmatch(cells[0], -1)
		if len(pkgs) == 0 {
			return nil, fmt.Errorf("line %d: the first cell names no `package`", n+1)
		}
		may := []string{}
		for _, m := range codeSpan.FindAllStringSubmatch(cells[1], -1) {
			may = append(may, m[1])
		}
		if len(may) == 0 && strings.TrimSpace(cells[1]) != "nothing" {
			return nil, fmt.Errorf("line %d: the second cell is neither `packages` nor nothing", n+1)
		}
		for _, p := range pkgs {
			if _, twice := out[p[1]]; twice {
				return nil, fmt.Errorf("line %d: %s has a row already", n+1, p[1])
			}
			out[p[1]] = slices.Compact(slices.Sorted(slices.Values(may)))
		}
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no table under %q", importHeading)
	}
	return out, nil
}

// differences lists how the design's rules differ from the test's.
func differences(design, test rules) []string {
	var out []string
	for _, p := range slices.Sorted(maps.Keys(test)) {
		d, ok := design[p]
		switch {
		case !ok:
			out = append(out, fmt.Sprintf("%s has a layer in layering_test.go but no row in %s", p, designDoc))
		case !slices.Equal(d, test[p]):
			out = append(out, fmt.Sprintf("%s may import %v in %s but %v in layering_test.go", p, d, designDoc, test[p]))
		}
	}
	for _, p := range slices.Sorted(maps.Keys(design)) {
		if _, ok := test[p]; !ok {
			out = append(out, fmt.Sprintf("%s has a row in %s but no layer in layering_test.go", p, designDoc))
		}
	}
	return out
}

// TestDesignTable: docs/DESIGN.md's import table states the rules the
// layering test enforces, package by package, so that neither changes
// without the other.
func TestDesignTable(t *testing.T) {
	doc, err := os.ReadFile(designDoc)
	if err != nil {
		t.Fatal(err)
	}
	design, err := parseImportTable(string(doc))
	if err != nil {
		t.Fatalf("%s: %v", designDoc, err)
	}
	for _, d := range differences(design, rulesOf(layers)) {
		t.Error(d)
	}
}

// TestDesignTableDifferences: the comparison notices a missing row, an
// extra row and a different rule, and the parser refuses rows it cannot
// read.
func TestDesignTableDifferences(t *testing.T) {
	table := importHeading + "\n\ntext\n\n| packages | may import | what |\n|---|---|---|\n" +
		"| `undo`, `themes` | nothing | x |\n| `diff` | `document`, `undo` | y |\n\nafter\n| `not` | `read` | |\n"
	design, err := parseImportTable(table)
	if err != nil {
		t.Fatal(err)
	}
	want := rules{"undo": {}, "themes": {}, "diff": {"document", "undo"}}
	if len(differences(design, want)) != 0 {
		t.Errorf("read %v, want %v", design, want)
	}
	test := rules{"undo": {}, "diff": {"document"}, "script": {"document"}}
	got := differences(design, test)
	wantDiffs := []string{
		"diff may import [document undo] in docs/DESIGN.md but [document] in layering_test.go",
		"script has a layer in layering_test.go but no row in docs/DESIGN.md",
		"themes has a row in docs/DESIGN.md but no layer in layering_test.go",
	}
	if !slices.Equal(got, wantDiffs) {
		t.Errorf("differences:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(wantDiffs, "\n"))
	}
	for _, bad := range []string{
		"no heading",
		importHeading + "\nno table\n",
		importHeading + "\n| a | b |\n|---|---|\n| no code | nothing |\n",
		importHeading + "\n| a | b |\n|---|---|\n| `x` | anything |\n",
		importHeading + "\n| a | b |\n|---|---|\n| `x` | nothing |\n| `x` | `y` |\n",
	} {
		if r, err := parseImportTable(bad); err == nil {
			t.Errorf("%q: read %v, want an error", bad, r)
		}
	}
	if d := differences(rulesOf([]layer{{[]string{""}, nil}, {[]string{"editor"}, []string{"", "undo", "undo"}}}),
		rules{".": nil, "editor": {".", "undo"}}); len(d) != 0 {
		t.Errorf("the root package and repeated imports: %v", d)
	}
}
