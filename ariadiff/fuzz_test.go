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
	f.Add("- button \"Sa\\u200bve\" [ref=e1]: \"\\ud83d\\ude00 x\u202e\"\n- text: a\u200bb\u2028c\n- paragraph: \"\\udb40\\udc41\\ud800\"\n")
	f.Add("- list:\n  - listitem:\n    - checkbox [checked]\n    - text: A\n  - listitem:\n    - checkbox\n    - text: B\n")
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

// FuzzDiffPair checks the envelope's promise on any two snapshots: the
// diff is empty exactly when the ref-free trees are identical, text
// included, and it is the same every time.
func FuzzDiffPair(f *testing.F) {
	pairs := [][2]string{
		{"- paragraph: Count: 1\n", "- paragraph: Count: 2\n"},
		{"- button \"Save\"\n- status\n", "- button \"Save\"\n"},
		{"- link \"x\":\n  - /url: /a\n", "- link \"x\":\n  - /url: /b\n"},
		{"- generic:\n  - button \"A\"\n", "- button \"A\"\n"},
		{todo("", "Buy milk", "x", "Walk the dog", "", "Read", "x"), todo("", "Buy milk", "x", "Read", "x")},
		{"- text: \"\"\n", "- text\n"},
		{"- paragraph [ref=e1]: x\n", "- paragraph [ref=e2] [cursor=pointer]: x\n"},
	}
	for _, p := range pairs {
		f.Add(p[0], p[1])
	}
	f.Fuzz(func(t *testing.T, a, b string) {
		ta, tb := Parse(a), Parse(b)
		same := StripRefs(a) == StripRefs(b)
		for _, d := range [][]Change{Diff(ta, tb), DiffNavigated(ta, tb)} {
			if (len(d) == 0) != same {
				t.Fatalf("identical=%v but diff = %v\n%q\n%q", same, d, StripRefs(a), StripRefs(b))
			}
		}
		checkElements(t, Diff(ta, tb))
		checkElements(t, DiffNavigated(ta, tb))
		if x, y := Diff(ta, tb), Diff(Parse(a), Parse(b)); fmt.Sprint(x) != fmt.Sprint(y) {
			t.Fatalf("diff not deterministic: %v vs %v", x, y)
		}
	})
}
