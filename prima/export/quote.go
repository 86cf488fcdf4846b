package export

import (
	"strings"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// jsString writes s as a single-quoted JavaScript string literal. Beside
// quotes, backslashes and line breaks, every character that prints as
// nothing or reorders the text around it (zero-width, bidi controls) is
// escaped, so the spec reads as what it checks; invalid UTF-8 becomes
// U+FFFD, as a JavaScript string cannot hold it.
func jsString(s string) string {
	var b strings.Builder
	b.Grow(len(s) + 2)
	b.WriteByte('\'')
	for _, r := range s {
		switch r {
		case '\\':
			b.WriteString(`\\`)
		case '\'':
			b.WriteString(`\'`)
		default:
			if r == utf8.RuneError {
				b.WriteString(`\ufffd`)
				continue
			}
			b.WriteString(shown.EscapeInvisible(string(r)))
		}
	}
	b.WriteByte('\'')
	return b.String()
}

// comment is s as one line comment: line breaks and invisible characters
// escaped, so page text can never end the comment and become code.
func comment(s string) string {
	return "// " + shown.EscapeInvisible(strings.ToValidUTF8(s, "\ufffd"))
}
