package outline

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// FuzzOutline: any page text outlines without a panic, within its budget.
// The seeds are the parser's odd inputs (ariadiff's fuzzers start from
// them too), a long list and a real page.
func FuzzOutline(f *testing.F) {
	f.Add("- button \"Save\" [ref=e1]\n")
	f.Add("- 'heading \"a: b\" [level=1] [ref=e2]'\n- textbox \"N\": \"  x \"\n")
	f.Add("- generic [ref=e1]:\n  - link \"x\" [ref=e2] [cursor=pointer]:\n    - /url: /y\n  - status: ok\n")
	f.Add("-\n- \n  - '''x'\n- /u\n- \"\\ud800\" [\n- [a] [b]: \"q\n")
	f.Add("   - a\n - b\n     - c\n- d [ref=f1e2]: v:")
	f.Add("- button \"Sa\\u200bve\" [ref=e1]: \"\\ud83d\\ude00 x\u202e\"\n- text: a\u200bb\u2028c\n- paragraph: \"\\udb40\\udc41\\ud800\"\n")
	f.Add("- list:\n  - listitem:\n    - checkbox [checked]\n    - text: A\n  - listitem:\n    - checkbox\n    - text: B\n")
	f.Add(listPage(40))
	// The real page ariadiff's goldens are taken from.
	if b, err := os.ReadFile(filepath.Join("..", "ariadiff", "testdata", "chromium156.snap")); err == nil {
		f.Add(string(b))
	}
	f.Fuzz(func(t *testing.T, text string) {
		tree := ariadiff.Parse(text)
		for _, o := range []Options{{Budget: 600}, {Budget: 300, Grep: "a"}, {Depth: 1}, {Root: "e1", Budget: 500}} {
			out, err := Of(tree, o)
			if err != nil {
				var nf *RootNotFoundError
				if !errors.As(err, &nf) {
					t.Fatalf("%+v: %v", o, err)
				}
				continue
			}
			if o.Budget > 0 && len(out.Text) > o.Budget {
				t.Fatalf("%+v: %d bytes over the budget:\n%s", o, len(out.Text), out.Text)
			}
		}
	})
}
