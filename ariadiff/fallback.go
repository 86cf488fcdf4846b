package ariadiff

import (
	"strconv"
	"strings"

	"github.com/prima-dev/prima/shown"
)

// firstDifference finds where two trees that no entry tells apart still
// differ (a wrapper, a prop such as a link's URL, an empty node) and words
// it as one change, so a diff says "no change" only for identical trees.
// Noise groups never count. root marks the synthetic root.
func firstDifference(x, y *Node, root bool) (Change, bool) {
	if !sameLine(x, y) {
		return describe(x, y, root), true
	}
	a, b := x.Children, y.Children
	p := 0
	for p < len(a) && p < len(b) && equalNodes(a[p], b[p]) {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && equalNodes(a[len(a)-1-s], b[len(b)-1-s]) {
		s++
	}
	da, db := a[p:len(a)-s], b[p:len(b)-s]
	switch {
	case len(da) == 0 && len(db) == 0:
		return Change{}, false
	case len(da) == 0:
		return nodeChange(Added, db), true
	case len(db) == 0:
		return nodeChange(Removed, da), true
	}
	return firstDifference(da[0], db[0], false)
}

// nodeChange words nodes added or removed as one change: the first, and
// how many more.
func nodeChange(k Kind, ns []*Node) Change {
	var b builder
	writeNodeLabel(&b, ns[0])
	b.word(andMore(len(ns) - 1))
	c := b.change(k)
	if len(ns) > 1 {
		return c
	}
	n := ns[0]
	e := entry{role: n.Role, name: n.Name, value: n.Value, hasValue: n.HasValue, groups: n.Groups}
	el := e.shown()
	if n.HasValue && n.Value == "" {
		el.HasValue = true
	}
	return about(c, el)
}

func andMore(n int) string {
	switch n {
	case 0:
		return ""
	case 1:
		return " (and 1 more node)"
	}
	var b strings.Builder
	b.WriteString(" (and ")
	b.WriteString(strconv.Itoa(n))
	b.WriteString(" more nodes)")
	return b.String()
}

// sameLine compares what one snapshot line says, noise aside: role, name,
// states, value and props.
func sameLine(x, y *Node) bool {
	if x.Role != y.Role || x.Name != y.Name || x.HasValue != y.HasValue || x.Value != y.Value ||
		len(x.Props) != len(y.Props) || !equalStates(x.Groups, y.Groups) {
		return false
	}
	for i := range x.Props {
		if x.Props[i] != y.Props[i] {
			return false
		}
	}
	return true
}

// equalNodes compares two subtrees, noise aside.
func equalNodes(x, y *Node) bool {
	if !sameLine(x, y) || len(x.Children) != len(y.Children) {
		return false
	}
	for i := range x.Children {
		if !equalNodes(x.Children[i], y.Children[i]) {
			return false
		}
	}
	return true
}

// describe words two lines that differ: a name or a value that changed
// (`paragraph: "a" -> "b"`), a prop that changed under the same element
// (`link "Next": /url: "/p/2" -> "/p/3"`), else both lines.
func describe(x, y *Node, root bool) Change {
	if x.Role == y.Role && equalStates(x.Groups, y.Groups) {
		var b builder
		switch {
		case x.Name != y.Name && x.HasValue == y.HasValue && x.Value == y.Value && len(x.Props) == len(y.Props):
			from, to := shownPair(x.Name, y.Name)
			writeNodeHead(&b, &Node{Role: x.Role}, root)
			b.fromTo(from, to)
			c := b.changed(Changed, from, to)
			return c
		case x.Name == y.Name && x.HasValue && y.HasValue && x.Value != y.Value:
			from, to, toCut := shownPairCut(x.Value, y.Value)
			writeNodeHead(&b, x, root)
			b.fromTo(from, to)
			c := b.changed(Changed, from, to)
			if root {
				return c
			}
			e := entry{role: x.Role, name: x.Name}
			return about(c, e.named(from, to, toCut, true))
		case x.Name == y.Name && x.HasValue == y.HasValue && x.Value == y.Value:
			for i := 0; i < max(len(x.Props), len(y.Props)); i++ {
				var px, py *Prop
				if i < len(x.Props) {
					px = &x.Props[i]
				}
				if i < len(y.Props) {
					py = &y.Props[i]
				}
				if px != nil && py != nil && *px == *py {
					continue
				}
				key := ""
				if py != nil {
					key = py.Key
				}
				if px != nil && (py == nil || px.Key != py.Key) {
					key = px.Key
				}
				writeNodeHead(&b, x, root)
				b.word(": /" + shown.EscapeInvisible(key) + ": ")
				hasX, hasY := px != nil && px.Key == key, py != nil && py.Key == key
				if hasX && hasY && capRunes(px.Value, maxLabel) == capRunes(py.Value, maxLabel) {
					// The cap would hide the difference: both start a little before it.
					from, to := shownPair(px.Value, py.Value)
					b.given(from)
					b.word(" -> ")
					b.given(to)
					return b.change(Changed)
				}
				propSide(&b, px, hasX)
				b.word(" -> ")
				propSide(&b, py, hasY)
				return b.change(Changed)
			}
		}
	}
	var b builder
	writeNodeLabel(&b, x)
	b.word(" -> ")
	writeNodeLabel(&b, y)
	return b.change(Changed)
}

// propSide writes one side of a prop's change: its value, or none.
func propSide(b *builder, p *Prop, has bool) {
	if has {
		b.quoted(p.Value, maxLabel)
		return
	}
	b.word("none")
}

// writeNodeHead names a node in a fallback change: "page" for the root.
func writeNodeHead(b *builder, n *Node, root bool) {
	switch {
	case root:
		b.word("page")
	case n.Role == "" && n.Name == "":
		b.word(`""`)
	default:
		e := entry{role: n.Role, name: n.Name}
		e.writeHead(b)
	}
}

// writeNodeLabel writes one line of a tree as a diff entry prints it.
func writeNodeLabel(b *builder, n *Node) {
	e := entry{role: n.Role, name: n.Name, value: n.Value, hasValue: n.HasValue, groups: n.Groups}
	var l builder
	e.writeLabel(&l)
	if len(l.l) == 0 {
		b.word(`""`)
		return
	}
	b.line(l.l)
	if n.HasValue && n.Value == "" {
		b.word(`: ""`)
	}
}
