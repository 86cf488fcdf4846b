package main

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"math"
	"strconv"
	"strings"
)

// Target limits.
const (
	clickTimeRatioMax  = 0.2  // prima pw click <= 0.2x playwright-cli's click time
	clickOverFloorMax  = 30.0 // prima pw click <= floor + 30 ms
	clickBytesRatioMax = 0.1  // prima click envelope <= 0.1x playwright-cli click+snapshot bytes
	bytesTargetSize    = 2000 // the byte target is judged at this page size

	// Big pages: from bigSize elements on, prima's click is at
	// most bigRatioMax of playwright-cli's bare click, and its time grows
	// at most growthMax from growthBase elements.
	bigSize     = 10000
	bigRatioMax = 0.25
	growthBase  = 2000
	growthMax   = 2.0
)

// Target is one checked goal: PASS, MISS, or N/A when it could not be measured.
type Target struct {
	Size   int
	Name   string
	Value  float64
	Limit  float64
	Unit   string // "x" for a ratio, "ms" for a difference
	Status string
}

func (t Target) String() string {
	val := "n/a"
	if !math.IsNaN(t.Value) {
		if t.Unit == "x" {
			val = fmt.Sprintf("%.3fx", t.Value)
		} else {
			val = fmt.Sprintf("%.1f %s", t.Value, t.Unit)
		}
	}
	lim := fmt.Sprintf("%g%s", t.Limit, t.Unit)
	if t.Unit != "x" {
		lim = fmt.Sprintf("%g %s", t.Limit, t.Unit)
	}
	return fmt.Sprintf("%-4s n=%-6d %s = %s (limit <= %s)", t.Status, t.Size, t.Name, val, lim)
}

func judge(v, limit float64) string {
	switch {
	case math.IsNaN(v):
		return "N/A"
	case v <= limit:
		return "PASS"
	default:
		return "MISS"
	}
}

// checkTargets judges the click targets at every measured size and the
// byte target at bytesTargetSize. floorOn says whether the floor was asked for.
func checkTargets(rows []Row, floors []FloorRow, floorOn bool) []Target {
	var out []Target
	for _, r := range rows {
		if r.Op != opClick {
			continue
		}
		out = append(out,
			Target{Size: r.Size, Name: "pw click time / playwright-cli click alone", Value: r.RatioActionMS, Limit: clickTimeRatioMax, Unit: "x"},
			Target{Size: r.Size, Name: "pw click time / playwright-cli click+snapshot", Value: r.RatioMS, Limit: clickTimeRatioMax, Unit: "x"},
		)
		over := math.NaN()
		for _, f := range floors {
			if f.Size == r.Size {
				over = f.OverMS
			}
		}
		if floorOn || !math.IsNaN(over) {
			out = append(out, Target{Size: r.Size, Name: "pw click time - floor (click + AI snapshot)", Value: over, Limit: clickOverFloorMax, Unit: "ms"})
		}
		if r.Size >= bigSize {
			out = append(out, Target{Size: r.Size, Name: "big page: pw click time / playwright-cli click alone", Value: r.RatioActionMS, Limit: bigRatioMax, Unit: "x"})
			growth := math.NaN()
			for _, b := range rows {
				if b.Op == opClick && b.Size == growthBase && b.PrimaMS > 0 {
					growth = r.PrimaMS / b.PrimaMS
				}
			}
			out = append(out, Target{Size: r.Size, Name: fmt.Sprintf("big page: pw click time / pw click time at %d elements", growthBase), Value: growth, Limit: growthMax, Unit: "x"})
		}
		if r.Size == bytesTargetSize {
			out = append(out, Target{Size: r.Size, Name: "pw click envelope bytes / playwright-cli click+snapshot bytes", Value: r.RatioBytes, Limit: clickBytesRatioMax, Unit: "x"})
		}
	}
	hasBytes := false
	for _, t := range out {
		if strings.Contains(t.Name, "bytes") {
			hasBytes = true
		}
	}
	if !hasBytes {
		out = append(out, Target{Size: bytesTargetSize, Name: "pw click envelope bytes / playwright-cli click+snapshot bytes (size not measured)", Value: math.NaN(), Limit: clickBytesRatioMax, Unit: "x"})
	}
	for i := range out {
		out[i].Status = judge(out[i].Value, out[i].Limit)
	}
	return out
}

// renderCSV writes size,op,tool,run,wall_ms,bytes, one line per sample.
func renderCSV(samples []Sample) []byte {
	var b bytes.Buffer
	w := csv.NewWriter(&b)
	w.Write([]string{"size", "op", "tool", "run", "wall_ms", "bytes"})
	for _, s := range samples {
		w.Write([]string{
			strconv.Itoa(s.Size), s.Op, s.Tool, strconv.Itoa(s.Run),
			strconv.FormatFloat(s.WallMS, 'f', 1, 64), strconv.Itoa(s.Bytes),
		})
	}
	w.Flush()
	return b.Bytes()
}

