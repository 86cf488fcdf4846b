package prima

import (
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/envelope"
)

// Masked is how a password field's value prints, everywhere (rule 13).
const Masked = "••••"

// maskValue remembers a password field's value so that it never leaves
// the daemon.
func (in *Instance) maskValue(v string) {
	if v != "" && v != Masked {
		in.masked[v] = true
	}
}

// mask replaces every remembered password value in text, where it stands
// as a whole (not inside a longer word), longest first.
func (in *Instance) mask(text string) string {
	if len(in.masked) == 0 {
		return text
	}
	vs := make([]string, 0, len(in.masked))
	for v := range in.masked {
		vs = append(vs, v)
	}
	sort.Slice(vs, func(i, j int) bool { return len(vs[i]) > len(vs[j]) })
	for _, v := range vs {
		text = replaceWhole(text, v, Masked)
	}
	return text
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

// MaskEnvelope replaces password values in everything an envelope says.
func (in *Instance) MaskEnvelope(e *envelope.Envelope) {
	if e != nil && len(in.masked) > 0 {
		e.Rewrite(in.mask)
	}
}
