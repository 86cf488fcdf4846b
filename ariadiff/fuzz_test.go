package ariadiff

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func addSeeds(f *testing.F) {
	f.Add("- button \"Save\" [ref=e1]\n")
	f.Add("- 'heading \"a: b\" [level=1] [ref=e2]'\n- textbox \"N\": \"  x \"\n")
	f.Add("- generic [ref=e1]:\n  - link \"x\" [ref=e2] [cursor=pointer]:\n    - /url: /y\n  - status: ok\n")
	f.Add("-\n- \n  - '''x'\n- /u\n- \"\\ud800\" [\n- [a] [b]: \"q\n")
	f.Add("   - a\n - b\n     - c\n- d [ref=f1e2]: v:")
	if b, err := os.ReadFile(filepath.Join("testdata", "chromium156.snap")); err == nil {
		f.Add(string(b))
	}
}

// renumber gives every ref a new number, as Playwright does between calls.
func renumber(text string) string {
	t := Parse(text)
	i := 1000
	t.Root.Walk(func(n *Node, _ int) bool {
		for k, g := range n.Groups {
			if strings.HasPrefix(g, "ref=") {
				n.Groups[k] = fmt.Sprintf("ref=f9e%d", i)
				i++
			}
		}
		return true
	})
	return t.String()
}

func FuzzParse(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		once := Parse(text).String()
		if twice := Parse(once).String(); twice != once {
			t.Fatalf("canonical form not stable:\n%q\n%q", once, twice)
		}
	})
}

func FuzzCompact(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		out := Compact(text, CompactOptions{MaxValue: 20, RunLimit: 3, RunKeep: 2})
		// Every ref of the input that survives compaction keeps its groups:
		// count refs on kept lines against refs in the input.
		if strings.Count(out, "[ref=") > strings.Count(text, "[ref=") {
			t.Fatalf("compaction invented refs:\n%s", out)
		}
	})
}

func FuzzStripRefs(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		once := StripRefs(text)
		if twice := StripRefs(once); twice != once {
			t.Fatalf("StripRefs not idempotent:\n%q\n%q", once, twice)
		}
		Parse(once).Root.Walk(func(n *Node, _ int) bool {
			for _, g := range n.Groups {
				if isNoise(g) {
					t.Fatalf("noise group %q survived", g)
				}
			}
			return true
		})
	})
}

func FuzzDiff(f *testing.F) {
	addSeeds(f)
	f.Fuzz(func(t *testing.T, text string) {
		x := Parse(text)
		if d := Diff(x, Parse(text)); len(d) != 0 {
			t.Fatalf("Diff(x, x) = %v", d)
		}
		if d := Diff(x, Parse(renumber(text))); len(d) != 0 {
			t.Fatalf("Diff(x, renumbered x) = %v", d)
		}
		if StateHash("http://h/p", x) != StateHash("http://h/p", Parse(renumber(text))) {
			t.Fatal("StateHash moved under ref churn")
		}
	})
}