func fmtMS(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	return strconv.FormatFloat(v, 'f', 0, 64)
}

func fmtRatio(v float64) string {
	if math.IsNaN(v) {
		return "–"
	}
	if v < 0.01 {
		return strconv.FormatFloat(v, 'f', 4, 64)
	}
	return strconv.FormatFloat(v, 'f', 2, 64)
}

func fmtBytes(v float64) string {
	switch {
	case math.IsNaN(v):
		return "–"
	case v >= 10*1024:
		return fmt.Sprintf("%.1f KB", v/1024)
	default:
		return fmt.Sprintf("%.0f B", v)
	}
}

// cliLabel names what the playwright-cli side of an op ran.
func cliLabel(op string) string {
	switch op {
	case opClick:
		return "click + snapshot"
	case opFill:
		return "fill + snapshot"
	case opNavigate:
		return "goto + snapshot"
	default:
		return "snapshot"
	}
}

// Report is everything the markdown page shows.
type Report struct {
	Header   []string // free lines under the title (command, machine, runs)
	Rows     []Row
	Floors   []FloorRow
	Targets  []Target
	Failures []Failure
}

// Failure is a command that did not do what the benchmark needed.
type Failure struct {
	Size   int
	Op     string
	Tool   string
	Run    int
	What   string // the command line or step
	Reason string
	Output string // the envelope or stdout, verbatim
	Stderr string
}

// renderMarkdown renders the report; it is printed to stdout and written to bench.md.
func renderMarkdown(r Report) string {
	var b strings.Builder
	b.WriteString("# prima-bench: prima vs playwright-cli on one shared browser\n\n")
	for _, h := range r.Header {
		b.WriteString(h + "  \n")
	}
	b.WriteString("\nWall time is the whole process (median over pairs, ms); bytes are what a caller must read " +
		"(prima: the envelope; playwright-cli: stdout plus any .yml it links). Ratios are medians of per-pair " +
		"prima/playwright-cli ratios. \"cli action\" is the playwright-cli action alone, which shows no effect.\n\n")
	b.WriteString("| size | op | prima ms | playwright-cli ms | cli action ms | prima/cli time | prima/cli-action time | prima bytes | cli bytes | prima/cli bytes | pairs |\n")
	b.WriteString("|---:|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n")
	for _, row := range r.Rows {
		fmt.Fprintf(&b, "| %d | %s | %s | %s (%s) | %s | %s | %s | %s | %s | %s | %d |\n",
			row.Size, row.Op, fmtMS(row.PrimaMS), fmtMS(row.CLIMS), cliLabel(row.Op), fmtMS(row.CLIActionMS),
			fmtRatio(row.RatioMS), fmtRatio(row.RatioActionMS),
			fmtBytes(row.PrimaBytes), fmtBytes(row.CLIBytes), fmtRatio(row.RatioBytes), row.Pairs)
	}
	if len(r.Floors) > 0 {
		b.WriteString("\nFloor: in-process playwright-go on the same session, `aria-ref` click + full-page AI snapshot.\n\n")
		b.WriteString("| size | floor ms | prima pw click ms | prima - floor ms | runs |\n|---:|---:|---:|---:|---:|\n")
		for _, f := range r.Floors {
			fmt.Fprintf(&b, "| %d | %s | %s | %s | %d |\n", f.Size, fmtMS(f.FloorMS), fmtMS(f.PrimaClickMS), fmtMS(f.OverMS), f.Runs)
		}
	}
	b.WriteString("\nTargets:\n\n```\n")
	for _, t := range r.Targets {
		b.WriteString(t.String() + "\n")
	}
	b.WriteString("```\n")
	writeFailures(&b, r.Failures, "run", 40)
	return b.String()
}

// writeFailures lists the failed samples with the start of their output;
// unit names what a Run counts (a run, a round).
func writeFailures(b *strings.Builder, fs []Failure, unit string, outLines int) {
	if len(fs) == 0 {
		return
	}
	fmt.Fprintf(b, "\nFailures (%d; excluded from the medians):\n", len(fs))
	for _, f := range fs {
		fmt.Fprintf(b, "\n- n=%d %s %s %s %d: `%s`: %s\n", f.Size, f.Op, f.Tool, unit, f.Run, f.What, f.Reason)
		if out := clip(f.Output, outLines); out != "" {
			b.WriteString("\n```\n" + out + "\n```\n")
		}
		if se := clip(f.Stderr, 10); se != "" {
			b.WriteString("\nstderr:\n```\n" + se + "\n```\n")
		}
	}
}

// clip keeps the first n lines of s, noting how many it dropped.
func clip(s string, n int) string {
	s = strings.TrimRight(s, "\n")
	if s == "" {
		return ""
	}
	lines := strings.Split(s, "\n")
	if len(lines) <= n {
		return s
	}
	return strings.Join(lines[:n], "\n") + fmt.Sprintf("\n… %d more lines", len(lines)-n)
}
