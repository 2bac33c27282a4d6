package levelwright

import (
	"fmt"
	"maps"
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// module is the import path every package of the project starts with.
const module = "github.com/levelwright/levelwright"

// gameContainers names each game's codec container: a game's codec may
// import its container, and no other.
var gameContainers = map[string]string{"shock": "lgres", "marathon": "wad", "turok": "kex"}

// blocks are the editor's building blocks, which columns and the shell
// share.
var blocks = []string{"editor/tool", "editor/inspect", "editor/scene"}

// A layer is docs/DESIGN.md's rule for some packages: the project packages
// they may import. In both, "<game>" stands for one game (the same one
// on both sides), "<container>" for that game's container, and a
// trailing "/*" for any package below.
type layer struct {
	pkgs []string
	may  []string
}

// layers are docs/DESIGN.md's import table; the first layer that names a
// package is its rule, and a package no layer names is an error, so that
// a new package is given its place.
var layers = []layer{
	{[]string{""}, nil}, // the application's metadata
	{[]string{"codecs/bin", "codecs/lgres/lzw"}, nil},
	{[]string{"codecs/lgres"}, []string{"codecs/bin", "codecs/lgres/lzw"}},
	{[]string{"codecs/wad", "codecs/kex"}, []string{"codecs/bin"}},
	{[]string{"codecs/<game>"}, []string{"codecs/<container>", "codecs/bin"}},
	// a game's data files beside its maps (shapes, physics), which may
	// name things as the map codec does
	{[]string{"codecs/<game>/*"}, []string{"codecs/<game>", "codecs/<container>", "codecs/bin"}},
	{[]string{"undo", "display", "themes"}, nil},
	// the manual and the documents it links to, embedded
	{[]string{"docs"}, nil},
	{[]string{"widgets/*"}, []string{"display"}},
	{[]string{"document"}, []string{"undo", "codecs/bin"}},
	// entity-level differences and merges of any game's exported levels
	{[]string{"diff"}, []string{"document"}},
	// the query language over any game's exported levels
	{[]string{"query"}, nil},
	{[]string{"document/<game>"}, []string{"codecs/<game>", "codecs/<game>/*", "codecs/<container>", "codecs/bin", "document", "undo"}},
	// scripts over any game's document, through its export and import
	{[]string{"script"}, []string{"document", "undo", "codecs/bin", "query"}},
	{[]string{"editor/tool", "editor/inspect"}, []string{"document", "undo", "codecs/bin", "display", "widgets/*"}},
	// scenes are display lists of levels: no widget, so no Fyne or OpenGL
	{[]string{"editor/scene"}, []string{"document", "undo", "codecs/bin", "display"}},
	{[]string{"editor/game"}, append([]string{"document", "undo", "codecs/bin", "display", "widgets/*"}, blocks...)},
	// a column's own command-line tools read its container (res, lzw)
	{[]string{"editor/<game>"}, append([]string{"editor/game", "document/<game>", "codecs/<game>", "codecs/<game>/*", "codecs/<container>",
		"codecs/<container>/*", "document", "undo", "codecs/bin", "display", "widgets/*"}, blocks...)},
	{[]string{"editor"}, append([]string{"", "editor/game", "editor/<game>", "document", "undo", "codecs/bin", "display", "widgets/*",
		"themes", "diff", "query", "script", "docs"}, blocks...)},
	{[]string{"cmd/*"}, []string{"*"}},
	{[]string{"internal/*"}, []string{"*"}},
}

// matches reports whether pattern names pkg, with "<game>" bound to game.
func matches(pattern, pkg, game string) bool {
	pattern = strings.ReplaceAll(pattern, "<game>", game)
	pattern = strings.ReplaceAll(pattern, "<container>", gameContainers[game])
	switch {
	case pattern == "*":
		return true
	case strings.HasSuffix(pattern, "/*"):
		return strings.HasPrefix(pkg, strings.TrimSuffix(pattern, "*"))
	}
	return pattern == pkg
}

// ruleOf finds the layer of pkg and the game it is of ("" for none).
func ruleOf(pkg string) (layer, string, bool) {
	for _, l := range layers {
		for _, p := range l.pkgs {
			if !strings.Contains(p, "<game>") && matches(p, pkg, "") {
				return l, "", true
			}
			for game := range gameContainers {
				if strings.Contains(p, "<game>") && matches(p, pkg, game) {
					return l, game, true
				}
			}
		}
	}
	return layer{}, "", false
}

// allowed reports whether a package of layer l, of game, may import imp.
// A "<game>" the package does not bind (the shell's columns) stands for
// any game.
func allowed(l layer, game, imp string) bool {
	for _, may := range l.may {
		if game != "" && matches(may, imp, game) {
			return true
		}
		for g := range gameContainers {
			if game == "" && matches(may, imp, g) {
				return true
			}
		}
	}
	return false
}

// violations lists the imports that break the layers, for imports that
// map each project package (relative to the module, "" for its root) to
// the project packages it imports.
func violations(imports map[string][]string) []string {
	var out []string
	for _, pkg := range slices.Sorted(maps.Keys(imports)) {
		l, game, ok := ruleOf(pkg)
		if !ok {
			out = append(out, fmt.Sprintf("%q is in no layer of docs/DESIGN.md's table", pkg))
			continue
		}
		for _, imp := range imports[pkg] {
			if !allowed(l, game, imp) {
				out = append(out, fmt.Sprintf("%q imports %q, which its layer may not", pkg, imp))
			}
		}
	}
	return out
}

// TestLayering: no package of the project imports what docs/DESIGN.md's
// table forbids its folder (test files aside: tests drive real games).
func TestLayering(t *testing.T) {
	out, err := exec.Command("go", "list", "-f", `{{.ImportPath}} {{join .Imports " "}}`, "./...").Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	imports := map[string][]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		fields := strings.Fields(line)
		pkg := relative(fields[0])
		imports[pkg] = []string{}
		for _, imp := range fields[1:] {
			if imp == module || strings.HasPrefix(imp, module+"/") {
				imports[pkg] = append(imports[pkg], relative(imp))
			}
		}
	}
	if len(imports) < 20 {
		t.Fatalf("go list named %d packages; want the whole project", len(imports))
	}
	for _, v := range violations(imports) {
		t.Error(v)
	}
	for _, p := range unmatched(imports) {
		t.Errorf("the layer of %q names no package: it passes without checking anything", p)
	}
}

