// Package claim turns a claim about a web page into assertions the page can answer, or says it cannot.
package claim

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/prima-dev/prima/prima/instruct"
)

// Kind is what an assertion checks.
type Kind string

// The kinds of assertion a claim can become.
const (
	TextVisible    Kind = "text-visible"    // Text is shown on the page
	TextHidden     Kind = "text-hidden"     // Text is not shown on the page
	ElementVisible Kind = "element-visible" // Target is shown
	ElementHidden  Kind = "element-hidden"  // Target is not shown
	State          Kind = "state"           // Target is in State
	Value          Kind = "value"           // Target's value equals or contains Text
	Title          Kind = "title"           // the page title equals or contains Text
	URL            Kind = "url"             // the page URL equals or contains Text
)

// Assertion is one check a page can answer with yes or no.
type Assertion struct {
	Kind Kind
	// Target is the element, for ElementVisible, ElementHidden, State and
	// Value; find it with instruct.Resolve(tree, a.ResolveVerb(), a.Target).
	// Target.Content is set for roles known by their text (alert, status,
	// log, paragraph…): "the Saved alert" is the alert that says "Saved".
	Target instruct.Target
	// Text is the text for TextVisible and TextHidden, and the expected
	// value, title or URL for Value, Title and URL. An exact URL that is a
	// path ("/profile") means that path on the page's origin, as
	// Playwright's toHaveURL reads it against a base URL.
	Text  string
	Exact bool // Value, Title, URL: equals (true) or contains (false)
	// State is the State kind's word: enabled, disabled, checked, unchecked,
	// selected, unselected, expanded, collapsed, pressed, unpressed or focused.
	State string
}

func (a Assertion) String() string {
	is := map[bool]string{true: "is", false: "contains"}
	switch a.Kind {
	case TextVisible:
		return fmt.Sprintf("text %q is visible", a.Text)
	case TextHidden:
		return fmt.Sprintf("text %q is not visible", a.Text)
	case ElementVisible:
		return a.Target.String() + " is visible"
	case ElementHidden:
		return a.Target.String() + " is hidden"
	case State:
		return a.Target.String() + " is " + a.State
	case Value:
		if a.Exact {
			return fmt.Sprintf("%s has value %q", a.Target, a.Text)
		}
		return fmt.Sprintf("%s value contains %q", a.Target, a.Text)
	case Title:
		return fmt.Sprintf("title %s %q", is[a.Exact], a.Text)
	case URL:
		return fmt.Sprintf("URL %s %q", is[a.Exact], a.Text)
	}
	return fmt.Sprintf("%s %s %q", a.Kind, a.Target, a.Text)
}

// ResolveVerb is the verb to give instruct.Resolve, with Target, to find
// the element an ElementVisible, ElementHidden, State or Value assertion
// is about. The match follows rule 10 (exact name, else whole words when
// one element holds them all; never a part of a word), and a Target with
// Content set also matches the element's text content (an alert or a
// status is known by what it says). A value lives in a field ("fill"),
// checked and unchecked in a checkbox, radio or switch ("check"); an
// element named by a role word may have any role (instruct.See); a state
// without a role word belongs to something a user acts on ("hover").
func (a Assertion) ResolveVerb() string {
	switch {
	case a.Kind == Value:
		return "fill"
	case a.Kind == State && (a.State == "checked" || a.State == "unchecked"):
		return "check"
	case a.Kind == State && a.Target.Role == "":
		return "hover"
	}
	return instruct.See
}

// Pattern is, for TextVisible and TextHidden, the JavaScript regular
// expression (flags "iu") that finds Text on the page by rule 10: as
// written, case and spacing aside, never inside a longer word ("Subscribe"
// is not shown by "Unsubscribe from all"). Run it as the selector
// `internal:text=/PATTERN/iu >> visible=true` and print it as
// page.getByText(/PATTERN/iu). "" for the other kinds.
func (a Assertion) Pattern() string {
	if a.Kind != TextVisible && a.Kind != TextHidden {
		return ""
	}
	return instruct.TextPattern(a.Text)
}

// InexpressibleError: no assertion can express the claim. It is not a
// failed check, and callers must not report it as one.
type InexpressibleError struct {
	Claim  string
	Reason string
}

