package instruct

import (
	"errors"
	"fmt"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
)

// See is the verb to resolve a target that is only looked at, as verify
// does: every element with a ref may be meant, whatever its role.
const See = "see"

// Drop is the verb that resolves a drag's destination: what the element
// is dropped onto.
const Drop = "drop"

// Candidate is an element an intent could mean.
type Candidate struct {
	Ref  string
	Role string
	Name string // the text that matched: accessible name, placeholder, shown or content text
	// Match is how the target matched Name: MatchExact or MatchWords
	// (rule 10). Empty on the candidates a ResolveError lists as the
	// elements the verb could act on.
	Match string
	// Beside: Name is no name of the element's own but the text shown
	// right before it (a label not tied to it), which a user reads as its
	// name.
	Beside bool
}

func (c Candidate) String() string {
	return fmt.Sprintf("%s %q [ref=%s]", c.Role, c.Name, c.Ref)
}

// Note is what a step says about a match that was not exact, e.g.
// `matched link "Save draft" by its words`; "" for an exact match.
func (c Candidate) Note() string {
	switch {
	case c.Beside:
		return fmt.Sprintf("named by the text %q shown before the %s", short(c.Name), c.Role)
	case c.Match != MatchWords:
		return ""
	}
	return fmt.Sprintf("matched %s %q by its words", c.Role, short(c.Name))
}

// ResolveError: no element, or several, fit the target. It lists the
// candidates so a caller can pick by ref; the resolver never guesses.
type ResolveError struct {
	Verb       string
	Target     Target
	Candidates []Candidate // the ambiguous matches, or the elements the verb could act on when none matched
	Ambiguous  bool
	// Match is how the ambiguous candidates matched: MatchExact (several
	// elements carry the very name) or MatchWords (no name is exact and
	// several hold all the words).
	Match string
	// Near are elements whose name holds the target only inside a longer
	// word ("Subscribe" in "Unsubscribe from all"): never a match, named
	// so the user sees why.
	Near []Candidate
}

// listed is how many candidates a message lists.
const listed = 8

func (e *ResolveError) Error() string {
	list := func(cs []Candidate) string {
		var out []string
		for i, c := range cs {
			if i == listed {
				out = append(out, fmt.Sprintf("… %d more", len(cs)-i))
				break
			}
			out = append(out, fmt.Sprintf("%s %q [ref=%s]", c.Role, short(c.Name), c.Ref))
		}
		return strings.Join(out, ", ")
	}
	what := strings.TrimSpace(e.Verb + " " + e.Target.String())
	if e.Verb == Drop {
		what = "drag onto " + e.Target.String()
	}
	if e.Ambiguous {
		how := ""
		if e.Match == MatchWords {
			how = " by their words (no name is exact)"
		}
		msg := fmt.Sprintf("%d elements fit %s%s: %s", len(e.Candidates), what, how, list(e.Candidates))
		if h := pwHint(e.Verb); h != "" {
			msg += "; name one by ref (" + h + ")"
		}
		return msg
	}
	msg := "nothing on the page fits " + what
	if len(e.Near) > 0 {
		msg += fmt.Sprintf(" (a part of a word never matches: %s)", list(e.Near))
	}
	if len(e.Candidates) > 0 {
		can := e.Verb + " can act on"
		switch e.Verb {
		case See:
			can = "fit the role"
		case Drop:
			can = "a drag can drop onto"
		}
		msg += fmt.Sprintf("; elements that %s: %s", can, list(e.Candidates))
	}
	return msg
}

// FailureCode is the envelope code of the failure.
func (e *ResolveError) FailureCode() envelope.Code {
	if e.Ambiguous {
		return envelope.CodeAmbiguous
	}
	return envelope.CodeNotFound
}

// pwHint is the direct command that acts on a ref, for the verbs prima pw
// has; "" for the others.
func pwHint(verb string) string {
	switch verb {
	case "click", "dblclick", "fill", "type", "select", "check", "uncheck", "hover", "press", "clear":
		return "prima pw " + verb + " REF"
	case "rightclick":
		return "prima pw click REF --button right"
	case "expand", "collapse":
		return "prima pw click REF"
	case "drag", Drop:
		return "prima pw drag REF TARGET"
	case "upload":
		return "prima pw upload REF FILE"
	}
	return ""
}

// short caps a name for a message.
func short(s string) string {
	if r := []rune(s); len(r) > 60 {
		return string(r[:59]) + "…"
	}
	return s
}

