package ariadiff

import (
	"strings"
	"testing"
)

const spliceBase = `- banner [ref=e1]:
  - heading "Board" [level=1] [ref=e2]
  - link "Home" [ref=e3] [cursor=pointer]:
    - /url: /home
- status [ref=e4]
- table "Issues" [ref=e5]:
  - rowgroup [ref=e6]:
    - row "Issue 1 Open" [ref=e7]:
      - cell "Issue 1" [ref=e8]
      - cell "Open" [ref=e9]
    - row "Issue 2 Closed" [ref=e10]:
      - cell "Issue 2" [ref=e11]
      - cell "Closed" [ref=e12]
- textbox "Note" [ref=e13]: hello
- list [ref=e14]:
  - listitem [ref=e15]: one
  - listitem [ref=e16]:
    - /url: x
    - text: two`

// splicedText is text with lines [at, at+del) replaced by ins.
func splicedText(text string, at, del int, ins []string) string {
	var l []string
	if text != "" {
		l = strings.Split(text, "\n")
	}
	out := append(append(append([]string(nil), l[:at]...), ins...), l[at+del:]...)
	return strings.Join(out, "\n")
}

// checkSplice: when Splice takes the splice, its tree is the parse of the
// spliced text, and the tree it started from is unchanged.
func checkSplice(t *testing.T, text string, at, del int, ins []string) bool {
	t.Helper()
	tr := Parse(text)
	was := tr.String()
	got, ok := tr.Splice(at, del, ins, false)
	if tr.String() != was {
		t.Fatalf("Splice(%d, %d, %q) changed the tree it started from", at, del, ins)
	}
	if !ok {
		return false
	}
	want := Parse(splicedText(text, at, del, ins))
	if g, w := got.String(), want.String(); g != w {
		t.Fatalf("Splice(%d, %d, %q):\n%s\nwant (parse of the spliced text):\n%s", at, del, ins, g, w)
	}
	if got.nodes != want.nodes {
		t.Fatalf("Splice(%d, %d, %q): %d nodes, the parse has %d", at, del, ins, got.nodes, want.nodes)
	}
	if st := splicedText(text, at, del, ins); st != "" && got.lines() != strings.Count(st, "\n")+1 {
		t.Fatalf("Splice(%d, %d, %q): %d lines", at, del, ins, got.lines())
	}
	return true
}

func TestSplice(t *testing.T) {
	cases := []struct {
		name    string
		at, del int
		ins     []string
		ok      bool
	}{
		{"a top-level block", 4, 1, []string{`- status [ref=e20]: Saved`}, true},
		{"a top-level block grows", 4, 1, []string{`- status [ref=e20]:`, `  - text: Saved`, `  - button "Undo" [ref=e21]`}, true},
		{"a row", 7, 3, []string{`    - row "Issue 1 Working" [ref=e7]:`, `      - cell "Issue 1" [ref=e8]`, `      - cell "Working" [ref=e22]`}, true},
		{"a cell", 9, 1, []string{`      - cell "Working" [ref=e22]`}, true},
		{"two rows by one", 7, 6, []string{`    - row "Issue 3" [ref=e30]`}, true},
		{"a block with props", 2, 2, []string{`  - link "Start" [ref=e3]:`, `    - /url: /start`}, true},
		{"insert before the first row", 7, 0, []string{`    - row "Issue 0" [ref=e31]`}, true},
		{"insert between rows", 10, 0, []string{`    - row "Issue 1.5" [ref=e32]`}, true},
		{"append to the rowgroup", 13, 0, []string{`    - row "Issue 3" [ref=e33]`}, true},
		{"append at the end of the text", 19, 0, []string{`- contentinfo [ref=e34]`}, true},
		{"append to the last list item", 19, 0, []string{`    - text: three`}, true},
		{"after a prop, before the children", 18, 0, []string{`    - text: zero`}, true},
		{"into an empty status", 5, 0, []string{`  - text: Saved`}, true},
		{"delete a row", 10, 3, nil, true},
		{"delete everything", 0, 19, nil, true},
		{"half a row", 7, 2, []string{`    - row "x"`}, false},
		{"a prop line", 3, 1, []string{`    - /url: /elsewhere`}, false},
		{"deeper than the lines replaced", 4, 1, []string{`  - status`}, false},
		{"a node's own line only", 5, 1, []string{`- table "Bugs" [ref=e5]:`}, false},
		{"odd indent", 4, 1, []string{` - status`}, false},
		{"insert inside a node's own line", 8, 0, []string{`    - row "x"`}, false},
		{"past the end", 20, 1, []string{`- x`}, false},
		{"nothing", 3, 0, nil, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if ok := checkSplice(t, spliceBase, c.at, c.del, c.ins); ok != c.ok {
				t.Fatalf("Splice took the splice: %v, want %v", ok, c.ok)
			}
		})
	}
}

