package shown

import (
	"strings"
	"unicode"
	"unicode/utf8"
)

// EscapeInvisible returns s with every character that prints as nothing,
// or that silently reorders the text around it, written as a JSON-style
// escape: zero-width characters (U+200B..U+200D, U+2060, U+FEFF, U+00AD…),
// bidi controls (U+202A..U+202E, U+2066..U+2069, U+200E, U+200F, U+061C),
// every other Unicode format character, private-use characters (icon
// fonts' glyphs), control characters (C0, DEL, C1;
// a newline reads `\n`, a tab `\t`, a carriage return `\r`), the line and
// paragraph separators and the Hangul fillers. So `Sa\u200bve` never looks
// like `Save`. Characters above U+FFFF are written as a surrogate pair
// (`\udb40\udc01`), as JSON does. Everything else, backslashes and invalid
// UTF-8 bytes included, is left as it is: the result is for reading, one
// name or value on one line, not for parsing back (inside ariadiff's
// double-quoted names a backslash is escaped too, so those do parse back).
func EscapeInvisible(s string) string { return escape(s, false) }

// EscapeInvisibleText is EscapeInvisible for a text of several lines
// (an answer, an error, a snapshot): its line breaks (\n) and tabs lay
// it out and stay as they are.
func EscapeInvisibleText(s string) string { return escape(s, true) }

func escape(s string, layout bool) string {
	i := firstInvisible(s, layout)
	if i < 0 {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + 8)
	b.WriteString(s[:i])
	for i < len(s) {
		r, size := utf8.DecodeRuneInString(s[i:])
		if Invisible(r) && !(r == utf8.RuneError && size == 1) && !(layout && isLayout(r)) {
			WriteEscape(&b, r)
		} else {
			b.WriteString(s[i : i+size])
		}
		i += size
	}
	return b.String()
}

// FirstInvisible is the byte offset of the first character EscapeInvisible
// escapes, or -1.
func FirstInvisible(s string) int { return firstInvisible(s, false) }

func firstInvisible(s string, layout bool) int {
	for i := 0; i < len(s); {
		c := s[i]
		if c < utf8.RuneSelf {
			if (c < 0x20 || c == 0x7f) && !(layout && isLayout(rune(c))) {
				return i
			}
			i++
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if size > 1 && Invisible(r) {
			return i
		}
		i += size
	}
	return -1
}

func isLayout(r rune) bool { return r == '\n' || r == '\t' }

// Invisible reports whether r prints as nothing or reorders text.
func Invisible(r rune) bool {
	switch {
	case r < 0x20 || r == 0x7f:
		return true
	case r < 0x80:
		return false
	case r <= 0x9f: // C1 controls
		return true
	}
	switch r {
	case 0x2028, 0x2029, // line and paragraph separators
		0x034f,                         // combining grapheme joiner
		0x115f, 0x1160, 0x3164, 0xffa0: // Hangul fillers, which render blank
		return true
	}
	// Format characters: zero-width spaces and joiners, bidi marks,
	// embeddings, overrides and isolates, the BOM, tag characters. And
	// private-use characters: an icon font draws them, but as text they
	// are nothing a reader (or a model) can read or type.
	return unicode.Is(unicode.Cf, r) || unicode.Is(unicode.Co, r)
}

// WriteEscape writes r as `\n`, `\t`, `\r` or `\uXXXX` (a surrogate pair
// above U+FFFF).
func WriteEscape(b *strings.Builder, r rune) {
	const hex = "0123456789abcdef"
	switch r {
	case '\n':
		b.WriteString(`\n`)
		return
	case '\t':
		b.WriteString(`\t`)
		return
	case '\r':
		b.WriteString(`\r`)
		return
	}
	u4 := func(v rune) {
		b.WriteString(`\u`)
		b.WriteByte(hex[v>>12&0xf])
		b.WriteByte(hex[v>>8&0xf])
		b.WriteByte(hex[v>>4&0xf])
		b.WriteByte(hex[v&0xf])
	}
	if r > 0xffff {
		r -= 0x10000
		u4(0xd800 + r>>10)
		u4(0xdc00 + r&0x3ff)
		return
	}
	u4(r)
}
