package ariadiff

import (
	"strings"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// Element is the one element a Change is about, as the Change shows it:
// its role, its name (capped as in the Change's text), and what the
// change says of it. Code that acts on Changes (prima export) reads it
// instead of the text, which is for people.
type Element struct {
	Role  string `json:"role"`
	Name  string `json:"name,omitempty"`
	Named bool   `json:"named,omitempty"`
	// States and Value are an added or removed element's state groups
	// (`level=1`, `checked`) and value.
	States   []string `json:"states,omitempty"`
	Value    string   `json:"value,omitempty"`
	HasValue bool     `json:"has_value,omitempty"`
	// From and To are both sides of a typed, selected, toggled or changed
	// element; Quoted when they are values ("Ada"), not state words
	// (checked, level=2, no level).
	From   string `json:"from,omitempty"`
	To     string `json:"to,omitempty"`
	Quoted bool   `json:"quoted,omitempty"`
	// NameCut, ValueCut and ToCut count the runes cut from the end of
	// Name, Value and To (which then end in CutMark): what stands before
	// the mark is only the start, and an assertion on it proves less.
	NameCut  int `json:"name_cut,omitempty"`
	ValueCut int `json:"value_cut,omitempty"`
	ToCut    int `json:"to_cut,omitempty"`
	// Selected are a list's selected options after a selected change,
	// one each (To joins them with ", ", which a name may hold too);
	// nil when its value is inline or cut.
	Selected []string `json:"selected,omitempty"`
}

// Is tells whether e is the element with this role and name (a name
// longer than a Change shows is compared as capped).
func (e *Element) Is(role, name string) bool {
	return e != nil && e.Role == role && e.Name == capRunes(name, maxLabel)
}

// ValueChange is a change of what a named element holds, seen outside
// the tree (a contenteditable's text): `role "name": "from" -> "to"`,
// from and to shown as given.
func ValueChange(k Kind, role, name, from, to string) Change {
	el := &Element{Role: role, Named: name != "", From: from, To: to, Quoted: true}
	el.Name, el.NameCut = capCut(name, maxLabel)
	var b builder
	e := entry{role: role, name: name}
	e.writeHead(&b)
	b.fromTo(from, to)
	c := b.changed(k, from, to)
	return about(c, el)
}

// Escaped is s as it stands inside a quoted value of a snapshot line
// (`"o'brien\\x"`): where prima prints one, a value that must not be
// shown (a password, a secret) is found in this form too.
func Escaped(s string) string {
	var b strings.Builder
	shown.WriteQuoted(&b, s)
	q := b.String()
	return q[1 : len(q)-1]
}

// about gives c its element, when c names it alone: an element with a
// role of plain words, named where the kind asks for a name, in a text
// that is whole UTF-8.
func about(c Change, e *Element) Change {
	if e == nil || !plainRole(e.Role) || !utf8.ValidString(c.Text) {
		return c
	}
	switch c.Kind {
	case Added, Removed:
	case Typed, Selected, Toggled, Changed:
		// A live region is known by what it says, a name or none.
		live := c.Kind == Changed && e.Quoted && liveRegion[e.Role]
		if (!e.Named && !live) || (!e.Quoted && !(isStateWord(e.From) && isStateWord(e.To))) {
			return c
		}
	default:
		return c
	}
	for _, s := range e.States {
		if strings.ContainsRune(s, ']') {
			return c // a state the line could not show apart
		}
	}
	c.Of = e
	return c
}

// plainRole: a role of lowercase letters, as every ARIA role is.
func plainRole(r string) bool {
	if r == "" {
		return false
	}
	for i := 0; i < len(r); i++ {
		if r[i] < 'a' || r[i] > 'z' {
			return false
		}
	}
	return true
}

// isStateWord is how stateWord words a state: checked, unchecked,
// mixed, level=2, no level.
func isStateWord(s string) bool {
	s = strings.TrimPrefix(s, "no ")
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return false
	}
	if i == len(s) {
		return true
	}
	if s[i] != '=' || i+1 == len(s) {
		return false
	}
	for _, c := range []byte(s[i+1:]) {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return false
		}
	}
	return true
}

// shown is an entry as an added or removed Change shows it, nil when the
// change does not name it alone (a repeated element, told apart by its
// context).
func (e *entry) shown() *Element {
	if e.ctx != "" {
		return nil
	}
	el := &Element{Role: e.role, States: e.states()}
	if e.name != "" {
		el.Name, el.NameCut = capCut(e.name, maxLabel)
		el.Named = true
	}
	if e.hasValue && e.value != "" {
		el.Value, el.ValueCut = capCut(e.value, maxLabel)
		el.HasValue = true
	}
	return el
}

// Rewrite replaces the change's text by text(Text), and each name and
// value its Element holds by value(v): what prima does to every change
// it keeps (passwords masked, secrets named), to both at once.
func (c *Change) Rewrite(text, value func(string) string) {
	c.Text, c.From, c.To = text(c.Text), value(c.From), value(c.To)
	if c.Parts != nil {
		c.Parts = c.Parts.Rewrite(text, value)
	}
	if c.Of == nil {
		return
	}
	e := *c.Of
	e.Name, e.Value, e.From, e.To = value(e.Name), value(e.Value), value(e.From), value(e.To)
	if e.Selected != nil {
		sel := make([]string, len(e.Selected))
		for i, s := range e.Selected {
			sel[i] = value(s)
		}
		e.Selected = sel
	}
	c.Of = &e
}