func (e *InexpressibleError) Error() string {
	return fmt.Sprintf("no page assertion can check %s: %s", say(e.Claim), e.Reason)
}

// Parse turns a claim into the assertions that together prove it:
//
//	"TEXT" is visible|shown|displayed|on the page, TEXT appears
//	the page shows|displays|contains [the confirmation message] "TEXT"
//	… is not visible, is gone, does not appear, the page does not show|no longer shows …
//	TARGET is visible|hidden
//	TARGET is [not] enabled|disabled|checked|unchecked|selected|expanded|collapsed|open|pressed|focused
//	TARGET is "V" | has the value "V" | contains "V" | is empty
//	the title is|contains "T", the URL is|contains|ends with U, we are on /path
//	CLAIM and CLAIM
//
// TARGET is as in instruct: quoted text or words, optionally "the …",
// optionally ending in a role word (the Save button, the Name field), or
// a role word before a quoted name (the alert "Saved"). Every ARIA role is
// a role word (alert, status, dialog, heading, region, row, cell…), with
// the everyday words for the common ones (field, dropdown, image).
// Parse never guesses: a claim that only partly fits, or whose words
// describe rather than name what to check, is an *InexpressibleError.
func Parse(claim string) ([]Assertion, error) {
	fail := func(reason string) ([]Assertion, error) {
		return nil, &InexpressibleError{Claim: claim, Reason: reason}
	}
	s := strings.TrimSpace(claim)
	s = strings.TrimSpace(strings.TrimSuffix(s, "."))
	if s == "" {
		return fail("it is empty")
	}
	if strings.HasSuffix(s, "?") {
		return fail("it is a question; state what should be true")
	}
	ts, err := tokenize(s)
	if err != nil {
		return fail(err.Error())
	}
	if !ts[0].quoted && questionWords[ts[0].low] {
		return fail("it is a question; state what should be true")
	}
	p := parser{toks: ts, memo: map[int]result{}}
	r := p.claims(0)
	if r.reason != "" {
		return fail(r.reason)
	}
	return r.as, nil
}

var questionWords = set("is", "are", "does", "do", "did", "can", "could", "will", "would", "has", "have",
	"what", "why", "how", "when", "where", "who", "which", "whether")

// token is a word, or a quoted text with its quotes removed.
type token struct {
	text   string // as written
	quoted bool
	low    string // an unquoted word in lower case with ’ as ', for matching
}

// tokenize splits s into words and quoted texts. A quote opens only at
// the start of a word, so "doesn't" stays one word.
func tokenize(s string) ([]token, error) {
	rs := []rune(s)
	var ts []token
	for i := 0; i < len(rs); {
		switch r := rs[i]; {
		case unicode.IsSpace(r):
			i++
		case instruct.IsOpenQuote(r):
			c := instruct.ClosingQuote(r)
			j := i + 1
			for j < len(rs) && rs[j] != c {
				j++
			}
			if j == len(rs) {
				return nil, fmt.Errorf("the quote in %s is never closed", string(rs[i:]))
			}
			ts = append(ts, token{text: string(rs[i+1 : j]), quoted: true})
			i = j + 1
		default:
			j := i
			for j < len(rs) && !unicode.IsSpace(rs[j]) {
				j++
			}
			w := string(rs[i:j])
			ts = append(ts, token{text: w, low: strings.ToLower(strings.ReplaceAll(w, "’", "'"))})
			i = j
		}
	}
	return ts, nil
}

// join writes tokens back as text, quoting the quoted ones.
func join(ts []token) string {
	ws := make([]string, len(ts))
	for i, t := range ts {
		ws[i] = t.text
		if t.quoted {
			ws[i] = `"` + t.text + `"`
		}
	}
	return strings.Join(ws, " ")
}

// say quotes s for a reason, without escaping the quotes inside it.
func say(s string) string {
	if strings.Contains(s, `"`) {
		return "'" + s + "'"
	}
	return `"` + s + `"`
}

