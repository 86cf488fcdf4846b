package main

import (
	"math"
	"slices"
	"strconv"
	"strings"
	"testing"
)

func TestMedian(t *testing.T) {
	for _, tc := range []struct {
		in   []float64
		want float64
	}{
		{nil, math.NaN()},
		{[]float64{5}, 5},
		{[]float64{3, 1, 2}, 2},
		{[]float64{4, 1, 3, 2}, 2.5},
		{[]float64{10, 10, 1, 1000}, 10},
		{[]float64{-1, 1}, 0},
	} {
		got := median(tc.in)
		if !(got == tc.want || math.IsNaN(got) && math.IsNaN(tc.want)) {
			t.Errorf("median(%v) = %v, want %v", tc.in, got, tc.want)
		}
	}
	in := []float64{3, 1, 2}
	median(in)
	if !slices.Equal(in, []float64{3, 1, 2}) {
		t.Errorf("median sorted its input: %v", in)
	}
}

func TestPairRatios(t *testing.T) {
	for _, tc := range []struct {
		name string
		a, b map[int]float64
		want []float64
	}{
		{"empty", nil, nil, []float64{}},
		{"paired in run order", map[int]float64{2: 10, 1: 1}, map[int]float64{1: 4, 2: 5}, []float64{0.25, 2}},
		{"unpaired runs dropped", map[int]float64{1: 1, 2: 2, 3: 3}, map[int]float64{1: 2, 3: 3, 4: 9}, []float64{0.5, 1}},
		{"zero denominator dropped", map[int]float64{1: 1, 2: 2}, map[int]float64{1: 0, 2: 4}, []float64{0.5}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := pairRatios(tc.a, tc.b); !slices.Equal(got, tc.want) {
				t.Errorf("got %v, want %v", got, tc.want)
			}
		})
	}
}

// The median of per-pair ratios is not the ratio of medians: drift that
// hits both sides of a pair cancels.
func TestSummarizePairRatios(t *testing.T) {
	var s []Sample
	for run, v := range [][2]float64{{100, 1000}, {300, 1000}, {1000, 10000}} {
		s = append(s,
			Sample{Size: 2000, Op: opClick, Tool: toolPrima, Run: run + 1, WallMS: v[0], Bytes: 300},
			Sample{Size: 2000, Op: opClick, Tool: toolCLI, Run: run + 1, WallMS: v[1], Bytes: 100000},
			Sample{Size: 2000, Op: opClick, Tool: toolCLIAction, Run: run + 1, WallMS: v[1] / 2, Bytes: 270},
			Sample{Size: 2000, Op: opClick, Tool: toolFloor, Run: run + 1, WallMS: 50},
		)
	}
	rows, floors := summarize(s, []int{100, 2000})
	if len(rows) != 1 || len(floors) != 1 {
		t.Fatalf("rows %d floors %d, want 1 and 1", len(rows), len(floors))
	}
	r := rows[0]
	if r.PrimaMS != 300 || r.CLIMS != 1000 || r.CLIActionMS != 500 || r.Pairs != 3 {
		t.Errorf("medians: %+v", r)
	}
	if r.RatioMS != 0.1 { // ratios 0.1, 0.3, 0.1
		t.Errorf("RatioMS = %v, want 0.1 (median of per-pair ratios)", r.RatioMS)
	}
	if r.RatioActionMS != 0.2 {
		t.Errorf("RatioActionMS = %v, want 0.2", r.RatioActionMS)
	}
	if r.RatioBytes != 0.003 {
		t.Errorf("RatioBytes = %v, want 0.003", r.RatioBytes)
	}
	if f := floors[0]; f.FloorMS != 50 || f.PrimaClickMS != 300 || f.OverMS != 250 || f.Runs != 3 {
		t.Errorf("floor: %+v", f)
	}
}

func TestFindRef(t *testing.T) {
	const cli = `- generic [active] [ref=e1]:
  - heading "Big 100" [level=1] [ref=e2]
      - row [ref=e11]:
        - cell [ref=e15]:
          - button "Edit row 1" [ref=e16]
        - cell "Note 1" [ref=e17]:
          - text: Note 1
          - textbox "Note 1" [ref=e18]
          - button "Edit row 10" [ref=e84]
`
	const prima = `### Snapshot
- generic [active] [ref=f2e1]:
          - button "Edit row 1" [active] [ref=f2e16]
          - textbox "Note 1" [active] [ref=f2e18]: x3
          - link "Open row 1" [ref=f2e14] [cursor=pointer]:
          - button "Edit row 2" [disabled] [pressed=mixed] [ref=f13e24]
`
	for _, tc := range []struct {
		name, text, role, elem, want string
		wantErr                      bool
	}{
		{"plain", cli, "button", "Edit row 1", "e16", false},
		{"no prefix match on row 10", cli, "button", "Edit row 10", "e84", false},
		{"textbox", cli, "textbox", "Note 1", "e18", false},
		{"role must match", cli, "textbox", "Edit row 1", "", true},
		{"missing", cli, "button", "Edit row 3", "", true},
		{"state group before ref", prima, "button", "Edit row 1", "f2e16", false},
		{"value after ref", prima, "textbox", "Note 1", "f2e18", false},
		{"cursor after ref", prima, "link", "Open row 1", "f2e14", false},
		{"several groups, frame ref", prima, "button", "Edit row 2", "f13e24", false},
		{"ambiguous", cli + "  - button \"Edit row 1\" [ref=e99]\n", "button", "Edit row 1", "", true},
		{"same ref twice is fine", cli + cli, "button", "Edit row 1", "e16", false},
		{"regexp metacharacters in the name", `- button "Save (2) [x]" [ref=e7]`, "button", "Save (2) [x]", "e7", false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := findRef(tc.text, tc.role, tc.elem)
			if (err != nil) != tc.wantErr || got != tc.want {
				t.Errorf("findRef(%s %q) = %q, %v; want %q (error %v)", tc.role, tc.elem, got, err, tc.want, tc.wantErr)
			}
		})
	}
}

