package instruct

import "strings"

// IsOpenQuote reports whether r opens a quoted text: a straight double or
// single quote, or a typographic opening one. Instructions and claims
// share these rules (a quote opens only at the start of a word, so
// "O'Brien" and "doesn't" stay words).
func IsOpenQuote(r rune) bool { return r == '"' || r == '\'' || r == '“' || r == '‘' }

// ClosingQuote is the quote that closes one opened with r.
func ClosingQuote(r rune) rune {
	switch r {
	case '“':
		return '”'
	case '‘':
		return '’'
	}
	return r
}

// quotedPrefix reads a quoted string at the start of s: its body and what
// follows the closing quote.
func quotedPrefix(s string) (string, string, bool) {
	for i, r := range s {
		if i > 0 || !IsOpenQuote(r) {
			break
		}
		c := ClosingQuote(r)
		body := s[len(string(r)):]
		end := strings.IndexRune(body, c)
		if end < 0 {
			return "", "", false
		}
		return body[:end], body[end+len(string(c)):], true
	}
	return "", "", false
}

// unquote strips one pair of quotes around the whole of s.
func unquote(s string) string {
	s = strings.TrimSpace(s)
	if q, rest, ok := quotedPrefix(s); ok && strings.TrimSpace(rest) == "" {
		return q
	}
	return s
}

// quote writes s in quotes that do not occur in it, for a suggestion a
// user can paste back.
func quote(s string) string {
	switch {
	case !strings.Contains(s, `"`):
		return `"` + s + `"`
	case !strings.Contains(s, `'`):
		return `'` + s + `'`
	}
	return "“" + s + "”"
}
