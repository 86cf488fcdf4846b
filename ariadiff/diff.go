package ariadiff

import (
	"hash/maphash"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/sergi/go-diff/diffmatchpatch"

	"github.com/prima-dev/prima/shown"
)

// Kind names what happened to one element between two snapshots.
type Kind string

// The kinds of change, in the order they are reported: the direct effect of
// an action (a value typed, a box ticked) before its consequences.
const (
	Typed    Kind = "typed"    // a field's value changed
	Selected Kind = "selected" // a combobox or listbox selection changed
	Toggled  Kind = "toggled"  // checked or pressed changed
	Changed  Kind = "changed"  // another state changed, or a text changed in place
	Renamed  Kind = "renamed"  // an element at the same place changed its name
	Added    Kind = "added"
	Removed  Kind = "removed"
)

// Kinds lists every Kind in report order.
var Kinds = []Kind{Typed, Selected, Toggled, Changed, Renamed, Added, Removed}

// Change is one diff entry, worded so a reader can cite it as proof:
// `textbox "Name": "" -> "Ada"` under typed. Of is the element it is
// about when it names one alone (not a counted run, a rename, a repeated
// element told apart by its context, or a text that changed in place):
// what code reads, where Text is what people read.
// The JSON names let a Change travel as it is, in snake_case like the
// envelope (prima export keeps the Changes of each step).
type Change struct {
	Kind Kind     `json:"kind"`
	Text string   `json:"text"`
	Of   *Element `json:"of,omitempty"`
	// Own: the page made this change on its own while the action ran (a
	// clock's tick), not in answer to it; it proves nothing of the action.
	Own bool `json:"own,omitempty"`
	// From and To are what a value or a text changed in place held before
	// and holds after, as the line shows them, also where Of cannot name
	// the element (one told apart by its context); "" for other changes.
	// They serve checks in the daemon and are never sent.
	From string `json:"-"`
	To   string `json:"-"`
	// Members are, for a run of added elements shown as one line
	// (`generic ×49`), each named member's role and name ("role\x00name"):
	// what the action added, for New refs. Never sent.
	Members []string `json:"-"`
	// Run is, for such a run (added or removed), its members' role.
	// Never sent.
	Run string `json:"-"`
	// Parts are Text as its words and the page's texts, raw: what the
	// envelope shows, masked field by field before it is escaped. Never
	// sent with the Change (the envelope carries them).
	Parts shown.Line `json:"-"`
}

func (c Change) String() string { return string(c.Kind) + ": " + c.Line() }

// Line is the change as the envelope lists it under its kind: one the
// page made on its own says so.
func (c Change) Line() string {
	if c.Own {
		return c.Text + " (on its own)"
	}
	return c.Text
}

// Significant roles are reported as elements: what a user can act on, and
// what a page uses to announce a result. Everything else that shows text is
// reported as text.
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

// LiveRegion tells whether role is a live region's: what it says is an
// announcement, which may echo a field's value but is no field.
func LiveRegion(role string) bool { return liveRegion[role] }

// What a diff makes of a role (classify): a significant element, with
// how it holds its text.
const (
	cSig       = 1 << iota // interactive or announcing
	cLive                  // a live region: identified by what it says
	cField                 // holds what was typed, inline or as children (a contenteditable's paragraphs)
	cSelect                // a combobox or listbox: its value is the selection
	cContainer             // its name does not come from the text inside it
)

// classify is the maps above as one switch, which costs less than a map
// lookup on every node of a big page.
func classify(role string) uint8 {
	switch role {
	case "button", "link", "checkbox", "radio", "switch", "option", "menuitem",
		"menuitemcheckbox", "menuitemradio", "tab", "slider", "treeitem",
		"heading", "tooltip", "progressbar":
		return cSig
	case "textbox", "searchbox", "spinbutton":
		return cSig | cField
	case "combobox", "listbox":
		return cSig | cSelect
	case "alert", "status", "log":
		return cSig | cLive
	case "dialog", "alertdialog":
		return cSig | cContainer
	}
	return 0
}

// Caps of what a diff entry prints, in runes.
const (
	maxLabel   = 120 // a name, value or text in an entry
	maxContext = 60  // the context of a repeated element
	maxSummary = 60  // each example in a counted run
	// From these sizes on, same-role entries of one kind in one hunk are
	// counted in one entry instead of listed: texts, and elements (whose
	// names are more often the proof a caller looks for).
	collapseText     = 6
	collapseElements = 12
)

// entry is one thing a diff compares: a significant element, or a text the
// page shows (a paragraph, a cell, a list item, a loose `text:` line…).
type entry struct {
	text bool // a text entry
	// quiet: the name of a named element that holds children (a menu, a
	// group), which no line prints: it lets the same element shown as a
	// named leaf on the other side (the menu before it was filled, an
	// editor whose line became a list) pair with it, so an element that
	// gains or loses its children stays. Unpaired, it is dropped.
	quiet    bool
	live     bool // a live region
	role     string
	name     string
	value    string
	hasValue bool
	// selected are a list's selected options' names, one each, when its
	// value joins them.
	selected []string
	// options: a list's first option names and how many it holds, which
	// a list that came or went shows (the suggestions a search offers).
	options []string
	nOpts   int
	groups  []string // the node's groups, noise included; see states
	// ctx tells apart elements whose role and name repeat: the text
	// around them (their list item, row, container). "" when unique.
	ctx string
	// near: ctx is the text of other blocks beside the element (a
	// paragraph before it), not of what encloses it.
	near bool
	// hidden: inside an aria-hidden node (a widget's internal form input,
	// an editor's gutter), which the snapshot lists but no user perceives:
	// its changes are not the page's. Not part of its identity: a page
	// that hides its content behind a modal changed nothing in it.
	hidden bool
	scope  int32 // the scope of the node's parent, -1 at the top
	// nid is the node's ID (see Tree.Space), "" for a text no element
	// holds; pid, its parent's. A diff pairs by them only within one Space.
	nid, pid string
	key      int32  // the number of its identity (see keys)
	hash     uint64 // of its identity as flattened (before any context)
}

// content is what a text entry shows: its value, else its name.
func (e *entry) content() string {
	if e.hasValue {
		return e.value
	}
	return e.name
}

// identity is what aligns two entries: role and name; for live regions and
// texts what they say; for repeated elements their context.
type identity struct {
	text             bool
	role, name, what string
}

func (e *entry) id() identity {
	switch {
	case e.text && e.name != "":
		// A named element is known by its name, whatever text it shows
		// inline or through its children (quiet).
		return identity{true, e.role, e.name, ""}
	case e.text:
		return identity{true, e.role, e.name, e.value}
	case e.live:
		return identity{false, e.role, e.name, e.value}
	}
	return identity{false, e.role, e.name, e.ctx}
}

