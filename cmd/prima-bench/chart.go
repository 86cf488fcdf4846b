package main

import (
	"encoding/csv"
	"errors"
	"fmt"
	"image/color"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
)

// Chart files written next to bench.csv.
const (
	chartTimeFile  = "bench.png"
	chartBytesFile = "bytes.png"
)

// csvHeader is the header renderCSV writes and readSamples expects.
var csvHeader = []string{"size", "op", "tool", "run", "wall_ms", "bytes"}

// readSamples parses what renderCSV wrote.
func readSamples(r io.Reader) ([]Sample, error) {
	cr := csv.NewReader(r)
	cr.FieldsPerRecord = len(csvHeader)
	recs, err := cr.ReadAll()
	if err != nil {
		return nil, err
	}
	if len(recs) == 0 || !slices.Equal(recs[0], csvHeader) {
		return nil, fmt.Errorf("want header %s", strings.Join(csvHeader, ","))
	}
	out := make([]Sample, 0, len(recs)-1)
	for i, rec := range recs[1:] {
		line := i + 2
		var s Sample
		var err error
		if s.Size, err = strconv.Atoi(rec[0]); err != nil {
			return nil, fmt.Errorf("line %d: size: %w", line, err)
		}
		s.Op, s.Tool = rec[1], rec[2]
		if s.Run, err = strconv.Atoi(rec[3]); err != nil {
			return nil, fmt.Errorf("line %d: run: %w", line, err)
		}
		if s.WallMS, err = strconv.ParseFloat(rec[4], 64); err != nil {
			return nil, fmt.Errorf("line %d: wall_ms: %w", line, err)
		}
		if s.Bytes, err = strconv.Atoi(rec[5]); err != nil {
			return nil, fmt.Errorf("line %d: bytes: %w", line, err)
		}
		out = append(out, s)
	}
	return out, nil
}

// medianKey names one (size, op, tool) cell.
type medianKey struct {
	Size int
	Op   string
	Tool string
}

// medianCell is the median wall time and bytes of one cell, over N samples.
type medianCell struct {
	WallMS float64
	Bytes  float64
	N      int
}

// medians groups samples by (size, op, tool) and takes the medians.
func medians(samples []Sample) map[medianKey]medianCell {
	wall := map[medianKey][]float64{}
	size := map[medianKey][]float64{}
	for _, s := range samples {
		k := medianKey{s.Size, s.Op, s.Tool}
		wall[k] = append(wall[k], s.WallMS)
		size[k] = append(size[k], float64(s.Bytes))
	}
	out := make(map[medianKey]medianCell, len(wall))
	for k, w := range wall {
		out[k] = medianCell{WallMS: median(w), Bytes: median(size[k]), N: len(w)}
	}
	return out
}

// chartPoint is one size on a tool's line.
type chartPoint struct {
	Size  int
	Value float64
}

// chartSeries is one tool's line: its medians for one op, by ascending size.
type chartSeries struct {
	Tool   string
	Points []chartPoint
}

// toolOrder is the order of the known tools in legends; others follow by name.
var toolOrder = []string{toolPrima, toolCLI, toolCLIAction, toolFloor}

// series picks op from the medians: one line per tool, known tools first,
// points by ascending size. Cells whose value is NaN are left out.
func series(m map[medianKey]medianCell, op string, value func(medianCell) float64) []chartSeries {
	byTool := map[string][]chartPoint{}
	for k, c := range m {
		if k.Op != op {
			continue
		}
		if v := value(c); !math.IsNaN(v) {
			byTool[k.Tool] = append(byTool[k.Tool], chartPoint{k.Size, v})
		}
	}
	tools := make([]string, 0, len(byTool))
	for t := range byTool {
		tools = append(tools, t)
	}
	rank := func(t string) int {
		if i := slices.Index(toolOrder, t); i >= 0 {
			return i
		}
		return len(toolOrder)
	}
	slices.SortFunc(tools, func(a, b string) int {
		if ra, rb := rank(a), rank(b); ra != rb {
			return ra - rb
		}
		return strings.Compare(a, b)
	})
	out := make([]chartSeries, 0, len(tools))
	for _, t := range tools {
		pts := byTool[t]
		slices.SortFunc(pts, func(a, b chartPoint) int { return a.Size - b.Size })
		out = append(out, chartSeries{Tool: t, Points: pts})
	}
	return out
}

