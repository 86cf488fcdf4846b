package outline

import (
	"errors"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// listPage is a heading, a list of n items each with a button, and a footer link.
func listPage(n int) string {
	var b strings.Builder
	b.WriteString("- heading \"Todos\" [level=1] [ref=e1]\n- list [ref=e2]:\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "  - listitem [ref=e%d]:\n    - text: Item %d\n    - button \"Done %d\" [ref=e%d]\n", 100+2*i, i, i, 101+2*i)
	}
	b.WriteString("- link \"Help\" [ref=e3]:\n  - /url: /help\n")
	return b.String()
}

// tablePage is a table of n rows, each a cell and a button.
func tablePage(n int) string {
	var b strings.Builder
	b.WriteString("- table [ref=e5]:\n  - rowgroup [ref=e6]:\n")
	for i := 1; i <= n; i++ {
		fmt.Fprintf(&b, "    - row \"Row %d Open\" [ref=e%d]:\n      - cell \"Row %d\" [ref=e%d]\n      - cell \"Open\" [ref=e%d]:\n        - button \"Open\" [ref=e%d]\n", i, 10+4*i, i, 11+4*i, 12+4*i, 13+4*i)
	}
	return b.String()
}

var refRE = regexp.MustCompile(`\[ref=(e\d+)\]`)

func refsIn(s string) map[string]bool {
	out := map[string]bool{}
	for _, m := range refRE.FindAllStringSubmatch(s, -1) {
		out[m[1]] = true
	}
	return out
}

func TestOutline(t *testing.T) {
	cases := []struct {
		name  string
		page  string
		opt   Options
		has   []string
		hasnt []string
	}{
		{"a page under the budget prints whole: all 30 items keep their refs", listPage(30), Options{Budget: 16 << 10},
			[]string{`button "Done 1" [ref=e103]`, `button "Done 21" [ref=e143]`, `button "Done 30" [ref=e161]`, `/url: /help`}, []string{"…"}},
		{"over the budget a long list is collapsed, naming the command that lists it", listPage(300), Options{Budget: 4 << 10},
			[]string{`button "Done 1" [ref=e103]`, `button "Done 300" [ref=e701]`, "more listitem", "`prima snapshot e2` lists them", `link "Help" [ref=e3]`}, []string{`"Done 150"`}},
		{"grep keeps the matching row, its subtree and its ancestors", tablePage(500), Options{Budget: 4 << 10, Grep: "row 421"},
			[]string{`- table [ref=e5]:`, `row "Row 421 Open" [ref=e1694]`, `button "Open" [ref=e1697]`}, []string{`Row 420`, `Row 422`, "…"}},
		{"a root ref outlines its subtree", listPage(5), Options{Root: "e2"},
			[]string{"- list [ref=e2]:", `button "Done 5"`}, []string{`heading "Todos"`, `link "Help"`}},
		{"a depth limit collapses what is deeper, naming each node's ref", listPage(3), Options{Depth: 2},
			[]string{"- listitem [ref=e102]:", "2 more nodes below: `prima snapshot e102` lists them"}, []string{`button "Done 1"`}},
		{"over the budget on the root itself, the command adds --full", tablePage(300), Options{Budget: 3 << 10, Root: "e6"},
			[]string{"`prima snapshot e6 --full` lists them"}, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			o, err := Of(ariadiff.Parse(c.page), c.opt)
			if err != nil {
				t.Fatal(err)
			}
			if c.opt.Budget > 0 && len(o.Text) > c.opt.Budget {
				t.Errorf("outline is %d bytes, over the budget of %d", len(o.Text), c.opt.Budget)
			}
			for _, s := range c.has {
				if !strings.Contains(o.Text, s) {
					t.Errorf("missing %q in:\n%s", s, o.Text)
				}
			}
			for _, s := range c.hasnt {
				if strings.Contains(o.Text, s) {
					t.Errorf("unexpected %q in:\n%s", s, o.Text)
				}
			}
		})
	}
}

func TestOutlineRootNotFound(t *testing.T) {
	_, err := Of(ariadiff.Parse(listPage(3)), Options{Root: "e999"})
	var nf *RootNotFoundError
	if !errors.As(err, &nf) || nf.Ref != "e999" {
		t.Fatalf("err = %v, want RootNotFoundError", err)
	}
}

// Every ref is either printed or reachable: following the commands that
// collapsed lines name yields every ref of the page.
func TestOutlineFollowingCollapsedLinesYieldsEveryRef(t *testing.T) {
	cmdRE := regexp.MustCompile("`prima snapshot (e\\d+)( --full)?` lists them")
	for _, page := range []string{listPage(30), listPage(400), tablePage(50), tablePage(2000)} {
		tree := ariadiff.Parse(page)
		want := refsIn(page)
		got := map[string]bool{}
		queue := []Options{{Budget: 6 << 10}}
		seen := map[string]bool{}
		for len(queue) > 0 {
			o := queue[0]
			queue = queue[1:]
			out, err := Of(tree, o)
			if err != nil {
				t.Fatal(err)
			}
			if len(out.Text) > 6<<10 && o.Budget > 0 {
				t.Errorf("outline of %q over budget: %d bytes", o.Root, len(out.Text))
			}
			for r := range refsIn(out.Text) {
				got[r] = true
			}
			for _, m := range cmdRE.FindAllStringSubmatch(out.Text, -1) {
				next := Options{Root: m[1], Budget: 6 << 10}
				if m[2] != "" {
					next.Budget = 0
				}
				key := fmt.Sprint(next.Root, next.Budget)
				if !seen[key] {
					seen[key] = true
					queue = append(queue, next)
				}
			}
		}
		for r := range want {
			if !got[r] {
				t.Errorf("ref %s is neither printed nor reachable through a collapsed line (page of %d bytes)", r, len(page))
				break
			}
		}
	}
}
