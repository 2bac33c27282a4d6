package script

import (
	"context"
	"fmt"
	"runtime"
	"runtime/metrics"
	"sync"
	"sync/atomic"
	"time"
)

// budget is the context a run's Lua state checks before each
// instruction: it counts the steps and stops the run when the budget is
// spent, or when its watchdog, which looks at the heap, the clock and
// the caller's context every watchEvery, or a refused edit has failed
// the run. The built-ins that can make large strings count their bytes
// with grow before they make them, and the pattern matcher asks Err as
// it goes, so that neither one call nor one match escapes the limits.
type budget struct {
	name      string
	limit     int // steps
	steps     int // counted by Done, on the run's goroutine
	memory    uint64
	heap0     uint64
	timeLimit time.Duration
	start     time.Time
	ctx       context.Context
	progress  func(Progress)

	reason    atomic.Pointer[error]
	published atomic.Int64  // steps, as Done last published them
	commits   atomic.Int64  // lw.commit calls that ended
	used      atomic.Uint64 // heap growth, as last looked at
	counted   atomic.Uint64 // bytes the built-ins counted since

	look sync.Mutex // one look at a time
	done chan struct{}
	quit chan struct{} // closed: the watchdog ends
	gone chan struct{} // closed when it has
}

// Progress is how far a run has gone, as Options.Progress hears it.
type Progress struct {
	Steps   int           // Lua instructions executed
	Elapsed time.Duration // since the run began
	Commits int           // lw.commit calls done
}

// watchEvery is how often the watchdog looks at the heap, the clock and
// the context.
const watchEvery = 10 * time.Millisecond

// progressEvery is how often the watchdog reports progress.
const progressEvery = 100 * time.Millisecond

// publishEvery is how many steps pass between two publications of the
// count, for progress.
const publishEvery = 1 << 12

// The runtime's metrics of the heap: all its objects, garbage not yet
// swept included, which grows as soon as anything is allocated; and
// those the last collection found live.
const (
	objectsMetric = "/memory/classes/heap/objects:bytes"
	liveMetric    = "/gc/heap/live:bytes"
)

// newBudget is the budget of a run of the script name with opt's
// limits, not yet watching.
func newBudget(name string, opt Options) *budget {
	done := make(chan struct{})
	close(done)
	return &budget{name: name, limit: opt.Steps, memory: opt.Memory, heap0: readMetric(liveMetric),
		timeLimit: opt.Time, start: time.Now(), ctx: opt.Context, progress: opt.Progress, done: done}
}

// readMetric is the value of one of the runtime's byte metrics.
func readMetric(name string) uint64 {
	s := []metrics.Sample{{Name: name}}
	metrics.Read(s)
	return s[0].Value.Uint64()
}

// watch starts the watchdog; stopWatching ends it.
func (b *budget) watch() {
	b.quit, b.gone = make(chan struct{}), make(chan struct{})
	go func() {
		defer close(b.gone)
		tick := time.NewTicker(watchEvery)
		defer tick.Stop()
		reported := time.Now()
		for {
			select {
			case <-b.quit:
				return
			case now := <-tick.C:
				b.lookAround()
				if b.progress != nil && now.Sub(reported) >= progressEvery {
					reported = now
					b.progress(b.Progress())
				}
			}
		}
	}()
}

// stopWatching ends the watchdog and waits for it.
func (b *budget) stopWatching() {
	close(b.quit)
	<-b.gone
}

// Progress is how far the run has gone.
func (b *budget) Progress() Progress {
	return Progress{Steps: int(b.published.Load()), Elapsed: time.Since(b.start), Commits: int(b.commits.Load())}
}

// lookAround fails the run when the caller cancelled it, its time is up
// or the heap has grown past the memory limit: garbage counts only
// until a collection, forced then, finds it dead.
func (b *budget) lookAround() {
	b.look.Lock()
	defer b.look.Unlock()
	if err := b.ctx.Err(); err != nil {
		b.fail(fmt.Errorf("%s: stopped: %w", b.name, context.Cause(b.ctx)))
	}
	if time.Since(b.start) > b.timeLimit {
		b.fail(fmt.Errorf("%s: stopped at the time limit of %v", b.name, b.timeLimit))
	}
	b.counted.Store(0)
	h := readMetric(objectsMetric)
	if h > b.heap0 && h-b.heap0 > b.memory {
		runtime.GC()
		h = readMetric(liveMetric)
	}
	b.used.Store(max(h, b.heap0) - b.heap0)
	if b.used.Load() > b.memory {
		b.fail(fmt.Errorf("%s: stopped at the memory limit: the script took more than %d MiB", b.name, b.memory>>20))
	}
}

// grow counts n bytes a built-in is about to allocate, and fails the run
// when they would take the heap past the memory limit.
func (b *budget) grow(n int) error {
	over := func() bool { return b.used.Load()+b.counted.Load()+uint64(n) > b.memory }
	if n < 0 || over() {
		b.lookAround()
		if n < 0 || over() {
			b.fail(fmt.Errorf("%s: stopped at the memory limit: the script took more than %d MiB", b.name, b.memory>>20))
		}
	}
	b.counted.Add(uint64(n))
	return b.Err()
}

// fail stops the run with err: every later step raises it again, so a
// pcall in the script cannot carry on past it.
func (b *budget) fail(err error) {
	b.reason.CompareAndSwap(nil, &err)
}

// Done is called by the Lua state before each instruction: a closed
// channel stops the run.
func (b *budget) Done() <-chan struct{} {
	if b.reason.Load() != nil {
		return b.done
	}
	b.steps++
	if b.steps > b.limit {
		b.fail(fmt.Errorf("%s: stopped after the step budget of %d Lua instructions", b.name, b.limit))
		return b.done
	}
	if b.steps%publishEvery == 0 {
		b.published.Store(int64(b.steps))
	}
	return nil
}

// Err is why the run stopped, or nil while it runs.
func (b *budget) Err() error {
	if p := b.reason.Load(); p != nil {
		return *p
	}
	return nil
}

// Deadline is when the run's time is up.
func (b *budget) Deadline() (time.Time, bool) { return b.start.Add(b.timeLimit), true }

// Value: a run carries no values.
func (b *budget) Value(any) any { return nil }

var _ context.Context = (*budget)(nil)
