package turok

import (
	"context"
	"errors"
	"slices"

	codec "github.com/levelwright/levelwright/codecs/turok"
	"github.com/levelwright/levelwright/document"
)

// VisibilityStale reports whether the visibility tables were made for
// other sectors or static meshes than the map has now. Edits keep the
// tables' shape right (a row per sector, a bit per mesh, each mesh's
// bits moving with it) but cannot know what a sector sees; the modder
// rebuilds them or keeps them, with a command.
func (d *Document) VisibilityStale() bool { return d.state.staleVisibility }

// RebuildVisibility rebuilds the visibility tables by line of sight
// (codec.Map.SightVisibility): each sector sees the static meshes that a
// ray from it reaches past the terrain and the walls, and clears the
// stale mark, in one step (none when the tables were fresh and come out
// the same). It returns how many mesh bits changed.
func (d *Document) RebuildVisibility() (changed int, err error) {
	job, err := d.SightJob()
	if err != nil {
		return 0, err
	}
	return d.ApplySight(job, job.Run())
}

// A SightJob computes line-of-sight visibility tables for the map as it
// was when the job was made: a big map's take seconds, which Run may
// spend on another goroutine while the document is edited, as it reads
// a copy of the geometry.
type SightJob struct {
	m     codec.Map
	steps int // the document's steps when the job was made
}

// SightJob starts a rebuild of the visibility tables; there must be
// tables to rebuild.
func (d *Document) SightJob() (*SightJob, error) {
	if d.Map.Visibility == nil {
		return nil, errors.New("the map has no visibility tables")
	}
	j := &SightJob{m: *d.Map, steps: d.steps}
	j.m.Vertices, j.m.Sectors = slices.Clone(j.m.Vertices), slices.Clone(j.m.Sectors)
	j.m.Sections = slices.Clone(j.m.Sections)
	for i := range j.m.Sections {
		j.m.Sections[i].Meshes = slices.Clone(j.m.Sections[i].Meshes)
	}
	return j, nil
}

// Run computes the tables.
func (j *SightJob) Run() *codec.Visibility { return j.m.SightVisibility() }

// RunContext computes the tables, telling progress the meshes done and
// their count; it stops with ctx's error when ctx is cancelled.
func (j *SightJob) RunContext(ctx context.Context, progress func(done, total int)) (*codec.Visibility, error) {
	return j.m.SightVisibilityContext(ctx, progress)
}

// MarkVisibilityStale marks the visibility tables of the map just
// opened as stale, as an edit of its geometry would have: the file keeps
// no such mark, so an editor that saved it stale gives it back. It is
// the state the history starts from, not a step.
func (d *Document) MarkVisibilityStale() {
	if d.Map.Visibility != nil {
		d.state.staleVisibility = true
		d.problems.Forget()
	}
}

// The descriptions of the visibility commands' history steps.
const (
	RebuildVisibilityStep = "Rebuild visibility tables"
	KeepVisibilityStep    = "Keep visibility tables"
)

// ApplySight stores the tables job computed, as RebuildVisibility does,
// and returns how many mesh bits changed. It refuses them, changing
// nothing, when the map has changed since the job was made.
func (d *Document) ApplySight(job *SightJob, v *codec.Visibility) (changed int, err error) {
	m := d.Map
	if m.Visibility == nil {
		return 0, errors.New("the map has no visibility tables")
	}
	if job.steps != d.steps {
		return 0, errors.New("the map changed while its visibility tables were computed: rebuild them again")
	}
	changed = codec.ChangedBits(m.Visibility, v, m.MeshCount())
	e := d.begin()
	document.TouchValue(e.Edit, visibilityValue)
	m.Visibility = v
	d.keepVisibility(e)
	return changed, e.Commit(RebuildVisibilityStep, "")
}

// KeepVisibility keeps the visibility tables as they are and drops the
// stale mark.
func (d *Document) KeepVisibility() error {
	if !d.state.staleVisibility {
		return errors.New("the visibility tables are not stale")
	}
	e := d.begin()
	d.keepVisibility(e)
	return e.Commit(KeepVisibilityStep, "")
}

func (d *Document) keepVisibility(e *edit) {
	document.TouchValue(e.Edit, staleValue)
	d.state.staleVisibility = false
}