// unmatched lists the package patterns of the layers that name none of
// the packages in imports (with any game for "<game>"), so that a rule
// for a package that does not exist, or has moved, cannot pass unseen.
func unmatched(imports map[string][]string) []string {
	var out []string
	for _, l := range layers {
		for _, p := range l.pkgs {
			if !slices.ContainsFunc(slices.Collect(maps.Keys(imports)), func(pkg string) bool {
				for game := range gameContainers {
					if matches(p, pkg, game) {
						return true
					}
				}
				return false
			}) {
				out = append(out, p)
			}
		}
	}
	return out
}

// relative is a project package's path below the module.
func relative(pkg string) string {
	return strings.TrimPrefix(strings.TrimPrefix(pkg, module), "/")
}

// TestUnmatched: a layer's package pattern that names no package is
// reported, and one that names a package, of a game or not, is not.
func TestUnmatched(t *testing.T) {
	all := map[string][]string{}
	for _, l := range layers {
		for _, p := range l.pkgs {
			all[strings.Replace(strings.ReplaceAll(p, "<game>", "shock"), "/*", "/x", 1)] = nil
		}
	}
	if u := unmatched(all); len(u) != 0 {
		t.Errorf("patterns reported though they name a package: %v", u)
	}
	delete(all, "display")
	if u := unmatched(all); !slices.Equal(u, []string{"display"}) {
		t.Errorf("without the display package, reported %v, want [display]", u)
	}
}

// TestViolations: the checker refuses each kind of forbidden import and
// accepts the allowed ones.
func TestViolations(t *testing.T) {
	cases := []struct {
		name    string
		imports map[string][]string
		refused bool
	}{
		{"document imports a game's codec", map[string][]string{"document": {"codecs/turok"}}, true},
		{"document imports undo", map[string][]string{"document": {"undo", "codecs/bin"}}, false},
		{"a game's codec imports another container", map[string][]string{"codecs/marathon": {"codecs/lgres"}}, true},
		{"a game's codec imports its container", map[string][]string{"codecs/shock": {"codecs/lgres", "codecs/bin"}}, false},
		{"a game's document imports another game's", map[string][]string{"document/shock": {"document/turok"}}, true},
		{"a column imports another column", map[string][]string{"editor/shock": {"editor/marathon"}}, true},
		{"a column imports the shell", map[string][]string{"editor/turok": {"editor"}}, true},
		{"a column imports another game's document", map[string][]string{"editor/turok": {"document/shock"}}, true},
		{"a column imports its game", map[string][]string{"editor/turok": {"document/turok", "codecs/turok", "editor/game", "editor/tool"}}, false},
		{"the shell imports a game's document", map[string][]string{"editor": {"document/marathon"}}, true},
		{"the shell imports a codec", map[string][]string{"editor": {"codecs/wad"}}, true},
		{"the shell imports the columns", map[string][]string{"editor": {"editor/shock", "editor/marathon", "editor/game"}}, false},
		{"a building block imports a column", map[string][]string{"editor/scene": {"editor/shock"}}, true},
		{"the contract imports the shell", map[string][]string{"editor/game": {"editor"}}, true},
		{"a widget imports the document", map[string][]string{"widgets/viewport": {"document"}}, true},
		{"a widget imports the display list", map[string][]string{"widgets/viewport": {"display"}}, false},
		{"the display list imports a widget", map[string][]string{"display": {"widgets/viewport"}}, true},
		{"undo imports anything", map[string][]string{"undo": {"codecs/bin"}}, true},
		{"a package in no layer", map[string][]string{"tools/x": nil}, true},
		{"scripts import a game", map[string][]string{"script": {"document/marathon"}}, true},
		{"scripts import the document", map[string][]string{"script": {"document", "undo"}}, false},
		{"the command imports everything", map[string][]string{"cmd/levelwright": {"codecs/lgres", "editor", "document/shock"}}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			v := violations(c.imports)
			if refused := len(v) > 0; refused != c.refused {
				t.Errorf("refused %v (%v), want %v", refused, v, c.refused)
			}
		})
	}
}
