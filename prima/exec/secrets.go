package exec

import (
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/pwline"
)

// Secrets are values bound to names for one command: instructions and pw
// values say {{NAME}}, prima types the value, and every envelope, artifact
// and model message shows only the name.
type Secrets map[string]string

// MinSecret is the shortest secret value: a shorter one would redact
// ordinary text all over the page.
const MinSecret = 3

var placeholder = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}`)

// Check validates names and values.
func (s Secrets) Check() error {
	for name, v := range s {
		if !placeholder.MatchString("{{" + name + "}}") {
			return fmt.Errorf("secret name %q: use letters, digits and _", name)
		}
		if len(v) < MinSecret {
			return fmt.Errorf("secret %s: a value needs at least %d characters", name, MinSecret)
		}
	}
	return nil
}

// Fill replaces {{NAME}} by the secret's value; an unbound name is an
// error that says how to bind it.
func (s Secrets) Fill(v string) (string, error) {
	var missing []string
	out := placeholder.ReplaceAllStringFunc(v, func(m string) string {
		name := m[2 : len(m)-2]
		if val, ok := s[name]; ok {
			return val
		}
		missing = append(missing, name)
		return m
	})
	if len(missing) > 0 {
		return "", fmt.Errorf("no secret %s: pass --secret %s=VALUE or set PRIMA_SECRET_%s", missing[0], missing[0], missing[0])
	}
	return out, nil
}

// Redact replaces every secret value in text by {{NAME}}, longest values
// first so that one secret inside another cannot leak a remainder; a
// value a page echoes URL-escaped (`?user=ada%40example.com`) too, and
// one escaped inside a string of code prima prints (`fill('it\'s')`) or
// inside a quoted value of a snapshot. A Change's values are redacted
// raw, before they are escaped.
func (s Secrets) Redact(text string) string {
	if len(s) == 0 {
		return text
	}
	names := make([]string, 0, len(s))
	for n := range s {
		names = append(names, n)
	}
	sort.Slice(names, func(i, j int) bool { return len(s[names[i]]) > len(s[names[j]]) })
	for _, n := range names {
		v := s[n]
		if len(v) < MinSecret {
			continue
		}
		for _, form := range []string{v, url.QueryEscape(v), url.PathEscape(v), pwline.JSEscaped(v), ariadiff.Escaped(v)} {
			text = strings.ReplaceAll(text, form, "{{"+n+"}}")
		}
	}
	return text
}

// RedactEnvelope applies Redact to everything an envelope says.
func (s Secrets) RedactEnvelope(e *envelope.Envelope) {
	if len(s) > 0 && e != nil {
		e.Rewrite(s.Redact, s.Redact)
	}
}
