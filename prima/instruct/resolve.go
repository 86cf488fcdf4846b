package instruct

import (
	"errors"
	"fmt"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
)

// Candidate is an element an intent could mean.
type Candidate struct {
	Ref  string
	Role string
	Name string // accessible name, or the shown text for an unnamed clickable
}

func (c Candidate) String() string {
	return fmt.Sprintf("%s %q [ref=%s]", c.Role, c.Name, c.Ref)
}

// ResolveError: no element, or several, fit the target. It lists the
// candidates so a caller can pick by ref; the resolver never guesses.
type ResolveError struct {
	Verb       string
	Target     Target
	Candidates []Candidate // the ambiguous matches, or the closest elements when none matched
	Ambiguous  bool
}

func (e *ResolveError) Error() string {
	var cs []string
	for i, c := range e.Candidates {
		if i == 8 {
			cs = append(cs, fmt.Sprintf("… %d more", len(e.Candidates)-i))
			break
		}
		cs = append(cs, c.String())
	}
	if e.Ambiguous {
		return fmt.Sprintf("%d elements fit %s %s: %s; name one by ref (prima pw %s REF)", len(e.Candidates), e.Verb, e.Target, strings.Join(cs, ", "), e.Verb)
	}
	if len(cs) == 0 {
		return fmt.Sprintf("nothing on the page fits %s %s", e.Verb, e.Target)
	}
	return fmt.Sprintf("nothing on the page fits %s %s; elements that %s can act on: %s", e.Verb, e.Target, e.Verb, strings.Join(cs, ", "))
}

var fillable = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true}

var checkable = map[string]bool{"checkbox": true, "radio": true, "switch": true, "menuitemcheckbox": true, "menuitemradio": true}

var clickable = map[string]bool{
	"button": true, "link": true, "checkbox": true, "radio": true, "switch": true, "tab": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "option": true, "treeitem": true,
	"combobox": true, "textbox": true, "searchbox": true, "spinbutton": true, "slider": true, "listbox": true,
	"heading": true, "img": true, "row": true, "cell": true, "gridcell": true, "listitem": true,
}

// fits reports whether the verb can act on a node of this role.
func fits(verb string, n *ariadiff.Node) bool {
	switch verb {
	case "fill", "type", "clear":
		return fillable[n.Role]
	case "select":
		return n.Role == "combobox" || n.Role == "listbox"
	case "check", "uncheck":
		return checkable[n.Role]
	}
	return clickable[n.Role] || n.Has("cursor=pointer")
}

// roleFits checks a role word: "field" accepts every fillable role.
func roleFits(want, role string) bool {
	if want == "" || want == role {
		return true
	}
	return want == "textbox" && fillable[role]
}

// names are the texts a user may call a node by: its name, its
// placeholder, and for an unnamed clickable its shown text.
func names(n *ariadiff.Node) []string {
	var out []string
	if n.Name != "" {
		out = append(out, n.Name)
	}
	for _, p := range n.Props {
		if p.Key == "placeholder" && p.Value != "" {
			out = append(out, p.Value)
		}
	}
	if n.Name == "" && n.HasValue && !fillable[n.Role] {
		out = append(out, n.Value)
	}
	return out
}

func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Resolve finds the one element in the snapshot that the intent means:
// exact name, then case-insensitive exact, then (unquoted targets only)
// containment, among the elements whose role fits the verb. Anything but
// exactly one match in the first tier that has matches is an error.
func Resolve(t *ariadiff.Tree, verb string, target Target) (Candidate, error) {
	c, err := resolveIn(t, verb, target)
	var re *ResolveError
	if errors.As(err, &re) && !re.Ambiguous && target.Word != "" && !target.Quoted {
		// "the Archive item" may be an element named "Archive item".
		whole := Target{Text: target.Text + " " + target.Word}
		if c2, err2 := resolveIn(t, verb, whole); err2 == nil {
			return c2, nil
		}
	}
	return c, err
}

func resolveIn(t *ariadiff.Tree, verb string, target Target) (Candidate, error) {
	var pool []*ariadiff.Node
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if n.Ref() != "" && fits(verb, n) && roleFits(target.Role, n.Role) {
			pool = append(pool, n)
		}
		return true
	})
	want := norm(target.Text)
	tiers := []func(string) bool{
		func(s string) bool { return s == target.Text },
		func(s string) bool { return norm(s) == want },
	}
	if !target.Quoted {
		tiers = append(tiers, func(s string) bool { return want != "" && strings.Contains(norm(s), want) })
	}
	for _, match := range tiers {
		var hits []Candidate
		for _, n := range pool {
			for _, name := range names(n) {
				if match(name) {
					hits = append(hits, candidate(n, name))
					break
				}
			}
		}
		switch {
		case len(hits) == 1:
			return hits[0], nil
		case len(hits) > 1:
			return Candidate{}, &ResolveError{Verb: verb, Target: target, Candidates: hits, Ambiguous: true}
		}
	}
	var near []Candidate
	for _, n := range pool {
		ns := names(n)
		label := ""
		if len(ns) > 0 {
			label = ns[0]
		}
		near = append(near, candidate(n, label))
	}
	return Candidate{}, &ResolveError{Verb: verb, Target: target, Candidates: near}
}

func candidate(n *ariadiff.Node, label string) Candidate {
	return Candidate{Ref: n.Ref(), Role: n.Role, Name: label}
}
