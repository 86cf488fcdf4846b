package engine

import (
	"strings"
	"testing"
	"unicode/utf8"
)

// A field a page formats still holds what was asked; one that lost or
// changed a character does not.
func TestFormattedAs(t *testing.T) {
	for _, c := range []struct {
		want, got string
		ok        bool
	}{
		{"5551234567", "(555) 123-4567", true},
		{"4242424242424242", "4242 4242 4242 4242", true},
		{"12312026", "12/31/2026", true},
		{"1230", "12:30", true},
		{"spring10", "SPRING10", true},
		{"#FF0000", "#ff0000", true},
		{" ada@example.com ", "ada@example.com", true},
		{"Ærø", "ÆRØ", true},
		{"SW1A1AA", "SW1A 1AA", true},
		{"1.5", "15", false},     // a mask that drops the point: another number
		{"-5", "5", false},       // the sign dropped
		{"1500", "15.00", false}, // a point added: another amount
		{"1500", "1,500", false}, // a comma is a decimal point somewhere
		{"Ada Lovelace", "Ada Lov", false},
		{"abc", "abcd", false}, // a character added that is not layout
		{"abc", "xabc", false},
		{"abc", "ab", false},
		{"", "", false}, // nothing asked: clearing is checked as it is
		{"ab", "a b", true},
		{"a-b", "a--b", true},
		{"(555)", "555", false}, // layout asked for and removed: not what was asked
	} {
		if got := formattedAs(c.want, c.got); got != c.ok {
			t.Errorf("formattedAs(%q, %q) = %v, want %v", c.want, c.got, got, c.ok)
		}
	}
}

// Formatting only adds layout: the characters that are not layout are
// the same on both sides (case aside), and a value is its own format.
func FuzzFormattedAs(f *testing.F) {
	f.Add("5551234567", "(555) 123-4567")
	f.Add("1.5", "15")
	f.Add("spring10", "SPRING10")
	f.Fuzz(func(t *testing.T, want, got string) {
		if formattedAs(want, got) && !strings.EqualFold(withoutLayout(want), withoutLayout(got)) {
			t.Fatalf("formattedAs(%q, %q) with other characters than layout", want, got)
		}
		if strings.TrimSpace(want) != "" && utf8.ValidString(want) && !formattedAs(want, want) {
			t.Fatalf("formattedAs(%q, itself) = false", want)
		}
	})
}

func withoutLayout(s string) string {
	return strings.Map(func(r rune) rune {
		if layout(r) {
			return -1
		}
		return r
	}, s)
}
