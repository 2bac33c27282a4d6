package marathon

import (
	"slices"
	"testing"
)

func TestPanelPlatforms(t *testing.T) {
	panel := func(typ, permutation int16) Side {
		return Side{Flags: SideControlPanel, ControlPanelType: typ, ControlPanelPermutation: permutation}
	}
	l := &Level{
		Polygons:  make([]Polygon, 5),
		Platforms: []StaticPlatform{{Polygon: 2, Tag: 7}, {Polygon: 1, Tag: 7}, {Polygon: 3}, {Polygon: 40, Tag: 7}},
		Sides: []Side{
			panel(5, 2),  // water platform switch: the platform in polygon 2
			panel(6, 7),  // water tag switch: the platforms tagged 7 that exist
			panel(15, 0), // lava tag switch of tag 0, which is none
			{ControlPanelType: 5, ControlPanelPermutation: 2}, // not flagged as a panel
			panel(99, 2), // no such panel type
			panel(4, 2),  // light switch
			panel(14, 3), // lava platform switch
			panel(5, 4),  // platform switch naming a polygon without a platform
		},
	}
	want := [][]int{{2}, {2, 1}, nil, nil, nil, nil, {3}, nil}
	for i, w := range want {
		if got := l.PanelPlatforms(i); !slices.Equal(got, w) {
			t.Errorf("side %d toggles %v, want %v", i, got, w)
		}
	}
	if c, ok := ControlPanel(l.Sides[5]); !ok || c != PanelLightSwitch {
		t.Errorf("type 4 is class %v (%v), want a light switch", c, ok)
	}
	if _, ok := ControlPanel(l.Sides[4]); ok {
		t.Error("type 99 has a class")
	}
	if len(panelClasses) != 54 {
		t.Errorf("%d panel types, want the game's 54", len(panelClasses))
	}
}

// Every platform switch in Bungie's Marathon 1 levels names a platform.
func TestMarathon1PlatformSwitches(t *testing.T) {
	switches := 0
	for level, l := range marathon1Levels(t) {
		for i, s := range l.Sides {
			if c, ok := ControlPanel(s); ok && c == PanelPlatformSwitch {
				switches++
				if len(l.PanelPlatforms(i)) != 1 {
					t.Errorf("level %d side %d: platform switch toggles %v", level, i, l.PanelPlatforms(i))
				}
			}
		}
	}
	if switches == 0 {
		t.Fatal("no platform switches found")
	}
}

// The community maps' monsters and items are all of types with names.
func TestCorpusObjectsHaveNames(t *testing.T) {
	if len(MonsterNames) != 47 || len(ItemNames) != 36 {
		t.Fatalf("%d monster and %d item names, want the game's 47 and 36", len(MonsterNames), len(ItemNames))
	}
	named := 0
	for _, l := range corpusLevels(t) {
		for i, o := range l.Objects {
			names := l.ObjectNames(o.Type)
			if names == nil {
				continue
			}
			if o.Index < 0 || int(o.Index) >= len(names) {
				t.Errorf("%s entry %d object %d: type %d index %d has no name", l.path, l.entry, i, o.Type, o.Index)
			}
			named++
		}
	}
	if named == 0 {
		t.Fatal("no named objects in the corpus")
	}
}
