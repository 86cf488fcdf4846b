package main

// -firstlook: the first look at a freshly loaded big page. One
// playwright-cli session, prima attached to it; per round and size, each
// tool navigates to a URL nobody loaded before and shows the page:
//
//	(a) playwright-cli goto URL&r=K-cli   (its output links a snapshot: the first one)
//	    playwright-cli snapshot           (a later one, same document)
//	(b) prima go URL&r=K-prima            (proven navigation, Changes; its view after is
//	                                       the document's first Playwright snapshot)
//	    prima snapshot                    (right after go: answered from go's view)
//	    prima snapshot                    (again, page unchanged: prima answers from the last one)
//	    prima snapshot --grep "Edit row R"
//	    prima pw click <that ref>         (the first action on the document: the status line changes)
//	    prima snapshot                    (later, after a change: a fresh full snapshot of a warm document)
//	    prima eval "location.href=URL2"   (untimed: a navigation that takes no Playwright snapshot)
//	    prima snapshot                    (first: the first Playwright snapshot of that document)
//
// Before each timed navigation the same tool loads /profile (untimed), so
// that neither starts from the other's big page: prima's before-view of a
// page it has not seen would be a whole render of it.

import (
	"bytes"
	"context"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"

	"gonum.org/v1/plot/vg"

	"github.com/prima-dev/prima/prima/pwline"
)

// First-look steps (Sample.Op) and their tool.
const (
	flCLIGoto      = "cli_goto"                // playwright-cli goto (its first snapshot included)
	flCLISnapshot  = "cli_snapshot"            // playwright-cli snapshot right after
	flPrimaGo      = "prima_go"                // prima go
	flPrimaSnap1   = "prima_snapshot_after_go" // prima snapshot right after go
	flPrimaSnap2   = "prima_snapshot_again"    // second, page unchanged
	flPrimaGrep    = "prima_snapshot_grep"     // snapshot --grep "Edit row R"
	flPrimaClick   = "prima_click"             // untimed setup for the next step (recorded for reference)
	flPrimaSnapChg = "prima_snapshot_later"    // a snapshot after the click changed the status line
	flPrimaEvalNav = "prima_eval_nav"          // untimed setup: a navigation by script
	flPrimaSnapNew = "prima_snapshot_cold"     // the first Playwright snapshot of that document
)

// Target limits of the first-look issue.
const (
	flRatioMax      = 0.3 // prima go+snapshot <= 0.3x playwright-cli goto+snapshot
	flFirstLaterMax = 1.5 // first snapshot after a navigation <= 1.5x a later one
	flTargetMin     = 10000
)

// Files written into -out.
const (
	flMD    = "firstlook.md"
	flCSV   = "firstlook.csv"
	flChart = "firstlook.png"
)

// flRow picks the row whose "Edit row R" button the grep and click use:
// about three quarters down the table (row 7421 of 10,000 at n=25000).
func flRow(size int) int {
	rows := max((2*size+2)/5, 1) // fixtures/generated.go bigPage
	return max(rows*7421/10000, 1)
}

func runFirstLook(ctx context.Context, cfg config) (*report, error) {
	h, err := newHarness(cfg, os.Stderr)
	defer func() {
		if h != nil {
			h.close()
		}
	}()
	if err != nil {
		return nil, err
	}
	load0 := loadAvg()
	start := time.Now()
	version := firstLineOf(strings.TrimSpace(string(h.run(ctx, 30*time.Second, h.primaBin, "--home", h.home, "version").Stdout)))
	finish := func(runErr error) *report {
		return &report{Report: Report{Header: flHeader(h, load0, version, runErr), Failures: h.failures}, samples: h.samples}
	}
	if err := h.startFixture(ctx); err != nil {
		return finish(err), err
	}
	fmt.Fprintln(os.Stderr, "fixture app at", h.baseURL)
	if err := h.open(ctx, h.baseURL+"/profile"); err != nil {
		return finish(err), err
	}
	// Rounds outermost: each size is sampled across the whole run, so a
	// change in the machine's load spreads over all sizes.
	for run := 1; run <= cfg.runs; run++ {
		for _, size := range cfg.sizes {
			t0 := time.Now()
			h.firstLookRound(ctx, size, run)
			if err := ctx.Err(); err != nil {
				return finish(err), err
			}
			fmt.Fprintf(os.Stderr, "round %d n=%d in %.0fs (total %.0fs)\n", run, size, time.Since(t0).Seconds(), time.Since(start).Seconds())
		}
	}
	return finish(nil), nil
}