var fillable = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true}

var checkable = map[string]bool{"checkbox": true, "radio": true, "switch": true, "menuitemcheckbox": true, "menuitemradio": true}

var clickable = map[string]bool{
	"button": true, "link": true, "checkbox": true, "radio": true, "switch": true, "tab": true,
	"menuitem": true, "menuitemcheckbox": true, "menuitemradio": true, "option": true, "treeitem": true,
	"combobox": true, "textbox": true, "searchbox": true, "spinbutton": true, "slider": true, "listbox": true,
	"heading": true, "img": true, "row": true, "cell": true, "gridcell": true, "listitem": true,
	"columnheader": true, "rowheader": true, // a grid sorts by a header's click
}

// dropZones are the roles of containers a heading of the same name may
// title, which a drag drops onto.
var dropZones = map[string]bool{"list": true, "listbox": true, "grid": true, "table": true, "tree": true, "treegrid": true, "region": true, "group": true, "tabpanel": true, "feed": true}

// fits reports whether the verb can act on a node of this role.
func fits(verb string, n *ariadiff.Node) bool {
	switch verb {
	case "fill", "type", "clear":
		return fillable[n.Role]
	case "select":
		return n.Role == "combobox" || n.Role == "listbox"
	case "check", "uncheck":
		return checkable[n.Role]
	case See, "drag", Drop:
		// Anything shown may be looked at, dragged or dropped on.
		return true
	}
	return clickable[n.Role] || n.Has("cursor=pointer")
}

// roleFits checks a role word: "field" accepts every fillable role.
func roleFits(want, role string) bool {
	if want == "" || want == role {
		return true
	}
	return want == "textbox" && fillable[role]
}

// name is one text a user may call a node by.
type name struct {
	text    string
	content bool // the node's text content: a quoted target matches it as a phrase
	beside  bool // the text shown right before an unnamed widget (besideNames)
}

// labelled are the roles a text before them names when nothing else does.
var labelled = map[string]bool{"textbox": true, "searchbox": true, "combobox": true, "spinbutton": true, "listbox": true, "slider": true}

// besideNames are the labels not tied to their widget: a short text
// names the one unnamed widget (a combobox, a listbox, a field, a slider)
// that follows it among its next siblings and their content, the way a
// user reads a form whose label is a <div> beside the control. Controls
// between them (an editor's toolbar, a Today button) do not part them;
// another text (the next label), a widget with a name of its own, or a
// second unnamed widget before the next text leave the text naming none.
func besideNames(t *ariadiff.Tree) map[*ariadiff.Node]string {
	out := map[*ariadiff.Node]string{}
	var visit func(n *ariadiff.Node)
	visit = func(n *ariadiff.Node) {
		for i, c := range n.Children {
			if text := labelText(c); text != "" {
				if w := widgetAfter(n.Children[i+1:]); w != nil {
					out[w] = text
				}
			}
			visit(c)
		}
	}
	visit(t.Root)
	return out
}

// ownName: the node has a name a user reads; a widget named by its role
// word alone ("Combobox", a library's default) has none.
func ownName(n *ariadiff.Node) bool {
	return n.Name != "" && !strings.EqualFold(strings.TrimSpace(n.Name), n.Role)
}

// labelText is what a node shows when it is only a short text: a `text:`
// line, or an element of no role of note with an inline text and no
// children.
func labelText(n *ariadiff.Node) string {
	if len(n.Children) > 0 || !n.HasValue || len([]rune(n.Value)) > 60 {
		return ""
	}
	switch n.Role {
	case "text", "generic", "paragraph", "strong", "emphasis", "label":
		return strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(n.Value), ":"))
	}
	return ""
}

// widgetAfter is the one unnamed labelled widget with a ref among nodes
// and their content, in order, before the next text; nil when there is
// none, or another before that text, or a named one first.
func widgetAfter(nodes []*ariadiff.Node) *ariadiff.Node {
	var found *ariadiff.Node
	done := false
	var scan func(x *ariadiff.Node)
	scan = func(x *ariadiff.Node) {
		switch {
		case done:
		case labelled[x.Role] && x.Ref() == "":
			// No ref: nothing a user sees (a hidden native select).
		case labelled[x.Role]:
			if ownName(x) || found != nil {
				found, done = nil, true
				return
			}
			found = x
		case labelText(x) != "":
			done = true
		case clickable[x.Role] || checkable[x.Role]:
			// A control between the text and its widget: a toolbar's
			// button, a shortcut beside a date field.
		case x.Name != "" && found == nil:
			// A named section of its own: the text is not its label.
			done = true
		default:
			for _, c := range x.Children {
				scan(c)
			}
		}
	}
	for _, x := range nodes {
		scan(x)
		if done {
			break
		}
	}
	return found
}

