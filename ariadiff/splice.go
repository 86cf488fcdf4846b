package ariadiff

import "strings"

// Splice returns the tree of t's text with the lines [at, at+del) replaced
// by ins, without parsing the rest again: the new tree shares every
// subtree the splice does not reach, and t stays as it was. The lines
// replaced must be whole sibling subtrees (or, with del 0, a place
// between them) and ins the same number of whole subtrees at their
// depth; ok is false when they are not, or when t's text was not in the
// canonical layout (then parse the whole text instead). strip removes
// the noise groups from the new nodes, as StripRefs would.
func (t *Tree) Splice(at, del int, ins []string, strip bool) (*Tree, bool) {
	if !t.exact || at < 0 || del < 0 || (del == 0 && len(ins) == 0) {
		return nil, false
	}
	// The depth the new lines start at: the one the replaced lines had.
	depth := -1
	if len(ins) > 0 {
		d := 0
		for d < len(ins[0]) && ins[0][d] == ' ' {
			d++
		}
		if d%2 != 0 {
			return nil, false
		}
		depth = d / 2
	}
	frag := parse(strings.Join(ins, "\n"), 2*max(depth, 0))
	if len(ins) > 0 && (!frag.exact || len(frag.Root.Props) > 0 || frag.lines() != len(ins)) {
		return nil, false
	}
	if strip {
		frag.StripRefs()
	}
	s := splicer{at: at, del: del, depth: depth, ins: frag.Root.Children, insLines: len(ins)}
	root, ok := s.in(t.Root, -1, len(t.Root.Props))
	if !ok {
		return nil, false
	}
	return &Tree{Root: root, nodes: t.nodes - s.removed + frag.nodes, exact: true, Space: t.Space}, true
}

// lines is the number of lines the tree's text has.
func (t *Tree) lines() int {
	n := len(t.Root.Props)
	for _, c := range t.Root.Children {
		n += int(c.lines())
	}
	return n
}

// lines is the number of lines of n's block: its own, its props', its
// children's. A subtree never changes once parsed, so it is counted once.
func (n *Node) lines() int32 {
	if n.span == 0 {
		s := int32(1 + len(n.Props))
		for _, c := range n.Children {
			s += c.lines()
		}
		n.span = s
	}
	return n.span
}

type splicer struct {
	at, del  int
	depth    int // of the new lines; -1 for a deletion (any depth)
	ins      []*Node
	insLines int
	removed  int // nodes removed
}

// in returns a copy of n (at depth d, its children's lines from first)
// with the splice made below it, copying only the path down to it.
func (s *splicer) in(n *Node, d, first int) (*Node, bool) {
	p := first
	for i, c := range n.Children {
		end := p + int(c.lines())
		if s.at == p && (s.depth < 0 || s.depth == d+1) {
			return s.replace(n, i)
		}
		// Inside c's block; a place to insert at may also be its end.
		inside := p < s.at && (s.at < end || (s.del == 0 && s.at == end))
		if inside && (s.depth < 0 || s.depth > d+1) {
			if s.at < p+1+len(c.Props) {
				return nil, false // c's own line or a prop line
			}
			nc, ok := s.in(c, d+1, p+1+len(c.Props))
			if !ok {
				return nil, false
			}
			return withChild(n, i, nc, int32(s.insLines-s.del)), true
		}
		p = end
	}
	if s.at == p && s.del == 0 && s.depth == d+1 {
		return s.replace(n, len(n.Children))
	}
	return nil, false
}

// replace swaps the whole subtrees of n's children from i that cover del
// lines for the new ones.
func (s *splicer) replace(n *Node, i int) (*Node, bool) {
	j, lines := i, 0
	for j < len(n.Children) && lines < s.del {
		lines += int(n.Children[j].lines())
		j++
	}
	if lines != s.del {
		return nil, false
	}
	for _, c := range n.Children[i:j] {
		s.removed++
		c.Walk(func(*Node, int) bool { s.removed++; return true })
	}
	kids := make([]*Node, 0, len(n.Children)-(j-i)+len(s.ins))
	kids = append(append(append(kids, n.Children[:i]...), s.ins...), n.Children[j:]...)
	c := *n
	c.Children = kids
	c.span = 0
	if n.span != 0 {
		c.span = n.span + int32(s.insLines-s.del)
	}
	return &c, true
}

// withChild is a copy of n with child i replaced by c; n's block grew by
// grow lines.
func withChild(n *Node, i int, c *Node, grow int32) *Node {
	m := *n
	m.Children = append([]*Node(nil), n.Children...)
	m.Children[i] = c
	if n.span != 0 {
		m.span = n.span + grow
	}
	return &m
}
