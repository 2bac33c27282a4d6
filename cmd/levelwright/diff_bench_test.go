package main

import (
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/levelwright/levelwright/internal/corpus"
)

// BenchmarkDiffMarathon1 runs `diff` on Marathon 1's scenario (3.8 MB,
// the largest level file known) against itself, and reports the peak of
// the heap's live objects during a run (peak-heap-MB, sampled every
// millisecond): the target is under 100 MB.
//
//	go test ./cmd/levelwright -run XXX -bench DiffMarathon1 -benchtime 3x
func BenchmarkDiffMarathon1(b *testing.B) {
	path := corpus.Path(b, "marathon", "m1", "Map.scen")
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	var peak atomic.Uint64
	done := make(chan struct{})
	stopped := make(chan struct{})
	go func() {
		defer close(stopped)
		s := append([]metrics.Sample(nil), sample...)
		for {
			select {
			case <-done:
				return
			case <-time.After(time.Millisecond):
			}
			metrics.Read(s)
			if v := s[0].Value.Uint64(); v > peak.Load() {
				peak.Store(v)
			}
		}
	}()
	runtime.GC()
	for b.Loop() {
		var errOut strings.Builder
		if code := diffCommand([]string{path, path}, nil, io.Discard, &errOut); code != 0 {
			b.Fatalf("diff of a file with itself: exit %d, %s", code, errOut.String())
		}
	}
	close(done)
	<-stopped
	b.ReportMetric(float64(peak.Load())/(1<<20), "peak-heap-MB")
}