// clickLegend says what each tool ran for the click op.
func clickLegend(tool string) string {
	switch tool {
	case toolPrima:
		return "prima pw click (envelope with Changes)"
	case toolCLI:
		return "playwright-cli click + snapshot"
	case toolCLIAction:
		return "playwright-cli click alone (no effect shown)"
	case toolFloor:
		return "floor: in-process click + AI snapshot"
	}
	return tool
}

// toolStyle gives each known tool a fixed color and dash pattern, so the
// two charts match.
func toolStyle(tool string, i int) (color.Color, []vg.Length) {
	switch tool {
	case toolPrima:
		return color.RGBA{R: 0x1f, G: 0x77, B: 0xb4, A: 0xff}, nil
	case toolCLI:
		return color.RGBA{R: 0xd6, G: 0x27, B: 0x28, A: 0xff}, nil
	case toolCLIAction:
		return color.RGBA{R: 0xff, G: 0x7f, B: 0x0e, A: 0xff}, []vg.Length{vg.Points(6), vg.Points(3)}
	case toolFloor:
		return color.RGBA{R: 0x55, G: 0x55, B: 0x55, A: 0xff}, []vg.Length{vg.Points(2), vg.Points(3)}
	}
	return plotutil.Color(i), plotutil.Dashes(i)
}

// spansDecade says whether the positive values span at least 10x, where a
// log axis shows the small ones better than a linear one.
func spansDecade(ss []chartSeries) bool {
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		for _, p := range s.Points {
			if p.Value > 0 {
				lo, hi = min(lo, p.Value), max(hi, p.Value)
			}
		}
	}
	return hi >= 10*lo
}

// logTicks labels 1, 2 and 5 times each power of ten in [lo, hi], with
// unlabeled minor ticks at the other multiples.
func logTicks(lo, hi float64) []plot.Tick {
	var ticks []plot.Tick
	for dec := math.Pow10(int(math.Floor(math.Log10(lo)))); dec <= hi; dec *= 10 {
		for m := 1; m < 10; m++ {
			v := dec * float64(m)
			if v < lo || v > hi {
				continue
			}
			t := plot.Tick{Value: v}
			if m == 1 || m == 2 || m == 5 {
				t.Label = compact(v)
			}
			ticks = append(ticks, t)
		}
	}
	return ticks
}

// compact writes a tick value with a k or M suffix: 500, 2k, 10M.
func compact(v float64) string {
	switch {
	case v >= 1e6:
		return strconv.FormatFloat(v/1e6, 'f', -1, 64) + "M"
	case v >= 1e3:
		return strconv.FormatFloat(v/1e3, 'f', -1, 64) + "k"
	}
	return strconv.FormatFloat(v, 'f', -1, 64)
}

// capTicks keeps the ticks of t up to the first labeled one at or above
// hi, so that no grid lines or tick labels run through the legend.
func capTicks(t plot.Ticker, hi float64) plot.Ticker {
	return plot.TickerFunc(func(lo, top float64) []plot.Tick {
		ticks := t.Ticks(lo, top)
		slices.SortStableFunc(ticks, func(a, b plot.Tick) int { return cmpFloat(a.Value, b.Value) })
		for i, tk := range ticks {
			if tk.Label != "" && tk.Value >= hi {
				return ticks[:i+1]
			}
		}
		return ticks
	})
}

// chartSpec is one chart: its title, y label and how to format a value.
type chartSpec struct {
	Title  string
	YLabel string
	LogY   bool
	Format func(float64) string
}

// Chart geometry, in points: the PNG size, about how tall the data area
// is, and the least vertical gap between two value labels at one size.
const (
	chartW        = 9 * vg.Inch
	chartH        = 5.5 * vg.Inch
	chartDataH    = chartH * 0.8
	chartLabelGap = 12.0
	legendEntryH  = 16.0
)

