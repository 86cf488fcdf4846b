package export

import (
	"encoding/json"
	"regexp"
	"strings"
	"unicode/utf8"

	"github.com/prima-dev/prima/ariadiff"
)

// fact is what one Change says about one element, read back from the text
// ariadiff wrote. Only the shapes that name one element are read:
//
//	added, removed:   role "name" [state]… : value
//	typed, selected:  role "name": "from" -> "to"
//	toggled, changed: role "name": from -> to       (state words)
//
// Anything else (counted runs, repeated elements with their context,
// renamed elements, texts changed in place) is not a fact.
type fact struct {
	role     string
	name     string
	named    bool
	states   []string // added, removed: the bracket groups
	value    string   // added, removed: what follows ": "
	hasValue bool
	from, to string // the other kinds: both sides
	quoted   bool   // from and to were quoted (values), not state words
}

// capped matches the mark ariadiff leaves where it cut a long name or
// value: what stands before it is only the start.
var capped = regexp.MustCompile(`…\(\+\d+ chars\)$`)

// readChange reads c, or reports that it is not one element's fact.
func readChange(c ariadiff.Change) (fact, bool) {
	s := c.Text
	var f fact
	if !utf8.ValidString(s) {
		return f, false // not ariadiff's: it writes what the browser sent, valid UTF-8
	}
	i := 0
	for i < len(s) && s[i] >= 'a' && s[i] <= 'z' {
		i++
	}
	if i == 0 {
		return f, false
	}
	f.role, s = s[:i], s[i:]
	if strings.HasPrefix(s, ` "`) {
		name, rest, ok := unquote(s[1:])
		if !ok {
			return f, false
		}
		f.name, f.named, s = name, true, rest
	}
	switch c.Kind {
	case ariadiff.Added, ariadiff.Removed:
		for strings.HasPrefix(s, " [") {
			end := strings.IndexByte(s, ']')
			if end < 0 {
				return f, false
			}
			f.states = append(f.states, s[2:end])
			s = s[end+1:]
		}
		if s == "" {
			return f, true
		}
		v, ok := strings.CutPrefix(s, ": ")
		if !ok || v == "" {
			return f, false // a context, a count, or not ariadiff's text
		}
		if v[0] == '"' {
			var rest string
			if v, rest, ok = unquote(v); !ok || rest != "" {
				return f, false
			}
		}
		f.value, f.hasValue = v, true
		return f, true
	case ariadiff.Typed, ariadiff.Selected, ariadiff.Toggled, ariadiff.Changed:
		s, ok := strings.CutPrefix(s, ": ")
		if !ok || !f.named {
			return f, false
		}
		if s != "" && s[0] == '"' {
			from, rest, ok := unquote(s)
			if !ok {
				return f, false
			}
			to, ok := strings.CutPrefix(rest, " -> ")
			if !ok || to == "" || to[0] != '"' {
				return f, false
			}
			if to, rest, ok = unquote(to); !ok || rest != "" {
				return f, false // a context: the element repeats
			}
			f.from, f.to, f.quoted = from, to, true
			return f, true
		}
		from, to, ok := strings.Cut(s, " -> ")
		if !ok || !stateWord.MatchString(from) || !stateWord.MatchString(to) {
			return f, false
		}
		f.from, f.to = from, to
		return f, true
	}
	return f, false
}

// stateWord is how ariadiff words a state: checked, unchecked, mixed,
// level=2, no level.
var stateWord = regexp.MustCompile(`^(?:no )?[a-z]+(?:=[A-Za-z0-9_-]+)?$`)

// unquote reads the double-quoted string at the start of s, as ariadiff
// writes it (JSON escapes), and returns it with the rest of s.
func unquote(s string) (string, string, bool) {
	if s == "" || s[0] != '"' {
		return "", s, false
	}
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			var v string
			if json.Unmarshal([]byte(s[:i+1]), &v) != nil {
				return "", s, false
			}
			return v, s[i+1:], true
		}
	}
	return "", s, false
}
