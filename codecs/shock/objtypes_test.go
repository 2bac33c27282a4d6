package shock

import "testing"

func TestTypeIndexNumbersEveryTripleOnce(t *testing.T) {
	next := 0
	for class := range NumClasses {
		for subclass, s := range Subclasses[class] {
			for typ := range s.Types {
				i, ok := TypeIndex(class, subclass, typ)
				if !ok || i != next {
					t.Fatalf("%d/%d/%d: index %d %v, want %d", class, subclass, typ, i, ok, next)
				}
				next++
			}
			if _, ok := TypeIndex(class, subclass, s.Types); ok {
				t.Errorf("%d/%d/%d is past the subclass's types but has an index", class, subclass, s.Types)
			}
		}
		if _, ok := TypeIndex(class, len(Subclasses[class]), 0); ok {
			t.Errorf("class %d: a subclass past the last has an index", class)
		}
	}
	if next != NumObjectTypes {
		t.Errorf("%d triples, want %d", next, NumObjectTypes)
	}
	for _, bad := range [][3]int{{-1, 0, 0}, {NumClasses, 0, 0}, {0, -1, 0}, {0, 0, -1}} {
		if _, ok := TypeIndex(bad[0], bad[1], bad[2]); ok {
			t.Errorf("%v has an index", bad)
		}
	}
}

// The corpus mission's objects are all of types the table knows.
func TestCorpusObjectsHaveKnownTypes(t *testing.T) {
	_, a := decodeBytes(t, corpusArchive(t))
	seen := 0
	for _, l := range a.Levels {
		if l == nil {
			continue
		}
		for i, o := range l.Objects {
			if i == 0 || o.Active == 0 {
				continue
			}
			if _, ok := TypeIndex(int(o.Class), int(o.Subclass), int(o.Type)); !ok {
				t.Errorf("level %d object %d: %d/%d/%d is not a known type", l.Index, i, o.Class, o.Subclass, o.Type)
			}
			seen++
		}
	}
	if seen == 0 {
		t.Fatal("no active objects in the corpus archive")
	}
}
