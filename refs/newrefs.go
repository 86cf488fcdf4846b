package refs

import (
	"strings"

	"github.com/prima-dev/prima/ariadiff"
)

// actionable are the roles an orchestrator acts on next: what an action
// made appear with one of these roles, or inside an element it made
// appear, gets its ref listed.
var actionable = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true, "checkbox": true, "radio": true,
	"switch": true, "combobox": true, "listbox": true, "option": true, "menuitem": true,
	"menuitemcheckbox": true, "menuitemradio": true, "tab": true, "treeitem": true, "slider": true,
	"spinbutton": true, "columnheader": true, "rowheader": true,
}

// A RefLine is one element of New refs: its ref line and, for context,
// the nearest named container it is in ("" when none). Role, Name and Ref
// are the line's parts when it is only those (`option "Paris"
// [ref=e21]`), so that a list can print a run of them short; else "".
type RefLine struct{ Line, In, Role, Name, Ref string }

// NewRefs lists, in page order, the ref lines of t (a snapshot with refs,
// taken after an action) for the actionable elements the action's Changes
// added, and those inside what they added (a menu's items, a list's
// options), each with its nearest named container for context:
// {`option "Paris" [ref=e21]`, `listbox "City"`}. A ref in old (the refs
// of a snapshot from before, nil when there was none) named an element
// that was there already, and is left out. Past budget bytes, as the
// envelope prints them (a context once for a run of lines in it), the
// rest is counted in more.
func NewRefs(t *ariadiff.Tree, cs []ariadiff.Change, old map[string]bool, budget int) (lines []RefLine, more int) {
	l := refList{budget: budget}
	addedControls(t, cs, func(n *ariadiff.Node, ancestors []*ariadiff.Node) {
		if ref, via := refOf(n, ancestors); ref != "" && !old[ref] {
			l.add(n, ancestors, ref, via)
		}
	})
	return l.lines, l.more
}

// Interactive lists, in page order, the ref lines of every element of t
// a user can act on (a snapshot with refs), each with its nearest named
// container, as NewRefs does: the cheapest look at a page. With grep, only
// the lines (element or container) that hold it, case aside. Past budget
// bytes the rest is counted in more.
func Interactive(t *ariadiff.Tree, grep string, budget int) (lines []RefLine, more int) {
	l := refList{budget: budget, grep: strings.ToLower(grep)}
	var stack []*ariadiff.Node
	t.Root.Walk(func(n *ariadiff.Node, depth int) bool {
		stack = append(stack[:depth], n)
		if !clickable(n) {
			return true
		}
		if ref, via := refOf(n, stack[:depth]); ref != "" {
			l.add(n, stack[:depth], ref, via)
		}
		return true
	})
	return l.lines, l.more
}

// refList gathers ref lines within a byte budget, as the envelope prints
// them (a container once for a run of lines in it).
type refList struct {
	budget int
	grep   string // lowercased; "" keeps every line
	size   int
	in     string
	lines  []RefLine
	more   int
}

// add lists n by ref (its own, or via its wrapper's: refOf).
func (r *refList) add(n *ariadiff.Node, ancestors []*ariadiff.Node, ref, via string) {
	if n.Name == "" && controls(n) > 0 {
		// An unnamed list or menu around the options listed next: one
		// acts on those, and the line would say nothing of which it is.
		return
	}
	l := RefLine{Line: ariadiff.Head(n.Role, n.Name) + via + " [ref=" + ref + "]"}
	if via == "" && n.Name != "" && ariadiff.CapRunes(n.Name, ariadiff.MaxLabel) == n.Name {
		l.Role, l.Name, l.Ref = n.Role, n.Name, ref
	}
	if n.Name == "" {
		// Named by its content, which the snapshot shows instead of
		// a name (an option whose match is highlighted).
		if t := shownText(n); t != "" {
			l.Line += ": " + t
		}
	}
	for i := len(ancestors) - 1; i >= 0; i-- {
		// A cell named by the field it holds says nothing more: its row
		// does.
		if a := ancestors[i]; a.Name != "" && a.Role != "generic" && a.Name != n.Name {
			l.In = ariadiff.Head(a.Role, a.Name)
			break
		}
	}
	if r.grep != "" && !strings.Contains(strings.ToLower(l.Line+"\x00"+l.In), r.grep) {
		return
	}
	cost := len(l.Line) + 5
	if l.In != "" && l.In != r.in {
		cost += len(l.In) + 5
	}
	if r.size+cost > r.budget {
		r.more++
		return
	}
	r.size += cost
	r.in = l.In
	r.lines = append(r.lines, l)
}