// at reports whether ts[i:] starts with the words of one of the phrases,
// and where the longest such match ends.
func at(ts []token, i int, phrases ...string) (int, bool) {
	best, found := 0, false
	for _, p := range phrases {
		j := i
		ok := true
		for _, w := range strings.Fields(p) {
			if j >= len(ts) || ts[j].quoted || ts[j].low != w {
				ok = false
				break
			}
			j++
		}
		if ok && (!found || j > best) {
			best, found = j, true
		}
	}
	return best, found
}

func set(ws ...string) map[string]bool {
	m := map[string]bool{}
	for _, w := range ws {
		m[w] = true
	}
	return m
}

type result struct {
	as     []Assertion
	reason string // why not, when as is empty
}

type parser struct {
	toks []token
	memo map[int]result // claims(i): each suffix is read once
}

// maxAnds is the most "and"s one claim may hold in its words (Terms and
// Conditions). It bounds the work: a split is only tried where the left
// side could be one claim, so a long conjunction costs linear time.
const maxAnds = 3

// claims reads toks[from:] as CLAIM [and CLAIM]…. A split at "and" wins
// only when both sides are claims; otherwise the whole is one claim.
func (p *parser) claims(from int) result {
	if r, ok := p.memo[from]; ok {
		return r
	}
	ts := p.toks[from:]
	partial, ands := "", 0
	for k := 1; k < len(ts)-1 && ands <= maxAnds; k++ {
		if ts[k].quoted || ts[k].low != "and" {
			continue
		}
		ands++
		left := ts[:k]
		// A comma before "and" is punctuation: `"Ada", and …`, `enabled, and …`.
		if l := left[len(left)-1]; !l.quoted && strings.HasSuffix(l.text, ",") {
			left = left[: len(left)-1 : len(left)-1]
			if w := strings.TrimSuffix(l.text, ","); w != "" {
				left = append(left, token{text: w, low: strings.TrimSuffix(l.low, ",")})
			}
		}
		la, lr := one(left)
		rr := p.claims(from + k + 1)
		switch {
		case lr == "" && rr.reason == "":
			r := result{as: append(append([]Assertion{}, la...), rr.as...)}
			p.memo[from] = r
			return r
		case partial == "" && lr == "":
			partial = fmt.Sprintf("%s: %s", say(join(ts[k+1:])), rr.reason)
		case partial == "" && rr.reason == "":
			partial = fmt.Sprintf("%s: %s", say(join(left)), lr)
		}
	}
	var r result
	if ands > maxAnds {
		r.reason = fmt.Sprintf("no reading of %s splits at \"and\" into claims", say(join(ts)))
	} else {
		r.as, r.reason = one(ts)
	}
	if r.reason != "" && partial != "" {
		r.reason = partial
	}
	p.memo[from] = r
	return r
}

// one reads a single claim.
func one(ts []token) ([]Assertion, string) {
	for {
		i, ok := at(ts, 0, "the page shows that", "verify that", "verify", "check that", "assert that",
			"confirm that", "ensure that", "make sure that", "make sure", "then")
		if !ok {
			break
		}
		ts = ts[i:]
	}
	if len(ts) == 0 {
		return nil, "nothing is claimed"
	}
	for _, form := range []func([]token) ([]Assertion, string, bool){titleClaim, urlClaim, pageClaim, subjectClaim} {
		if as, reason, ok := form(ts); ok {
			return as, reason
		}
	}
	return nil, "it says nothing a page assertion checks: what text is shown, an element's visibility, state or value, the title or the URL"
}

// --- title and URL ---

var (
	exactVerbs    = []string{"is", "equals", "is exactly", "is equal to", "should be", "must be", "reads"}
	containsVerbs = []string{"contains", "includes", "should contain", "must contain"}
	negatedVerbs  = []string{"is not", "isn't", "should not be", "shouldn't be", "does not contain", "doesn't contain",
		"does not include", "doesn't include", "does not end with", "doesn't end with", "no longer contains"}
)

