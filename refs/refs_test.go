package refs

import (
	"errors"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

func TestParse(t *testing.T) {
	ok := []struct {
		in           string
		frame, elem  int
		wantSelector string
	}{
		{"e5", -1, 5, "aria-ref=e5"},
		{"f1e3", 1, 3, "aria-ref=f1e3"},
		{"f12e345", 12, 345, "aria-ref=f12e345"},
		{"e0", -1, 0, "aria-ref=e0"},
	}
	for _, c := range ok {
		r, err := Parse(c.in)
		if err != nil || r.Frame != c.frame || r.Element != c.elem || r.String() != c.in || r.Selector() != c.wantSelector {
			t.Errorf("Parse(%q) = %+v, %v", c.in, r, err)
		}
	}
	bad := []struct{ in, says string }{
		{"", "empty"},
		{"e", `"e" is not a ref: "e" needs a number`},
		{"f1e", `"f1e" is not a ref: "e" needs a number`},
		{"f1", "frame f1 names no element"},
		{"fe3", `needs a number after "f"`},
		{"5", `expected "e"`},
		{"E5", `expected "e"`},
		{"e5x", `unexpected "x"`},
		{"#e5", `expected "e"`},
		{"e5 ", `unexpected " "`},
		{"ref=e5", `expected "e"`},
		{"e99999999999", "too large"},
		{"button", `expected "e"`},
	}
	for _, c := range bad {
		_, err := Parse(c.in)
		var me *MalformedError
		if !errors.As(err, &me) || !strings.Contains(err.Error(), c.says) {
			t.Errorf("Parse(%q) error = %v, want it to say %q", c.in, err, c.says)
		}
		if Is(c.in) {
			t.Errorf("Is(%q) = true", c.in)
		}
	}
}

func TestIndex(t *testing.T) {
	tree := ariadiff.Parse(`- generic [ref=e1]:
  - link "Home" [ref=e2] [cursor=pointer]:
    - /url: /
  - button "Save" [disabled] [ref=e3]
  - iframe [ref=e4]:
    - button "Inner" [ref=f1e2]
  - button "[ref=e3]" [ref=e5]
`)
	idx := Index(tree)
	want := map[string]struct {
		line       int
		role, name string
	}{
		"e1": {1, "generic", ""}, "e2": {2, "link", "Home"}, "e3": {4, "button", "Save"},
		"e4": {5, "iframe", ""}, "f1e2": {6, "button", "Inner"}, "e5": {7, "button", "[ref=e3]"},
	}
	if len(idx) != len(want) {
		t.Errorf("Index has %d refs, want %d: %v", len(idx), len(want), idx)
	}
	for ref, w := range want {
		e, ok := idx[ref]
		if !ok || e.Line != w.line || e.Role != w.role || e.Name != w.name {
			t.Errorf("Index[%s] = %+v, want %+v", ref, e, w)
		}
	}
}

func FuzzParse(f *testing.F) {
	for _, s := range []string{"e5", "f1e3", "f", "e", "f1e", "fe", "e5e5", "f01e02"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		r, err := Parse(s)
		if err != nil {
			return
		}
		if r.String() != s {
			t.Fatalf("Parse(%q).String() = %q", s, r.String())
		}
		if !strings.HasPrefix(s, "e") && !strings.HasPrefix(s, "f") {
			t.Fatalf("accepted %q", s)
		}
	})
}
