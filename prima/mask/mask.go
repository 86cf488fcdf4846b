// Package mask hides the password values a browser instance has seen or
// typed wherever prima prints them: views, code, envelopes.
package mask

import (
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/pwline"
)

// Masked is how a password field's value prints, everywhere (rule 13).
const Masked = "••••"

// Values are the values of password fields seen or typed: they never
// leave the daemon.
type Values map[string]bool

// Add remembers a password field's value so that it never leaves the
// daemon.
func (m Values) Add(v string) {
	if v != "" && v != Masked {
		m[v] = true
	}
}

// Text replaces every remembered password value in text, where it stands
// as a whole (not inside a longer word), longest first; in code prima
// prints (a used: line) and in a quoted value of a snapshot, a value with
// a quote or a backslash stands escaped, and is found so too. A Change's
// values are masked raw (Field), before they are escaped.
func (m Values) Text(text string) string {
	if len(m) == 0 {
		return text
	}
	vs := make([]string, 0, len(m))
	for v := range m {
		vs = append(vs, v)
		for _, q := range []string{pwline.JSEscaped(v), ariadiff.Escaped(v)} {
			if q != v && !slices.Contains(vs, q) {
				vs = append(vs, q)
			}
		}
	}
	sort.Slice(vs, func(i, j int) bool { return len(vs[i]) > len(vs[j]) })
	for _, v := range vs {
		if len([]rune(v)) >= minWhole {
			text = replaceWhole(text, v, Masked)
			continue
		}
		// A short value ("12") would mask every "12" on the page; it is
		// masked where prima prints a field's value: quoted, or as a
		// snapshot line's value.
		for _, q := range []string{`"`, `'`} {
			text = strings.ReplaceAll(text, q+v+q, q+Masked+q)
		}
		text = replaceLineEnd(text, ": "+v, ": "+Masked)
	}
	return text
}

// Field masks a value that stands alone (a field's value, an
// element's name): a remembered password, however short, is masked where
// it is the whole value, and a longer one wherever it stands.
func (m Values) Field(v string) string {
	if m[v] {
		return Masked
	}
	return m.Text(v)
}

// minWhole is the shortest password value masked wherever it stands.
const minWhole = 4

// replaceLineEnd replaces old where it ends a line.
func replaceLineEnd(s, old, repl string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		if strings.HasSuffix(l, old) {
			lines[i] = strings.TrimSuffix(l, old) + repl
		}
	}
	return strings.Join(lines, "\n")
}

// replaceWhole replaces old by repl where old is not flanked by a letter
// or digit.
func replaceWhole(s, old, repl string) string {
	if old == "" || !strings.Contains(s, old) {
		return s
	}
	var b strings.Builder
	for {
		i := strings.Index(s, old)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(old):])
		whole := (i == 0 || !isWordRune(before)) && (i+len(old) == len(s) || !isWordRune(after))
		b.WriteString(s[:i])
		if whole {
			b.WriteString(repl)
		} else {
			b.WriteString(old)
		}
		s = s[i+len(old):]
	}
}

func isWordRune(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }

// Envelope replaces password values in everything an envelope says.
func (m Values) Envelope(env *envelope.Envelope) {
	if env == nil || len(m) == 0 {
		return
	}
	env.Rewrite(m.Text, m.Field)
	for v := range m {
		// The command echoes what the caller typed, short values too.
		env.Command = replaceWhole(env.Command, v, Masked)
	}
}