// titleClaim: the title is|contains "T"; the page is titled "T".
func titleClaim(ts []token) ([]Assertion, string, bool) {
	exact := true
	i, ok := at(ts, 0, "the page is titled", "the page has the title", "the page has title", "the page is called")
	if !ok {
		s, ok := at(ts, 0, "the title", "title", "the page title", "page title", "the page's title", "the document title",
			"the tab title", "the window title", "the title of the page")
		if !ok {
			return nil, "", false
		}
		if _, neg := at(ts, s, negatedVerbs...); neg {
			return nil, "a title that is not, or does not contain, a text has no assertion; say what the title is or contains", true
		}
		if i, ok = at(ts, s, exactVerbs...); !ok {
			if i, ok = at(ts, s, containsVerbs...); !ok {
				return nil, "", false
			}
			exact = false
		}
		// "the title is visible" is no title claim.
		if j, vis := at(ts, i, "visible", "shown", "displayed", "hidden"); vis && j == len(ts) {
			return nil, "", false
		}
	}
	text, quoted, reason := readValue(ts[i:])
	switch {
	case reason != "":
		return nil, reason, true
	case text == "":
		return nil, "the expected title is empty", true
	case exact && !quoted:
		return nil, fmt.Sprintf("quote the expected title: the title is %s", say(text)), true
	}
	return []Assertion{{Kind: Title, Text: text, Exact: exact}}, "", true
}

// urlClaim: the URL is|contains|ends with U; we are on /path.
func urlClaim(ts []token) ([]Assertion, string, bool) {
	if i, ok := at(ts, 0, "we are on", "we're on", "we are now on", "i am on", "i'm on", "we are at", "we're at",
		"i am at", "the user is on", "the browser is on", "we have navigated to", "we landed on"); ok {
		u, reason := urlValue(ts[i:])
		switch {
		case reason != "":
			return nil, reason, true
		case !urlLike(u):
			return nil, fmt.Sprintf("%s is not a URL or path; say the URL or path (we are on /profile)", say(u)), true
		}
		return []Assertion{{Kind: URL, Text: u}}, "", true
	}
	s, ok := at(ts, 0, "the url", "url", "the current url", "the page url", "the page's url", "the address",
		"the page address", "the browser url")
	if !ok {
		return nil, "", false
	}
	if _, neg := at(ts, s, negatedVerbs...); neg {
		return nil, "a URL that is not, or does not contain, a text has no assertion; say what the URL is or contains", true
	}
	exact := true
	i, ok := at(ts, s, exactVerbs...)
	if !ok {
		if i, ok = at(ts, s, append(containsVerbs, "ends with", "ends in", "has")...); !ok {
			return nil, "", false
		}
		exact = false
	}
	u, reason := urlValue(ts[i:])
	switch {
	case reason != "":
		return nil, reason, true
	case exact && !urlLike(u):
		return nil, fmt.Sprintf("%s is not a URL or path", say(u)), true
	}
	return []Assertion{{Kind: URL, Text: u, Exact: exact}}, "", true
}

// urlValue reads one quoted or unquoted URL.
func urlValue(ts []token) (string, string) {
	if len(ts) != 1 {
		return "", "name one URL or path"
	}
	u := strings.TrimSpace(ts[0].text)
	if u == "" || strings.ContainsAny(u, " \t\n") {
		return "", fmt.Sprintf("%s is not a URL or path", say(u))
	}
	if !ts[0].quoted && (articles[ts[0].low] || quantifiers[ts[0].low]) {
		return "", fmt.Sprintf("%s is not a URL or path", say(u))
	}
	return u, ""
}

func urlLike(u string) bool {
	return strings.HasPrefix(u, "/") || strings.Contains(u, "://") ||
		(strings.Contains(strings.TrimSuffix(u, "."), ".") && !strings.HasPrefix(u, "."))
}

// --- the page shows … ---

var (
	pageSubjects = []string{"the page", "page", "the screen", "this page"}
	pagePos      = []string{"shows", "displays", "contains", "includes", "has", "now shows", "still shows",
		"now displays", "still displays", "now contains", "still contains"}
	pageNeg = append(negate("show", "display", "contain", "include", "have"),
		"no longer shows", "no longer displays", "no longer contains", "no longer has", "no longer includes")
	seers   = []string{"i", "we", "you", "the user"}
	seerPos = []string{"see", "sees", "can see", "can now see", "can still see", "now see", "still see"}
	seerNeg = []string{"do not see", "don't see", "does not see", "doesn't see", "cannot see", "can't see", "can not see",
		"can no longer see", "no longer see", "no longer sees"}
)