func (h *harness) firstLookRound(ctx context.Context, size, run int) {
	url := func(tool string) string {
		return fmt.Sprintf("%s/big?n=%d&r=%d-%s-%d", h.baseURL, size, run, tool, time.Now().UnixNano())
	}
	home := h.baseURL + "/profile"
	row := flRow(size)
	name := fmt.Sprintf("Edit row %d", row)
	rec := func(op, tool string, r cmdResult, n int) {
		h.record(Sample{Size: size, Op: op, Tool: tool, Run: run, WallMS: ms(r.Wall), Bytes: n})
	}
	// prima's commands get a deadline past its 30 s default: a slow first
	// look is what is measured, not a reason for a missing sample.
	const primaTimeout = "2m"

	// (a) playwright-cli.
	if r := h.cli(ctx, "goto", home); r.failed() {
		h.fail(size, flCLIGoto, toolCLI, run, "playwright-cli goto "+home+" (untimed reset)", fmt.Sprintf("exit %d", r.Exit), &r)
	}
	u := url("cli")
	if g := h.cli(ctx, "goto", u); g.failed() {
		h.fail(size, flCLIGoto, toolCLI, run, "playwright-cli goto "+u, fmt.Sprintf("exit %d", g.Exit), &g)
	} else if text, err := h.cliText(g); err != nil {
		h.fail(size, flCLIGoto, toolCLI, run, "playwright-cli goto "+u, err.Error(), &g)
	} else {
		rec(flCLIGoto, toolCLI, g, len(text))
	}
	if s := h.cli(ctx, "snapshot"); s.failed() {
		h.fail(size, flCLISnapshot, toolCLI, run, "playwright-cli snapshot", fmt.Sprintf("exit %d", s.Exit), &s)
	} else if text, err := h.cliText(s); err != nil {
		h.fail(size, flCLISnapshot, toolCLI, run, "playwright-cli snapshot", err.Error(), &s)
	} else if _, err := findRef(text, "button", name); err != nil {
		h.fail(size, flCLISnapshot, toolCLI, run, "playwright-cli snapshot", err.Error(), &s)
	} else {
		rec(flCLISnapshot, toolCLI, s, len(text))
	}
	if ctx.Err() != nil {
		return
	}

	// (b) prima.
	if r := h.prima(ctx, "--timeout", primaTimeout, "go", home); envelopeProblem(r.Exit, string(r.Stdout), false) != "" || r.Err != nil {
		h.fail(size, flPrimaGo, toolPrima, run, "prima go "+home+" (untimed reset)", envelopeProblem(r.Exit, string(r.Stdout), false), &r)
	}
	u = url("prima")
	timed := func(op string, wantChanges bool, args ...string) (cmdResult, bool) {
		r := h.prima(ctx, append([]string{"--timeout", primaTimeout}, args...)...)
		if p := envelopeProblem(r.Exit, string(r.Stdout), wantChanges); p != "" || r.Err != nil {
			h.fail(size, op, toolPrima, run, "prima "+strings.Join(args, " "), p, &r)
			return r, false
		}
		rec(op, toolPrima, r, len(r.Stdout))
		return r, true
	}
	if _, ok := timed(flPrimaGo, true, "go", u); !ok {
		return
	}
	timed(flPrimaSnap1, false, "snapshot")
	timed(flPrimaSnap2, false, "snapshot")
	g, ok := timed(flPrimaGrep, false, "snapshot", "--grep", name)
	if !ok {
		return
	}
	ref, err := findRef(string(g.Stdout), "button", name)
	if err != nil {
		h.fail(size, flPrimaGrep, toolPrima, run, "prima snapshot --grep "+name, err.Error(), &g)
		return
	}
	if _, ok := timed(flPrimaClick, true, "pw", "click", ref); !ok {
		return
	}
	timed(flPrimaSnapChg, false, "snapshot")
	// A navigation that is not prima's go (the page's own script here)
	// leaves the new document's first Playwright snapshot to the next
	// snapshot: the first look's own cost.
	u2 := url("prima-eval")
	if _, ok := timed(flPrimaEvalNav, true, "eval", "location.href = "+pwline.JSQuote(u2)); !ok {
		return
	}
	timed(flPrimaSnapNew, false, "snapshot")
}

