package marathon

import (
	"slices"

	codec "github.com/levelwright/levelwright/codecs/marathon"
	"github.com/levelwright/levelwright/document"
)

// table is one of a level's record slices.
type table[T any] = document.Table[*codec.Level, T]

// The tables of a level.
var (
	endpointsTable    = document.PlainTable(KindEndpoint, 16, func(l *codec.Level) *[]codec.Endpoint { return &l.Endpoints })
	pointsTable       = document.PlainTable(KindEndpoint, 4, func(l *codec.Level) *[]codec.Point { return &l.Points })
	linesTable        = document.PlainTable(KindLine, 32, func(l *codec.Level) *[]codec.Line { return &l.Lines })
	sidesTable        = document.PlainTable(KindSide, 64, func(l *codec.Level) *[]codec.Side { return &l.Sides })
	polygonsTable     = document.PlainTable(KindPolygon, 128, func(l *codec.Level) *[]codec.Polygon { return &l.Polygons })
	objectsTable      = document.PlainTable(KindObject, 16, func(l *codec.Level) *[]codec.Object { return &l.Objects })
	lightsTable       = document.PlainTable(KindLight, 100, func(l *codec.Level) *[]codec.Light { return &l.Lights })
	oldLightsTable    = document.PlainTable(KindLight, 32, func(l *codec.Level) *[]codec.OldLight { return &l.OldLights })
	notesTable        = document.PlainTable(KindAnnotation, 72, func(l *codec.Level) *[]codec.Note { return &l.Notes })
	infoTable         = document.PlainTable(KindInfo, 88, func(l *codec.Level) *[]codec.MapInfo { return &l.Info })
	placementsTable   = document.PlainTable(KindPlacement, 12, func(l *codec.Level) *[]codec.Placement { return &l.Placements })
	platformsTable    = document.PlainTable(KindPlatform, 32, func(l *codec.Level) *[]codec.StaticPlatform { return &l.Platforms })
	runPlatformsTable = document.PlainTable(KindPlatform, 140, func(l *codec.Level) *[]codec.Platform { return &l.RunPlatforms })
	mediaTable        = document.PlainTable(KindLiquid, 32, func(l *codec.Level) *[]codec.Media { return &l.Media })
	ambientTable      = document.PlainTable(KindAmbientSound, 16, func(l *codec.Level) *[]codec.AmbientSound { return &l.Ambient })
	randomTable       = document.PlainTable(KindRandomSound, 32, func(l *codec.Level) *[]codec.RandomSound { return &l.Random })
	indexesTable      = document.PlainTable(KindMapIndex, 2, func(l *codec.Level) *[]int16 { return &l.Exclusions })
	terminalsTable    = &table[codec.Terminal]{Kind: KindTerminal, Size: 64, Slice: func(l *codec.Level) *[]codec.Terminal { return &l.Terminals },
		Same: sameTerminal, Clone: cloneTerminal}
)

func sameTerminal(a, b codec.Terminal) bool {
	return a.Flags == b.Flags && a.PageLines == b.PageLines && slices.Equal(a.Groups, b.Groups) &&
		slices.Equal(a.Faces, b.Faces) && slices.Equal(a.RawText, b.RawText)
}

func cloneTerminal(t codec.Terminal) codec.Terminal {
	t.Groups, t.Faces, t.RawText = slices.Clone(t.Groups), slices.Clone(t.Faces), slices.Clone(t.RawText)
	return t
}
