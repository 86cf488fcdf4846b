package ariadiff

import (
	"strings"
	"unicode/utf16"
	"unicode/utf8"
)

// Node is one line of an aria snapshot: a role with an optional name, its
// bracket groups in their original order, an inline value, `/key: value`
// properties and children.
type Node struct {
	Role     string
	Name     string
	Groups   []string // bracket contents in order, e.g. "checked", "ref=e5", "level=1"
	Value    string   // the inline text after ": " (a textbox's value, a text node's text)
	HasValue bool
	Props    []Prop // `/url: …` style properties, in order
	Children []*Node
	// ID is the ref the line carried, kept when refs are stripped: within
	// one Tree.Space the same ID is the same DOM node.
	ID string

	span int32 // lines of its block in snapshot text (see lines); 0 until asked
}

// Prop is a `/key: value` line that belongs to the node above it.
type Prop struct{ Key, Value string }

// Tree is a parsed snapshot. Root is synthetic: its children are the
// top-level lines.
type Tree struct {
	Root *Node
	// Skipped counts non-blank lines that were not snapshot items.
	Skipped int
	nodes   int // items parsed, a size hint for diffing
	// exact: line i of the text is one node's item or prop line, in the
	// layout String renders (two spaces a level, a node's props before its
	// children), so a range of lines is a range of subtrees (Splice).
	exact bool
	flat  *flatTree // its diff entries, once a diff asked (see flatten)
	// Space names where the nodes' IDs come from: two trees of one
	// non-empty Space give the same DOM node the same ID, whatever its
	// name became, and their diff pairs by it. "" when the IDs are only
	// refs that change with a name (a Playwright snapshot's).
	Space string
}

// Parse reads aria snapshot text (AI mode with refs, or plain). Snapshot
// text is untrusted page content: Parse never fails and never panics; lines
// it cannot read are counted in Skipped.
func Parse(text string) *Tree {
	return parse(text, 0)
}

// parse reads text whose top-level items are indented by base spaces.
func parse(text string, base int) *Tree {
	// A last empty line is a line no node holds.
	t := &Tree{Root: &Node{}, exact: !strings.HasSuffix(text, "\n")}
	// Nodes and group lists come from slabs: a 50k-line page would otherwise
	// be 100k small allocations, and the garbage collector's time with them.
	lines := strings.Count(text, "\n") + 1
	p := parser{nodes: make([]Node, 0, lines), groups: make([]string, 0, 2*lines)}
	type frame struct {
		indent int
		node   *Node
	}
	stack := []frame{{indent: -1, node: t.Root}}
	for len(text) > 0 {
		var line string
		if i := strings.IndexByte(text, '\n'); i >= 0 {
			line, text = text[:i], text[i+1:]
		} else {
			line, text = text, ""
		}
		if strings.HasSuffix(line, "\r") {
			line = strings.TrimRight(line, "\r")
			t.exact = false
		}
		indent := 0
		for indent < len(line) && line[indent] == ' ' {
			indent++
		}
		body := line[indent:]
		switch {
		case body == "-":
			body = ""
		case strings.HasPrefix(body, "- "):
			body = body[2:]
		default:
			if strings.TrimSpace(body) != "" {
				t.Skipped++
			}
			t.exact = false
			continue
		}
		for len(stack) > 1 && stack[len(stack)-1].indent >= indent {
			stack = stack[:len(stack)-1]
		}
		parent := stack[len(stack)-1].node
		if indent != base+2*(len(stack)-1) {
			t.exact = false
		}
		if key, value, ok := parseProp(body); ok {
			if len(parent.Children) > 0 {
				t.exact = false
			}
			parent.Props = append(parent.Props, Prop{Key: key, Value: value})
			continue
		}
		n := p.item(body)
		t.nodes++
		parent.Children = append(parent.Children, n)
		stack = append(stack, frame{indent: indent, node: n})
	}
	return t
}

// parseProp reads `/url: value`.
func parseProp(body string) (key, value string, ok bool) {
	if !strings.HasPrefix(body, "/") {
		return "", "", false
	}
	i := strings.IndexByte(body, ':')
	if i < 0 {
		return "", "", false
	}
	key = body[1:i]
	if key == "" || strings.ContainsAny(key, " \"[") {
		return "", "", false
	}
	return key, parseValue(strings.TrimSpace(body[i+1:])), true
}

// parser hands out nodes and group lists from slabs.
type parser struct {
	nodes  []Node
	groups []string
}

func (p *parser) node() *Node {
	if len(p.nodes) == cap(p.nodes) {
		p.nodes = make([]Node, 0, 256)
	}
	p.nodes = p.nodes[:len(p.nodes)+1]
	return &p.nodes[len(p.nodes)-1]
}

// item reads one item body: a key (role, name, groups), optionally
// single-quoted as YAML does when the key holds ": ", then an optional
// ": value".
func (p *parser) item(body string) *Node {
	n := p.node()
	var rest string
	if strings.HasPrefix(body, "'") {
		key, after := unquoteSingle(body)
		p.key(n, key)
		rest = after
	} else {
		rest = p.key(n, body)
	}
	if strings.HasPrefix(rest, ":") {
		v := strings.TrimSpace(rest[1:])
		if v != "" {
			n.Value = parseValue(v)
			n.HasValue = true
		}
	}
	return n
}

