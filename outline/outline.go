// Package outline prints a snapshot's tree within a byte budget, collapsing
// runs and deep subtrees into lines that name the command that shows them.
package outline

import (
	"fmt"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
)

// Options choose what an outline shows. The zero value shows the
// whole tree, compact, with nothing collapsed.
type Options struct {
	// Budget caps the outline, in bytes; 0 means none. Over it, long runs
	// of same-role siblings are collapsed first, then deep subtrees, each
	// into one line that says how many it holds and the command that
	// shows them; nothing is dropped without such a line.
	Budget int
	// Depth shows this many levels below the outline's root; 0 means all.
	Depth int
	// Grep keeps the nodes whose line holds this text (case and spacing
	// aside), with their ancestors' lines and their own subtrees.
	Grep string
	// Root is a ref: the outline of that node's subtree.
	Root string
	// Command is what a collapsed line tells to run, e.g. "prima snapshot";
	// a ref (and --full) is appended.
	Command string
	// MaxValue caps names, values and props, in runes (default 160).
	MaxValue int
}

// Outline is a rendered outline and what it left out.
type Outline struct {
	Text string
	// Collapsed counts the nodes only a collapsed line stands for.
	Collapsed int
	// Matches counts the nodes Grep matched.
	Matches int
}

// RootNotFoundError: the outline's root ref is not in the tree.
type RootNotFoundError struct{ Ref string }

func (e *RootNotFoundError) Error() string {
	return fmt.Sprintf("ref %s is not on the page now (refs die when the page changes: take a new snapshot)", e.Ref)
}

// runLimits and depthLimits are the collapsing steps tried, in order,
// until an outline fits its budget: runs first (a list keeps its first
// items and its last), then depth.
var (
	runLimits   = []int{0, 60, 30, 15, 8, 4}
	depthLimits = []int{0, 12, 9, 7, 5, 4, 3, 2, 1}
)

// Of renders t for a reader with a budget: compact lines (wrappers
// hoisted, every bracket group kept, values capped), collapsed only as far
// as the budget needs.
func Of(t *ariadiff.Tree, o Options) (Outline, error) {
	if o.MaxValue <= 0 {
		o.MaxValue = 160
	}
	if o.Command == "" {
		o.Command = "prima snapshot"
	}
	top := &ariadiff.Node{Children: t.Root.Children}
	rootRef := ""
	if o.Root != "" {
		n := find(t, o.Root)
		if n == nil {
			return Outline{}, &RootNotFoundError{Ref: o.Root}
		}
		top, rootRef = &ariadiff.Node{Children: []*ariadiff.Node{n}}, o.Root
	}
	r := outliner{o: o, rootRef: rootRef}
	if o.Grep != "" {
		r.keep = map[*ariadiff.Node]bool{}
		r.whole = map[*ariadiff.Node]bool{}
		r.mark(top, strings.ToLower(strings.Join(strings.Fields(o.Grep), " ")), nil)
	}
	var last Outline
	for i, d := range depthLimits {
		if o.Depth > 0 && (d == 0 || d > o.Depth) {
			if i > 0 {
				continue // the asked depth was tried already
			}
			d = o.Depth
		}
		for _, run := range runLimits {
			last = r.render(top, run, d)
			if o.Budget <= 0 || len(last.Text) <= o.Budget {
				return last, nil
			}
		}
	}
	return r.cut(last), nil
}

// find is the node of t that ref names, or nil.
func find(t *ariadiff.Tree, ref string) *ariadiff.Node {
	var found *ariadiff.Node
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if found == nil && n.Ref() == ref {
			found = n
		}
		return found == nil
	})
	return found
}

type outliner struct {
	o       Options
	rootRef string
	keep    map[*ariadiff.Node]bool // grep: matched nodes and their ancestors
	whole   map[*ariadiff.Node]bool // grep: matched nodes (shown with their subtrees)
	// per render
	b         strings.Builder
	collapsed int
	run       int
	depth     int
}

// records are the nodes a match inside shows whole: a table row, a list
// item, a card.
var records = map[string]bool{"row": true, "listitem": true, "treeitem": true, "article": true, "option": true}