// keys numbers the identities of both trees of one diff, and counts how
// often each significant element's role and name occur on either side.
type keys struct {
	// byHash numbers identities by their hash; an identity whose hash
	// another one already holds is numbered in ids instead.
	byHash map[uint64]int32
	first  []identity // of each number given by hash
	ids    map[identity]int32
	counts [][2]int32
	// inCtx numbers repeated elements by their role-and-name key and
	// context: a smaller key to hash than a whole identity.
	inCtx map[ctxKey]int32
}

type ctxKey struct {
	key int32
	ctx string
}

func newKeys(size int) *keys {
	return &keys{byHash: make(map[uint64]int32, size), ids: map[identity]int32{}, counts: make([][2]int32, 0, size)}
}

// of numbers the identity of e: a number is a hash lookup, cheaper than
// hashing the identity's strings on every diff.
func (k *keys) of(e *entry) int32 {
	id := e.id()
	if n, ok := k.byHash[e.hash]; ok {
		if k.first[n] == id {
			return n
		}
	} else {
		n = k.next(id)
		k.byHash[e.hash] = n
		return n
	}
	n, ok := k.ids[id]
	if !ok {
		n = k.next(identity{})
		k.ids[id] = n
	}
	return n
}

// next gives out a new number; first is its identity when it is numbered
// by hash, else the zero identity.
func (k *keys) next(first identity) int32 {
	n := int32(len(k.counts))
	k.first = append(k.first, first)
	k.counts = append(k.counts, [2]int32{})
	return n
}

