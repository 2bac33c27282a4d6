package main

import (
	"strings"
	"testing"
)

// sample is `go test -v -bench` output from two packages: a result line
// with memory columns, names with dashes and digits, logs, a benchmark
// that skipped (twice, one for each run), and a line that is no result.
const sample = `goos: linux
goarch: amd64
pkg: example.org/m/widgets/viewport
cpu: AMD EPYC
BenchmarkReadBack
BenchmarkReadBack/read
BenchmarkReadBack/read-2         	    1472	    800000 ns/op
BenchmarkReadBack/read-2         	    1665	    700000 ns/op
BenchmarkReadBack/read-2         	    1665	    900000 ns/op
BenchmarkReadBack/read+upload
BenchmarkReadBack/read+upload-2  	    1000	   2000000 ns/op
PASS
ok  	example.org/m/widgets/viewport	5.078s
goos: linux
pkg: example.org/m/editor/turok
BenchmarkFrame/hills160/51200-sectors/2d/opengl
BenchmarkFrame/hills160/51200-sectors/2d/opengl-2         	       3	  56000000 ns/op	  120 B/op	       2 allocs/op
    bench_test.go:12: 51200-sectors: 10 polygons
BenchmarkFrame/hills160/51200-sectors/2d/opengl-2         	       3	  54000000 ns/op	  120 B/op	       2 allocs/op
BenchmarkFrame/hills160/51200-sectors/2d/opengl-2         	       3	  40000000 ns/op	  120 B/op	       2 allocs/op
BenchmarkFrame/hills160/51200-sectors/2d/opengl-2         	       3	  60000000 ns/op	  120 B/op	       2 allocs/op
BenchmarkLaunch
BenchmarkLaunch-2 	       1	12345000000 ns/op
BenchmarkGL
    bench_gl_test.go:21: no OpenGL: no display
--- SKIP: BenchmarkGL
BenchmarkGL
    bench_gl_test.go:21: no OpenGL: no display
--- SKIP: BenchmarkGL
PASS
`

func TestTable(t *testing.T) {
	results, skips, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := table(&out, results, skips, "BenchmarkReadBack/read", "BenchmarkReadBack/read+upload"); err != nil {
		t.Fatal(err)
	}
	// On screen the frame is 55 ms + 1.2 ms of hand-over, over 2 ms.
	want := `| Package | Benchmark | Median | × floor | × floor on screen | Runs |
|---|---|---:|---:|---:|---:|
| widgets/viewport | ReadBack/read | 0.800 ms | 1.00 | 1.00 | 3 |
| widgets/viewport | ReadBack/read+upload | 2.00 ms | 2.50 | 1.00 | 1 |
| editor/turok | Frame/hills160/51200-sectors/2d/opengl | 55.00 ms | 68.75 | 28.10 | 4 |
| editor/turok | Launch | 12.3 s | 15431.25 | — | 1 |

The floor is BenchmarkReadBack/read: 0.800 ms.
The floor on screen is BenchmarkReadBack/read+upload: 2.00 ms; an OpenGL frame on screen pays its hand-over to Fyne too, 1.20 ms.

Skipped:

- BenchmarkGL: no OpenGL: no display
`
	if got := out.String(); got != want {
		t.Errorf("table:\n%s\nwant:\n%s", got, want)
	}
}

func TestTableWithoutFloor(t *testing.T) {
	results, skips, err := parse(strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	var out strings.Builder
	if err := table(&out, results, skips, "BenchmarkAbsent", "BenchmarkAbsentToo"); err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{"| ReadBack/read | 0.800 ms | — | — | 3 |", "No ratios: the floor BenchmarkAbsent did not run."} {
		if !strings.Contains(out.String(), want) {
			t.Errorf("the table lacks %q:\n%s", want, out.String())
		}
	}
}

func TestAmbiguousFloor(t *testing.T) {
	twice := sample + "pkg: example.org/m/other\nBenchmarkReadBack/read-2 1 5 ns/op\n"
	results, skips, err := parse(strings.NewReader(twice))
	if err != nil {
		t.Fatal(err)
	}
	if err := table(&strings.Builder{}, results, skips, "BenchmarkReadBack/read", "BenchmarkReadBack/read+upload"); err == nil {
		t.Error("two floors of one name made a table")
	}
}

func TestParseLine(t *testing.T) {
	for _, tc := range []struct {
		line string
		name string
		ns   float64
		ok   bool
		err  bool
	}{
		{"BenchmarkX-8   10   123.5 ns/op", "BenchmarkX", 123.5, true, false},
		{"BenchmarkX/a-b   10   7 ns/op", "BenchmarkX/a-b", 7, true, false},
		{"BenchmarkX/51200-sectors   10   7 ns/op", "BenchmarkX/51200-sectors", 7, true, false},
		{"BenchmarkX/at-1280-2   10   7 ns/op", "BenchmarkX/at-1280", 7, true, false},
		{"BenchmarkX", "", 0, false, false},
		{"BenchmarkX-2   10   lots ns/op", "", 0, false, true},
		{"BenchmarkHandFeel/hover-2   10   194065166 ns/op   99.05 max-ms-to-pixels   39.25 ms-to-pixels", "BenchmarkHandFeel/hover", 39.25e6, true, false},
	} {
		name, ns, ok, err := parseLine(tc.line)
		if name != tc.name || ns != tc.ns || ok != tc.ok || (err != nil) != tc.err {
			t.Errorf("parseLine(%q) = %q, %v, %v, %v; want %q, %v, %v, error %v", tc.line, name, ns, ok, err, tc.name, tc.ns, tc.ok, tc.err)
		}
	}
}

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		xs   []float64
		want float64
	}{{[]float64{3, 1, 2}, 2}, {[]float64{4, 1, 3, 2}, 2.5}, {[]float64{5}, 5}, {nil, 0}} {
		if got := median(tc.xs); got != tc.want {
			t.Errorf("median(%v) = %v, want %v", tc.xs, got, tc.want)
		}
	}
}
