package turok

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/levelwright/levelwright/internal/corpus"
)

// TestActorTypeNames: every actor type of the corpus maps has a name,
// names are unique, and an unnamed type is named by its number.
func TestActorTypeNames(t *testing.T) {
	seen := map[string]int32{}
	for _, n := range ActorTypeNumbers() {
		name := ActorTypeName(n)
		if other, dup := seen[name]; dup {
			t.Errorf("types %d and %d are both %q", other, n, name)
		}
		seen[name] = n
	}
	if got := ActorTypeName(12345); got != "type 12345" {
		t.Errorf("an unnamed type is %q", got)
	}
	for _, path := range corpus.Files(t, "turok") {
		if filepath.Ext(path) != ".map" {
			continue
		}
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		m, err := Decode(data)
		if err != nil {
			t.Fatal(err)
		}
		for i, a := range m.Actors {
			if _, ok := ActorTypes[a.Type]; !ok {
				t.Errorf("%s: actor %d's type %d has no name", filepath.Base(path), i, a.Type)
			}
		}
	}
}
