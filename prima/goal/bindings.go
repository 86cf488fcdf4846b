package goal

import (
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"
)

// MinValue is the shortest bound value: a shorter one cannot be redacted
// without rewriting ordinary text all over the page.
const MinValue = 3

// placeholder is a binding reference, {{name}}, in goals and claims.
var placeholder = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}`)

// looseBraces finds anything written like a placeholder, to name the ones
// that are not valid ({{ email }}, {{1st}}).
var looseBraces = regexp.MustCompile(`\{\{[^{}]*\}\}`)

// Generated describes a value Faker made during one goal: the model and
// every report see its binding ID and generator, never the value.
type Generated struct {
	ID        string `json:"id"`
	Generator string `json:"generator"`
	// Field and Page say where it was first typed.
	Field string `json:"field"`
	Page  string `json:"page"`
}

// bindings holds every value the goal may type, supplied and generated,
// and redacts them wherever text leaves the goal package.
type bindings struct {
	values    map[string]string // name -> raw value
	supplied  []string          // names, sorted
	generated []Generated       // in the order they were made
	matcher   *regexp.Regexp    // every value and its JSON encoding; nil when none
	byForm    map[string]string // lower-cased matched form -> name
}

func newBindings(data map[string]string) *bindings {
	b := &bindings{values: map[string]string{}}
	for name, v := range data {
		b.values[name] = v
		b.supplied = append(b.supplied, name)
	}
	sort.Strings(b.supplied)
	b.compile()
	return b
}

// bind adds a generated value under id.
func (b *bindings) bind(id, value string) {
	b.values[id] = value
	b.compile()
}

// freeID is base_1, base_2, … whichever is not yet a binding.
func (b *bindings) freeID(base string) string {
	for n := 1; ; n++ {
		id := fmt.Sprintf("%s_%d", base, n)
		if _, taken := b.values[id]; !taken {
			return id
		}
	}
}

// compile builds one case-insensitive alternation of every value, longest
// first so that a value inside another cannot leak a remainder, with each
// value's JSON- and URL-escaped forms too, so that encoded bodies and query
// strings are covered.
func (b *bindings) compile() {
	b.byForm = map[string]string{}
	var forms []string
	for name, v := range b.values {
		enc, _ := json.Marshal(v)
		for _, f := range []string{v, string(enc[1 : len(enc)-1]), url.QueryEscape(v), url.PathEscape(v)} {
			k := strings.ToLower(f)
			if _, dup := b.byForm[k]; !dup && len(f) >= MinValue {
				b.byForm[k] = name
				forms = append(forms, f)
			}
		}
	}
	if len(forms) == 0 {
		b.matcher = nil
		return
	}
	sort.Slice(forms, func(i, j int) bool {
		if len(forms[i]) != len(forms[j]) {
			return len(forms[i]) > len(forms[j])
		}
		return forms[i] < forms[j]
	})
	for i, f := range forms {
		forms[i] = regexp.QuoteMeta(f)
	}
	b.matcher = regexp.MustCompile(`(?i)` + strings.Join(forms, "|"))
}

// Redact replaces every bound value in text by {{name}}.
func (b *bindings) Redact(text string) string {
	if b.matcher == nil {
		return text
	}
	return b.matcher.ReplaceAllStringFunc(text, func(m string) string {
		return "{{" + b.byForm[strings.ToLower(m)] + "}}"
	})
}

// Occupant says what a field holds without saying the value: "" when it is
// empty, {{name}} when it holds exactly a bound value, else "other text".
// The adapter calls it with the field's value and keeps only the result.
func (b *bindings) Occupant(value string) string {
	v := strings.TrimSpace(value)
	if v == "" {
		return ""
	}
	for name, bound := range b.values {
		if strings.EqualFold(v, bound) {
			return "{{" + name + "}}"
		}
	}
	return OtherText
}

// OtherText is the occupant of a field holding text that no binding has.
const OtherText = "other text"

// checkPlaceholders reports a malformed placeholder in text, or one that
// declared does not bind; field names the text ("goal", "verify").
func checkPlaceholders(field, text string, declared map[string]string) error {
	for _, m := range looseBraces.FindAllString(text, -1) {
		if !placeholder.MatchString(m) || placeholder.FindString(m) != m {
			return fmt.Errorf("%s: %s is not a binding: write {{name}} with letters, digits and _ only", field, m)
		}
		name := m[2 : len(m)-2]
		if _, ok := declared[name]; !ok {
			return fmt.Errorf("%s uses {{%s}}, which data does not declare", field, name)
		}
	}
	return nil
}

// checkBindings validates binding names and values.
func checkBindings(data map[string]string) error {
	names := make([]string, 0, len(data))
	for n := range data {
		names = append(names, n)
	}
	sort.Strings(names)
	for _, n := range names {
		if placeholder.FindString("{{"+n+"}}") != "{{"+n+"}}" {
			return fmt.Errorf("data: binding name %q: use letters, digits and _ only, not starting with a digit", n)
		}
		if len(data[n]) < MinValue {
			return fmt.Errorf("data.%s: a value needs at least %d characters so that it can be redacted; write a shorter one into the goal itself", n, MinValue)
		}
	}
	return nil
}
