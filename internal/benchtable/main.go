// Benchtable turns the output of `go test -bench` into a Markdown table:
// each benchmark's median time per operation over its runs, and its
// ratio to the median of one benchmark, the floor. An OpenGL frame (a
// benchmark named with "/opengl") also has its ratio on screen: with the
// hand-over to Fyne that every frame pays on screen (the screen floor's
// median less the floor's) added to it, divided by the screen floor.
//
//	go test -v -run '^$' -bench . -count 5 ./... | go run ./internal/benchtable -floor BenchmarkReadBack/read -screen BenchmarkReadBack/read+upload
//
// Benchmarks are named by their package (relative to the packages'
// common folder) and their name without the GOMAXPROCS suffix; the
// floor is named by its name alone. Benchmarks that skipped are listed
// under the table with the reason they gave.
package main

import (
	"bufio"
	"flag"
	"fmt"
	"io"
	"os"
	"path"
	"slices"
	"strconv"
	"strings"
)

// result is one benchmark's times per operation, in nanoseconds, one for
// each run.
type result struct {
	pkg, name string
	ns        []float64
}

// skip is a benchmark that skipped, and why.
type skip struct{ name, reason string }

// parse reads `go test -v -bench` output: the results in the order they
// first appear, and the benchmarks that skipped, each once, with the
// last line it logged (its reason; -v prints it before the SKIP line).
func parse(r io.Reader) ([]*result, []skip, error) {
	var (
		results []*result
		byKey   = map[string]*result{}
		skips   []skip
		skipped = map[string]bool{}
		pkg     string
		logged  string // the last line a benchmark logged
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64*1024), 1024*1024)
	for n := 1; sc.Scan(); n++ {
		line := sc.Text()
		trimmed := strings.TrimSpace(line)
		switch {
		case strings.HasPrefix(line, "pkg: "):
			pkg = strings.TrimPrefix(line, "pkg: ")
		case strings.HasPrefix(line, "    "):
			logged = trimmed
			if _, text, ok := strings.Cut(trimmed, ".go:"); ok {
				if _, text, ok := strings.Cut(text, ": "); ok {
					logged = text // without its file:line
				}
			}
		case strings.HasPrefix(trimmed, "--- SKIP: Benchmark"):
			name := strings.TrimPrefix(trimmed, "--- SKIP: ")
			if !skipped[pkg+" "+name] {
				skipped[pkg+" "+name] = true
				skips = append(skips, skip{name: name, reason: logged})
			}
		case strings.HasPrefix(line, "Benchmark"):
			logged = ""
			name, ns, ok, err := parseLine(line)
			if err != nil {
				return nil, nil, fmt.Errorf("line %d: %w", n, err)
			}
			if !ok {
				continue // -v prints a benchmark's name before it runs
			}
			key := pkg + " " + name
			res := byKey[key]
			if res == nil {
				res = &result{pkg: pkg, name: name}
				byKey[key] = res
				results = append(results, res)
			}
			res.ns = append(res.ns, ns)
		}
	}
	if err := sc.Err(); err != nil {
		return nil, nil, err
	}
	return results, skips, nil
}

// parseLine reads a result line, "BenchmarkName-2  100  12345 ns/op
// ...": the name without the GOMAXPROCS suffix and the time per
// operation, or, when the line has one, its time from input to pixels
// (the ms-to-pixels metric of the hand-feel benchmarks, whose ns/op
// holds their harness's waits too). A line without a time per operation
// is not a result.
func parseLine(line string) (name string, ns float64, ok bool, err error) {
	f := strings.Fields(line)
	at := slices.Index(f, "ns/op")
	if at < 2 {
		return "", 0, false, nil
	}
	perOp := 1.0
	if px := slices.Index(f, "ms-to-pixels"); px >= 3 {
		at, perOp = px, 1e6
	}
	ns, err = strconv.ParseFloat(f[at-1], 64)
	if err != nil {
		return "", 0, false, fmt.Errorf("time per operation %q: %w", f[at-1], err)
	}
	ns *= perOp
	name = f[0]
	if i := strings.LastIndexByte(name, '-'); i > 0 {
		if _, err := strconv.Atoi(name[i+1:]); err == nil {
			name = name[:i]
		}
	}
	return name, ns, true, nil
}

