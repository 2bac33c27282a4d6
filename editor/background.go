package editor

import (
	"context"
	"fmt"
	"slices"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/container"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// backgroundJobs are the long jobs running for cur's file (a Turok
// visibility rebuild), each one of jobs, shown in the status bar with its
// progress and a Cancel button.
type backgroundJobs struct {
	cur     *current
	jobs    *jobs
	status  *widget.Label
	dialogs *dialogs
	running []*backgroundJob
	bar     *fyne.Container // the status bar's rows of the running jobs
}

// A backgroundJob is one job running for the open file.
type backgroundJob struct {
	title  string
	cancel context.CancelFunc
	row    fyne.CanvasObject
}

// run runs job off the main thread for the open file, with
// its progress and a Cancel button in the status bar. It is cancelled
// when that file is closed, reverted or replaced (after asking), and done
// runs on the main thread with job's error only while that file is still
// open and the job was not cancelled; a job cancelled says so in the
// status bar instead, whatever it returned.
func (b *backgroundJobs) run(title string, job func(ctx context.Context, progress func(float64)) error, done func(error)) {
	if b.cur.file == nil {
		return
	}
	file := b.cur.file
	ctx, cancel := context.WithCancel(context.Background())
	bar := widget.NewProgressBar()
	j := &backgroundJob{title: title, cancel: cancel}
	j.row = container.NewBorder(nil, nil, widget.NewLabel(title), widget.NewButton("Cancel", cancel), bar)
	b.running = append(b.running, j)
	b.bar.Add(j.row)
	b.jobs.group.Add(1)
	go func() {
		err := job(ctx, func(f float64) { fyne.Do(func() { bar.SetValue(f) }) })
		fyne.Do(func() {
			defer b.jobs.group.Done()
			cancelled := ctx.Err() != nil
			cancel()
			b.running = slices.DeleteFunc(b.running, func(r *backgroundJob) bool { return r == j })
			b.bar.Remove(j.row)
			switch {
			case b.cur.file != file: // closed: nothing reports into another file
			case cancelled:
				b.status.SetText(title + ": cancelled")
			default:
				done(err)
			}
		})
	}()
}

// unlessLose runs then at once when no job runs for the open file;
// else it asks first whether to stop them, naming them and what the
// user is about to do: Stop runs then, and the jobs stop once the file
// is closed or replaced (a later question answered Cancel, or a file
// that cannot be opened, leaves them running).
func (b *backgroundJobs) unlessLose(what string, then func()) {
	if len(b.running) == 0 {
		then()
		return
	}
	var titles []string
	for _, j := range b.running {
		titles = append(titles, j.title)
	}
	msg := fmt.Sprintf("%s is still running for %s.\nStop it and %s? What it has done so far is lost.", andList(titles), b.cur.fileName(), what)
	d := dialog.NewConfirm("Work under way", msg, func(stop bool) {
		if stop {
			then()
		}
	}, b.dialogs.win)
	d.SetConfirmText("Stop")
	d.SetDismissText("Cancel")
	b.dialogs.show(d)
}

// drop cancels the jobs running for the open file, which is being
// closed or replaced, and takes them off the status bar at once; what
// they return then reaches nothing.
func (b *backgroundJobs) drop() {
	for _, j := range b.running {
		j.cancel()
	}
	b.running = nil
	b.bar.RemoveAll()
}

// Run runs a job in the background for the open file.
func (h host) Run(title string, job func(ctx context.Context, progress func(float64)) error, done func(error)) {
	h.e.background.run(title, job, done)
}