// TestSpliceEveryRange tries every range of the text with fragments of
// each depth: every splice Splice takes must equal a parse.
func TestSpliceEveryRange(t *testing.T) {
	frags := [][]string{
		nil,
		{`- region "New" [ref=e40]:`, `  - text: x`},
		{`  - button "New" [ref=e41]`},
		{`  - group:`, `    - /url: y`, `    - text: z`},
		{`    - cell "c" [ref=e42]`, `    - cell "d"`},
		{`      - text: deep`},
	}
	n := strings.Count(spliceBase, "\n") + 1
	taken := 0
	for at := 0; at <= n; at++ {
		for del := 0; at+del <= n; del++ {
			for _, f := range frags {
				if checkSplice(t, spliceBase, at, del, f) {
					taken++
				}
			}
		}
	}
	if taken < 100 {
		t.Fatalf("Splice took only %d splices", taken)
	}
}

// TestSpliceNeedsTheCanonicalLayout: a text whose lines are not one item
// each cannot be spliced by line.
func TestSpliceNeedsTheCanonicalLayout(t *testing.T) {
	for _, text := range []string{
		"- a\n\n- b",
		"- a\nnot an item\n- b",
		"- a:\n   - b",
		"- a:\n  - b\n  - /url: x",
		"- a\r\n- b",
	} {
		if _, ok := Parse(text).Splice(0, 1, []string{"- c"}, false); ok {
			t.Errorf("Splice took a splice of %q", text)
		}
	}
}

func TestSpliceStrips(t *testing.T) {
	tr := Parse(spliceBase)
	tr.StripRefs()
	got, ok := tr.Splice(4, 1, []string{`- status [ref=e20] [active]: Saved`}, true)
	if !ok {
		t.Fatal("not taken")
	}
	want := Parse(splicedText(spliceBase, 4, 1, []string{`- status: Saved`}))
	want.StripRefs()
	if got.String() != want.String() {
		t.Fatalf("got\n%s\nwant\n%s", got.String(), want.String())
	}
}

func FuzzSplice(f *testing.F) {
	f.Add(spliceBase, 4, 1, `- status [ref=e20]: Saved`)
	f.Add(spliceBase, 10, 0, `    - row "Issue 1.5" [ref=e32]`)
	f.Add(spliceBase, 7, 3, "    - row \"x\":\n      - cell \"y\"")
	f.Add("- a:\n  - b\n  - c", 1, 1, "")
	f.Fuzz(func(t *testing.T, text string, at, del int, ins string) {
		n := strings.Count(text, "\n") + 1
		if text == "" {
			n = 0
		}
		if at < 0 || del < 0 || at > n || at+del > n || len(text) > 4096 {
			return
		}
		var lines []string
		if ins != "" {
			lines = strings.Split(ins, "\n")
		}
		checkSplice(t, text, at, del, lines)
	})
}

// A clone renders as its tree does, and changing it leaves the tree as it
// was.
func TestCloneIsDeep(t *testing.T) {
	text := "- main [ref=e1]:\n  - heading \"Orders\" [level=1] [ref=e2]\n  - textbox \"Name\" [ref=e3]: Ada\n  - link \"Help\" [ref=e4]:\n    - /url: /help"
	tree := Parse(text)
	c := tree.Clone()
	if c.String() != tree.String() {
		t.Fatalf("clone:\n%s\nwant:\n%s", c.String(), tree.String())
	}
	c.StripRefs()
	c.Root.Children[0].Children[1].Value = ""
	c.Root.Children[0].Children[2].Props[0].Value = "/elsewhere"
	if tree.String() != Parse(text).String() {
		t.Errorf("changing the clone changed the tree:\n%s", tree.String())
	}
	if strings.Contains(c.String(), "ref=") || strings.Contains(c.String(), "Ada") {
		t.Errorf("the clone kept what was taken from it:\n%s", c.String())
	}
}