// flStat is the medians of one size.
type flStat struct {
	Size                          int
	Runs                          int // rounds with both (a) and (b) complete
	CLIGoto, CLISnap, CLISum      float64
	PrimaGo, Snap1, Snap2, Grep   float64
	Click, SnapLater, PrimaSum    float64
	SnapCold                      float64 // the first Playwright snapshot of a document
	Ratio                         float64 // median of per-round prima(go+snapshot)/cli(goto+snapshot)
	FirstLater                    float64 // median of per-round first/later-after-a-change
	CLIGotoB, CLISnapB            float64 // bytes
	PrimaGoB, Snap1B, GrepB, LatB float64
}

func flSummarize(samples []Sample, sizes []int) []flStat {
	var out []flStat
	for _, size := range sizes {
		get := func(op string, f func(Sample) float64) map[int]float64 {
			tool := toolPrima
			if strings.HasPrefix(op, "cli_") {
				tool = toolCLI
			}
			return byRun(samples, size, op, tool, f)
		}
		med := func(op string) float64 { return median(values(get(op, wallOf))) }
		medB := func(op string) float64 { return median(values(get(op, bytesOf))) }
		sum := func(a, b string) map[int]float64 {
			x, y := get(a, wallOf), get(b, wallOf)
			m := map[int]float64{}
			for r, v := range x {
				if w, ok := y[r]; ok {
					m[r] = v + w
				}
			}
			return m
		}
		cli, prima := sum(flCLIGoto, flCLISnapshot), sum(flPrimaGo, flPrimaSnap1)
		st := flStat{
			Size: size, Runs: len(pairRatios(prima, cli)),
			CLIGoto: med(flCLIGoto), CLISnap: med(flCLISnapshot), CLISum: median(values(cli)),
			PrimaGo: med(flPrimaGo), Snap1: med(flPrimaSnap1), Snap2: med(flPrimaSnap2), Grep: med(flPrimaGrep),
			Click: med(flPrimaClick), SnapLater: med(flPrimaSnapChg), PrimaSum: median(values(prima)),
			SnapCold:   med(flPrimaSnapNew),
			Ratio:      median(pairRatios(prima, cli)),
			FirstLater: median(pairRatios(get(flPrimaSnapNew, wallOf), get(flPrimaSnapChg, wallOf))),
			CLIGotoB:   medB(flCLIGoto), CLISnapB: medB(flCLISnapshot),
			PrimaGoB: medB(flPrimaGo), Snap1B: medB(flPrimaSnap1), GrepB: medB(flPrimaGrep), LatB: medB(flPrimaSnapChg),
		}
		if st.Runs > 0 || !math.IsNaN(st.PrimaGo) || !math.IsNaN(st.CLIGoto) {
			out = append(out, st)
		}
	}
	return out
}

func flHeader(h *harness, load0, version string, runErr error) []string {
	hdr := []string{
		fmt.Sprintf("command: `go run ./cmd/prima-bench %s`", strings.Join(os.Args[1:], " ")),
		fmt.Sprintf("started: %s, took %s; %s/%s, %d CPUs; load average at start %s, at end %s",
			h.started.UTC().Format(time.RFC3339), time.Since(h.started).Round(time.Second), runtime.GOOS, runtime.GOARCH,
			runtime.NumCPU(), load0, loadAvg()),
		fmt.Sprintf("prima: a copy of %s taken at the start (modified %s; `prima version`: %s); this checkout at %s", h.cfg.prima, h.primaMod, version, gitHead(h.cfg.root)),
		fmt.Sprintf("browser: %s; playwright-cli: %s (%s)", firstLineOf(cmdOut("/usr/bin/chromium", "--version")),
			firstLineOf(cmdOut(h.cfg.cli, "--version")), h.cfg.cli),
	}
	if runErr != nil {
		hdr = append(hdr, "**incomplete: "+strings.ReplaceAll(runErr.Error(), "\n", " ")+"**")
	}
	return hdr
}

