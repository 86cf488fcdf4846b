package ariadiff

import (
	"sort"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"
)

// Kind names what happened to one element between two snapshots.
type Kind string

// The kinds of change, in the order they are reported: the direct effect of
// an action (a value typed, a box ticked) before its consequences.
const (
	Typed    Kind = "typed"    // a field's value changed
	Selected Kind = "selected" // a combobox or listbox selection changed
	Toggled  Kind = "toggled"  // checked or pressed changed
	Changed  Kind = "changed"  // another state changed: enabled, expanded, selected, level…
	Renamed  Kind = "renamed"  // an element at the same place changed its name
	Added    Kind = "added"
	Removed  Kind = "removed"
)

// Kinds lists every Kind in report order.
var Kinds = []Kind{Typed, Selected, Toggled, Changed, Renamed, Added, Removed}

// Change is one diff entry, worded so a reader can cite it as proof:
// `textbox "Name": "" -> "Ada"` under typed.
type Change struct {
	Kind Kind
	Text string
}

func (c Change) String() string { return string(c.Kind) + ": " + c.Text }

// Significant roles are the ones a diff reports: what a user can act on,
// and what a page uses to announce a result.
var interactive = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true, "checkbox": true,
	"radio": true, "switch": true, "combobox": true, "listbox": true, "option": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "tab": true,
	"slider": true, "spinbutton": true, "treeitem": true,
}

var announcing = map[string]bool{
	"heading": true, "alert": true, "status": true, "dialog": true, "alertdialog": true,
	"log": true, "tooltip": true, "progressbar": true,
}

// liveRegion roles are identified by what they say, not by a name.
var liveRegion = map[string]bool{"alert": true, "status": true, "log": true}

// entry is one significant element, reduced to what a diff compares.
type entry struct {
	role, name string
	value      string
	hasValue   bool
	groups     []string // the node's groups, noise included; see states
}

// identity is what aligns two entries: role and name, and for live
// regions what they say.
type identity struct{ role, name, text string }

func (e *entry) id() identity {
	if liveRegion[e.role] {
		return identity{e.role, e.name, e.value}
	}
	return identity{e.role, e.name, ""}
}

// states are the groups that are page state, in order.
func (e *entry) states() []string {
	var out []string
	for _, g := range e.groups {
		if !isNoise(g) {
			out = append(out, g)
		}
	}
	return out
}

func (e *entry) label() string {
	var b strings.Builder
	b.WriteString(e.role)
	if e.name != "" {
		b.WriteByte(' ')
		writeQuoted(&b, capRunes(e.name, 120))
	}
	for _, g := range e.states() {
		b.WriteString(" [")
		b.WriteString(g)
		b.WriteByte(']')
	}
	if e.hasValue && e.value != "" {
		b.WriteString(": ")
		writeValue(&b, capRunes(e.value, 120))
	}
	return b.String()
}

// head is the label without states or value: what the element is.
func (e *entry) head() string {
	if e.name == "" {
		return e.role
	}
	var b strings.Builder
	b.WriteString(e.role)
	b.WriteByte(' ')
	writeQuoted(&b, capRunes(e.name, 120))
	return b.String()
}

// entries flattens the significant elements of t in document order.
func entries(t *Tree) []entry {
	var out []entry
	t.Root.Walk(func(n *Node, _ int) bool {
		if !interactive[n.Role] && !announcing[n.Role] {
			return true
		}
		e := entry{role: n.Role, name: n.Name, groups: n.Groups}
		descend := true
		switch {
		case n.Role == "combobox" || n.Role == "listbox":
			// The selection is the value; options are not entries of their own.
			e.value, e.hasValue = selection(n)
			descend = false
		case liveRegion[n.Role]:
			e.value = textOf(n, 200)
			e.hasValue = e.value != ""
		default:
			e.value, e.hasValue = n.Value, n.HasValue
			if !n.HasValue {
				// A field with props (a placeholder) shows its value as a
				// text child instead of inline.
				for _, c := range n.Children {
					if c.Role == "text" && c.HasValue {
						e.value, e.hasValue = c.Value, true
					}
				}
			}
		}
		out = append(out, e)
		return descend
	})
	return out
}