// spreadLabels takes the labels' heights on the data area (0 bottom, 1
// top; NaN for none) and returns, in points, how far to move each one up
// or down so that no two are closer than gap: labels that would crowd are
// laid out evenly around their mean, merging crowds until none overlap.
func spreadLabels(ys []float64, height, gap float64) []float64 {
	idx := make([]int, 0, len(ys))
	for i, y := range ys {
		if !math.IsNaN(y) {
			idx = append(idx, i)
		}
	}
	slices.SortStableFunc(idx, func(a, b int) int { return cmpFloat(ys[a], ys[b]) })
	type crowd struct{ first, n int } // idx[first:first+n], in height order
	mid := func(c crowd) float64 {
		var sum float64
		for _, i := range idx[c.first : c.first+c.n] {
			sum += ys[i] * height
		}
		return sum / float64(c.n)
	}
	bottom := func(c crowd) float64 { return mid(c) - float64(c.n-1)/2*gap }
	top := func(c crowd) float64 { return mid(c) + float64(c.n-1)/2*gap }
	crowds := make([]crowd, len(idx))
	for k := range idx {
		crowds[k] = crowd{k, 1}
	}
	for merged := true; merged; {
		merged = false
		for k := 0; k+1 < len(crowds); k++ {
			if bottom(crowds[k+1])-top(crowds[k]) < gap {
				crowds[k].n += crowds[k+1].n
				crowds = slices.Delete(crowds, k+1, k+2)
				merged = true
				break
			}
		}
	}
	out := make([]float64, len(ys))
	for _, c := range crowds {
		b := bottom(c)
		for k, i := range idx[c.first : c.first+c.n] {
			out[i] = b + float64(k)*gap - ys[i]*height
		}
	}
	return out
}

func cmpFloat(a, b float64) int {
	switch {
	case a < b:
		return -1
	case a > b:
		return 1
	}
	return 0
}

// newChart draws ss as lines with points and value labels: x is the page
// size (log when there are at least 3 sizes), the legend sits in room
// left above the lines.
func newChart(ss []chartSeries, spec chartSpec) (*plot.Plot, error) {
	var sizes []int
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, s := range ss {
		for _, pt := range s.Points {
			if spec.LogY && pt.Value <= 0 {
				continue // no place on a log axis
			}
			if !slices.Contains(sizes, pt.Size) {
				sizes = append(sizes, pt.Size)
			}
			lo, hi = min(lo, pt.Value), max(hi, pt.Value)
		}
	}
	if len(sizes) == 0 {
		return nil, errors.New("nothing to chart")
	}
	slices.Sort(sizes)

	p := plot.New()
	p.Title.Text = spec.Title
	p.Title.Padding = vg.Points(8)
	p.X.Label.Text = "page size (interactive elements on /big?n=N)"
	p.Y.Label.Text = spec.YLabel
	xTicks := make([]plot.Tick, len(sizes))
	for i, n := range sizes {
		xTicks[i] = plot.Tick{Value: float64(n), Label: strconv.Itoa(n)}
	}
	p.X.Tick.Marker = plot.ConstantTicks(xTicks)
	first, last := float64(sizes[0]), float64(sizes[len(sizes)-1])
	if len(sizes) >= 3 {
		p.X.Scale = plot.LogScale{}
		p.X.Min, p.X.Max = first/1.3, last*1.3
	} else {
		span := max(last-first, 1)
		p.X.Min, p.X.Max = first-0.03*span, last+0.03*span
	}
	// Keep the top of the data area free for the legend.
	free := min(0.6, (float64(len(ss))*legendEntryH+12)/float64(chartDataH))
	if spec.LogY {
		p.Y.Scale = plot.LogScale{}
		p.Y.Tick.Marker = capTicks(plot.TickerFunc(logTicks), hi)
		p.Y.Min = math.Pow10(int(math.Floor(math.Log10(lo))))
		top := math.Log10(max(hi, p.Y.Min*10))
		p.Y.Max = math.Pow(10, math.Log10(p.Y.Min)+(top-math.Log10(p.Y.Min))/(1-free))
	} else {
		p.Y.Min, p.Y.Max = 0, max(hi, 1)/(1-free)
		p.Y.Tick.Marker = capTicks(plot.DefaultTicks{}, hi)
	}
	p.Add(plotter.NewGrid())
	p.Legend.Top = true
	p.Legend.Left = true
	p.Legend.XOffs = vg.Points(10)
	p.Legend.YOffs = -vg.Points(6)
	p.Legend.ThumbnailWidth = vg.Points(28)
	p.Legend.Padding = vg.Points(3)

	// Where each series' labels go: per size, spread apart vertically.
	nudge := make([][]float64, len(ss)) // [series][size index]
	for i := range ss {
		nudge[i] = make([]float64, len(sizes))
	}
	for j, n := range sizes {
		ys := make([]float64, len(ss))
		for i, s := range ss {
			ys[i] = math.NaN()
			for _, pt := range s.Points {
				if pt.Size == n && (!spec.LogY || pt.Value > 0) {
					ys[i] = p.Y.Norm(pt.Value)
				}
			}
		}
		for i, d := range spreadLabels(ys, float64(chartDataH), chartLabelGap) {
			nudge[i][j] = d
		}
	}

	for i, s := range ss {
		xys := make(plotter.XYs, 0, len(s.Points))
		for _, pt := range s.Points {
			if !spec.LogY || pt.Value > 0 {
				xys = append(xys, plotter.XY{X: float64(pt.Size), Y: pt.Value})
			}
		}
		if len(xys) == 0 {
			continue
		}
		line, points, err := plotter.NewLinePoints(xys)
		if err != nil {
			return nil, err
		}
		c, dashes := toolStyle(s.Tool, i)
		line.Color, line.Dashes, line.Width = c, dashes, vg.Points(1.5)
		points.Color, points.Shape, points.Radius = c, draw.CircleGlyph{}, vg.Points(3)
		p.Add(line, points)
		p.Legend.Add(clickLegend(s.Tool), line, points)
		// Value labels: left of the first size, right of the others.
		for _, xy := range xys {
			j := slices.Index(sizes, int(xy.X))
			lbl, err := plotter.NewLabels(plotter.XYLabels{XYs: plotter.XYs{xy}, Labels: []string{spec.Format(xy.Y)}})
			if err != nil {
				return nil, err
			}
			st := &lbl.TextStyle[0]
			st.Color, st.YAlign = c, draw.YCenter
			dx := vg.Points(7)
			if j == 0 && len(sizes) > 1 {
				st.XAlign, dx = draw.XRight, -dx
			}
			lbl.Offset = vg.Point{X: dx, Y: vg.Length(nudge[i][j])}
			p.Add(lbl)
		}
	}
	return p, nil
}

