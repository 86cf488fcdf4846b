// Command prima-bench measures prima against playwright-cli on one shared
// browser: the fixture app's /big?n=N page, one playwright-cli session, and
// prima attached to that same session. For each size it times whole
// processes, interleaved in pairs (prima, then playwright-cli), and counts
// the bytes a caller must read: snapshot, click, fill and navigate, where
// playwright-cli needs a snapshot after the action to see its effect.
// With -floor (the default) it also times, in process with playwright-go, an
// aria-ref click plus an AI snapshot on the same page: the floor.
//
//	go run ./cmd/prima-bench [-runs 15] [-sizes 100,2000,10000] [-out results]
//	go run ./cmd/prima-bench -chart-only [-out results]
//	go run ./cmd/prima-bench -firstlook [-sizes 2000,10000,20000] [-runs 3] [-out results]
//
// Run it from the repository root after scripts/setup (bin/prima, .driver)
// and with @playwright/cli installed in .tools (scripts/test does that).
// It writes <out>/bench.md and <out>/bench.csv and prints the table, then
// charts the click medians per tool into <out>/bench.png (wall time) and
// <out>/bytes.png. -chart-only redraws the charts from an existing
// <out>/bench.csv without measuring anything.
//
// -firstlook measures the first look at a freshly loaded big page instead
// (firstlook.go): playwright-cli goto + snapshot against prima go +
// snapshot, prima's first snapshot of a document against later ones, into
// <out>/firstlook.md, <out>/firstlook.csv and <out>/firstlook.png (with
// -chart-only: only the chart, from <out>/firstlook.csv).
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"path/filepath"
	"runtime"
	"strings"
	"syscall"
	"time"
)

type config struct {
	runs   int
	sizes  []int
	out    string
	floor  bool
	root   string // repository root (go.mod of github.com/prima-dev/prima)
	prima  string
	cli    string
	driver string
}

func main() {
	os.Exit(mainErr())
}

func mainErr() int {
	var cfg config
	var sizes string
	flag.IntVar(&cfg.runs, "runs", 15, "measured pairs per (size, op)")
	flag.StringVar(&sizes, "sizes", "100,2000,10000", "page sizes: about N interactive elements on /big?n=N")
	flag.StringVar(&cfg.out, "out", "results", "folder for bench.md, bench.csv, bench.png and bytes.png")
	flag.BoolVar(&cfg.floor, "floor", true, "also measure the in-process floor (playwright-go click + AI snapshot)")
	flag.StringVar(&cfg.prima, "prima", "bin/prima", "the prima binary (scripts/setup builds it)")
	flag.StringVar(&cfg.cli, "cli", ".tools/node_modules/.bin/playwright-cli", "the playwright-cli 0.1.22 binary")
	flag.StringVar(&cfg.driver, "driver", ".driver", "the Playwright driver folder, for prima and -floor (scripts/setup)")
	chartOnlyFlag := flag.Bool("chart-only", false, "only render <out>/bench.png and <out>/bytes.png from an existing <out>/bench.csv")
	firstLook := flag.Bool("firstlook", false, "measure navigate + first snapshot of a fresh big page (prima go + snapshot vs playwright-cli goto + snapshot) into <out>/firstlook.{md,csv,png}; default -sizes 2000,10000,20000 -runs 3")
	flag.Parse()
	if *firstLook {
		set := map[string]bool{}
		flag.Visit(func(f *flag.Flag) { set[f.Name] = true })
		if !set["sizes"] {
			sizes = "2000,10000,20000"
		}
		if !set["runs"] {
			cfg.runs = 3
		}
	}
	if flag.NArg() > 0 {
		fmt.Fprintf(os.Stderr, "prima-bench: unexpected arguments %q\n", flag.Args())
		return 2
	}
	if *chartOnlyFlag {
		chart := chartOnly
		if *firstLook {
			chart = firstLookChartOnly
		}
		paths, err := chart(cfg.out)
		if err != nil {
			fmt.Fprintln(os.Stderr, "prima-bench:", err)
			return 1
		}
		fmt.Fprintln(os.Stderr, "wrote", strings.Join(paths, " and "))
		return 0
	}
	var err error
	if cfg.sizes, err = parseSizes(sizes); err != nil || cfg.runs < 1 {
		if err == nil {
			err = errors.New("-runs must be at least 1")
		}
		fmt.Fprintln(os.Stderr, "prima-bench:", err)
		return 2
	}
	if err := cfg.resolve(); err != nil {
		fmt.Fprintln(os.Stderr, "prima-bench:", err)
		return 1
	}

	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	defer stop()
	if *firstLook {
		return firstLookMain(ctx, cfg)
	}
	rep, err := run(ctx, cfg)
	if rep != nil {
		md := renderMarkdown(rep.Report)
		fmt.Print(md)
		if werr := writeResults(cfg.out, md, renderCSV(rep.samples)); werr != nil {
			fmt.Fprintln(os.Stderr, "prima-bench:", werr)
			return 1
		}
		fmt.Fprintf(os.Stderr, "wrote %s and %s\n", filepath.Join(cfg.out, "bench.md"), filepath.Join(cfg.out, "bench.csv"))
		paths, cerr := renderCharts(cfg.out, rep.samples)
		if len(paths) > 0 {
			fmt.Fprintln(os.Stderr, "wrote", strings.Join(paths, " and "))
		}
		if cerr != nil && err == nil {
			err = cerr
		}
	}
	return exitCode(rep, err)
}

