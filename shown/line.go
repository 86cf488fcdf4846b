// Package shown is how prima shows a page's text: invisible characters escaped, names and values
// quoted, long ones cut with the mark that says so; the envelope and ariadiff both write with it.
package shown

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Show is how a Part of a Change's line is shown.
type Show uint8

const (
	// Word is prima's own wording (a role, a state word, punctuation),
	// shown as it is.
	Word Show = iota
	// Quoted is a text of the page, shown JSON-style quoted with its
	// invisible characters escaped.
	Quoted
	// Plain is a value of the page, shown bare when it reads back
	// unchanged, else quoted.
	Plain
)

// Part is one piece of a Change's line. A text of the page (a name, a
// value, a context) is kept raw, with how many runes were cut from its
// end, and is escaped only when the line is shown: what masks a value
// acts on the value, never on an escaped form of it.
type Part struct {
	Text string `json:"t,omitempty"`
	Show Show   `json:"s,omitempty"`
	Cut  int    `json:"cut,omitempty"`
	// Where: the text says where the element is (its context, `in
	// "…"`), not what it is or holds. Only the daemon reads it.
	Where bool `json:"-"`
}

// Line is a Change's line as parts; String shows it.
type Line []Part

// String is the line as the envelope prints it.
func (l Line) String() string {
	var b strings.Builder
	for _, p := range l {
		s := p.Text
		if p.Cut > 0 {
			s += CutMark(p.Cut)
		}
		switch p.Show {
		case Quoted:
			WriteQuoted(&b, s)
		case Plain:
			WriteValue(&b, s)
		default:
			b.WriteString(s)
		}
	}
	return b.String()
}

// Rewrite is the line with word(t) for each Word's text and value(t) for
// each text of the page, before any is escaped.
func (l Line) Rewrite(word, value func(string) string) Line {
	if l == nil {
		return nil
	}
	out := make(Line, len(l))
	for i, p := range l {
		if p.Show == Word {
			p.Text = word(p.Text)
		} else {
			p.Text = value(p.Text)
		}
		out[i] = p
	}
	return out
}

// Words is a line that is all prima's wording.
func Words(s string) Line { return Line{{Text: s}} }

// CutMark is what ends a name or value cut by n runes.
func CutMark(n int) string { return fmt.Sprintf("…(+%d chars)", n) }

// WriteValue writes v plain when the parser reads it back unchanged and it
// holds nothing invisible, else double-quoted.
func WriteValue(b *strings.Builder, v string) {
	if v == "" || v != strings.TrimSpace(v) || strings.HasPrefix(v, "\"") || strings.HasSuffix(v, ":") || FirstInvisible(v) >= 0 {
		WriteQuoted(b, v)
		return
	}
	b.WriteString(v)
}

// WriteQuoted writes s as a JSON-style double-quoted string. Control,
// zero-width and bidi characters are escaped (see EscapeInvisible), so a
// name never hides a character from its reader, and the parser reads every
// escape back.
func WriteQuoted(b *strings.Builder, s string) {
	b.WriteByte('"')
	for i := 0; i < len(s); {
		c := s[i]
		switch {
		case c == '"' || c == '\\':
			b.WriteByte('\\')
			b.WriteByte(c)
		case c < 0x20 || c == 0x7f:
			WriteEscape(b, rune(c))
		case c < utf8.RuneSelf:
			b.WriteByte(c)
		default:
			r, size := utf8.DecodeRuneInString(s[i:])
			if size > 1 && Invisible(r) {
				WriteEscape(b, r)
			} else {
				b.WriteString(s[i : i+size])
			}
			i += size
			continue
		}
		i++
	}
	b.WriteByte('"')
}

// Clip cuts s at max bytes (on a character's start) and says how many
// bytes it left out.
func Clip(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…(+%d bytes)", s[:cut], len(s)-cut)
}
