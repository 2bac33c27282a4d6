package turok

import (
	"context"
	"fmt"

	tcodec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
	tdoc "github.com/levelwright/levelwright/document/turok"
	"github.com/levelwright/levelwright/editor/game"
	"github.com/levelwright/levelwright/editor/inspect"
	"github.com/levelwright/levelwright/widgets/propgrid"
)

// InspectLevel is the inspector's sections when nothing is selected: the
// map's sector sets and its visibility tables.
func (f *session) InspectLevel(h game.Host) []inspect.Section {
	return []inspect.Section{f.setsSection(h), f.visibilitySection(h)}
}

// visibilitySection shows the visibility tables' shape and whether they
// are stale, with commands to rebuild them by line of sight and, when
// stale, to keep them as they are; each is one undo step.
func (f *session) visibilitySection(h game.Host) inspect.Section {
	m := f.d.Map
	v := m.Visibility
	if v == nil {
		return inspect.Section{Title: "Visibility", Fields: []propgrid.Field{{Label: "tables", Text: &propgrid.Text{Value: "none (the map has no visibility tables)"}}}}
	}
	state := "up to date"
	if f.d.VisibilityStale() {
		state = "stale: made for other sectors or meshes"
	}
	shape := fmt.Sprintf("%d sectors × %d static meshes, %s", v.Count, m.MeshCount(), state)
	fields := []propgrid.Field{{Label: "tables", Text: &propgrid.Text{Value: shape},
		Action: &propgrid.Action{Label: "Rebuild", Do: func() { f.rebuildVisibility(h) }}}}
	if f.d.VisibilityStale() {
		fields = append(fields, propgrid.Field{Label: "keep", Text: &propgrid.Text{Value: "the tables as they are"},
			Action: &propgrid.Action{Label: "Keep", Do: func() {
				if err := f.d.KeepVisibility(); err != nil {
					report(h, "", err)
					return
				}
				f.reportStep(h, tdoc.KeepVisibilityStep, "Kept the visibility tables as they are")
			}}})
	}
	return inspect.Section{Title: "Visibility", Fields: fields}
}

// backgroundPairs is how many sector and mesh pairs make the tables'
// computation run in the background, with its progress and a Cancel
// button (a 51,200-sector map with 400 meshes takes seconds, a large
// open map much longer).
const backgroundPairs = 1 << 21

// rebuildVisibility rebuilds the tables by line of sight, in one step;
// on a big map the tables are computed in the background for the open
// file (h's Run, with progress and Cancel) and stored when done, unless
// the map changed meanwhile.
func (f *session) rebuildVisibility(h game.Host) {
	job, err := f.d.SightJob()
	if err != nil {
		report(h, "", err)
		return
	}
	apply := func(v *tcodec.Visibility) {
		changed, err := f.d.ApplySight(job, v)
		if err != nil {
			report(h, "", err)
			return
		}
		f.reportStep(h, tdoc.RebuildVisibilityStep, fmt.Sprintf("Rebuilt the visibility tables by line of sight (%s changed)", document.Count(changed, "bit")))
	}
	if h == nil || len(f.d.Map.Sectors)*f.d.Map.MeshCount() < backgroundPairs {
		apply(job.Run())
		return
	}
	var v *tcodec.Visibility
	h.Run("Rebuilding the visibility tables", func(ctx context.Context, progress func(float64)) error {
		var err error // off the main thread: its own
		v, err = job.RunContext(ctx, func(done, total int) { progress(float64(done) / float64(total)) })
		return err
	}, func(err error) {
		if err != nil {
			report(h, "", err)
			return
		}
		apply(v)
	})
}

// Unstored is what the map file cannot say of itself: unstoredStale
// when its visibility tables are marked stale, "" else.
func (f *session) Unstored() string {
	if f.d.VisibilityStale() {
		return unstoredStale
	}
	return ""
}

// Restore gives back the stale mark of the visibility tables kept for the
// bytes opened, which were saved with it.
func (f *session) Restore(state string) {
	if state == unstoredStale {
		f.d.MarkVisibilityStale()
	}
}

// unstoredStale is the state Unstored keeps for a map saved with its
// visibility tables marked stale.
const unstoredStale = "visibility-stale"

// report puts what a command did, or its error, in the status bar of h
// (none in tests).
func report(h game.Host, done string, err error) {
	switch {
	case h == nil:
	case err != nil:
		h.Status(err.Error())
	default:
		h.Status(done)
	}
}