func TestYmlLinks(t *testing.T) {
	for _, tc := range []struct {
		in   string
		want []string
	}{
		{"### Snapshot\n- [Snapshot](.playwright-cli/page-2026-11-30T01-55-32-762Z.yml)\n", []string{".playwright-cli/page-2026-11-30T01-55-32-762Z.yml"}},
		{"### Snapshot\n```yaml\n- generic [ref=e1]\n```\n", nil},
		{"[a](x.yaml) and [b](/abs/y.yml) [c](z.png)", []string{"x.yaml", "/abs/y.yml"}},
	} {
		if got := ymlLinks(tc.in); !slices.Equal(got, tc.want) {
			t.Errorf("ymlLinks(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestEnvelopeProblem(t *testing.T) {
	const ok = "### Result\nok: true\ncommand: pw click e5\n\n### Changes\nadded:\n  - status: Editing row 1\n"
	for _, tc := range []struct {
		name        string
		exit        int
		out         string
		wantChanges bool
		want        string
	}{
		{"ok action", 0, ok, true, ""},
		{"ok snapshot", 0, "### Result\nok: true\n", false, ""},
		{"no changes", 0, "### Result\nok: true\n", true, "no `### Changes`"},
		{"failed", 1, "### Result\nok: false\n\n### Changes\nno change\n", true, "exit 1, no `ok: true`"},
		{"ok: true only as a line", 0, "text ok: true\n### Changes\n", true, "no `ok: true`"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := envelopeProblem(tc.exit, tc.out, tc.wantChanges); got != tc.want {
				t.Errorf("got %q, want %q", got, tc.want)
			}
		})
	}
}

func TestParseSizes(t *testing.T) {
	for _, tc := range []struct {
		in      string
		want    []int
		wantErr bool
	}{
		{"100,2000,10000", []int{100, 2000, 10000}, false},
		{" 100 , 2000 ,", []int{100, 2000}, false},
		{"", nil, true},
		{"100,x", nil, true},
		{"0", nil, true},
	} {
		got, err := parseSizes(tc.in)
		if (err != nil) != tc.wantErr || !slices.Equal(got, tc.want) {
			t.Errorf("parseSizes(%q) = %v, %v", tc.in, got, err)
		}
	}
}

func TestRenderCSV(t *testing.T) {
	got := string(renderCSV([]Sample{
		{Size: 100, Op: opClick, Tool: toolPrima, Run: 1, WallMS: 12.345, Bytes: 300},
		{Size: 2000, Op: opSnapshot, Tool: toolCLI, Run: 7, WallMS: 1000, Bytes: 267578},
	}))
	want := "size,op,tool,run,wall_ms,bytes\n100,click,prima,1,12.3,300\n2000,snapshot,playwright-cli,7,1000.0,267578\n"
	if got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestCheckTargets(t *testing.T) {
	rows := []Row{
		{Size: 100, Op: opClick, RatioMS: 0.1, RatioActionMS: 0.3, RatioBytes: 0.5},
		{Size: 2000, Op: opClick, RatioMS: 0.2, RatioActionMS: math.NaN(), RatioBytes: 0.01},
		{Size: 2000, Op: opSnapshot, RatioMS: 0.01},
	}
	floors := []FloorRow{{Size: 2000, OverMS: 31}}
	var got []string
	for _, tg := range checkTargets(rows, floors, true) {
		got = append(got, tg.Status+" "+tg.Name+" @"+strconv.Itoa(tg.Size))
	}
	want := []string{
		"MISS pw click time / playwright-cli click alone @100",
		"PASS pw click time / playwright-cli click+snapshot @100",
		"N/A pw click time - floor (click + AI snapshot) @100",
		"N/A pw click time / playwright-cli click alone @2000",
		"PASS pw click time / playwright-cli click+snapshot @2000",
		"MISS pw click time - floor (click + AI snapshot) @2000",
		"PASS pw click envelope bytes / playwright-cli click+snapshot bytes @2000",
	}
	sameLines(t, got, want)
	// Without 2000 and without the floor: the byte target is N/A, no floor lines.
	ts := checkTargets(rows[:1], nil, false)
	if len(ts) != 3 || ts[2].Status != "N/A" || !strings.Contains(ts[2].Name, "not measured") {
		t.Errorf("without n=2000: %v", ts)
	}
}

// The big-page targets: from 10,000 elements, the ratio to
// playwright-cli's bare click and the growth from 2,000 elements.
func TestCheckBigPageTargets(t *testing.T) {
	rows := []Row{
		{Size: 2000, Op: opClick, PrimaMS: 100, RatioMS: 0.1, RatioActionMS: 0.1, RatioBytes: 0.001},
		{Size: 10000, Op: opClick, PrimaMS: 190, RatioMS: 0.1, RatioActionMS: 0.3},
		{Size: 20000, Op: opClick, PrimaMS: 260, RatioMS: 0.1, RatioActionMS: math.NaN()},
	}
	var got []string
	for _, tg := range checkTargets(rows, nil, false) {
		if strings.HasPrefix(tg.Name, "big page") {
			got = append(got, tg.String())
		}
	}
	want := []string{
		"MISS n=10000  big page: pw click time / playwright-cli click alone = 0.300x (limit <= 0.25x)",
		"PASS n=10000  big page: pw click time / pw click time at 2000 elements = 1.900x (limit <= 2x)",
		"N/A  n=20000  big page: pw click time / playwright-cli click alone = n/a (limit <= 0.25x)",
		"MISS n=20000  big page: pw click time / pw click time at 2000 elements = 2.600x (limit <= 2x)",
	}
	sameLines(t, got, want)
}

func TestRenderMarkdown(t *testing.T) {
	rows := []Row{
		{Size: 2000, Op: opSnapshot, Pairs: 7, PrimaMS: 400, CLIMS: 520, CLIActionMS: math.NaN(), RatioMS: 0.77,
			RatioActionMS: math.NaN(), PrimaBytes: 3288, CLIBytes: 267578, RatioBytes: 0.0123},
		{Size: 2000, Op: opClick, Pairs: 6, PrimaMS: 980.4, CLIMS: 1500, CLIActionMS: 1000, RatioMS: 0.65,
			RatioActionMS: 0.98, PrimaBytes: 330, CLIBytes: 268000, RatioBytes: 0.00123},
	}
	md := renderMarkdown(Report{
		Header:  []string{"command: `go run ./cmd/prima-bench -runs 7`"},
		Rows:    rows,
		Floors:  []FloorRow{{Size: 2000, Runs: 7, FloorMS: 120, PrimaClickMS: 980.4, OverMS: 860.4}},
		Targets: checkTargets(rows, []FloorRow{{Size: 2000, OverMS: 860.4}}, true),
		Failures: []Failure{{Size: 2000, Op: opClick, Tool: toolPrima, Run: 3, What: "prima pw click e16",
			Reason: "exit 1, no `ok: true`", Output: "### Result\nok: false\n"}},
	})
	for _, want := range []string{
		"| 2000 | snapshot | 400 | 520 (snapshot) | – | 0.77 | – | 3288 B | 261.3 KB | 0.01 | 7 |",
		"| 2000 | click | 980 | 1500 (click + snapshot) | 1000 | 0.65 | 0.98 | 330 B | 261.7 KB | 0.0012 | 6 |",
		"| 2000 | 120 | 980 | 860 | 7 |",
		"MISS n=2000   pw click time / playwright-cli click alone = 0.980x (limit <= 0.2x)",
		"MISS n=2000   pw click time - floor (click + AI snapshot) = 860.4 ms (limit <= 30 ms)",
		"PASS n=2000   pw click envelope bytes / playwright-cli click+snapshot bytes = 0.001x (limit <= 0.1x)",
		"- n=2000 click prima run 3: `prima pw click e16`: exit 1, no `ok: true`",
		"```\n### Result\nok: false\n```",
	} {
		if !strings.Contains(md, want) {
			t.Errorf("markdown lacks %q:\n%s", want, md)
		}
	}
}

func TestClip(t *testing.T) {
	if got := clip("a\nb\nc\n", 2); got != "a\nb\n… 1 more lines" {
		t.Errorf("clip = %q", got)
	}
	if got := clip("a\n", 2); got != "a" {
		t.Errorf("clip = %q", got)
	}
	if got := clip("", 2); got != "" {
		t.Errorf("clip = %q", got)
	}
}

func TestChildEnv(t *testing.T) {
	got := childEnv([]string{"PATH=/bin", "PLAYWRIGHT_CLI_SESSION=x", "XDG_CACHE_HOME=/old", "PRIMA_HOME=/h"},
		map[string]string{"XDG_CACHE_HOME": "/new"})
	want := []string{"PATH=/bin", "XDG_CACHE_HOME=/new"}
	if !slices.Equal(got, want) {
		t.Errorf("childEnv = %q, want %q", got, want)
	}
}

// sameLines fails t when got and want differ, showing both.
func sameLines(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}