func negate(vs ...string) []string {
	var out []string
	for _, v := range vs {
		out = append(out, "does not "+v, "doesn't "+v)
	}
	return out
}

// pageClaim: the page shows|does not show OBJECT; I see OBJECT.
func pageClaim(ts []token) ([]Assertion, string, bool) {
	var i int
	var ok, neg bool
	if s, subj := at(ts, 0, pageSubjects...); subj {
		if i, ok = at(ts, s, pagePos...); !ok {
			i, ok = at(ts, s, pageNeg...)
			neg = true
		}
	} else if s, subj := at(ts, 0, seers...); subj {
		if i, ok = at(ts, s, seerPos...); !ok {
			i, ok = at(ts, s, seerNeg...)
			neg = true
		}
	}
	if !ok {
		return nil, "", false
	}
	obj, _ := trimTail(ts[i:])
	if len(obj) == 0 {
		return nil, "it does not say what is shown", true
	}
	var as []Assertion
	for _, item := range listItems(obj, neg) {
		subj, reason := readSubject(item)
		if reason != "" {
			return nil, reason, true
		}
		as = append(as, visibility(subj, !neg))
	}
	return as, "", true
}

// listItems splits `"A", "B" and "C"` (or, after a negation, `"A" or
// "B"`) into items; anything else is one item. Only items that each quote
// their text split, so "Terms and Conditions" stays whole.
func listItems(ts []token, neg bool) [][]token {
	sep := "and"
	if neg {
		sep = "or"
	}
	var items [][]token
	start := 0
	for k, t := range ts {
		if !t.quoted && (t.low == sep || t.low == ",") {
			items = append(items, ts[start:k])
			start = k + 1
		}
	}
	items = append(items, ts[start:])
	for _, it := range items {
		q := 0
		for _, t := range it {
			if t.quoted {
				q++
			}
		}
		if len(it) == 0 || q == 0 {
			return [][]token{ts}
		}
	}
	return items
}

// --- SUBJECT PREDICATE ---

// verbs start a predicate.
var verbs = set("is", "isn't", "appears", "disappears", "vanishes", "has", "contains", "includes", "does", "doesn't",
	"did", "equals", "should", "shouldn't", "must", "no")

// subjectClaim: SUBJECT is visible|enabled|"V"…, SUBJECT appears, ….
func subjectClaim(ts []token) ([]Assertion, string, bool) {
	k := -1
	for i := 1; i < len(ts); i++ {
		if !ts[i].quoted && verbs[ts[i].low] {
			k = i
			break
		}
	}
	if k < 0 {
		return nil, "", false
	}
	pr, reason := readPredicate(ts[k:])
	if reason != "" {
		return nil, reason, true
	}
	subj, reason := readSubject(ts[:k])
	if reason != "" {
		return nil, reason, true
	}
	t := subj.target
	switch pr.kind {
	case TextVisible, TextHidden:
		return []Assertion{visibility(subj, pr.kind == TextVisible)}, "", true
	case State:
		if subj.textOnly {
			return nil, fmt.Sprintf("%s is text; a state belongs to an element: name it with a role word (the Save button)", say(subj.text)), true
		}
		st := pr.state
		if checkable[t.Role] && (st == "selected" || st == "unselected") {
			st = map[string]string{"selected": "checked", "unselected": "unchecked"}[st]
		}
		return []Assertion{{Kind: State, Target: t, State: st}}, "", true
	}
	// Value.
	switch {
	case subj.textOnly:
		return nil, fmt.Sprintf("%s is text, not a field; name the field (the Name field)", say(subj.text)), true
	case t.Role != "" && !valueRoles[t.Role]:
		return nil, fmt.Sprintf("a %s has no value to compare", t.Role), true
	case t.Role == "" && pr.needsField && pr.value != "":
		return nil, fmt.Sprintf("quote the value, or say which field is meant (the %s field)", t.Text), true
	case t.Role == "" && pr.needsField:
		return nil, fmt.Sprintf("say which field is meant (the %s field)", t.Text), true
	}
	return []Assertion{{Kind: Value, Target: t, Text: pr.value, Exact: pr.exact}}, "", true
}

