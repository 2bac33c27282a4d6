package shock

// Summary is what `levelwright info` tells of a level.
type Summary struct {
	Index          int            `json:"index"`
	Width          int            `json:"width"`
	Height         int            `json:"height"`
	Cyberspace     bool           `json:"cyberspace"`
	Objects        int            `json:"objects"`
	ObjectsByClass map[string]int `json:"objects_by_class"`
	TriggersByType map[string]int `json:"triggers_by_type"`
	TrapsByAction  map[string]int `json:"traps_by_action"`
	WirePuzzles    int            `json:"wire_puzzles"`
	BlockPuzzles   int            `json:"block_puzzles"`
}

// Summarize counts the level's objects by class, its triggers by type,
// its traps by action, and its puzzles.
func (l *Level) Summarize() Summary {
	s := Summary{Index: l.Index, Width: int(l.Info.Width), Height: int(l.Info.Height), Cyberspace: l.Info.Cyberspace != 0,
		ObjectsByClass: map[string]int{}, TriggersByType: map[string]int{}, TrapsByAction: map[string]int{}}
	for id, o := range l.Objects {
		if id == 0 || o.Active == 0 || int(o.Class) >= NumClasses {
			continue
		}
		s.Objects++
		s.ObjectsByClass[ClassNames[o.Class]]++
		table := l.Classes[o.Class]
		if int(o.SpecID) >= len(table) {
			continue
		}
		data := table[o.SpecID].Data
		switch o.Class {
		case ClassTrap:
			if o.Subclass == 0 {
				s.TriggersByType[TriggerTypeName(o.Type)]++
			}
			s.TrapsByAction[DecodeTrap(data).Action.String()]++
		case ClassFixture:
			if kind, ok := PuzzlePanel(o, DecodeFixture(data)); ok && kind == PuzzleBlock {
				s.BlockPuzzles++
			} else if ok {
				s.WirePuzzles++
			}
		}
	}
	return s
}