// selection is a combobox's or listbox's value: its inline value, else the
// names of its selected options.
func selection(n *Node) (string, bool) {
	if n.HasValue {
		return n.Value, true
	}
	var sel []string
	n.Walk(func(c *Node, _ int) bool {
		if c.Role == "option" && (c.Has("selected") || c.Has("checked")) {
			sel = append(sel, c.Name)
		}
		return true
	})
	return strings.Join(sel, ", "), true
}

// textOf gathers the text a node shows, capped at max bytes.
func textOf(n *Node, max int) string {
	var parts []string
	size := 0
	add := func(s string) {
		if s != "" && size < max {
			parts = append(parts, s)
			size += len(s) + 1
		}
	}
	if n.HasValue {
		add(n.Value)
	}
	n.Walk(func(c *Node, _ int) bool {
		if c.Name != "" && c.Role != "text" {
			add(c.Name)
			return false
		}
		if c.HasValue {
			add(c.Value)
		}
		return true
	})
	return capRunes(strings.Join(parts, " "), max)
}

// Diff compares two snapshots (with or without refs: noise groups never
// count) and returns the entries that prove what changed, ordered by Kind
// and then by position. Identical trees, including trees whose refs were
// merely renumbered, give no entries.
func Diff(before, after *Tree) []Change {
	return diff(before, after, true)
}

// DiffNavigated compares two different pages (the URL's path changed):
// elements are only added or removed, never renamed, since nothing stayed
// in place.
func DiffNavigated(before, after *Tree) []Change {
	return diff(before, after, false)
}

func diff(before, after *Tree, renames bool) []Change {
	a, b := entries(before), entries(after)
	var out []Change
	alignEntries(a, b, func(x, y *entry) {
		out = append(out, compareEntry(x, y)...)
	}, func(del, ins []entry) {
		out = append(out, hunk(del, ins, renames)...)
	})
	sort.SliceStable(out, func(i, j int) bool { return kindRank(out[i].Kind) < kindRank(out[j].Kind) })
	return out
}

// DiffText is Diff on snapshot text.
func DiffText(before, after string) []Change {
	return Diff(Parse(before), Parse(after))
}

func kindRank(k Kind) int {
	for i, x := range Kinds {
		if x == k {
			return i
		}
	}
	return len(Kinds)
}

// alignEntries aligns a and b on element identity with a line diff and
// reports matched pairs and unmatched hunks in order.
func alignEntries(a, b []entry, same func(x, y *entry), hunk func(del, ins []entry)) {
	ids := make(map[identity]rune, len(a))
	toRunes := func(es []entry) []rune {
		rs := make([]rune, len(es))
		for i := range es {
			id := es[i].id()
			r, ok := ids[id]
			if !ok {
				// Skip the surrogate range: go-diff turns runes into strings.
				n := len(ids) + 1
				if n >= 0xD800 {
					n += 0x800
				}
				r = rune(n)
				ids[id] = r
			}
			rs[i] = r
		}
		return rs
	}
	ra, rb := toRunes(a), toRunes(b)
	dmp := diffmatchpatch.New()
	dmp.DiffTimeout = 200 * time.Millisecond
	diffs := dmp.DiffMainRunes(ra, rb, false)
	i, j := 0, 0
	var del, ins []entry
	flush := func() {
		if len(del) > 0 || len(ins) > 0 {
			hunk(del, ins)
			del, ins = nil, nil
		}
	}
	for _, d := range diffs {
		n := utf8.RuneCountInString(d.Text)
		switch d.Type {
		case diffmatchpatch.DiffEqual:
			flush()
			for k := 0; k < n; k++ {
				same(&a[i+k], &b[j+k])
			}
			i += n
			j += n
		case diffmatchpatch.DiffDelete:
			del = append(del, a[i:i+n]...)
			i += n
		case diffmatchpatch.DiffInsert:
			ins = append(ins, b[j:j+n]...)
			j += n
		}
	}
	flush()
}