var (
	valueRoles = set("textbox", "searchbox", "combobox", "spinbutton")
	checkable  = set("checkbox", "radio", "switch")
)

// visibility is the assertion that subj is (or is not) shown: an element
// when a role names one, else its text.
func visibility(subj subject, visible bool) Assertion {
	if subj.target.Role != "" {
		k := ElementVisible
		if !visible {
			k = ElementHidden
		}
		return Assertion{Kind: k, Target: subj.target}
	}
	k := TextVisible
	if !visible {
		k = TextHidden
	}
	return Assertion{Kind: k, Text: subj.text}
}

// subject is what a claim is about.
type subject struct {
	target   instruct.Target // the element, when the subject names one
	text     string          // the text, when the subject may be read as shown text
	textOnly bool            // described text (the message "Saved"): text, never an element
}

var (
	articles    = set("the", "a", "an", "this", "that", "my", "your", "our", "its", "their", "his", "her")
	quantifiers = set("all", "every", "each", "some", "any", "both", "no", "none", "either", "neither",
		"several", "many", "most", "few", "only")
	negations = set("not", "no", "never", "without", "non", "nothing")
	verbWords = set("is", "are", "was", "were", "be", "been", "has", "have", "had", "looks", "look", "seems", "seem",
		"appears", "does", "do", "did", "can", "should", "will", "would", "must", "isn't", "aren't", "doesn't")
)

// readSubject reads a target as instruct does — quoted text or words,
// optionally "the …", optionally ending in a role word — plus described
// text (the confirmation message "Saved"). Words introduced by an article
// with no role word describe something without naming it: refused.
func readSubject(ts []token) (subject, string) {
	if len(ts) == 0 {
		return subject{}, "nothing is named"
	}
	orig := join(ts)
	if !ts[0].quoted && quantifiers[ts[0].low] {
		return subject{}, fmt.Sprintf("%s is about several things or none; a claim names one text or element", say(orig))
	}
	article := !ts[0].quoted && articles[ts[0].low]
	if article {
		ts = ts[1:]
	}
	if len(ts) == 0 {
		return subject{}, "nothing is named"
	}
	qi, nq := -1, 0
	for i, t := range ts {
		if t.quoted {
			qi, nq = i, nq+1
		}
	}
	switch {
	case nq > 1:
		return subject{}, fmt.Sprintf("%s names several texts; claim each on its own", say(orig))
	case nq == 1 && strings.TrimSpace(ts[qi].text) == "":
		return subject{}, "the quotes are empty"
	case nq == 1 && qi == 0:
		q := ts[0].text
		if len(ts) == 1 {
			return subject{target: instruct.Target{Text: q, Quoted: true}, text: q}, ""
		}
		role, ok := roleOf(ts[1:])
		if !ok {
			return subject{}, fmt.Sprintf("%s after %s is not a role word", say(join(ts[1:])), say(q))
		}
		return subject{target: element(q, true, role)}, ""
	case nq == 1 && qi == len(ts)-1:
		q, desc := ts[qi].text, ts[:qi]
		if role, ok := roleOf(desc); ok {
			return subject{target: element(q, true, role)}, ""
		}
		for _, t := range desc {
			if negations[t.low] || quantifiers[t.low] {
				return subject{}, fmt.Sprintf("%s is hedged by %s; say plainly what is or is not shown", say(orig), say(t.text))
			}
		}
		if _, ok := roleSuffix(desc); ok {
			return subject{}, fmt.Sprintf("in %s only a role word may stand before the quoted name", say(orig))
		}
		return subject{text: q, textOnly: true}, ""
	case nq == 1:
		return subject{}, fmt.Sprintf("in %s the quoted text must begin or end the name", say(orig))
	}
	words, role := ts, ""
	if n, ok := roleSuffix(ts); ok {
		role, _ = roleOf(ts[len(ts)-n:])
		words = ts[:len(ts)-n]
	}
	text := join(words)
	if role != "" {
		return subject{target: element(text, false, role)}, ""
	}
	if article {
		return subject{}, fmt.Sprintf("%s describes something without naming it; quote the text it shows, or name it with a role word (the Save button)", say(orig))
	}
	for _, t := range words {
		if verbWords[t.low] {
			return subject{}, fmt.Sprintf("%s reads as a sentence, not a text; quote the exact text", say(orig))
		}
	}
	return subject{target: instruct.Target{Text: text}, text: text}, ""
}