func renderFirstLook(r Report, samples []Sample, sizes []int) string {
	stats := flSummarize(samples, sizes)
	var b strings.Builder
	b.WriteString("# prima-bench -firstlook: the first look at a freshly loaded big page\n\n")
	for _, l := range r.Header {
		b.WriteString(l + "  \n")
	}
	b.WriteString(`
One playwright-cli session, prima attached to it, the fixture app's /big?n=N (N ≈ interactive
elements; N/2.5 table rows). Each round and size, each tool navigates to a URL loaded by nobody
before (a fresh query), after loading /profile itself (untimed):
(a) ` + "`playwright-cli goto URL`" + ` (its output links a snapshot file: the document's first AI snapshot),
then ` + "`playwright-cli snapshot`" + `; (b) ` + "`prima go URL`" + ` (its view after the navigation is the document's
first Playwright snapshot, with refs), ` + "`prima snapshot`" + ` (answered from go's view once prima's change
detector proves nothing changed), ` + "`prima snapshot`" + ` again, ` + "`prima snapshot --grep \"Edit row R\"`" + `
(R ≈ 0.74 × rows), ` + "`prima pw click`" + ` on that button (the first action on the document: the status
line changes), ` + "`prima snapshot`" + ` (later: a fresh full snapshot of a document already looked at), then
` + "`prima eval \"location.href = …\"`" + ` to another fresh URL (untimed: a navigation that is not prima's ` + "`go`" + `
takes no Playwright snapshot) and ` + "`prima snapshot`" + ` (first: the first Playwright snapshot of that
document, the first look's own cost). prima runs with ` + "`--timeout 2m`" + ` (default 30 s).
Wall time is the whole process; medians over rounds, ms. Bytes: prima's envelope; playwright-cli's
stdout plus the snapshot file it links.

`)
	b.WriteString("| elements | rounds | cli goto | cli snapshot | **cli goto+snapshot** | prima go | prima snapshot (after go) | **prima go+snapshot** | **prima / cli** | snapshot again (unchanged) | snapshot --grep | pw click (first action) | snapshot later (after a change) | snapshot first (after a script's navigation) | **first / later** |\n")
	b.WriteString("|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range stats {
		fmt.Fprintf(&b, "| %d | %d | %s | %s | **%s** | %s | %s | **%s** | **%s×** | %s | %s | %s | %s | %s | **%s×** |\n",
			s.Size, s.Runs, fmtMS(s.CLIGoto), fmtMS(s.CLISnap), fmtMS(s.CLISum), fmtMS(s.PrimaGo), fmtMS(s.Snap1),
			fmtMS(s.PrimaSum), fmtRatio(s.Ratio), fmtMS(s.Snap2), fmtMS(s.Grep), fmtMS(s.Click), fmtMS(s.SnapLater), fmtMS(s.SnapCold), fmtRatio(s.FirstLater))
	}
	b.WriteString("\nBytes (medians):\n\n| elements | cli goto (+ its snapshot file) | cli snapshot | prima go | prima snapshot | prima snapshot --grep | prima snapshot later |\n|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, s := range stats {
		fmt.Fprintf(&b, "| %d | %s | %s | %s | %s | %s | %s |\n", s.Size, fmtBytes(s.CLIGotoB), fmtBytes(s.CLISnapB),
			fmtBytes(s.PrimaGoB), fmtBytes(s.Snap1B), fmtBytes(s.GrepB), fmtBytes(s.LatB))
	}
	b.WriteString("\nTargets (at 10,000 elements and up):\n\n```\n")
	for _, s := range stats {
		if s.Size < flTargetMin {
			continue
		}
		b.WriteString(Target{Size: s.Size, Name: "prima go+snapshot / playwright-cli goto+snapshot", Value: s.Ratio, Limit: flRatioMax, Unit: "x", Status: judge(s.Ratio, flRatioMax)}.String() + "\n")
		b.WriteString(Target{Size: s.Size, Name: "prima first snapshot / later snapshot (after a change)", Value: s.FirstLater, Limit: flFirstLaterMax, Unit: "x", Status: judge(s.FirstLater, flFirstLaterMax)}.String() + "\n")
	}
	b.WriteString("```\n\n\"first / later\" divides the first Playwright snapshot of a document (after a script's navigation)\n" +
		"by the snapshot after a change, a fresh full Playwright snapshot of a document already looked at.\n" +
		"The snapshots right after go and again take none (prima answers from its last one).\n")
	writeFailures(&b, r.Failures, "round", 20)
	return b.String()
}

