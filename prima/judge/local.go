package judge

import (
	"context"
	"encoding/json"
	"math"
	"regexp"
	"strings"
	"unicode"
)

// Local is the offline decision provider: no network, no key. It answers
// only what it can compute from the words in front of it, and is honestly
// unsure about everything else.
//
// A choice is scored by the similarity between the question's target and
// each option's name: the target is the text after a cue such as "leads to",
// "opens" or "named" (or any quoted text, or else the question without its
// scaffolding words); an option such as `link "Team settings" [e12]` has the
// role link and the name Team settings. Both are lower-cased word tokens
// with a plural "s" dropped and the words a, an, the, page and screen
// ignored. The score is the Dice overlap of the two token sets, 1 only for
// the same phrase in the same order (or an exact match of quoted text); a
// role the question names (button, link, tab, field, …) that the option does
// not have scales it by 0.8, and a [disabled] option by 0.5. Scores become
// probabilities as score⁴ per option, plus 0.05 + (1 − best score) for
// Undecided (the mass of "nothing fits") and 0.1 spread over all options
// (the chance that words miss a meaning). A literal match alone gets about
// 0.9; two literal matches split it; a partial match stays below 0.7.
//
// A yes/no question gets 0.5 (not known) unless it is a containment check,
// "The page [now] shows|contains|displays X.": then it is 0.9 when X's words
// appear in that order within one string of the state (of state["page"] when
// the state is an object with that key). A missing phrase stays at 0.5,
// because different words may still say the same thing.
type Local struct{}

// Name is "local".
func (Local) Name() string { return ProviderLocal }

// Ask scores q; it fails only when ctx is already done.
func (Local) Ask(ctx context.Context, q Question) (Answer, error) {
	if err := ctx.Err(); err != nil {
		return Answer{}, err
	}
	if len(q.Options) == 0 {
		return Answer{Yes: localYes(q.Instructions, q.State)}, nil
	}
	return localChoice(q.Instructions, q.Options), nil
}

// Local scorer constants; see Local.
const (
	localFound       = 0.9  // P(yes) of a containment check that holds
	localUnknown     = 0.5  // P(yes) of anything else
	localPower       = 4    // sharpens scores into weights
	localNothingFits = 0.05 // Undecided's weight beside a perfect match
	localFloor       = 0.1  // total weight spread over all options
	localWrongRole   = 0.8
	localDisabled    = 0.5
)

var (
	// targetCue finds the target after the verb that introduces it.
	targetCue = regexp.MustCompile(`(?i)\b(?:leads?\s+to|goes\s+to|go\s+to|navigates?\s+to|takes\s+(?:you\s+|me\s+)?to|links?\s+to|points?\s+to|opens?|shows?|displays?|named|called|labell?ed|says|reads|means\s+the\s+same\s+as)\s+(.+)$`)
	// quoted finds text in straight or curly double quotes.
	quoted = regexp.MustCompile(`"([^"]+)"|“([^”]+)”`)
	// optionShape reads `role "name" [attr]…` as printed in aria snapshots.
	optionShape = regexp.MustCompile(`^\s*(?:-\s*)?([a-z]+)\s+"((?:[^"\\]|\\.)*)"(.*)$`)
	bracket     = regexp.MustCompile(`\[([^\]]*)\]`)
	// containment is the yes/no shape the local provider can check.
	containment = regexp.MustCompile(`(?i)^\s*the\s+page\s+(?:now\s+)?(?:shows|contains|displays)\s+(.+?)\s*[.!?]?\s*$`)
)

// ignored words carry no meaning on either side of a comparison.
var ignored = set("a", "an", "the", "page", "screen")

// scaffolding words frame a question without naming its target.
var scaffolding = set("which", "what", "who", "where", "listed", "list", "control", "element", "option",
	"item", "one", "is", "are", "does", "do", "to", "of", "on", "in", "for", "this", "that", "these", "those",
	"should", "would", "could", "i", "me", "we", "you", "click", "press", "select", "choose", "pick", "best",
	"most", "match", "with", "it", "now", "here", "can", "use")

// roleWords maps a word in a question to the option roles it names.
var roleWords = map[string][]string{
	"button": {"button"}, "link": {"link"}, "tab": {"tab"}, "checkbox": {"checkbox"}, "radio": {"radio"},
	"field": {"textbox", "searchbox", "combobox", "spinbutton"}, "textbox": {"textbox"}, "input": {"textbox", "searchbox"},
	"menuitem": {"menuitem"}, "menu": {"menuitem"}, "dropdown": {"combobox"}, "combobox": {"combobox"},
	"heading": {"heading"}, "switch": {"switch"},
}

func set(words ...string) map[string]bool {
	m := make(map[string]bool, len(words))
	for _, w := range words {
		m[w] = true
	}
	return m
}

// words splits s into lower-case word tokens, a plural "s" dropped.
func words(s string) []string {
	f := strings.FieldsFunc(strings.ToLower(s), func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) })
	for i, w := range f {
		if len(w) > 3 && strings.HasSuffix(w, "s") && !strings.HasSuffix(w, "ss") {
			f[i] = w[:len(w)-1]
		}
	}
	return f
}

func without(ws []string, drop ...map[string]bool) []string {
	out := ws[:0:0]
outer:
	for _, w := range ws {
		for _, d := range drop {
			if d[w] {
				continue outer
			}
		}
		out = append(out, w)
	}
	return out
}