// exitCode says how a run ended, for both modes: 1, with the reason on
// stderr, when it failed or any of its commands did.
func exitCode(rep *report, err error) int {
	if err != nil {
		fmt.Fprintln(os.Stderr, "prima-bench:", err)
		return 1
	}
	if rep != nil && len(rep.Failures) > 0 {
		fmt.Fprintf(os.Stderr, "prima-bench: %d failed command(s); see Failures in the report\n", len(rep.Failures))
		return 1
	}
	return 0
}

// resolve finds the repository root and makes every tool path absolute
// (the children run in a temp workspace).
func (c *config) resolve() error {
	wd, err := os.Getwd()
	if err != nil {
		return err
	}
	for dir := wd; ; dir = filepath.Dir(dir) {
		if data, err := os.ReadFile(filepath.Join(dir, "go.mod")); err == nil &&
			strings.Contains(string(data), "module github.com/prima-dev/prima\n") {
			c.root = dir
			break
		}
		if filepath.Dir(dir) == dir {
			return errors.New("run it inside the github.com/prima-dev/prima repository")
		}
	}
	abs := func(p *string, what, hint string) error {
		if !filepath.IsAbs(*p) {
			*p = filepath.Join(c.root, *p)
		}
		if _, err := os.Stat(*p); err != nil {
			return fmt.Errorf("%s not found at %s (%s)", what, *p, hint)
		}
		return nil
	}
	if err := abs(&c.prima, "prima", "run scripts/setup"); err != nil {
		return err
	}
	if err := abs(&c.cli, "playwright-cli", "npm install --save-exact --ignore-scripts @playwright/cli@0.1.22 into .tools, as scripts/test does"); err != nil {
		return err
	}
	return abs(&c.driver, "the Playwright driver", "run scripts/setup")
}

// report is what run hands back even on error: what was measured so far.
type report struct {
	Report
	samples []Sample
}

func run(ctx context.Context, cfg config) (rep *report, err error) {
	h, err := newHarness(cfg, os.Stderr)
	defer func() {
		if h != nil {
			h.close()
		}
		if h != nil && (len(h.samples) > 0 || len(h.failures) > 0) {
			rep = h.report(err)
		}
	}()
	if err != nil {
		return nil, err
	}
	start := time.Now()
	if err := h.startFixture(ctx); err != nil {
		return nil, err
	}
	fmt.Fprintln(os.Stderr, "fixture app at", h.baseURL)
	if err := h.open(ctx, h.baseURL+"/profile"); err != nil {
		return nil, err
	}
	for _, size := range cfg.sizes {
		t0 := time.Now()
		if err := h.measureSize(ctx, size); err != nil {
			return nil, fmt.Errorf("n=%d: %w", size, err)
		}
		fmt.Fprintf(os.Stderr, "n=%d done in %.0fs (total %.0fs)\n", size, time.Since(t0).Seconds(), time.Since(start).Seconds())
	}
	return nil, nil
}

func (h *harness) report(runErr error) *report {
	rows, floors := summarize(h.samples, h.cfg.sizes)
	hdr := []string{
		fmt.Sprintf("command: `go run ./cmd/prima-bench %s`", strings.Join(os.Args[1:], " ")),
		fmt.Sprintf("started: %s; %s/%s, %d CPUs; %d pairs per (size, op), interleaved prima then playwright-cli",
			h.started.Format(time.RFC3339), runtime.GOOS, runtime.GOARCH, runtime.NumCPU(), h.cfg.runs),
		fmt.Sprintf("prima: a copy of %s taken at the start (modified %s)", h.cfg.prima, h.primaMod),
		"prima clicks \"Edit row 1\", playwright-cli \"Edit row 2\" (every click changes the status); fill targets \"Note 1\"; navigate reloads /big?n=N",
	}
	if runErr != nil {
		hdr = append(hdr, "**incomplete: "+strings.ReplaceAll(runErr.Error(), "\n", " ")+"**")
	}
	return &report{
		Report: Report{Header: hdr, Rows: rows, Floors: floors,
			Targets: checkTargets(rows, floors, h.cfg.floor), Failures: h.failures},
		samples: h.samples,
	}
}

func primaBuilt(path string) string {
	st, err := os.Stat(path)
	if err != nil {
		return "?"
	}
	return st.ModTime().UTC().Format(time.RFC3339)
}

func writeResults(dir, md string, csv []byte) error {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	if err := os.WriteFile(filepath.Join(dir, "bench.md"), []byte(md), 0o644); err != nil {
		return err
	}
	return os.WriteFile(filepath.Join(dir, "bench.csv"), csv, 0o644)
}

// firstLookMain runs -firstlook and writes what it measured, even when it
// was cut short.
func firstLookMain(ctx context.Context, cfg config) int {
	rep, err := runFirstLook(ctx, cfg)
	if rep != nil && len(rep.samples)+len(rep.Failures) > 0 {
		paths, werr := writeFirstLook(cfg.out, rep, cfg.sizes)
		if len(paths) > 0 {
			fmt.Fprintln(os.Stderr, "wrote", strings.Join(paths, ", "))
		}
		if werr != nil && err == nil {
			err = werr
		}
	}
	return exitCode(rep, err)
}