// key fills role, name and groups from s and returns what follows them.
// The name is a JSON-style double-quoted string, so brackets, colons and
// quotes inside it never end it.
func (p *parser) key(n *Node, s string) string {
	i := 0
	for i < len(s) && s[i] > ' ' && s[i] != ':' && s[i] != '"' && s[i] != '[' {
		i++
	}
	n.Role = s[:i]
	s = s[i:]
	if t := strings.TrimLeft(s, " "); strings.HasPrefix(t, "\"") {
		name, after := unquoteDouble(t)
		n.Name = name
		s = after
	}
	start := len(p.groups)
	for {
		t := strings.TrimLeft(s, " ")
		if !strings.HasPrefix(t, "[") {
			break
		}
		end := strings.IndexByte(t, ']')
		if end < 0 {
			break
		}
		g := t[1:end]
		if n.ID == "" && strings.HasPrefix(g, "ref=") {
			n.ID = g[4:]
		}
		p.groups = append(p.groups, g)
		s = t[end+1:]
	}
	if len(p.groups) > start {
		// Full slice expression: a later append to n.Groups must not
		// overwrite the next node's groups in the slab.
		n.Groups = p.groups[start:len(p.groups):len(p.groups)]
	}
	return strings.TrimLeft(s, " ")
}

// parseValue reads an inline value: double-quoted (JSON escapes) or plain.
func parseValue(v string) string {
	if strings.HasPrefix(v, "\"") {
		s, _ := unquoteDouble(v)
		return s
	}
	return v
}

// unquoteSingle reads a YAML single-quoted scalar at the start of s (” is
// an escaped quote) and returns it with the text after the closing quote.
// An unterminated scalar runs to the end.
func unquoteSingle(s string) (string, string) {
	var b strings.Builder
	i := 1
	for i < len(s) {
		if s[i] == '\'' {
			if i+1 < len(s) && s[i+1] == '\'' {
				b.WriteByte('\'')
				i += 2
				continue
			}
			return b.String(), s[i+1:]
		}
		b.WriteByte(s[i])
		i++
	}
	return b.String(), ""
}

// unquoteDouble reads a double-quoted string with JSON escapes at the start
// of s and returns it with the text after the closing quote. Unknown escapes
// are kept literally; an unterminated string runs to the end.
func unquoteDouble(s string) (string, string) {
	if strings.IndexByte(s[1:], '\\') < 0 {
		if end := strings.IndexByte(s[1:], '"'); end >= 0 {
			return s[1 : end+1], s[end+2:]
		}
		return s[1:], ""
	}
	var b strings.Builder
	i := 1
	for i < len(s) {
		c := s[i]
		switch {
		case c == '"':
			return b.String(), s[i+1:]
		case c == '\\' && i+1 < len(s):
			e := s[i+1]
			i += 2
			switch e {
			case 'n':
				b.WriteByte('\n')
			case 't':
				b.WriteByte('\t')
			case 'r':
				b.WriteByte('\r')
			case 'b':
				b.WriteByte('\b')
			case 'f':
				b.WriteByte('\f')
			case '"', '\\', '/':
				b.WriteByte(e)
			case 'u':
				if r, ok := hex4(s[i:]); ok {
					i += 4
					if utf16.IsSurrogate(r) {
						// A pair is one character above U+FFFF, as
						// writeQuoted writes it; a lone half is invalid.
						r2, ok2 := rune(0), false
						if r < 0xdc00 && strings.HasPrefix(s[i:], `\u`) {
							r2, ok2 = hex4(s[i+2:])
						}
						if ok2 && r2 >= 0xdc00 && r2 <= 0xdfff {
							r = utf16.DecodeRune(r, r2)
							i += 6
						} else {
							r = utf8.RuneError
						}
					}
					b.WriteRune(r)
				} else {
					b.WriteString(`\u`)
				}
			default:
				b.WriteByte('\\')
				b.WriteByte(e)
			}
		default:
			b.WriteByte(c)
			i++
		}
	}
	return b.String(), ""
}

func hex4(s string) (rune, bool) {
	if len(s) < 4 {
		return 0, false
	}
	var r rune
	for _, c := range []byte(s[:4]) {
		r <<= 4
		switch {
		case c >= '0' && c <= '9':
			r |= rune(c - '0')
		case c >= 'a' && c <= 'f':
			r |= rune(c - 'a' + 10)
		case c >= 'A' && c <= 'F':
			r |= rune(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	return r, true
}

// Ref returns the node's ref ("e5", "f1e3") or "".
func (n *Node) Ref() string {
	for _, g := range n.Groups {
		if strings.HasPrefix(g, "ref=") {
			return g[4:]
		}
	}
	return ""
}

// Has reports whether the node carries the bare group g, e.g. "checked".
func (n *Node) Has(g string) bool {
	for _, x := range n.Groups {
		if x == g {
			return true
		}
	}
	return false
}

// Walk calls fn for every node below n in document order, with its depth
// (top-level lines have depth 0). fn returning false skips the children.
func (n *Node) Walk(fn func(node *Node, depth int) bool) {
	var walk func(*Node, int)
	walk = func(x *Node, d int) {
		for _, c := range x.Children {
			if fn(c, d) {
				walk(c, d+1)
			}
		}
	}
	walk(n, 0)
}