// withCtx numbers the element keyed key in the context ctx.
func (k *keys) withCtx(key int32, ctx string) int32 {
	if k.inCtx == nil {
		k.inCtx = map[ctxKey]int32{}
	}
	ck := ctxKey{key, ctx}
	n, ok := k.inCtx[ck]
	if !ok {
		n = k.next(identity{})
		k.inCtx[ck] = n
	}
	return n
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

// writeLabel writes how an added or removed entry reads:
// `role "name" [states] (in "context"): value`.
func (e *entry) writeLabel(b *builder) {
	e.writeHead(b)
	for _, g := range e.states() {
		b.word(" [" + g + "]")
	}
	e.writeCtx(b)
	if e.hasValue && e.value != "" {
		b.word(": ")
		b.plain(e.value, maxLabel)
	}
}

// writeHead writes the label without states or value: what the element is.
func (e *entry) writeHead(b *builder) {
	b.word(e.role)
	if e.name != "" {
		b.word(" ")
		b.quoted(e.name, maxLabel)
	}
}

// head is writeHead's text.
func (e *entry) head() string {
	var b builder
	e.writeHead(&b)
	return b.l.String()
}

// named is the element a change of its value or state names, nil when
// the entry is unnamed or told apart by its context.
func (e *entry) named(from, to string, toCut int, quoted bool) *Element {
	if e.name == "" || e.ctx != "" {
		return nil
	}
	el := &Element{Role: e.role, Named: true, From: from, To: to, ToCut: toCut, Quoted: quoted}
	el.Name, el.NameCut = capCut(e.name, maxLabel)
	return el
}

// writeCtx writes ` (in "context")` for a repeated element, ` (near
// "context")` when that text is a block beside it, else nothing.
func (e *entry) writeCtx(b *builder) {
	switch {
	case e.ctx == "":
		return
	case e.near:
		b.word(" (near ")
	default:
		b.word(" (in ")
	}
	b.where(e.ctx, maxLabel)
	b.word(")")
}

// desc writes what a counted run quotes for one member, false when
// there is nothing to quote.
func (e *entry) desc(b *builder) bool {
	switch {
	case e.text:
		b.quoted(e.content(), maxSummary)
	case e.name != "":
		b.quoted(e.name, maxSummary)
	case e.ctx != "":
		b.word("in ")
		b.where(e.ctx, maxSummary)
	default:
		return false
	}
	return true
}

// flat is a tree reduced to its entries in document order, with the scopes
// (nodes that have children) that context is looked up in.
type flat struct {
	es     []entry
	scopes []scope
	keys   *keys
	side   int      // 0 before, 1 after
	texts  []string // per scope, its texts once context asked for them
	near   []bool   // per scope, whether those texts are all blocks of their own
}

// scope is the entries below one node: es[start:end]; owner is the
// node's own entry, -1 when it has none (a wrapper, an unnamed list).
type scope struct{ start, end, parent, owner int32 }

// owner says which text below a significant element is already part of it.
type owner struct {
	all    bool   // all of it: the value of a field or a live region
	name   string // what the element's name holds
	hidden bool   // inside an aria-hidden node
	pid    string // the ID of the node whose children these are
}

// flatten lists the entries of t in document order, numbering their
// identities in k. The entries of a tree are made once (trees do not
// change once made: the tree before a command is the one after the last),
// each diff numbering a copy.
func flatten(t *Tree, k *keys, side int) *flat {
	if t.flat == nil {
		f := &flat{}
		if t.nodes > 0 {
			f.es = make([]entry, 0, t.nodes/2+16)
		}
		f.children(t.Root.Children, -1, owner{})
		var h maphash.Hash
		h.SetSeed(hashSeed)
		for i := range f.es {
			f.es[i].hash = hashIdentity(&h, f.es[i].id())
		}
		t.flat = &flatTree{es: f.es, scopes: f.scopes}
	}
	f := &flat{keys: k, side: side, es: slices.Clone(t.flat.es), scopes: t.flat.scopes}
	for i := range f.es {
		e := &f.es[i]
		e.key = k.of(e)
		if !e.text && !e.live {
			k.counts[e.key][side]++
		}
	}
	return f
}

// flatTree is what flatten keeps of a tree: its entries, not numbered.
type flatTree struct {
	es     []entry
	scopes []scope
}

var hashSeed = maphash.MakeSeed()

func hashIdentity(h *maphash.Hash, id identity) uint64 {
	h.Reset()
	if id.text {
		h.WriteByte(1)
	} else {
		h.WriteByte(0)
	}
	for _, s := range [...]string{id.role, id.name, id.what} {
		h.WriteString(s)
		h.WriteByte(0xff) // no UTF-8 string holds it: the fields stay apart
	}
	return h.Sum64()
}

func (f *flat) children(nodes []*Node, sc int32, own owner) {
	for i, n := range nodes {
		f.node(n, nodes, i, sc, own)
	}
}

func (f *flat) node(n *Node, siblings []*Node, i int, sc int32, own owner) {
	first := len(f.es)
	if n.Has("aria-hidden") {
		own.hidden = true
	}
	if c := classify(n.Role); c&cSig != 0 {
		e := entry{role: n.Role, name: n.Name, groups: n.Groups, scope: sc, hidden: own.hidden, nid: n.ID, pid: own.pid}
		switch {
		case c&cSelect != 0 && !wrapsField(n):
			// The selection is the value; options are not entries of their own.
			e.value, e.selected, e.hasValue = selection(n)
			e.options, e.nOpts = optionsOf(n)
			f.add(e)
			return
		case c&cLive != 0:
			e.live = true
			e.value = textOf(n, 200)
			e.hasValue = e.value != ""
			own.all = true
		case c&cField != 0:
			e.value, e.hasValue = n.Value, n.HasValue
			if !n.HasValue {
				// A field with props (a placeholder) shows its value as a
				// text child, a contenteditable as paragraphs.
				e.value = textOf(n, 4096)
				e.hasValue = e.value != ""
			}
			own.all = true
		default:
			e.value, e.hasValue = n.Value, n.HasValue
			if n.Name != "" && c&cContainer == 0 {
				own.name = n.Name
			}
		}
		f.add(e)
	} else if !own.all {
		f.text(n, siblings, i, sc, own)
		if n.Name != "" && len(n.Children) > 0 && !n.HasValue {
			f.add(entry{text: true, quiet: true, role: n.Role, name: n.Name, groups: n.Groups, scope: sc, hidden: own.hidden, nid: n.ID, pid: own.pid})
		}
	}
	if len(n.Children) > 0 {
		s := int32(len(f.scopes))
		o := int32(-1)
		if len(f.es) > first {
			o = int32(len(f.es) - 1)
		}
		f.scopes = append(f.scopes, scope{start: int32(len(f.es)), parent: sc, owner: o})
		if n.ID != "" {
			own.pid = n.ID
		}
		f.children(n.Children, s, own)
		f.scopes[s].end = int32(len(f.es))
	}
}

// add appends e; flatten numbers it (a significant element by role and
// name, until markRepeated knows whether its context is needed).
func (f *flat) add(e entry) {
	f.es = append(f.es, e)
}

// text adds n as a text entry when it shows text of its own (an inline
// value, or the name of a leaf) that no element already says.
func (f *flat) text(n *Node, siblings []*Node, i int, sc int32, own owner) {
	var t string
	switch {
	case n.HasValue:
		t = n.Value
	case n.Name != "" && len(n.Children) == 0:
		t = n.Name
	}
	if t == "" {
		return
	}
	if own.name != "" && strings.Contains(own.name, t) {
		return // a part of the element's name
	}
	// The label an element next to it is named by says nothing of its
	// own; it stays an entry, quiet, so that a label that stays pairs with
	// itself where an element came or went beside it.
	quiet := labels(siblings, i-1, t, false) || labels(siblings, i+1, t, true)
	f.add(entry{text: true, quiet: quiet, role: n.Role, name: n.Name, value: n.Value,
		hasValue: n.HasValue, groups: n.Groups, scope: sc, hidden: own.hidden, nid: n.ID, pid: own.pid})
}

// labels reports whether siblings[k] is a significant element named t.
// The element may sit in an unnamed wrapper (a widget's own div around
// its field): the wrapper's first child when it follows the text (first),
// its last when it comes before. A page may draw or drop that wrapper as
// the widget opens and closes, and the text labels the element either way.
func labels(siblings []*Node, k int, t string, first bool) bool {
	if k < 0 || k >= len(siblings) {
		return false
	}
	s := siblings[k]
	for s.Name == "" && classify(s.Role)&cSig == 0 && !s.HasValue && len(s.Children) > 0 {
		if first {
			s = s.Children[0]
		} else {
			s = s.Children[len(s.Children)-1]
		}
	}
	if s.Name == "" || classify(s.Role)&cSig == 0 {
		return false
	}
	trim := func(x string) string { return strings.TrimRight(x, " :*") }
	return trim(s.Name) == trim(t)
}

// markRepeated gives each element whose role and name occur more than once
// in either tree its context, and numbers it by role, name and context, so
// alignment tells the copies apart.
func markRepeated(fs ...*flat) {
	for _, f := range fs {
		for k := range f.es {
			e := &f.es[k]
			if e.text || e.live {
				continue
			}
			if c := f.keys.counts[e.key]; c[0] > 1 || c[1] > 1 {
				if e.ctx, e.near = f.context(k); e.ctx != "" {
					e.key = f.keys.withCtx(e.key, e.ctx)
				}
			}
		}
	}
}

// context is the text nearest to entry k: the texts of the closest
// enclosing node (up to four levels, never a big section) that shows any,
// else the names of the other elements there. near is true when every
// such text is a block of its own (a paragraph, a heading) beside the
// element rather than text of what encloses it.
func (f *flat) context(k int) (string, bool) {
	e := &f.es[k]
	sc := e.scope
	for level := 0; sc >= 0 && level < 4; level++ {
		s := &f.scopes[sc]
		if s.end-s.start > 64 {
			break
		}
		if f.texts == nil {
			f.texts = make([]string, len(f.scopes))
			f.near = make([]bool, len(f.scopes))
		}
		t := f.texts[sc]
		if t == "" {
			// The texts do not depend on the element asking: once per scope
			// ("\x00" marks a scope without any).
			t, f.near[sc] = f.scopeText(s, e, true)
			if t == "" {
				t = "\x00"
			}
			f.texts[sc] = t
		}
		if t != "\x00" {
			return t, f.near[sc]
		}
		if t, _ := f.scopeText(s, e, false); t != "" {
			return t, false
		}
		sc = s.parent
	}
	return "", false
}

func (f *flat) scopeText(s *scope, self *entry, texts bool) (string, bool) {
	var b strings.Builder
	blocks := true
	for k := s.start; k < s.end && b.Len() < 4*maxContext; k++ {
		x := &f.es[k]
		var t string
		switch {
		case x.quiet:
			continue
		case texts && x.text:
			t = x.content()
			blocks = blocks && (x.role == "paragraph" || x.role == "heading" || x.role == "blockquote")
		case !texts && !x.text && x.name != "" && (x.role != self.role || x.name != self.name):
			t = x.name
		default:
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(t)
	}
	return cutRunes(b.String(), maxContext), texts && b.Len() > 0 && blocks
}

// wrapsField: a combobox or listbox that holds a text field (a select
// with a search box, at any depth: its popup may hold it) is a widget of
// parts, each an entry of its own (what was typed, the options the search
// left), not one value.
func wrapsField(n *Node) bool {
	if n.Role != "combobox" && n.Role != "listbox" {
		return false
	}
	found := false
	n.Walk(func(c *Node, _ int) bool {
		found = found || c.Role == "textbox" || c.Role == "searchbox"
		return !found && c.Role != "option"
	})
	return found
}

// selection is a combobox's or listbox's value: its inline value, else the
// names of its selected options (also given one each), those of a list
// nested in it aside.
func selection(n *Node) (string, []string, bool) {
	if n.HasValue {
		return n.Value, nil, true
	}
	// An editable combobox that owns its list shows what was typed in it
	// as a text of its own beside that list.
	for _, c := range n.Children {
		if c.Role == "text" && c.HasValue {
			return c.Value, nil, true
		}
	}
	var sel []string
	n.Walk(func(c *Node, _ int) bool {
		if c != n && (c.Role == "combobox" || c.Role == "listbox") {
			return false // a list of its own inside (a custom select's popup, its hidden native select) holds its own selection
		}
		if c.Role == "option" && (c.Has("selected") || c.Has("checked")) {
			sel = append(sel, c.Name)
		}
		return true
	})
	return strings.Join(sel, ", "), sel, true
}

// shownOptions is how many option names a list that came or went lists.
const shownOptions = 5

// optionsOf is a list's first option names and its count of options, its
// own (not those of a list inside it).
func optionsOf(n *Node) ([]string, int) {
	var names []string
	count := 0
	n.Walk(func(c *Node, _ int) bool {
		if c != n && (c.Role == "combobox" || c.Role == "listbox") {
			return false
		}
		if c.Role == "option" {
			if count++; len(names) < shownOptions {
				names = append(names, c.Name)
			}
		}
		return true
	})
	return names, count
}

// writeOptions adds a list's options to the line of a list that came or
// went: ` (options: "Paris", "Prague")`, with how many more.
func (e *entry) writeOptions(b *builder) {
	if e.nOpts == 0 || e.value != "" {
		return
	}
	b.word(" (options: ")
	e.writeOptionList(b)
	b.word(")")
}

// writeOptionList writes a list's first options and how many more, or
// `none`.
func (e *entry) writeOptionList(b *builder) {
	if e.nOpts == 0 {
		b.word("none")
		return
	}
	for i, o := range e.options {
		if i > 0 {
			b.word(", ")
		}
		b.quoted(o, maxSummary)
	}
	if more := e.nOpts - len(e.options); more > 0 {
		b.word(", +" + strconv.Itoa(more) + " more")
	}
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
// merely renumbered, give no entries; trees that differ in anything else,
// text included, give at least one.
func Diff(before, after *Tree) []Change {
	return diff(before, after, true)
}

// DiffNavigated compares two different pages (the URL's path changed):
// elements and texts are only added or removed, never renamed or changed,
// since nothing stayed in place.
func DiffNavigated(before, after *Tree) []Change {
	return diff(before, after, false)
}

func diff(before, after *Tree, inPlace bool) []Change {
	k := newKeys(before.nodes/2 + 16)
	fa, fb := flatten(before, k, 0), flatten(after, k, 1)
	markRepeated(fa, fb)
	a, b := fa.es, fb.es
	var out []Change
	budget := lcsBudget
	var hunks [][2][]entry
	alignEntries(a, b, func(x, y *entry) {
		if x.hidden && y.hidden {
			return
		}
		for _, it := range compare(x, y) {
			out = append(out, it.word())
		}
	}, func(del, ins []entry) {
		unseen := func(e entry) bool { return e.hidden || e.quiet }
		del, ins = slices.DeleteFunc(slices.Clone(del), unseen), slices.DeleteFunc(slices.Clone(ins), unseen)
		if len(del)+len(ins) > 0 {
			hunks = append(hunks, [2][]entry{del, ins})
		}
	})
	byNode := before.Space != "" && before.Space == after.Space
	if byNode {
		var shaped []item
		hunks, shaped = unfold(hunks, a, b, before, after)
		out = append(out, collapse(shaped)...)
	}
	if inPlace {
		var moved []item
		hunks, moved = pairMoved(hunks, fb, byNode)
		out = append(out, collapse(moved)...)
	}
	for _, h := range hunks {
		if len(h[0])+len(h[1]) > 0 {
			out = append(out, hunk(h[0], h[1], inPlace, byNode, &budget)...)
		}
	}
	sort.SliceStable(out, func(i, j int) bool { return kindRank(out[i].Kind) < kindRank(out[j].Kind) })
	if len(out) == 0 {
		// Nothing an entry covers changed: a wrapper, a link's URL, an
		// empty node. The trees may still differ, and then the diff says
		// where rather than "no change".
		if c, ok := firstDifference(before.Root, after.Root, true); ok {
			out = append(out, c)
		}
	}
	return out
}

// unfold takes out of the hunks the entries of nodes that stayed and only
// changed shape: a node the other tree holds folded into another entry (a
// combobox's shown text is its value while it is one control, and a line
// of its own once it holds a search field) was neither added nor removed.
// A text it says otherwise now is worded as changed. a and b are the two
// trees' entries, before and after.
func unfold(hunks [][2][]entry, a, b []entry, before, after *Tree) ([][2][]entry, []item) {
	entries := func(es []entry) map[string]bool {
		m := map[string]bool{}
		for i := range es {
			if es[i].nid != "" {
				m[es[i].nid] = true
			}
		}
		return m
	}
	var wasEntry, isEntry map[string]bool
	var was, is map[string]*Node
	var items []item
	folded := func(e entry, entry map[string]bool, nodes *map[string]*Node, t *Tree) *Node {
		if e.nid == "" || e.live || entry[e.nid] {
			return nil
		}
		if *nodes == nil {
			*nodes = map[string]*Node{}
			t.Root.Walk(func(n *Node, _ int) bool {
				if n.ID != "" {
					(*nodes)[n.ID] = n
				}
				return true
			})
		}
		return (*nodes)[e.nid]
	}
	for h := range hunks {
		if len(hunks[h][1]) > 0 && wasEntry == nil {
			wasEntry = entries(a)
		}
		hunks[h][1] = slices.DeleteFunc(hunks[h][1], func(e entry) bool {
			n := folded(e, wasEntry, &was, before)
			if n != nil && e.text {
				if t := textOf(n, 4096); t != e.content() {
					from := e
					from.value, from.hasValue = t, true
					items = append(items, compare(&from, &e)...)
				}
			}
			return n != nil
		})
		if len(hunks[h][0]) > 0 && isEntry == nil {
			isEntry = entries(b)
		}
		hunks[h][0] = slices.DeleteFunc(hunks[h][0], func(e entry) bool {
			n := folded(e, isEntry, &is, after)
			if n != nil && e.text {
				if t := textOf(n, 4096); t != e.content() {
					to := e
					to.value, to.hasValue = t, true
					items = append(items, compare(&e, &to)...)
				}
			}
			return n != nil
		})
	}
	return hunks, items
}

// pairMoved takes out of the hunks the elements and texts that left one
// place and showed up at another (a grid's rows after a sort, a
// calendar's event dragged to another day): each is worded as moved, with
// what changed in it, never as removed and added. With byNode, an entry
// that is one DOM node on both sides pairs with itself: across hunks it
// moved; within one, hunk pairs it in place. The rest that went pair, in
// order, with ones of the same identity that came. after is the flattened
// tree the entries that came are from, so that a move says which named
// element now holds the entry.
func pairMoved(hunks [][2][]entry, after *flat, byNode bool) ([][2][]entry, []item) {
	type at struct{ h, j int }
	came := map[int32][]at{}
	node := map[string]at{}
	for h := range hunks {
		for j := range hunks[h][1] {
			e := &hunks[h][1][j]
			if e.live {
				continue
			}
			came[e.key] = append(came[e.key], at{h, j})
			if byNode && e.nid != "" {
				node[e.nid] = at{h, j}
			}
		}
	}
	if len(came) == 0 {
		return hunks, nil
	}
	gone := make([][]bool, len(hunks))
	taken := make([][]bool, len(hunks))
	for h := range hunks {
		gone[h] = make([]bool, len(hunks[h][0]))
		taken[h] = make([]bool, len(hunks[h][1]))
	}
	var items []item
	move := func(h, k int, y at) {
		d, e := &hunks[h][0][k], &hunks[y.h][1][y.j]
		gone[h][k], taken[y.h][y.j] = true, true
		items = append(items, compare(d, e)...)
		var b builder
		e.writeHead(&b)
		if e.text && e.name == "" {
			b = builder{}
			b.word(e.role + ": ")
			b.plain(e.content(), maxLabel)
		}
		b.word(" moved")
		if in := after.holder(e); in != nil {
			b.word(" into ")
			b.line(in)
		}
		items = append(items, item{Change: b.change(Changed), role: e.role + " moved", text: e.text, to: e})
	}
	// held: one node in one hunk, left for hunk to pair in place (the
	// entry that went, and the one that came).
	var held, heldIn map[at]bool
	if len(node) > 0 {
		held, heldIn = map[at]bool{}, map[at]bool{}
		for h := range hunks {
			for k := range hunks[h][0] {
				d := &hunks[h][0][k]
				y, ok := node[d.nid]
				if d.live || d.nid == "" || !ok || !sameKind(d, &hunks[y.h][1][y.j]) {
					continue
				}
				if y.h == h {
					held[at{h, k}], heldIn[y] = true, true
					continue
				}
				move(h, k, y)
			}
		}
	}
	for h := range hunks {
		for k := range hunks[h][0] {
			d := &hunks[h][0][k]
			if d.live || gone[h][k] || held[at{h, k}] {
				continue
			}
			q := came[d.key]
			for len(q) > 0 && (taken[q[0].h][q[0].j] || heldIn[q[0]]) {
				q = q[1:]
			}
			came[d.key] = q
			if len(q) == 0 {
				continue
			}
			came[d.key] = q[1:]
			move(h, k, q[0])
		}
	}
	if len(items) == 0 {
		return hunks, nil
	}
	for h := range hunks {
		del, ins := hunks[h][0][:0:0], hunks[h][1][:0:0]
		for k, d := range hunks[h][0] {
			if !gone[h][k] {
				del = append(del, d)
			}
		}
		for j, y := range hunks[h][1] {
			if !taken[h][j] {
				ins = append(ins, y)
			}
		}
		hunks[h] = [2][]entry{del, ins}
	}
	return hunks, items
}

// holder is the label of the nearest named element that holds e, within
// four levels; nil when none.
func (f *flat) holder(e *entry) shown.Line {
	sc := e.scope
	for level := 0; sc >= 0 && level < 4; level++ {
		s := &f.scopes[sc]
		if s.owner >= 0 {
			if o := &f.es[s.owner]; o.name != "" && (o.quiet || !o.text) {
				var b builder
				o.writeHead(&b)
				return b.l
			}
		}
		sc = s.parent
	}
	return nil
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

// alignEntries aligns a and b on identity (their keys) with a line diff and reports
// matched pairs and unmatched hunks in order.
func alignEntries(a, b []entry, same func(x, y *entry), hunk func(del, ins []entry)) {
	toRunes := func(es []entry) []rune {
		rs := make([]rune, len(es))
		for i := range es {
			// Skip the surrogate range: go-diff turns runes into strings.
			n := es[i].key + 1
			if n >= 0xD800 {
				n += 0x800
			}
			rs[i] = rune(n)
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

// item is a change with what a counted run needs of it. Entries added or
// removed and texts changed in place are worded only when they are not
// counted: a page that changed everywhere has many.
type item struct {
	Change          // Text is "" until worded
	role     string // the role it is counted under; "" never counts
	text     bool   // counted from collapseText on, else from collapseElements
	from, to *entry // what was removed, added, or (both) a text changed in place
}

// word returns the item's Change, worded.
func (it *item) word() Change {
	switch {
	case it.Text != "":
		return it.Change
	case it.from != nil && it.to != nil:
		from, to := textChange(it.from, it.to)
		sf, st, toCut := shownPairCut(from, to)
		y := it.to
		// The element is named only where its name stayed and it holds a value.
		named := y.hasValue && y.name != "" && it.from.name == y.name
		var b builder
		if named {
			y.writeHead(&b)
		} else {
			b.word(y.role)
		}
		b.fromTo(sf, st)
		c := b.changed(it.Kind, sf, st)
		if named {
			return about(c, y.named(sf, st, toCut, true))
		}
		return c
	case it.to != nil:
		var b builder
		it.to.writeLabel(&b)
		it.to.writeOptions(&b)
		return about(b.change(it.Kind), it.to.shown())
	}
	var b builder
	it.from.writeLabel(&b)
	it.from.writeOptions(&b)
	return about(b.change(it.Kind), it.from.shown())
}

// raw is what tells the members of a run apart.
func (it *item) raw() string {
	if it.from != nil && it.to != nil {
		from, to := textChange(it.from, it.to)
		return from + "\x00" + to
	}
	e := it.to
	if e == nil {
		e = it.from
	}
	switch {
	case e.text:
		return "t" + e.content()
	case e.name != "":
		return "n" + e.name
	case e.ctx != "":
		return "c" + e.ctx
	}
	return ""
}

// desc writes what a counted run quotes for one member, or `unnamed`.
func (it *item) desc(b *builder) bool {
	switch {
	case it.from != nil && it.to != nil:
		from, to := textChange(it.from, it.to)
		b.quoted(from, maxSummary)
		b.word(" -> ")
		b.quoted(to, maxSummary)
		return true
	case it.to != nil:
		return it.to.desc(b)
	}
	return it.from.desc(b)
}

// hunk words an unmatched run. In place (not after a navigation): texts of
// one role that were replaced at the same place changed; elements of one
// role and context that kept their name are the same element, those that
// swapped names in place are renamed; the rest is added or removed. An
// empty live region vanishing says nothing and is not reported. Long runs
// of one role are counted.
func hunk(del, ins []entry, inPlace, byNode bool, budget *int) []Change {
	pair := make([]int, len(del))
	for k := range pair {
		pair[k] = -1
	}
	used := make([]bool, len(ins))
	if inPlace {
		var moved [][2]string
		if byNode {
			moved = pairNodes(del, ins, pair, used)
		}
		moved = append(moved, pairTexts(del, ins, pair, used, budget)...)
		pairElements(del, ins, pair, used, moved, budget)
		pairLive(del, ins, pair, used)
		pairAlike(del, ins, pair, used)
		if byNode {
			// Two nodes known apart are one element changed only where
			// one took the other's place, under the same parent: a
			// dialog's heading is no page heading renamed.
			for k, j := range pair {
				if j < 0 {
					continue
				}
				if d, y := &del[k], &ins[j]; d.nid != y.nid && d.pid != "" && y.pid != "" && d.pid != y.pid {
					pair[k], used[j] = -1, false
				}
			}
		}
	}
	var items []item
	for k := range del {
		d := &del[k]
		if j := pair[k]; j >= 0 {
			items = append(items, compare(d, &ins[j])...)
		} else if !(d.live && d.value == "") {
			items = append(items, item{Change: Change{Kind: Removed}, role: d.role, text: d.text, from: d})
		}
	}
	for j := range ins {
		e := &ins[j]
		if !used[j] && !(e.live && e.value == "") {
			items = append(items, item{Change: Change{Kind: Added}, role: e.role, text: e.text, to: e})
		}
	}
	return collapse(items)
}

// pairNodes pairs the entries of a hunk that are one DOM node before and
// after (see Tree.Space): whatever its name, text, state or context
// became, a node that stayed is changed, never removed and added. It
// returns the texts' contents, which explain a changed context.
func pairNodes(del, ins []entry, pair []int, used []bool) [][2]string {
	at := map[string]int{}
	for j := range ins {
		if id := ins[j].nid; id != "" {
			at[id] = j
		}
	}
	if len(at) == 0 {
		return nil
	}
	var moved [][2]string
	for k := range del {
		d := &del[k]
		j, ok := at[d.nid]
		if d.nid == "" || !ok || used[j] || !sameKind(d, &ins[j]) {
			continue
		}
		pair[k], used[j] = j, true
		if d.text {
			moved = append(moved, [2]string{d.content(), ins[j].content()})
		}
	}
	return moved
}

// sameKind: entries of one node that pair (a new role is a new control).
func sameKind(x, y *entry) bool { return x.text == y.text && x.live == y.live && x.role == y.role }

// pairTexts pairs the texts of a hunk that changed in place: per role, in
// order when as many went as came, else only those that stayed alike. It
// returns the pairs' contents, which explain a changed context.
func pairTexts(del, ins []entry, pair []int, used []bool, budget *int) [][2]string {
	byRole := map[string][]int{}
	for j := range ins {
		if ins[j].text && !used[j] {
			byRole[ins[j].role] = append(byRole[ins[j].role], j)
		}
	}
	if len(byRole) == 0 {
		return nil
	}
	dels := map[string][]int{}
	var roles []string
	for k := range del {
		if r := del[k].role; del[k].text && pair[k] < 0 && len(byRole[r]) > 0 {
			if dels[r] == nil {
				roles = append(roles, r)
			}
			dels[r] = append(dels[r], k)
		}
	}
	var moved [][2]string
	match := func(k, j int) {
		pair[k], used[j] = j, true
		moved = append(moved, [2]string{del[k].content(), ins[j].content()})
	}
	for _, r := range roles {
		ds, js := dels[r], byRole[r]
		if len(ds) == len(js) {
			for n := range ds {
				match(ds[n], js[n])
			}
			continue
		}
		next := 0
		for _, k := range ds {
			for n := next; n < len(js) && n < next+8; n++ {
				if similar(del[k].content(), ins[js[n]].content(), budget) {
					match(k, js[n])
					next = n + 1
					break
				}
			}
		}
	}
	return moved
}

// pairElements pairs the elements of a hunk that stayed: same role, same
// context (or one explained by a text that changed), the same name first,
// else a new name at the same place (renamed). Live regions pair apart
// (pairLive).
func pairElements(del, ins []entry, pair []int, used []bool, moved [][2]string, budget *int) {
	type queue struct {
		js    []int
		first int // js[:first] are all used
	}
	byRole := map[string]*queue{}
	for j := range ins {
		if !ins[j].text && !ins[j].live {
			q := byRole[ins[j].role]
			if q == nil {
				q = &queue{}
				byRole[ins[j].role] = q
			}
			q.js = append(q.js, j)
		}
	}
	if len(byRole) == 0 {
		return
	}
	for _, renamed := range []bool{false, true} {
		for k := range del {
			d := &del[k]
			if d.text || d.live || pair[k] >= 0 {
				continue
			}
			q := byRole[d.role]
			if q == nil {
				continue
			}
			for q.first < len(q.js) && used[q.js[q.first]] {
				q.first++
			}
			// Look a little ahead only: the same place is near.
			for n := q.first; n < len(q.js) && n < q.first+8; n++ {
				j := q.js[n]
				y := &ins[j]
				if used[j] || (y.name != d.name) != renamed || !sameContext(d.ctx, y.ctx, moved, budget) || !sameLevel(d, y) {
					continue
				}
				pair[k], used[j] = j, true
				break
			}
		}
	}
}

// sameLevel: a heading of another level is another heading (a page's
// title is no tab panel's subheading renamed).
func sameLevel(x, y *entry) bool {
	return x.role != "heading" || stateWord("level", x.groups) == stateWord("level", y.groups)
}

// pairAlike pairs the elements of one role and name that are left, in
// order, when as many went as came: the same elements, whose context is
// what changed around them (an accordion's headings once a panel opened
// between them). A context tells copies apart; it is no part of what an
// element is.
func pairAlike(del, ins []entry, pair []int, used []bool) {
	type key struct{ role, name string }
	dels, inss := map[key][]int{}, map[key][]int{}
	var order []key
	for k := range del {
		if d := &del[k]; !d.text && !d.live && pair[k] < 0 {
			kk := key{d.role, d.name}
			if dels[kk] == nil {
				order = append(order, kk)
			}
			dels[kk] = append(dels[kk], k)
		}
	}
	for j := range ins {
		if y := &ins[j]; !y.text && !y.live && !used[j] {
			inss[key{y.role, y.name}] = append(inss[key{y.role, y.name}], j)
		}
	}
	for _, kk := range order {
		if ds, js := dels[kk], inss[kk]; len(ds) == len(js) {
			for n := range ds {
				pair[ds[n]], used[js[n]] = js[n], true
			}
		}
	}
}

// pairLive pairs a live region that said one thing before and another
// after in one hunk (a status line that went from "Saving…" to "Saved"):
// the only one of its role and name on each side, both saying something.
// Of several, which became which is not known: they stay added and
// removed, as does a region that was empty or went empty.
func pairLive(del, ins []entry, pair []int, used []bool) {
	type sides struct{ k, j, dels, inss int }
	by := map[[2]string]*sides{}
	at := func(e *entry) *sides {
		key := [2]string{e.role, e.name}
		s := by[key]
		if s == nil {
			s = &sides{}
			by[key] = s
		}
		return s
	}
	for k := range del {
		if d := &del[k]; d.live && d.value != "" && pair[k] < 0 {
			s := at(d)
			s.k, s.dels = k, s.dels+1
		}
	}
	if len(by) == 0 {
		return
	}
	for j := range ins {
		if y := &ins[j]; y.live && y.value != "" && !used[j] {
			s := at(y)
			s.j, s.inss = j, s.inss+1
		}
	}
	for _, s := range by {
		if s.dels == 1 && s.inss == 1 {
			pair[s.k], used[s.j] = s.j, true
		}
	}
}

// sameContext reports whether two contexts are of one place: equal, one
// unknown, alike, or made equal by a text that changed in the same hunk.
func sameContext(a, b string, moved [][2]string, budget *int) bool {
	if a == b || a == "" || b == "" || similar(a, b, budget) {
		return true
	}
	if len(moved) <= 64 {
		for _, m := range moved {
			if m[0] != "" && strings.Contains(a, m[0]) && cutRunes(strings.Replace(a, m[0], m[1], 1), maxContext) == b {
				return true
			}
		}
	}
	return false
}

// lcsBudget bounds how many longest-common-subsequence comparisons one
// diff makes, so a page that changed everywhere stays fast; past it,
// similar looks at both ends only.
const lcsBudget = 4096

// similar reports whether b reads as an edit of a: one holds the other,
// what they share at both ends is at least half the longer one, or (for
// short texts, while the budget lasts) their longest common subsequence is
// 60% of both.
func similar(a, b string, budget *int) bool {
	if a == "" || b == "" {
		return a == b
	}
	if strings.Contains(a, b) || strings.Contains(b, a) {
		return true
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	s := 0
	for s < len(a)-p && s < len(b)-p && a[len(a)-1-s] == b[len(b)-1-s] {
		s++
	}
	if 2*(p+s) >= max(len(a), len(b)) {
		return true
	}
	a, b = a[p:len(a)-s], b[p:len(b)-s]
	if len(a) > maxLCS || len(b) > maxLCS || *budget <= 0 {
		return false
	}
	*budget--
	return 10*(p+s+lcs(a, b)) >= 3*(len(a)+len(b)+2*(p+s))
}

// maxLCS is the longest text lcs compares, in bytes.
const maxLCS = 160

// lcs is the length of the longest common subsequence of a and b (at most
// maxLCS bytes each), in bytes.
func lcs(a, b string) int {
	var buf [2 * (maxLCS + 1)]int32
	prev, cur := buf[:len(b)+1], buf[maxLCS+1:maxLCS+2+len(b)]
	for i := 0; i < len(a); i++ {
		for j := 0; j < len(b); j++ {
			switch {
			case a[i] == b[j]:
				cur[j+1] = prev[j] + 1
			case prev[j+1] >= cur[j]:
				cur[j+1] = prev[j+1]
			default:
				cur[j+1] = cur[j]
			}
		}
		prev, cur = cur, prev
	}
	return int(prev[len(b)])
}

// compare words the differences between two entries for the same thing.
func compare(x, y *entry) []item {
	if x.text {
		return compareText(x, y)
	}
	var out []item
	if x.name != y.name {
		var b builder
		b.word(x.role)
		if x.name != "" {
			from, to := shownPair(x.name, y.name)
			b.word(" ")
			b.given(from)
			b.word(" -> ")
			b.given(to)
		} else {
			b.word(" -> ")
			b.quoted(y.name, maxLabel)
		}
		y.writeCtx(&b)
		out = append(out, item{Change: b.change(Renamed)})
		z := *y
		z.name = x.name
		y = &z
	}
	return append(out, compareEntry(x, y)...)
}

// compareText words a text that changed in place and its states.
func compareText(x, y *entry) []item {
	var out []item
	from, to := textChange(x, y)
	if x.quiet || y.quiet {
		// The element stayed; what it shows through its children is
		// their own entries' to tell.
		from, to = "", ""
	}
	if from != to {
		out = append(out, item{Change: Change{Kind: Changed}, role: y.role, text: true, from: x, to: y})
	}
	if equalStates(x.groups, y.groups) {
		return out
	}
	text := to
	name, cut := capCut(text, maxLabel)
	xs, ys := x.states(), y.states()
	for _, s := range stateNames(xs, ys) {
		if from, to := stateWord(s, xs), stateWord(s, ys); from != to {
			var b builder
			b.word(y.role + " ")
			b.quoted(text, maxLabel)
			b.word(": " + from + " -> " + to)
			c := b.change(stateKind(s))
			out = append(out, item{Change: about(c, &Element{Role: y.role, Name: name, NameCut: cut, Named: true, From: from, To: to})})
		}
	}
	return out
}

// textChange is what changed between two texts at one place: the text,
// else (the text alike) the name.
func textChange(x, y *entry) (from, to string) {
	from, to = x.content(), y.content()
	if from == to && x.name != y.name {
		from, to = x.name, y.name
	}
	return from, to
}

// compareEntry words the differences between two entries for the same
// element: its value and each state group.
func compareEntry(x, y *entry) []item {
	var out []item
	if x.value != y.value && x.live {
		out = append(out, liveChange(x, y))
	} else if x.value != y.value {
		k := Typed
		if x.role == "combobox" || x.role == "listbox" {
			k = Selected
		}
		from, to, toCut := shownPairCut(x.value, y.value)
		var b builder
		y.writeHead(&b)
		b.fromTo(from, to)
		y.writeCtx(&b)
		c := b.changed(k, from, to)
		el := y.named(from, to, toCut, true)
		if el != nil && k == Selected && toCut == 0 {
			el.Selected = y.selected
		}
		out = append(out, item{Change: about(c, el)})
	}
	if (x.nOpts > 0 || y.nOpts > 0) && (x.nOpts != y.nOpts || !slices.Equal(x.options, y.options)) {
		// A list that stayed and offers other options (a search filtered
		// it): the options it offers now are the proof.
		var b builder
		y.writeHead(&b)
		b.word(": options ")
		x.writeOptionList(&b)
		b.word(" -> ")
		y.writeOptionList(&b)
		y.writeCtx(&b)
		out = append(out, item{Change: b.change(Changed)})
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
		var b builder
		y.writeHead(&b)
		b.word(": " + from + " -> " + to)
		y.writeCtx(&b)
		c := b.change(stateKind(s))
		if c.Kind == Toggled {
			// Both sides, also for a box no name tells apart: what it
			// turned to is what a check proves.
			c.From, c.To = from, to
		}
		out = append(out, item{Change: about(c, y.named(from, to, 0, false))})
	}
	return out
}

// liveChange words a live region that says something else now:
// `status: "Saving…" -> "Saved"`.
func liveChange(x, y *entry) item {
	from, to, toCut := shownPairCut(x.value, y.value)
	var b builder
	y.writeHead(&b)
	b.fromTo(from, to)
	el := &Element{Role: y.role, Named: y.name != "", From: from, To: to, ToCut: toCut, Quoted: true}
	el.Name, el.NameCut = capCut(y.name, maxLabel)
	return item{Change: about(b.changed(Changed, from, to), el)}
}

func stateKind(s string) Kind {
	if s == "checked" || s == "pressed" {
		return Toggled
	}
	return Changed
}

// collapse counts runs: from collapseText texts (collapseElements
// elements) of one kind and role in a hunk, the first one's place holds `role ×N (first: …, last: …)` (or
// `button "Delete" ×N` when all are alike) and the others go.
func collapse(items []item) []Change {
	type key struct {
		k    Kind
		role string
	}
	type run struct {
		n           int
		first, last int
		raw         string // the first member's
		alike       bool
		members     []string // named added members (see Change.Members)
	}
	var runs map[key]*run
	if len(items) >= min(collapseText, collapseElements) {
		runs = map[key]*run{}
		for i := range items {
			it := &items[i]
			if it.role == "" {
				continue
			}
			kk := key{it.Kind, it.role}
			r := runs[kk]
			if r == nil {
				r = &run{first: i, raw: it.raw(), alike: true}
				runs[kk] = r
			} else if r.alike {
				r.alike = it.raw() == r.raw
			}
			r.n++
			r.last = i
			if it.Kind == Added && it.from == nil && it.to != nil && it.to.name != "" && it.to.ctx == "" {
				r.members = append(r.members, it.to.role+"\x00"+capRunes(it.to.name, maxLabel))
			}
		}
	}
	out := make([]Change, 0, len(items))
	for i := range items {
		it := &items[i]
		r := runs[key{it.Kind, it.role}]
		if it.role == "" || r == nil || r.n < it.threshold() {
			out = append(out, it.word())
			continue
		}
		if i != r.first {
			continue
		}
		var b builder
		b.word(it.role)
		if r.alike {
			var d builder
			if it.desc(&d) {
				b.word(" ")
				b.line(d.l)
			}
			b.word(" ×" + strconv.Itoa(r.n))
		} else {
			b.word(" ×" + strconv.Itoa(r.n) + " (first: ")
			orUnnamed(&b, it)
			b.word(", last: ")
			orUnnamed(&b, &items[r.last])
			b.word(")")
		}
		c := b.change(it.Kind)
		c.Members, c.Run = r.members, it.role
		out = append(out, c)
	}
	return out
}

func (it *item) threshold() int {
	if it.text {
		return collapseText
	}
	return collapseElements
}

// orUnnamed writes what a run quotes for it, or `unnamed`.
func orUnnamed(b *builder, it *item) {
	if !it.desc(b) {
		b.word("unnamed")
	}
}

// ShownPair is how a value change between a and b shows them (its From
// and To), for finding the change of a field known only by its values.
func ShownPair(a, b string) (string, string) { return shownPair(a, b) }

// shownPair is how two texts that differ show in a change: capped, and
// when the cap would hide the difference, both from a little before it.
func shownPair(a, b string) (string, string) {
	sa, sb, _ := shownPairCut(a, b)
	return sa, sb
}

// shownPairCut is shownPair with the runes cut from the end of b.
func shownPairCut(a, b string) (string, string, int) {
	sa, _ := capCut(a, maxLabel)
	sb, cut := capCut(b, maxLabel)
	if sa != sb || a == b {
		return sa, sb, cut
	}
	p := 0
	for p < len(a) && p < len(b) && a[p] == b[p] {
		p++
	}
	for p > 0 && p < len(a) && !utf8.RuneStart(a[p]) {
		p--
	}
	start := p
	for n := 0; n < 20 && start > 0; n++ {
		_, size := utf8.DecodeLastRuneInString(a[:start])
		start -= size
	}
	if start == 0 {
		return sa, sb, cut
	}
	sb, cut = capCut(b[start:], maxLabel)
	return "…" + capRunes(a[start:], maxLabel), "…" + sb, cut
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

// LeftBehind folds what a navigation to another document removed into
// one line that names the page left (its path): the old page's lines are
// not what the caller acts on next, and listing them costs as much as
// that page. Fewer than three removals stay as they are.
func LeftBehind(cs []Change, page string) []Change {
	n := 0
	for _, c := range cs {
		if c.Kind == Removed {
			n++
		}
	}
	if n < 3 {
		return cs
	}
	out := make([]Change, 0, len(cs)-n+1)
	for _, c := range cs {
		switch {
		case c.Kind != Removed:
			out = append(out, c)
		case n > 0:
			l := shown.Words("the page before, " + page + " (" + strconv.Itoa(n) + " lines)")
			out = append(out, Change{Kind: Removed, Text: l.String(), Parts: l})
			n = 0
		}
	}
	return out
}

// Cap keeps the first n changes and says how many it cut.
func Cap(changes []Change, n int) ([]Change, int) {
	if n < 0 || len(changes) <= n {
		return changes, 0
	}
	return changes[:n], len(changes) - n
}

// Head is how a diff entry names an element, e.g. `textbox "Name"`;
// callers match it against Change.Text to find entries about an element:
// typed, selected, toggled and changed entries about an element start with
// its Head and ":".
func Head(role, name string) string {
	e := entry{role: role, name: name}
	return e.head()
}