// roleSuffix reports how many words at the end of ts (two, then one) form
// a role word with a name before it, as instruct reads "Open menu item"
// and "Menu item".
func roleSuffix(ts []token) (int, bool) {
	for n := 2; n >= 1; n-- {
		if len(ts) > n {
			if _, ok := roleOf(ts[len(ts)-n:]); ok {
				return n, true
			}
		}
	}
	return 0, false
}

// roleOf maps role words ("button", "menu item", "alert") to the ARIA
// role instruct gives them: one vocabulary for instructions and claims.
func roleOf(ts []token) (string, bool) {
	if len(ts) == 0 {
		return "", false
	}
	ws := make([]string, len(ts))
	for i, t := range ts {
		if t.quoted || t.low == "" {
			return "", false
		}
		ws[i] = t.low
	}
	return instruct.RoleWord(strings.Join(ws, " "))
}

// element is the target a subject names with a role word. An element of a
// role known by its text (an alert, a status) is matched by its content
// as well as its accessible name.
func element(text string, quoted bool, role string) instruct.Target {
	return instruct.Target{Text: text, Quoted: quoted, Role: role, Content: instruct.ContentRole(role)}
}

// predicate is what a claim says of its subject.
type predicate struct {
	kind       Kind // TextVisible (shown), TextHidden (not shown), State or Value
	state      string
	value      string
	exact      bool
	needsField bool // an unquoted or empty value: only a named field can hold it
}

var (
	stateWords = map[string]string{
		"enabled": "enabled", "disabled": "disabled", "checked": "checked", "ticked": "checked",
		"unchecked": "unchecked", "unticked": "unchecked", "selected": "selected", "unselected": "unselected",
		"deselected": "unselected", "expanded": "expanded", "open": "expanded", "opened": "expanded",
		"collapsed": "collapsed", "closed": "collapsed", "pressed": "pressed", "unpressed": "unpressed",
		"focused": "focused",
	}
	opposite = map[string]string{
		"enabled": "disabled", "disabled": "enabled", "checked": "unchecked", "unchecked": "checked",
		"selected": "unselected", "unselected": "selected", "expanded": "collapsed", "collapsed": "expanded",
		"pressed": "unpressed", "unpressed": "pressed",
	}
	shownWords  = set("visible", "shown", "displayed")
	hiddenWords = set("hidden", "invisible", "gone")
)

