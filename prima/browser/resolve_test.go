package browser

import (
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/refs"
)

func TestUniqueInSnapshot(t *testing.T) {
	cases := []struct {
		name, snap, ref string
		want            bool
	}{
		{"one Save button", "- button \"Save\" [ref=e2]\n- button \"Cancel\" [ref=e3]\n", "e2", true},
		{"two Delete buttons", "- button \"Delete\" [ref=e2]\n- button \"Delete\" [ref=e3]\n", "e2", false},
		{"the same name in an iframe does not count", "- button \"Go\" [ref=e2]\n- iframe [ref=e3]:\n  - button \"Go\" [ref=f1e1]\n", "e2", true},
		{"but within the iframe it does", "- iframe [ref=e3]:\n  - button \"Go\" [ref=f1e1]\n  - button \"Go\" [ref=f1e2]\n", "f1e1", false},
		{"an aria-hidden target is not what getByRole sees", "- button \"Save\" [aria-hidden] [ref=e2]\n", "e2", false},
		{"nor one under an aria-hidden container", "- generic [aria-hidden] [ref=e1]:\n  - button \"Save\" [ref=e2]\n", "e2", false},
		{"a match without a ref makes it unsure", "- option \"Large\"\n- option \"Large\" [ref=e4]\n", "e4", false},
		{"the ref must be the one listed", "- button \"Save\" [ref=e2]\n", "e9", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := ariadiff.Parse(c.snap)
			r, err := refs.Parse(c.ref)
			if err != nil {
				t.Fatal(err)
			}
			e := refs.Index(tree)[c.ref]
			role, name := e.Role, e.Name
			if e.Node == nil {
				role, name = "button", "Save"
			}
			if got := uniqueInSnapshot(tree, r, role, name); got != c.want {
				t.Errorf("uniqueInSnapshot = %v, want %v", got, c.want)
			}
		})
	}
}