// renderCharts writes bench.png (median click wall time per tool) and
// bytes.png (median click bytes per tool) into dir, and returns their paths.
func renderCharts(dir string, samples []Sample) ([]string, error) {
	m := medians(samples)
	minRuns, maxRuns := math.MaxInt, 0
	for k, c := range m {
		if k.Op == opClick {
			minRuns, maxRuns = min(minRuns, c.N), max(maxRuns, c.N)
		}
	}
	if maxRuns == 0 {
		return nil, errors.New("chart: no click samples")
	}
	runs := fmt.Sprintf("%d runs per point", maxRuns)
	if minRuns != maxRuns {
		runs = fmt.Sprintf("%d to %d runs per point", minRuns, maxRuns)
	}
	wall := series(m, opClick, func(c medianCell) float64 { return c.WallMS })
	byteSeries := series(m, opClick, func(c medianCell) float64 { return c.Bytes })
	charts := []struct {
		file string
		ss   []chartSeries
		spec chartSpec
	}{
		{chartTimeFile, wall, chartSpec{
			Title:  "prima-bench, click: median wall time per tool, lower is better (" + runs + ")",
			YLabel: "median wall time (ms)",
			LogY:   spansDecade(wall),
			Format: func(v float64) string { return fmtMS(v) + " ms" },
		}},
		{chartBytesFile, byteSeries, chartSpec{
			Title:  "prima-bench, click: median bytes a caller must read, lower is better (" + runs + ")",
			YLabel: "median bytes (log scale)",
			LogY:   true,
			Format: fmtBytes,
		}},
	}
	if charts[0].spec.LogY {
		charts[0].spec.YLabel = "median wall time (ms, log scale)"
	}
	var paths []string
	for _, c := range charts {
		p, err := newChart(c.ss, c.spec)
		if err != nil {
			return paths, fmt.Errorf("chart %s: %w", c.file, err)
		}
		path := filepath.Join(dir, c.file)
		if err := p.Save(chartW, chartH, path); err != nil {
			return paths, fmt.Errorf("chart %s: %w", c.file, err)
		}
		paths = append(paths, path)
	}
	return paths, nil
}

// chartOnly renders the charts from an existing <dir>/bench.csv.
func chartOnly(dir string) ([]string, error) {
	f, err := os.Open(filepath.Join(dir, "bench.csv"))
	if err != nil {
		return nil, err
	}
	defer f.Close()
	samples, err := readSamples(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", f.Name(), err)
	}
	return renderCharts(dir, samples)
}
