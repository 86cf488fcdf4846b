package main

import (
	"math"
	"slices"
)

// Operations measured per page size.
const (
	opSnapshot = "snapshot"
	opClick    = "click"
	opFill     = "fill"
	opNavigate = "navigate"
)

var allOps = []string{opSnapshot, opClick, opFill, opNavigate}

// Tools a sample can come from.
const (
	toolPrima     = "prima"                 // one prima command: its envelope is the proof
	toolCLI       = "playwright-cli"        // the action plus the snapshot needed to see its effect
	toolCLIAction = "playwright-cli-action" // the playwright-cli action alone (click, fill, goto)
	toolFloor     = "floor"                 // in-process playwright-go: click + AI snapshot
)

// Sample is one timed process (or, for the floor, one in-process step).
type Sample struct {
	Size   int
	Op     string
	Tool   string
	Run    int
	WallMS float64
	Bytes  int
}

// median returns the middle value of xs (the mean of the two middle values
// for an even count) and NaN when xs is empty.
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return math.NaN()
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2]
	}
	return (s[n/2-1] + s[n/2]) / 2
}

// pairRatios divides a by b run by run, for the runs both have and where b
// is positive, in run order.
func pairRatios(a, b map[int]float64) []float64 {
	runs := make([]int, 0, len(a))
	for r := range a {
		if v, ok := b[r]; ok && v > 0 {
			runs = append(runs, r)
		}
	}
	slices.Sort(runs)
	out := make([]float64, 0, len(runs))
	for _, r := range runs {
		out = append(out, a[r]/b[r])
	}
	return out
}

// byRun picks one field of the samples of (size, op, tool), keyed by run.
func byRun(samples []Sample, size int, op, tool string, field func(Sample) float64) map[int]float64 {
	m := map[int]float64{}
	for _, s := range samples {
		if s.Size == size && s.Op == op && s.Tool == tool {
			m[s.Run] = field(s)
		}
	}
	return m
}

func wallOf(s Sample) float64  { return s.WallMS }
func bytesOf(s Sample) float64 { return float64(s.Bytes) }

func values(m map[int]float64) []float64 {
	out := make([]float64, 0, len(m))
	for _, v := range m {
		out = append(out, v)
	}
	return out
}

// Row is the summary of one (size, op): medians per tool and the medians
// of the per-pair ratios prima/playwright-cli.
type Row struct {
	Size          int
	Op            string
	Pairs         int     // pairs with both prima and playwright-cli samples
	PrimaMS       float64 // median wall time of the prima command
	CLIMS         float64 // median wall time of playwright-cli action + snapshot
	CLIActionMS   float64 // median wall time of the playwright-cli action alone (NaN for snapshot)
	RatioMS       float64 // median of per-pair prima/CLI wall ratios
	RatioActionMS float64 // median of per-pair prima/CLI-action wall ratios (NaN for snapshot)
	PrimaBytes    float64
	CLIBytes      float64
	RatioBytes    float64 // median of per-pair prima/CLI byte ratios
}

// FloorRow compares prima's click with the in-process floor.
type FloorRow struct {
	Size         int
	Runs         int
	FloorMS      float64 // median in-process click + AI snapshot
	PrimaClickMS float64 // median prima pw click (whole process)
	OverMS       float64 // PrimaClickMS - FloorMS
}

// summarize computes one Row per (size, op) present in samples, in the
// order of sizes and allOps, and one FloorRow per size with floor samples.
func summarize(samples []Sample, sizes []int) ([]Row, []FloorRow) {
	var rows []Row
	var floors []FloorRow
	for _, size := range sizes {
		for _, op := range allOps {
			pm := byRun(samples, size, op, toolPrima, wallOf)
			cm := byRun(samples, size, op, toolCLI, wallOf)
			am := byRun(samples, size, op, toolCLIAction, wallOf)
			if len(pm) == 0 && len(cm) == 0 {
				continue
			}
			pb := byRun(samples, size, op, toolPrima, bytesOf)
			cb := byRun(samples, size, op, toolCLI, bytesOf)
			r := Row{
				Size:          size,
				Op:            op,
				Pairs:         len(pairRatios(pm, cm)),
				PrimaMS:       median(values(pm)),
				CLIMS:         median(values(cm)),
				CLIActionMS:   median(values(am)),
				RatioMS:       median(pairRatios(pm, cm)),
				RatioActionMS: median(pairRatios(pm, am)),
				PrimaBytes:    median(values(pb)),
				CLIBytes:      median(values(cb)),
				RatioBytes:    median(pairRatios(pb, cb)),
			}
			rows = append(rows, r)
		}
		fm := byRun(samples, size, opClick, toolFloor, wallOf)
		if len(fm) > 0 {
			f := FloorRow{
				Size:         size,
				Runs:         len(fm),
				FloorMS:      median(values(fm)),
				PrimaClickMS: median(values(byRun(samples, size, opClick, toolPrima, wallOf))),
			}
			f.OverMS = f.PrimaClickMS - f.FloorMS
			floors = append(floors, f)
		}
	}
	return rows, floors
}
