package ariadiff

import (
	"slices"
	"strings"

	"github.com/prima-dev/prima/shown"
)

// isNoise reports whether a bracket group is a context artifact rather than
// page state: refs are renumbered on every snapshot, [active] follows focus
// and [cursor=…] is styling. None of them may reach a diff or a hash.
func isNoise(g string) bool {
	return strings.HasPrefix(g, "ref=") || g == "active" || strings.HasPrefix(g, "cursor=")
}

// StripRefs returns the ref-free variant of a snapshot: the same tree with
// [ref=…], [active] and [cursor=…] removed, rendered canonically. prima
// derives it from the one AI-mode snapshot it takes, because any second
// aria snapshot would replace the frame's ref map.
func StripRefs(text string) string {
	t := Parse(text)
	t.StripRefs()
	return t.String()
}

// StripRefs removes the noise groups from every node in place.
func (t *Tree) StripRefs() {
	t.flat = nil // its entries hold the groups
	t.Root.Walk(func(n *Node, _ int) bool {
		kept := n.Groups[:0]
		for _, g := range n.Groups {
			if !isNoise(g) {
				kept = append(kept, g)
			}
		}
		if len(kept) == 0 {
			kept = nil
		}
		n.Groups = kept
		return true
	})
}

// String renders the tree canonically in Playwright's snapshot syntax: two
// spaces per level, props before children. Parse(t.String()) gives back an
// equal tree.
func (t *Tree) String() string {
	var b strings.Builder
	for _, p := range t.Root.Props {
		writeProp(&b, 0, p)
	}
	t.Root.Walk(func(n *Node, depth int) bool {
		indent(&b, depth)
		b.WriteString("- ")
		writeKey(&b, n, true)
		if n.HasValue {
			b.WriteString(": ")
			shown.WriteValue(&b, n.Value)
		} else if len(n.Children) > 0 || len(n.Props) > 0 {
			b.WriteByte(':')
		}
		b.WriteByte('\n')
		for _, p := range n.Props {
			writeProp(&b, depth+1, p)
		}
		return true
	})
	return b.String()
}

func indent(b *strings.Builder, depth int) {
	for i := 0; i < depth; i++ {
		b.WriteString("  ")
	}
}

func writeProp(b *strings.Builder, depth int, p Prop) {
	indent(b, depth)
	b.WriteString("- /")
	b.WriteString(p.Key)
	b.WriteString(": ")
	shown.WriteValue(b, p.Value)
	b.WriteByte('\n')
}

// Key renders a node's role, name and groups as one snapshot key, without
// value or quoting: `button "Save" [disabled]`.
func (n *Node) Key() string {
	var b strings.Builder
	writeKey(&b, n, false)
	return b.String()
}

// writeKey writes role, quoted name and groups. With canonical set, a key
// that the parser would otherwise read differently (a role starting with a
// quote or slash) is YAML single-quoted, as Playwright does.
func writeKey(b *strings.Builder, n *Node, canonical bool) {
	if canonical && (strings.HasPrefix(n.Role, "'") || strings.HasPrefix(n.Role, "/")) {
		var k strings.Builder
		writeKey(&k, n, false)
		b.WriteByte('\'')
		b.WriteString(strings.ReplaceAll(k.String(), "'", "''"))
		b.WriteByte('\'')
		return
	}
	b.WriteString(n.Role)
	if n.Name != "" {
		if n.Role != "" {
			b.WriteByte(' ')
		}
		shown.WriteQuoted(b, n.Name)
	}
	for _, g := range n.Groups {
		b.WriteString(" [")
		b.WriteString(g)
		b.WriteByte(']')
	}
}

// Clone is a deep copy of t, to change (StripRefs, a value cleared)
// without touching t, and without printing and parsing it again.
func (t *Tree) Clone() *Tree {
	return &Tree{Root: t.Root.clone(), Skipped: t.Skipped, nodes: t.nodes, exact: t.exact, Space: t.Space}
}

func (n *Node) clone() *Node {
	c := *n
	c.Groups = slices.Clone(n.Groups)
	c.Props = slices.Clone(n.Props)
	if n.Children != nil {
		c.Children = make([]*Node, len(n.Children))
		for i, k := range n.Children {
			c.Children[i] = k.clone()
		}
	}
	return &c
}
