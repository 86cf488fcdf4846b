package ariadiff

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// CompactOptions tune Compact. The zero value uses the defaults.
type CompactOptions struct {
	// MaxValue caps names, values and props, in runes (default 160).
	MaxValue int
	// RunLimit is the longest run of same-role siblings shown whole; longer
	// runs keep their first RunKeep and last item and count the rest
	// (defaults 12 and 8).
	RunLimit, RunKeep int
}

func (o CompactOptions) withDefaults() CompactOptions {
	if o.MaxValue <= 0 {
		o.MaxValue = 160
	}
	if o.RunLimit <= 0 {
		o.RunLimit = 12
	}
	if o.RunKeep <= 0 || o.RunKeep >= o.RunLimit {
		o.RunKeep = min(8, o.RunLimit-1)
	}
	return o
}

// Compact returns the tree an agent reads: anonymous structural wrappers are
// dropped (their children move up), long runs of same-role siblings are
// counted instead of listed, long values are capped. Every bracket group on
// a kept line stays, in its original order: state groups come before [ref=…]
// in Playwright's output, and dropping any of them loses the handle of
// exactly the controls most worth acting on.
func Compact(text string, opt CompactOptions) string {
	return Parse(text).Compact(opt)
}

// Compact renders t compactly; see the package function Compact.
func (t *Tree) Compact(opt CompactOptions) string {
	opt = opt.withDefaults()
	var b strings.Builder
	compactChildren(&b, Hoist(t.Root.Children), 0, opt)
	return b.String()
}

// wrapper reports whether n is an anonymous container whose line carries
// nothing an agent can use: no name, no value, no props, and no group but
// its ref. A wrapper with [cursor=pointer] or any state stays.
func wrapper(n *Node) bool {
	switch n.Role {
	case "generic", "none", "presentation", "group", "":
	default:
		return false
	}
	if n.Name != "" || n.HasValue || len(n.Props) > 0 {
		return false
	}
	for _, g := range n.Groups {
		if !strings.HasPrefix(g, "ref=") {
			return false
		}
	}
	return true
}

// Hoist replaces wrappers by their (hoisted) children: the nodes a
// compact line is written for (Compact, the outline).
func Hoist(nodes []*Node) []*Node {
	need := false
	for _, n := range nodes {
		if wrapper(n) {
			need = true
			break
		}
	}
	if !need {
		return nodes
	}
	out := make([]*Node, 0, len(nodes))
	for _, n := range nodes {
		if wrapper(n) {
			out = append(out, Hoist(n.Children)...)
		} else {
			out = append(out, n)
		}
	}
	return out
}

func compactChildren(b *strings.Builder, nodes []*Node, depth int, opt CompactOptions) {
	for i := 0; i < len(nodes); {
		j := i + 1
		for j < len(nodes) && nodes[j].Role == nodes[i].Role {
			j++
		}
		if j-i > opt.RunLimit {
			for _, n := range nodes[i : i+opt.RunKeep] {
				compactNode(b, n, depth, opt)
			}
			indent(b, depth)
			fmt.Fprintf(b, "- … %d more %s\n", j-i-opt.RunKeep-1, nodes[i].Role)
			compactNode(b, nodes[j-1], depth, opt)
		} else {
			for _, n := range nodes[i:j] {
				compactNode(b, n, depth, opt)
			}
		}
		i = j
	}
}

func compactNode(b *strings.Builder, n *Node, depth int, opt CompactOptions) {
	children := Hoist(n.Children)
	WriteLine(b, n, depth, opt.MaxValue, len(children) > 0)
	compactChildren(b, children, depth+1, opt)
}

// WriteLine writes a node's own compact line and its props, each value
// capped at maxValue runes; kids: lines for its children follow. Compact
// and the outline write their lines alike through it.
func WriteLine(b *strings.Builder, n *Node, depth, maxValue int, kids bool) {
	indent(b, depth)
	b.WriteString("- ")
	b.WriteString(n.Role)
	if n.Name != "" {
		if n.Role != "" {
			b.WriteByte(' ')
		}
		shown.WriteQuoted(b, capRunes(n.Name, maxValue))
	}
	for _, g := range n.Groups {
		b.WriteString(" [")
		b.WriteString(g)
		b.WriteByte(']')
	}
	if n.HasValue {
		b.WriteString(": ")
		shown.WriteValue(b, capRunes(n.Value, maxValue))
	} else if kids || len(n.Props) > 0 {
		b.WriteByte(':')
	}
	b.WriteByte('\n')
	for _, p := range n.Props {
		writeProp(b, depth+1, Prop{Key: p.Key, Value: capRunes(p.Value, maxValue)})
	}
}

// capRunes cuts s to max runes, saying how much was cut.
func capRunes(s string, max int) string {
	c, _ := capCut(s, max)
	return c
}

// capCut is capRunes with the count of runes it cut (0 when none), which
// an Element carries so that code never looks for the mark in the text.
func capCut(s string, max int) (string, int) {
	p, n := capPrefix(s, max)
	if n == 0 {
		return s, 0
	}
	return p + shown.CutMark(n), n
}

// capPrefix is what capRunes keeps of s, before the mark, and how many
// runes it cuts.
func capPrefix(s string, max int) (string, int) {
	if len(s) <= max || utf8.RuneCountInString(s) <= max {
		return s, 0
	}
	i := runeOffset(s, max)
	return s[:i], utf8.RuneCountInString(s[i:])
}

// cutRunes cuts s to max runes, marking the cut with "…".
func cutRunes(s string, max int) string {
	if len(s) <= max {
		return s
	}
	i := runeOffset(s, max)
	if i == len(s) {
		return s
	}
	return s[:i] + "…"
}

// runeOffset is the byte offset in s after its first max runes (len(s)
// when s has fewer): where capRunes and cutRunes cut.
func runeOffset(s string, max int) int {
	i, n := 0, 0
	for i < len(s) && n < max {
		_, size := utf8.DecodeRuneInString(s[i:])
		i += size
		n++
	}
	return i
}

// MaxLabel is how many runes of a name, value or text a line prints.
const MaxLabel = maxLabel

// CapRunes is s cut to max runes, with the cut mark when cut.
func CapRunes(s string, max int) string { return capRunes(s, max) }