// median is the middle of xs, or the mean of the two middle ones.
func median(xs []float64) float64 {
	s := slices.Sorted(slices.Values(xs))
	if len(s) == 0 {
		return 0
	}
	if len(s)%2 == 1 {
		return s[len(s)/2]
	}
	return (s[len(s)/2-1] + s[len(s)/2]) / 2
}

// duration writes ns in milliseconds, or seconds from 10 s up.
func duration(ns float64) string {
	switch ms := ns / 1e6; {
	case ms >= 10000:
		return fmt.Sprintf("%.1f s", ms/1000)
	case ms >= 100:
		return fmt.Sprintf("%.0f ms", ms)
	case ms >= 1:
		return fmt.Sprintf("%.2f ms", ms)
	default:
		return fmt.Sprintf("%.3f ms", ms)
	}
}

// commonDir is the longest folder that holds every one of pkgs.
func commonDir(pkgs []string) string {
	if len(pkgs) == 0 {
		return ""
	}
	dir := path.Dir(pkgs[0])
	for _, p := range pkgs {
		for dir != "." && dir != "/" && p != dir && !strings.HasPrefix(p, dir+"/") {
			dir = path.Dir(dir)
		}
	}
	return dir
}

// medianOf is the median of the benchmark named name, 0 when none
// ran; two of that name are an error.
func medianOf(results []*result, name string) (float64, error) {
	var m float64
	found := 0
	for _, r := range results {
		if r.name == name {
			m = median(r.ns)
			found++
		}
	}
	if found > 1 {
		return 0, fmt.Errorf("%d packages have a benchmark named %s: the floor is ambiguous", found, name)
	}
	return m, nil
}

// table writes the results as a Markdown table, with each one's ratio to
// the floor's median and, for OpenGL frames, on screen (see the package
// comment); an absent floor leaves the ratios out, saying so.
func table(w io.Writer, results []*result, skips []skip, floor, screen string) error {
	base, err := medianOf(results, floor)
	if err != nil {
		return err
	}
	screenBase, err := medianOf(results, screen)
	if err != nil {
		return err
	}
	var pkgs []string
	for _, r := range results {
		pkgs = append(pkgs, r.pkg)
	}
	dir := commonDir(pkgs)
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "| Package | Benchmark | Median | × floor | × floor on screen | Runs |\n|---|---|---:|---:|---:|---:|\n")
	for _, r := range results {
		pkg := strings.TrimPrefix(strings.TrimPrefix(r.pkg, dir), "/")
		m := median(r.ns)
		ratio, onScreen := "—", "—"
		if base > 0 {
			ratio = fmt.Sprintf("%.2f", m/base)
		}
		switch {
		case base <= 0 || screenBase <= base:
		case r.name == screen:
			onScreen = fmt.Sprintf("%.2f", m/screenBase)
		case r.name == floor || strings.Contains(r.name, "/opengl"):
			onScreen = fmt.Sprintf("%.2f", (m+screenBase-base)/screenBase)
		}
		fmt.Fprintf(bw, "| %s | %s | %s | %s | %s | %d |\n", pkg, strings.TrimPrefix(r.name, "Benchmark"), duration(m), ratio, onScreen, len(r.ns))
	}
	if base > 0 {
		fmt.Fprintf(bw, "\nThe floor is %s: %s.\n", floor, duration(base))
	} else {
		fmt.Fprintf(bw, "\nNo ratios: the floor %s did not run.\n", floor)
	}
	if base > 0 && screenBase > base {
		fmt.Fprintf(bw, "The floor on screen is %s: %s; an OpenGL frame on screen pays its hand-over to Fyne too, %s.\n",
			screen, duration(screenBase), duration(screenBase-base))
	}
	if len(skips) > 0 {
		fmt.Fprintf(bw, "\nSkipped:\n\n")
		for _, s := range skips {
			fmt.Fprintf(bw, "- %s: %s\n", s.name, s.reason)
		}
	}
	return bw.Flush()
}

func main() {
	floor := flag.String("floor", "BenchmarkReadBack/read", "the benchmark the others are divided by")
	screen := flag.String("screen", "BenchmarkReadBack/read+upload", "the floor with the hand-over to Fyne, which OpenGL frames on screen are divided by")
	flag.Parse()
	results, skips, err := parse(os.Stdin)
	if err == nil {
		err = table(os.Stdout, results, skips, *floor, *screen)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "benchtable:", err)
		os.Exit(1)
	}
}
