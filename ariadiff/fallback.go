package ariadiff

import (
	"strconv"
	"strings"
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
	c := Change{Kind: k, Text: nodeLabel(ns[0]) + andMore(len(ns)-1)}
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
		head := nodeHead(x, root)
		switch {
		case x.Name != y.Name && x.HasValue == y.HasValue && x.Value == y.Value && len(x.Props) == len(y.Props):
			from, to := shownPair(x.Name, y.Name)
			return Change{Kind: Changed, Text: nodeHead(&Node{Role: x.Role}, root) + ": " + quoted(from) + " -> " + quoted(to), From: from, To: to}
		case x.Name == y.Name && x.HasValue && y.HasValue && x.Value != y.Value:
			from, to, toCut := shownPairCut(x.Value, y.Value)
			c := Change{Kind: Changed, Text: head + ": " + quoted(from) + " -> " + quoted(to), From: from, To: to}
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
				from, to := "none", "none"
				if px != nil && px.Key == key {
					from = quoteName(px.Value)
				}
				if py != nil && py.Key == key {
					to = quoteName(py.Value)
				}
				if from == to && px != nil && py != nil {
					from, to = quotePair(px.Value, py.Value)
				}
				return Change{Kind: Changed, Text: head + ": /" + EscapeInvisible(key) + ": " + from + " -> " + to}
			}
		}
	}
	return Change{Kind: Changed, Text: nodeLabel(x) + " -> " + nodeLabel(y)}
}

// nodeHead names a node in a fallback change: "page" for the root.
func nodeHead(n *Node, root bool) string {
	if root {
		return "page"
	}
	if n.Role == "" && n.Name == "" {
		return `""`
	}
	e := entry{role: n.Role, name: n.Name}
	return e.head()
}

// nodeLabel is one line of a tree as a diff entry prints it.
func nodeLabel(n *Node) string {
	e := entry{role: n.Role, name: n.Name, value: n.Value, hasValue: n.HasValue, groups: n.Groups}
	l := e.label()
	if l == "" {
		return `""`
	}
	if n.HasValue && n.Value == "" {
		l += `: ""`
	}
	return l
}
