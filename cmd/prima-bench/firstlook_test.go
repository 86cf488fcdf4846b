package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestFirstLookRow(t *testing.T) {
	for size, want := range map[int]int{25000: 7421, 2000: 593, 20000: 5936, 1: 1} {
		if got := flRow(size); got != want {
			t.Errorf("flRow(%d) = %d, want %d", size, got, want)
		}
	}
}

func flSamples() []Sample {
	var s []Sample
	add := func(size, run int, op string, ms float64, n int) {
		tool := toolPrima
		if strings.HasPrefix(op, "cli_") {
			tool = toolCLI
		}
		s = append(s, Sample{Size: size, Op: op, Tool: tool, Run: run, WallMS: ms, Bytes: n})
	}
	for run := 1; run <= 3; run++ {
		k := float64(run)
		add(10000, run, flCLIGoto, 8000+k, 900000)
		add(10000, run, flCLISnapshot, 2000, 900000)
		add(10000, run, flPrimaGo, 1000, 700)
		add(10000, run, flPrimaSnap1, 2000, 12000)
		add(10000, run, flPrimaSnap2, 20, 12000)
		add(10000, run, flPrimaGrep, 20, 900)
		add(10000, run, flPrimaClick, 300, 500)
		add(10000, run, flPrimaSnapChg, 1600, 12000)
		add(10000, run, flPrimaSnapNew, 2000, 12000)
	}
	add(20000, 1, flCLIGoto, 30000, 10) // no snapshot: no pair
	return s
}

func TestFirstLookSummary(t *testing.T) {
	st := flSummarize(flSamples(), []int{2000, 10000, 20000})
	if len(st) != 2 || st[0].Size != 10000 || st[1].Size != 20000 {
		t.Fatalf("stats = %+v", st)
	}
	s := st[0]
	if s.Runs != 3 || s.CLISum != 10002 || s.PrimaSum != 3000 || s.FirstLater != 1.25 || s.SnapCold != 2000 {
		t.Errorf("10000: %+v", s)
	}
	if st[1].Runs != 0 {
		t.Errorf("20000 has no pairs: %+v", st[1])
	}
	md := renderFirstLook(Report{Header: []string{"command: x"}}, flSamples(), []int{10000, 20000})
	for _, want := range []string{"| 10000 | 3 | 8002 | 2000 | **10002** | 1000 | 2000 | **3000** | **0.30×** |",
		"PASS n=10000  prima go+snapshot / playwright-cli goto+snapshot = 0.300x", "PASS n=10000  prima first snapshot / later snapshot (after a change) = 1.250x",
		"N/A  n=20000"} {
		if !strings.Contains(md, want) {
			t.Errorf("report lacks %q:\n%s", want, md)
		}
	}
}

func TestFirstLookChart(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, flCSV), renderCSV(flSamples()), 0o644); err != nil {
		t.Fatal(err)
	}
	paths, err := firstLookChartOnly(dir)
	if err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(paths[0])
	if err != nil || !bytes.HasPrefix(data, []byte("\x89PNG")) {
		t.Fatalf("not a PNG: %v", err)
	}
}