// renderFirstLookChart draws the medians per size: playwright-cli goto +
// snapshot, prima go + snapshot, and prima's first and later snapshots.
func renderFirstLookChart(path string, samples []Sample, sizes []int) error {
	stats := flSummarize(samples, sizes)
	lines := []struct {
		name string
		v    func(flStat) float64
	}{
		{"playwright-cli goto + snapshot", func(s flStat) float64 { return s.CLISum }},
		{"prima go + snapshot", func(s flStat) float64 { return s.PrimaSum }},
		{"prima go", func(s flStat) float64 { return s.PrimaGo }},
		{"prima snapshot, first of a document (after a script's navigation)", func(s flStat) float64 { return s.SnapCold }},
		{"prima snapshot, later (after a change)", func(s flStat) float64 { return s.SnapLater }},
	}
	var ss []chartSeries
	for _, l := range lines {
		cs := chartSeries{Tool: l.name}
		for _, s := range stats {
			if v := l.v(s); !math.IsNaN(v) {
				cs.Points = append(cs.Points, chartPoint{s.Size, v})
			}
		}
		if len(cs.Points) > 0 {
			ss = append(ss, cs)
		}
	}
	runs := 0
	for _, s := range stats {
		runs = max(runs, s.Runs)
	}
	p, err := newChart(ss, chartSpec{
		Title:  fmt.Sprintf("prima-bench -firstlook: navigate and look at a fresh big page, median wall time (%d rounds)", runs),
		YLabel: "median wall time (ms)",
		Format: func(v float64) string { return fmtMS(v) + " ms" },
	})
	if err != nil {
		return err
	}
	return p.Save(chartW, chartH+vg.Inch, path)
}

func writeFirstLook(dir string, rep *report, sizes []int) ([]string, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, err
	}
	md := renderFirstLook(rep.Report, rep.samples, sizes)
	fmt.Print(md)
	paths := []string{filepath.Join(dir, flMD), filepath.Join(dir, flCSV)}
	if err := os.WriteFile(paths[0], []byte(md), 0o644); err != nil {
		return nil, err
	}
	if err := os.WriteFile(paths[1], renderCSV(rep.samples), 0o644); err != nil {
		return paths[:1], err
	}
	if err := renderFirstLookChart(filepath.Join(dir, flChart), rep.samples, sizes); err != nil {
		return paths, fmt.Errorf("chart: %w", err)
	}
	return append(paths, filepath.Join(dir, flChart)), nil
}

// firstLookChartOnly redraws firstlook.png from <dir>/firstlook.csv.
func firstLookChartOnly(dir string) ([]string, error) {
	data, err := os.ReadFile(filepath.Join(dir, flCSV))
	if err != nil {
		return nil, err
	}
	samples, err := readSamples(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("%s: %w", flCSV, err)
	}
	var sizes []int
	for _, s := range samples {
		if !containsInt(sizes, s.Size) {
			sizes = append(sizes, s.Size)
		}
	}
	path := filepath.Join(dir, flChart)
	return []string{path}, renderFirstLookChart(path, samples, sizes)
}

func containsInt(xs []int, x int) bool {
	for _, v := range xs {
		if v == x {
			return true
		}
	}
	return false
}

func loadAvg() string {
	data, err := os.ReadFile("/proc/loadavg")
	if err != nil {
		return "?"
	}
	f := strings.Fields(string(data))
	if len(f) < 3 {
		return "?"
	}
	return strings.Join(f[:3], " ")
}

func cmdOut(name string, args ...string) string {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, name, args...).Output()
	if err != nil && len(out) == 0 {
		return "?"
	}
	return strings.TrimSpace(string(out))
}

func firstLineOf(s string) string {
	l, _, _ := strings.Cut(s, "\n")
	return l
}

func gitHead(root string) string {
	head := cmdOut("git", "-C", root, "rev-parse", "--short", "HEAD")
	if st := cmdOut("git", "-C", root, "status", "--porcelain", "--untracked-files=no"); st != "" && st != "?" {
		head += " (with uncommitted changes)"
	}
	return head
}