// heldByAll is the index of the hit whose element every other hit's
// holds, else -1.
func heldByAll(pool []*ariadiff.Node, hits []Candidate) int {
	inside := map[string]map[string]bool{}
	for _, n := range pool {
		for _, h := range hits {
			if n.Ref() == h.Ref {
				in := map[string]bool{}
				n.Walk(func(x *ariadiff.Node, _ int) bool {
					in[x.Ref()] = true
					return true
				})
				inside[h.Ref] = in
			}
		}
	}
	for i, h := range hits {
		all := true
		for j, o := range hits {
			all = all && (j == i || inside[o.Ref][h.Ref])
		}
		if all {
			return i
		}
	}
	return -1
}

// holdsAll is the index of the hit whose element holds every other hit's,
// else -1.
func holdsAll(pool []*ariadiff.Node, hits []Candidate) int {
	byRef := map[string]*ariadiff.Node{}
	for _, n := range pool {
		byRef[n.Ref()] = n
	}
	for i, h := range hits {
		inside := map[string]bool{}
		if n := byRef[h.Ref]; n != nil {
			n.Walk(func(x *ariadiff.Node, _ int) bool {
				inside[x.Ref()] = true
				return true
			})
		}
		all := true
		for j, o := range hits {
			all = all && (j == i || inside[o.Ref])
		}
		if all {
			return i
		}
	}
	return -1
}

// names are the texts a user may call a node by: its name, its
// placeholder, for an unnamed clickable its shown text, and, for a
// target known by its content, its text content.
func names(n *ariadiff.Node, content bool, beside map[*ariadiff.Node]string) []name {
	var out []name
	if n.Name != "" {
		out = append(out, name{text: n.Name})
	}
	if b := beside[n]; b != "" {
		out = append(out, name{text: b, beside: true})
	}
	for _, p := range n.Props {
		if p.Key == "placeholder" && p.Value != "" {
			out = append(out, name{text: p.Value})
		}
	}
	if n.Name == "" && n.HasValue && !fillable[n.Role] {
		out = append(out, name{text: n.Value})
	}
	if content {
		if c := contentText(n); c != "" {
			out = append(out, name{text: c, content: true})
		}
	}
	return out
}

// contentText is the text a node shows: its inline text and its
// descendants' names and texts, in order. An image's name is its
// alternative text, not shown text; a field's value is not content.
func contentText(n *ariadiff.Node) string {
	var parts []string
	add := func(x *ariadiff.Node) {
		if x.Name != "" && x.Role != "img" && x.Role != "text" {
			parts = append(parts, x.Name)
		}
		if x.HasValue && !fillable[x.Role] {
			parts = append(parts, x.Value)
		}
	}
	if n.HasValue && !fillable[n.Role] {
		parts = append(parts, n.Value)
	}
	n.Walk(func(x *ariadiff.Node, _ int) bool {
		add(x)
		return !fillable[x.Role]
	})
	return strings.Join(strings.Fields(strings.Join(parts, " ")), " ")
}

func norm(s string) string { return strings.ToLower(strings.Join(strings.Fields(s), " ")) }

// Resolve finds the one element in the snapshot that the intent means,
// among the elements with a ref whose role fits the verb (See: any role),
// by rule 10: the exact name (case and spacing aside; the name exactly as
// written first), else, for an unquoted target, by whole words when
// exactly one element's name holds every word of the target. A part of a
// word never matches: "Subscribe" never finds "Unsubscribe from all".
// Two elements in the first tier that has matches are ambiguous, never a
// pick. The Candidate's Match says whether the match was by words.
//
// A target read with a role word ("the Archive item") is also read whole
// ("Archive item", any role): an exact whole reading beats a match by
// words, and the whole reading answers when the role reading finds
// nothing.
func Resolve(t *ariadiff.Tree, verb string, target Target) (Candidate, error) {
	c, err := resolveIn(t, verb, target)
	if target.Word == "" || target.Quoted {
		return c, err
	}
	var re *ResolveError
	if err == nil && c.Match == MatchExact || errors.As(err, &re) && re.Ambiguous && re.Match == MatchExact {
		return c, err
	}
	whole := Target{Text: target.Text + " " + target.Word}
	c2, err2 := resolveIn(t, verb, whole)
	switch {
	case err2 == nil && c2.Match == MatchExact:
		return c2, nil
	case err == nil:
		return c, nil
	case !re.Ambiguous && err2 == nil:
		return c2, nil
	}
	return c, err
}

