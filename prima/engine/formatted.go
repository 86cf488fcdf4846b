package engine

import (
	"strings"
	"unicode"
)

// formattedAs tells whether a field holding got holds want as the page's
// input mask shows it: every character asked for, in order (a letter's
// case aside), with only layout characters added around them (spaces,
// parentheses, hyphens, slashes, colons) and the surrounding spaces
// trimmed. A character asked for that is missing or changed is never
// formatting: "1.5" shown as "15" is another number, "Ada Lovelace" cut to
// "Ada Lov" by a maxlength is not what was asked. Dots and commas are not
// layout either: "1500" shown as "15.00" is another amount.
func formattedAs(want, got string) bool {
	w := []rune(strings.TrimSpace(want))
	if len(w) == 0 {
		return false
	}
	i := 0
	for _, r := range strings.TrimSpace(got) {
		if i < len(w) && (r == w[i] || strings.EqualFold(string(r), string(w[i]))) {
			i++
			continue
		}
		if !layout(r) {
			return false
		}
	}
	return i == len(w)
}

// layout is a character an input mask adds to show a value: it carries no
// part of the value itself.
func layout(r rune) bool {
	return unicode.IsSpace(r) || strings.ContainsRune("()-/:", r)
}