// target is what a choice question asks for.
type target struct {
	phrases [][]string      // token sequences to compare names with
	quoted  [][]string      // quoted text, which must match a name exactly
	roles   map[string]bool // option roles the question names
}

func parseTarget(question string) target {
	var t target
	t.roles = map[string]bool{}
	for _, w := range words(question) {
		for _, r := range roleWords[w] {
			t.roles[r] = true
		}
	}
	for _, m := range quoted.FindAllStringSubmatch(question, -1) {
		if q := without(words(m[1]+m[2]), ignored); len(q) > 0 {
			t.quoted = append(t.quoted, q)
		}
	}
	var phrase []string
	if m := targetCue.FindStringSubmatch(question); m != nil {
		phrase = without(words(m[1]), ignored)
	} else {
		phrase = without(words(question), ignored, scaffolding)
	}
	if len(phrase) > 0 {
		t.phrases = append(t.phrases, phrase)
	}
	// "the Save button": compare "save" too, so naming the role does not
	// dilute the name.
	noRole := phrase[:0:0]
	for _, w := range phrase {
		if roleWords[w] == nil {
			noRole = append(noRole, w)
		}
	}
	if len(noRole) > 0 && len(noRole) < len(phrase) {
		t.phrases = append(t.phrases, noRole)
	}
	return t
}

// option is one listed option, read as an aria snapshot line when it is one.
type option struct {
	role     string
	name     []string
	disabled bool
}

func parseOption(s string) option {
	var o option
	rest := s
	if m := optionShape.FindStringSubmatch(s); m != nil {
		o.role, rest = m[1], m[3]
		o.name = without(words(strings.ReplaceAll(m[2], `\"`, `"`)), ignored)
	} else {
		o.name = without(words(bracket.ReplaceAllString(s, " ")), ignored)
	}
	for _, m := range bracket.FindAllStringSubmatch(rest, -1) {
		if strings.TrimSpace(m[1]) == "disabled" {
			o.disabled = true
		}
	}
	return o
}

func (t target) score(o option) float64 {
	if len(o.name) == 0 {
		return 0
	}
	s := 0.0
	for _, q := range t.quoted {
		if equal(q, o.name) {
			s = 1
		}
	}
	for _, p := range t.phrases {
		s = math.Max(s, similarity(p, o.name))
	}
	if s > 0 && len(t.roles) > 0 && o.role != "" && !t.roles[o.role] {
		s *= localWrongRole
	}
	if o.disabled {
		s *= localDisabled
	}
	return s
}

// similarity is the Dice overlap of two token sets, 1 only for the same
// phrase in the same order.
func similarity(a, b []string) float64 {
	as, bs := set(a...), set(b...)
	common := 0
	for w := range as {
		if bs[w] {
			common++
		}
	}
	d := 2 * float64(common) / float64(len(as)+len(bs))
	if d == 1 && !equal(a, b) {
		d = 0.9
	}
	return d
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func localChoice(question string, options []string) Answer {
	t := parseTarget(question)
	weights := make([]float64, len(options))
	undecided, real, best := -1, 0, 0.0
	for i, o := range options {
		if isUndecided(o) {
			if undecided < 0 {
				undecided = i
			}
			continue
		}
		real++
		s := t.score(parseOption(o))
		best = math.Max(best, s)
		weights[i] = math.Pow(s, localPower)
	}
	for i, o := range options {
		if !isUndecided(o) && real > 0 {
			weights[i] += localFloor / float64(real)
		}
	}
	if undecided >= 0 {
		weights[undecided] = localNothingFits + (1 - best)
	}
	total := 0.0
	for _, w := range weights {
		total += w
	}
	a := Answer{Probabilities: make([]float64, len(options))}
	for i, w := range weights {
		if total > 0 {
			a.Probabilities[i] = w / total
		} else {
			a.Probabilities[i] = 1 / float64(len(options))
		}
		if a.Probabilities[i] > a.Probabilities[a.Choice] {
			a.Choice = i
		}
	}
	return a
}

func localYes(question string, state json.RawMessage) float64 {
	m := containment.FindStringSubmatch(question)
	if m == nil {
		return localUnknown
	}
	phrase := m[1]
	if q := quoted.FindStringSubmatch(phrase); q != nil {
		phrase = q[1] + q[2]
	}
	want := without(words(phrase), ignored)
	if len(want) == 0 {
		return localUnknown
	}
	var v any
	if json.Unmarshal(state, &v) != nil {
		return localUnknown
	}
	if obj, ok := v.(map[string]any); ok {
		if page, ok := obj["page"]; ok {
			v = page
		}
	}
	found := false
	eachString(v, func(s string) {
		if !found && containsSeq(without(words(s), ignored), want) {
			found = true
		}
	})
	if found {
		return localFound
	}
	return localUnknown
}

func eachString(v any, f func(string)) {
	switch x := v.(type) {
	case string:
		f(x)
	case []any:
		for _, e := range x {
			eachString(e, f)
		}
	case map[string]any:
		for _, e := range x {
			eachString(e, f)
		}
	}
}

func containsSeq(hay, needle []string) bool {
	for i := 0; i+len(needle) <= len(hay); i++ {
		if equal(hay[i:i+len(needle)], needle) {
			return true
		}
	}
	return false
}