// refOf is the ref to act on n by: its own, or, for a control the
// snapshot gives none (a design system's checkbox hidden inside the
// label that takes its clicks), the ref of the clickable wrapper it is the
// only control of, with via naming that wrapper (` via generic`).
func refOf(n *ariadiff.Node, ancestors []*ariadiff.Node) (ref, via string) {
	if ref = n.Ref(); ref != "" {
		return ref, ""
	}
	if !actionable[n.Role] {
		return "", ""
	}
	for i := len(ancestors) - 1; i >= 0; i-- {
		a := ancestors[i]
		if a.Ref() == "" {
			continue
		}
		if !a.Has("cursor=pointer") || actionable[a.Role] || controls(a) != 1 {
			return "", ""
		}
		return a.Ref(), " via " + ariadiff.Head(a.Role, a.Name)
	}
	return "", ""
}

// controls counts the actionable elements in n's subtree, n's own role
// aside.
func controls(n *ariadiff.Node) int {
	c := 0
	n.Walk(func(x *ariadiff.Node, _ int) bool {
		if x != n && actionable[x.Role] {
			c++
		}
		return true
	})
	return c
}

// AddsControls reports whether the Changes added an actionable element,
// or one holding such an element, as t (the tree after, refs or none)
// shows it.
func AddsControls(t *ariadiff.Tree, cs []ariadiff.Change) bool {
	found := false
	addedControls(t, cs, func(*ariadiff.Node, []*ariadiff.Node) { found = true })
	return found
}

// addedControls calls fn, in page order, for each actionable node of t
// that a change of cs added, or that is inside one it added, with the
// node's ancestors.
func addedControls(t *ariadiff.Tree, cs []ariadiff.Change, fn func(n *ariadiff.Node, ancestors []*ariadiff.Node)) {
	added, opened := map[string]bool{}, map[string]bool{}
	for _, c := range cs {
		// An unnamed container (a generic) says nothing of which one was
		// added: it would match every unnamed one.
		if c.Kind == ariadiff.Added && !c.Own && c.Of != nil && (c.Of.Name != "" || actionable[c.Of.Role]) {
			added[c.Of.Role+"\x00"+c.Of.Name] = true
		}
		// A run of many added elements is one line (`generic ×49`): its
		// named members were added each (a calendar's days).
		if c.Kind == ariadiff.Added && !c.Own {
			for _, m := range c.Members {
				added[m] = true
			}
		}
		// A widget that expanded shows what it holds: a custom select's
		// options, in a list of its own inside it.
		if c.Kind == ariadiff.Changed && !c.Own && c.Of != nil && c.Of.Name != "" && strings.HasSuffix(c.Text, "collapsed -> expanded") {
			opened[c.Of.Role+"\x00"+c.Of.Name] = true
		}
	}
	if len(added)+len(opened) == 0 || t == nil {
		return
	}
	var stack []*ariadiff.Node
	var inside func(x *ariadiff.Node, d int)
	inside = func(x *ariadiff.Node, d int) {
		for _, c := range x.Children {
			stack = append(stack[:d], c)
			if clickable(c) {
				fn(c, stack[:d])
			}
			inside(c, d+1)
		}
	}
	t.Root.Walk(func(n *ariadiff.Node, depth int) bool {
		stack = append(stack[:depth], n)
		key := n.Role + "\x00" + ariadiff.CapRunes(n.Name, ariadiff.MaxLabel)
		switch {
		case added[key]:
			if clickable(n) {
				fn(n, stack[:depth])
			}
		case opened[key]:
		default:
			return true
		}
		inside(n, depth+1)
		return false
	})
}

// clickable: an element of an actionable role, or a named one the page
// marks as clickable (a date picker's day is a generic with a name and a
// pointer cursor).
func clickable(n *ariadiff.Node) bool {
	if actionable[n.Role] {
		return true
	}
	if n.Name == "" {
		return false
	}
	for _, g := range n.Groups {
		if g == "cursor=pointer" {
			return true
		}
	}
	return false
}

// shownText is the text an unnamed element shows, as its name would be
// computed from it: a highlight (mark) splits a word, not a phrase.
func shownText(n *ariadiff.Node) string {
	var parts []string
	marked, holds := false, false
	n.Walk(func(c *ariadiff.Node, _ int) bool {
		if c == n {
			return true
		}
		if actionable[c.Role] {
			holds = true // a container: its controls are listed, not its text
			return false
		}
		if c.Role == "mark" {
			marked = true
		}
		switch {
		case c.Name != "" && c.Role != "text":
			parts = append(parts, c.Name)
			return false
		case c.HasValue:
			parts = append(parts, c.Value)
		}
		return true
	})
	if holds {
		return ""
	}
	sep := " "
	if marked {
		sep = ""
	}
	return ariadiff.CapRunes(strings.Join(parts, sep), ariadiff.MaxLabel)
}

// Size is how many nodes t holds.
func Size(t *ariadiff.Tree) int {
	n := 0
	if t != nil {
		t.Root.Walk(func(*ariadiff.Node, int) bool { n++; return true })
	}
	return n
}