func resolveIn(t *ariadiff.Tree, verb string, target Target) (Candidate, error) {
	var pool []*ariadiff.Node
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		if n.Ref() != "" && fits(verb, n) && roleFits(target.Role, n.Role) {
			pool = append(pool, n)
		}
		return true
	})
	want := norm(target.Text)
	words := Words(target.Text)
	type tier struct {
		match string
		ok    func(name) bool
	}
	tiers := []tier{
		{MatchExact, func(s name) bool { return s.text == target.Text }},
		{MatchExact, func(s name) bool { return norm(s.text) == want }},
	}
	if !target.Quoted {
		tiers = append(tiers, tier{MatchWords, func(s name) bool { return hasWords(Words(s.text), words) }})
	} else if target.Content {
		tiers = append(tiers, tier{MatchWords, func(s name) bool { return s.content && hasPhrase(Words(s.text), words) }})
	}
	all := make([][]name, len(pool))
	beside := besideNames(t)
	for i, n := range pool {
		all[i] = names(n, target.Content, beside)
	}
	for _, tr := range tiers {
		var hits []Candidate
		// An element's own name first: a text beside a widget names it
		// only when no element is called so (a hidden native select that
		// a tied label names, beside its custom face).
		for _, beside := range []bool{false, true} {
			for i, n := range pool {
				for _, s := range all[i] {
					// A text beside a widget names it only exactly: its words
					// may be any sentence's ("Your name is shown publicly").
					if s.beside == beside && !(s.beside && tr.match == MatchWords) && tr.ok(s) {
						hits = append(hits, Candidate{Ref: n.Ref(), Role: n.Role, Name: s.text, Match: tr.match, Beside: s.beside})
						break
					}
				}
			}
			if len(hits) > 0 {
				break
			}
		}
		if verb == "select" && len(hits) > 1 {
			// An open custom select shows its list beside it, named as
			// it is: what a user selects from is the combobox.
			var boxes []Candidate
			for _, h := range hits {
				if h.Role == "combobox" {
					boxes = append(boxes, h)
				}
			}
			if len(boxes) == 1 && len(hits) == 2 {
				hits = boxes
			}
		}
		if verb == Drop && len(hits) > 1 {
			// One holding all the others (a calendar's day cell and the
			// day number in it, named alike): a drop lands in the outer.
			if o := holdsAll(pool, hits); o >= 0 {
				hits = []Candidate{hits[o]}
			}
		}
		if verb == Drop && len(hits) == 2 {
			// A heading that titles a list or a board's column is named
			// as it is: what a user drops onto is the container.
			for k, h := range hits {
				if o := hits[1-k]; h.Role == "heading" && dropZones[o.Role] {
					hits = []Candidate{o}
					break
				}
			}
		}
		if verb == "click" && len(hits) > 1 {
			// One held by all the others (a header and the sort button in
			// it, a menu item and the heading in it, named alike): a click
			// on the innermost reaches the others too.
			if in := heldByAll(pool, hits); in >= 0 {
				hits = []Candidate{hits[in]}
			}
		}
		switch {
		case len(hits) == 1:
			return hits[0], nil
		case len(hits) > 1:
			return Candidate{}, &ResolveError{Verb: verb, Target: target, Candidates: hits, Ambiguous: true, Match: tr.match}
		}
	}
	re := &ResolveError{Verb: verb, Target: target}
	for i, n := range pool {
		label := ""
		if len(all[i]) > 0 {
			label = all[i][0].text
		}
		re.Candidates = append(re.Candidates, Candidate{Ref: n.Ref(), Role: n.Role, Name: label})
		for _, s := range all[i] {
			if subWord(target.Text, s.text) {
				re.Near = append(re.Near, Candidate{Ref: n.Ref(), Role: n.Role, Name: s.text})
				break
			}
		}
	}
	return Candidate{}, re
}