// hunk words an unmatched run: elements of one role that swapped names in
// place are renamed, the rest added or removed. An empty live region
// vanishing says nothing and is not reported.
func hunk(del, ins []entry, renames bool) []Change {
	var out []Change
	used := make([]bool, len(ins))
	for _, d := range del {
		paired := false
		if renames && !liveRegion[d.role] {
			for k := range ins {
				if !used[k] && ins[k].role == d.role && !liveRegion[ins[k].role] {
					used[k] = true
					paired = true
					out = append(out, Change{Renamed, d.head() + " -> " + quoteName(ins[k].name)})
					y := ins[k]
					y.name = d.name
					out = append(out, compareEntry(&d, &y)...)
					break
				}
			}
		}
		if !paired && !(liveRegion[d.role] && d.value == "") {
			out = append(out, Change{Removed, d.label()})
		}
	}
	for k, e := range ins {
		if !used[k] && !(liveRegion[e.role] && e.value == "") {
			out = append(out, Change{Added, e.label()})
		}
	}
	return out
}

func quoteName(s string) string {
	var b strings.Builder
	writeQuoted(&b, capRunes(s, 120))
	return b.String()
}

// compareEntry words the differences between two entries for the same
// element: its value and each state group.
func compareEntry(x, y *entry) []Change {
	var out []Change
	if x.value != y.value && !liveRegion[x.role] {
		k := Typed
		if x.role == "combobox" || x.role == "listbox" {
			k = Selected
		}
		out = append(out, Change{k, y.head() + ": " + quoteName(x.value) + " -> " + quoteName(y.value)})
	}
	if equalStates(x.groups, y.groups) {
		return out
	}
	xs, ys := x.states(), y.states()
	for _, s := range stateNames(xs, ys) {
		from, to := stateWord(s, xs), stateWord(s, ys)
		if from == to {
			continue
		}
		k := Changed
		if s == "checked" || s == "pressed" {
			k = Toggled
		}
		out = append(out, Change{k, y.head() + ": " + from + " -> " + to})
	}
	return out
}

// equalStates compares the non-noise groups of a and b without allocating.
func equalStates(a, b []string) bool {
	i, j := 0, 0
	for {
		for i < len(a) && isNoise(a[i]) {
			i++
		}
		for j < len(b) && isNoise(b[j]) {
			j++
		}
		if i == len(a) || j == len(b) {
			return i == len(a) && j == len(b)
		}
		if a[i] != b[j] {
			return false
		}
		i++
		j++
	}
}

// stateNames lists the state names (the part before "=") present in
// either list, in first-seen order.
func stateNames(a, b []string) []string {
	var names []string
	seen := map[string]bool{}
	for _, list := range [][]string{a, b} {
		for _, g := range list {
			name, _, _ := strings.Cut(g, "=")
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	return names
}

// opposite names the absence of a boolean state.
var opposite = map[string][2]string{
	"checked":  {"unchecked", "checked"},
	"pressed":  {"unpressed", "pressed"},
	"disabled": {"enabled", "disabled"},
	"expanded": {"collapsed", "expanded"},
	"selected": {"unselected", "selected"},
}

// stateWord says how the state name reads in groups: `checked`,
// `unchecked`, `mixed`, `level=2`, or `no level` when absent.
func stateWord(name string, groups []string) string {
	for _, g := range groups {
		n, v, hasV := strings.Cut(g, "=")
		if n != name {
			continue
		}
		if hasV {
			if _, ok := opposite[name]; ok {
				return v
			}
			return g
		}
		if w, ok := opposite[name]; ok {
			return w[1]
		}
		return g
	}
	if w, ok := opposite[name]; ok {
		return w[0]
	}
	return "no " + name
}

// Cap keeps the first n changes and says how many it cut.
func Cap(changes []Change, n int) ([]Change, int) {
	if n < 0 || len(changes) <= n {
		return changes, 0
	}
	return changes[:n], len(changes) - n
}

// Head is how a diff entry names an element, e.g. `textbox "Name"`;
// callers match it against Change.Text to find entries about an element.
func Head(role, name string) string {
	e := entry{role: role, name: name}
	return e.head()
}
