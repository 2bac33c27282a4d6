package editor

import (
	"sync"
	"time"

	"fyne.io/fyne/v2"
	"fyne.io/fyne/v2/dialog"
	"fyne.io/fyne/v2/widget"
)

// progressDelay is how long a job runs before its progress bar shows,
// so that quick ones do not flash a dialog.
const progressDelay = 150 * time.Millisecond

// jobs are the work the window runs off the main thread: the loads,
// saves, autosaves and comparisons (one at a time, each with a progress
// bar over win once it takes a while), and the background jobs and
// playtest engines, which it counts too so that wait can wait for all.
type jobs struct {
	win     fyne.Window
	group   sync.WaitGroup // every job under way
	working bool           // whether a load, save or comparison is under way
}

// busy runs job off the main thread, with a progress bar titled title
// (none for "") once it has run for progressDelay, then calls done on the
// main thread with its error. Opening and saving wait while a job runs.
// progress and finished need no lock: fyne.Do runs both callbacks that
// use them on the main thread, one after the other.
func (j *jobs) busy(title string, job func() error, done func(error)) {
	j.group.Add(1)
	j.working = true
	var progress dialog.Dialog
	finished := false
	timer := time.AfterFunc(progressDelay, func() {
		fyne.Do(func() {
			if !finished && title != "" {
				progress = dialog.NewCustomWithoutButtons(title, widget.NewProgressBarInfinite(), j.win)
				progress.Show()
			}
		})
	})
	go func() {
		err := job()
		fyne.Do(func() {
			timer.Stop()
			finished = true
			if progress != nil {
				progress.Hide()
			}
			j.working = false
			done(err)
			j.group.Done()
		})
	}()
}

// wait returns when the jobs started have finished.
func (j *jobs) wait() { j.group.Wait() }