// mark records the nodes grep keeps; it reports whether n or a node below
// it matched. A match inside a record (a row) shows that record whole.
func (r *outliner) mark(n *ariadiff.Node, text string, path []*ariadiff.Node) bool {
	hit := n.Role != "" && strings.Contains(strings.ToLower(strings.Join(strings.Fields(lineText(n)), " ")), text)
	if hit {
		r.whole[n] = true
		for i := len(path) - 1; i >= 0; i-- {
			if records[path[i].Role] {
				r.whole[path[i]] = true
				break
			}
		}
	}
	below := false
	for _, c := range n.Children {
		if r.mark(c, text, append(path, n)) {
			below = true
		}
	}
	if hit || below {
		r.keep[n] = true
	}
	return hit || below
}

// lineText is what grep reads of a node: its role, name, value and props.
func lineText(n *ariadiff.Node) string {
	s := n.Role + " " + n.Name + " " + n.Value
	for _, p := range n.Props {
		s += " " + p.Value
	}
	return s
}

func (r *outliner) render(top *ariadiff.Node, run, depth int) Outline {
	r.b.Reset()
	r.collapsed, r.run, r.depth = 0, run, depth
	r.children(top, r.rootRef, 0, r.whole != nil && r.whole[top])
	matches := len(r.whole)
	return Outline{Text: r.b.String(), Collapsed: r.collapsed, Matches: matches}
}

// children renders the children of n at depth; ref is the nearest ref at
// or above n (what a collapsed line names); whole: below a grep match.
func (r *outliner) children(n *ariadiff.Node, ref string, depth int, whole bool) {
	nodes := ariadiff.Hoist(n.Children)
	if r.keep != nil && !whole {
		kept := nodes[:0:0]
		for _, c := range nodes {
			if r.keep[c] {
				kept = append(kept, c)
			}
		}
		nodes = kept
	}
	for i := 0; i < len(nodes); {
		j := i + 1
		for j < len(nodes) && nodes[j].Role == nodes[i].Role {
			j++
		}
		if r.run > 0 && j-i > r.run+1 {
			keep := r.run
			for _, c := range nodes[i : i+keep] {
				r.node(c, ref, depth, whole)
			}
			hidden := nodes[i+keep : j-1]
			r.collapse(depth, fmt.Sprintf("%d more %s", len(hidden), nodes[i].Role), ref, hidden)
			r.node(nodes[j-1], ref, depth, whole)
		} else {
			for _, c := range nodes[i:j] {
				r.node(c, ref, depth, whole)
			}
		}
		i = j
	}
}

func (r *outliner) node(n *ariadiff.Node, ref string, depth int, whole bool) {
	kids := ariadiff.Hoist(n.Children)
	ariadiff.WriteLine(&r.b, n, depth, r.o.MaxValue, len(kids) > 0)
	if own := n.Ref(); own != "" {
		ref = own
	}
	whole = whole || (r.whole != nil && r.whole[n])
	if len(kids) == 0 {
		return
	}
	if r.depth > 0 && depth+1 >= r.depth {
		r.collapse(depth+1, "", ref, kids)
		return
	}
	r.children(n, ref, depth+1, whole)
}

// collapse writes the one line that stands for nodes: how many there are
// and the command that lists them.
func (r *outliner) collapse(depth int, what, ref string, nodes []*ariadiff.Node) {
	count := 0
	for _, n := range nodes {
		count++
		n.Walk(func(*ariadiff.Node, int) bool { count++; return true })
	}
	r.collapsed += count
	if what == "" {
		what = fmt.Sprintf("%d more nodes below", count)
	} else if count > len(nodes) {
		what += fmt.Sprintf(" (%d nodes)", count)
	}
	cmd := r.o.Command
	if ref != "" {
		cmd += " " + ref
	}
	if ref == "" || ref == r.rootRef {
		cmd += " --full"
	}
	r.b.WriteString(strings.Repeat("  ", depth))
	fmt.Fprintf(&r.b, "- … %s: `%s` lists them\n", what, cmd)
}

// cut is the last resort: the outline at its budget, on a line boundary,
// and a line that says what is left and how to see it.
func (r *outliner) cut(o Outline) Outline {
	text := o.Text
	limit := r.o.Budget - 200
	if limit < 0 {
		limit = 0
	}
	if len(text) <= limit {
		return o
	}
	i := strings.LastIndexByte(text[:limit], '\n') + 1
	rest := strings.Count(text[i:], "\n")
	cmd := r.o.Command
	if r.rootRef != "" {
		cmd += " " + r.rootRef
	}
	o.Text = text[:i] + fmt.Sprintf("- … output cut at the budget, %d more lines: `%s --full` lists them, `%s --grep TEXT` finds a part\n", rest, cmd, r.o.Command)
	o.Collapsed += rest
	return o
}
