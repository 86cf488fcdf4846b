package ariadiff

import (
	"fmt"
	"strings"
	"testing"
)

// genSnapshot builds a realistic AI-mode snapshot of about lines lines: a
// banner, a navigation list and a table of rows, each row with a link, a
// button and, every other row, a textbox. refBase shifts every ref, as a
// re-snapshot does; edit applies the changes an action would cause.
func genSnapshot(lines, refBase int, edit bool) string {
	var b strings.Builder
	ref := refBase
	r := func() string { ref++; return fmt.Sprintf("[ref=e%d]", ref) }
	fmt.Fprintf(&b, "- generic %s:\n", r())
	fmt.Fprintf(&b, "  - banner %s:\n    - heading \"Big page\" [level=1] %s\n", r(), r())
	fmt.Fprintf(&b, "  - navigation \"Main\" %s:\n", r())
	for i := 0; i < 5; i++ {
		fmt.Fprintf(&b, "    - link \"Section %d\" %s [cursor=pointer]:\n      - /url: /s/%d\n", i, r(), i)
	}
	if edit {
		fmt.Fprintf(&b, "  - status %s: Row 3 saved\n", r())
	}
	fmt.Fprintf(&b, "  - table %s:\n    - rowgroup %s:\n", r(), r())
	n := 16
	for row := 1; n < lines; row++ {
		fmt.Fprintf(&b, "      - row \"Row %d\" %s:\n", row, r())
		fmt.Fprintf(&b, "        - cell \"Row %d\" %s\n", row, r())
		fmt.Fprintf(&b, "        - cell %s:\n          - link \"Open row %d\" %s [cursor=pointer]:\n            - /url: /rows/%d\n", r(), row, r(), row)
		fmt.Fprintf(&b, "        - cell %s:\n          - button \"Edit row %d\" %s [cursor=pointer]\n", r(), row, r())
		n += 7
		if row%2 == 0 {
			value := ""
			if edit && row == 4 {
				value = ": Ada"
			}
			fmt.Fprintf(&b, "        - cell %s:\n          - textbox \"Note %d\" %s%s\n", r(), row, r(), value)
			n += 2
		}
	}
	return b.String()
}

func TestGenSnapshotShape(t *testing.T) {
	before, after := genSnapshot(1000, 0, false), genSnapshot(1000, 5000, true)
	if n := strings.Count(before, "\n"); n < 990 || n > 1010 {
		t.Errorf("1k snapshot has %d lines", n)
	}
	var got []string
	for _, c := range DiffText(before, after) {
		got = append(got, c.String())
	}
	want := []string{`typed: textbox "Note 4": "" -> "Ada"`, `added: status: Row 3 saved`}
	if strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("diff of generated pair = %v, want %v", got, want)
	}
}

// BenchmarkPipeline measures what one action costs prima in pure code:
// parse the before and after snapshots, compact the after one, and diff.
func BenchmarkPipeline(b *testing.B) {
	for _, lines := range []int{1000, 10000, 50000} {
		before, after := genSnapshot(lines, 0, false), genSnapshot(lines, lines*3, true)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(before) + len(after)))
			for i := 0; i < b.N; i++ {
				tb, ta := Parse(before), Parse(after)
				_ = ta.Compact(CompactOptions{})
				if d := Diff(tb, ta); len(d) != 2 {
					b.Fatalf("diff has %d entries", len(d))
				}
			}
		})
	}
}

// BenchmarkDiff measures the diff alone on parsed trees.
func BenchmarkDiff(b *testing.B) {
	for _, lines := range []int{1000, 10000, 50000} {
		tb, ta := Parse(genSnapshot(lines, 0, false)), Parse(genSnapshot(lines, lines*3, true))
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			for i := 0; i < b.N; i++ {
				Diff(tb, ta)
			}
		})
	}
}

// genTodos builds a todo list of about lines lines whose items repeat one
// unnamed checkbox and one "×" button, the case where alignment needs each
// element's context; drop leaves item drop out, as a delete does.
func genTodos(lines, refBase, drop int) string {
	var b strings.Builder
	ref := refBase
	r := func() string { ref++; return fmt.Sprintf("[ref=e%d]", ref) }
	fmt.Fprintf(&b, "- generic %s:\n  - list %s:\n", r(), r())
	for i := 0; i < lines/5; i++ {
		if i == drop {
			continue
		}
		state := ""
		if i%2 == 0 {
			state = " [checked]"
		}
		fmt.Fprintf(&b, "    - listitem %s:\n      - generic %s:\n        - checkbox%s %s\n        - text: Task number %d\n        - button \"×\" %s\n", r(), r(), state, r(), i, r())
	}
	return b.String()
}

// BenchmarkPipelineRepeated is BenchmarkPipeline on a list of repeated
// elements: deleting one item.
func BenchmarkPipelineRepeated(b *testing.B) {
	for _, lines := range []int{1000, 10000, 50000} {
		before, after := genTodos(lines, 0, -1), genTodos(lines, lines*3, lines/10)
		b.Run(fmt.Sprintf("lines=%d", lines), func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(before) + len(after)))
			for i := 0; i < b.N; i++ {
				tb, ta := Parse(before), Parse(after)
				_ = ta.Compact(CompactOptions{})
				if d := Diff(tb, ta); len(d) != 3 {
					b.Fatalf("diff = %v", d)
				}
			}
		})
	}
}
