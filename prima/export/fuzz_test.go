package export

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// Whatever two snapshots diff to, the spec keeps every page text inside
// a string or a comment: each line of the test is a statement prima
// wrote or a comment, never page text that escaped.
func FuzzRenderDiff(f *testing.F) {
	f.Add("- textbox \"Name\"", "- textbox \"Name\": Ada\n- status: Saved Ada\n- heading \"Done\" [level=2]")
	f.Add("- checkbox \"A\"", "- checkbox \"A\" [checked]")
	f.Add("- alert", "- alert: \"line\\nbreak'); evil(); ('\"")
	f.Add("- heading \"x\"", "- heading \"a\\u2028b\\\\'\" [level=1]")
	f.Fuzz(func(t *testing.T, before, after string) {
		cs := ariadiff.DiffText(before, after)
		steps := []Step{
			{Kind: Goto, Line: pwLine("await page.goto('http://127.0.0.1/a');"), URLAfter: "http://127.0.0.1/a", OK: true},
			{Kind: Action, Line: pwLine("await page.getByRole('button', { name: 'Go', exact: true }).click();"),
				URLBefore: "http://127.0.0.1/a", URLAfter: "http://127.0.0.1/a", OK: true, Proven: true, Changes: cs},
		}
		spec, err := Render(steps, Options{})
		if err != nil {
			t.Fatal(err)
		}
		lines := strings.Split(strings.TrimSuffix(spec, "\n"), "\n")
		start := 0
		for start < len(lines) && !strings.HasPrefix(lines[start], "test(") {
			start++
		}
		if start == len(lines) || lines[len(lines)-1] != "});" {
			t.Fatalf("no test in:\n%s", spec)
		}
		for _, l := range lines[start+1 : len(lines)-1] {
			l = strings.TrimPrefix(l, "  ")
			if !strings.HasPrefix(l, "await ") && !strings.HasPrefix(l, "// ") {
				t.Fatalf("line %q is neither a statement nor a comment in:\n%s", l, spec)
			}
			if strings.HasPrefix(l, "await ") && !strings.HasSuffix(l, ";") {
				t.Fatalf("statement %q does not end its line", l)
			}
			if strings.ContainsAny(l, "\r\u2028\u2029") {
				t.Fatalf("line %q holds a line break", l)
			}
		}
	})
}