// readPredicate reads what follows the subject.
func readPredicate(ts []token) (predicate, string) {
	ts, onPage := trimTail(ts)
	if i, ok := at(ts, 0, "appears", "has appeared"); ok && i == len(ts) {
		return predicate{kind: TextVisible}, ""
	}
	if i, ok := at(ts, 0, "disappears", "has disappeared", "vanishes", "has vanished", "has gone",
		"does not appear", "doesn't appear", "did not appear", "didn't appear", "no longer appears"); ok && i == len(ts) {
		return predicate{kind: TextHidden}, ""
	}
	if i, ok := at(ts, 0, "has no value"); ok && i == len(ts) {
		return predicate{kind: Value, exact: true, needsField: true}, ""
	}
	if _, ok := at(ts, 0, "does not contain", "doesn't contain", "does not have the value", "doesn't have the value",
		"does not equal", "doesn't equal", "no longer contains"); ok {
		return predicate{}, "a value that does not contain or equal a text has no assertion; say what the value is"
	}
	if i, ok := at(ts, 0, "has the value", "has value", "has a value of", "equals", "is equal to", "is set to",
		"contains", "includes"); ok {
		exact := !(ts[0].low == "contains" || ts[0].low == "includes")
		return valuePredicate(ts[i:], exact)
	}
	i, ok := at(ts, 0, "is", "should be", "must be", "has been")
	neg := false
	if !ok {
		if i, ok = at(ts, 0, "isn't", "should not be", "shouldn't be", "must not be", "has not been", "hasn't been"); !ok {
			return predicate{}, fmt.Sprintf("%s is not something a page assertion checks", say(join(ts)))
		}
		neg = true
	}
	for i < len(ts) {
		if j, adv := at(ts, i, "now", "still", "currently", "also"); adv {
			i = j
			continue
		}
		if j, not := at(ts, i, "not", "no longer"); not {
			if neg {
				return predicate{}, "a double negation; say it plainly"
			}
			neg, i = true, j
			continue
		}
		break
	}
	rest := ts[i:]
	if len(rest) == 0 {
		if onPage {
			return predicate{kind: shown(!neg)}, ""
		}
		return predicate{}, "it does not say what the subject is"
	}
	if j, ok := at(rest, 0, "set to", "equal to"); ok {
		if neg {
			return predicate{}, "a value that is not a text has no assertion; say what the value is"
		}
		return valuePredicate(rest[j:], true)
	}
	if rest[0].quoted {
		if neg {
			return predicate{}, "a value that is not a text has no assertion; say what the value is"
		}
		if len(rest) > 1 {
			return predicate{}, fmt.Sprintf("unexpected %s after the quoted value", say(join(rest[1:])))
		}
		return predicate{kind: Value, value: rest[0].text, exact: true}, ""
	}
	if len(rest) == 1 {
		w := rest[0].low
		switch {
		case shownWords[w]:
			return predicate{kind: shown(!neg)}, ""
		case hiddenWords[w]:
			return predicate{kind: shown(neg)}, ""
		case stateWords[w] != "":
			st := stateWords[w]
			if neg {
				if opposite[st] == "" {
					return predicate{}, fmt.Sprintf("no assertion checks that an element is not %s", w)
				}
				st = opposite[st]
			}
			return predicate{kind: State, state: st}, ""
		case w == "empty" || w == "blank":
			if neg {
				return predicate{}, "a field that is not empty has no assertion; say what it contains"
			}
			return predicate{kind: Value, exact: true, needsField: true}, ""
		}
	}
	return predicate{}, fmt.Sprintf("%s is not something a page assertion checks (visible, hidden, a state such as enabled or checked, or a quoted value)", say(join(rest)))
}

func shown(visible bool) Kind {
	if visible {
		return TextVisible
	}
	return TextHidden
}

func valuePredicate(ts []token, exact bool) (predicate, string) {
	v, quoted, reason := readValue(ts)
	if reason != "" {
		return predicate{}, reason
	}
	if !exact && v == "" {
		return predicate{}, "every value contains the empty text; say what it contains"
	}
	return predicate{kind: Value, value: v, exact: exact, needsField: !quoted}, ""
}

// readValue reads a quoted text, or plain words that are not a sentence.
func readValue(ts []token) (string, bool, string) {
	switch {
	case len(ts) == 0:
		return "", false, "no value is named"
	case len(ts) == 1 && ts[0].quoted:
		return ts[0].text, true, ""
	}
	for i, t := range ts {
		if t.quoted {
			return "", false, fmt.Sprintf("unexpected %s with the quoted value; quote the whole value", say(join(ts)))
		}
		if i == 0 && (articles[t.low] || quantifiers[t.low] || negations[t.low]) || verbWords[t.low] {
			return "", false, fmt.Sprintf("%s is not a literal value; quote the exact text", say(join(ts)))
		}
	}
	return join(ts), false, ""
}

// trimTail drops "on the page", "anymore" and the like from the end;
// onPage reports a dropped "on the page", which makes "X is on the page"
// a visibility claim.
func trimTail(ts []token) ([]token, bool) {
	onPage := false
	for {
		cut := false
		for _, p := range []string{"on the page", "on this page", "on screen", "on the screen", "anymore", "any more"} {
			n := len(strings.Fields(p))
			if len(ts) > n {
				if j, ok := at(ts, len(ts)-n, p); ok && j == len(ts) {
					ts, cut = ts[:len(ts)-n], true
					onPage = onPage || strings.HasPrefix(p, "on")
				}
			}
		}
		if !cut {
			return ts, onPage
		}
	}
}
