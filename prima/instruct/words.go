package instruct

import (
	"fmt"
	"strings"
	"unicode"

	"github.com/prima-dev/prima/shown"
)

// Match says how a literal target matched an element's name (rule 10).
const (
	MatchExact = "exact" // the whole name, case and spacing aside
	MatchWords = "words" // every word of the target is a whole word of the name
)

// wordRune reports whether r belongs to a word: letters (any script),
// digits and the combining marks that belong to letters. Everything else,
// white space and punctuation alike, separates words.
func wordRune(r rune) bool {
	return unicode.IsLetter(r) || unicode.IsNumber(r) || unicode.IsMark(r)
}

// Words splits s into its words, lower-cased: maximal runs of letters,
// digits and marks. "Unsubscribe from all" is [unsubscribe from all];
// "Sign-in" is [sign in]; "保存する" is one word.
func Words(s string) []string {
	var out []string
	for _, w := range strings.FieldsFunc(s, func(r rune) bool { return !wordRune(r) }) {
		out = append(out, strings.ToLower(w))
	}
	return out
}

// NameMatch reports how target names name under rule 10: MatchExact when
// they are equal (case and spacing aside), MatchWords when every word of
// target is a whole word of name, "" otherwise. A part of a word never
// matches: "Subscribe" is no match for "Unsubscribe from all".
func NameMatch(target, name string) string {
	if norm(target) == norm(name) {
		return MatchExact
	}
	if hasWords(Words(name), Words(target)) {
		return MatchWords
	}
	return ""
}

// hasWords reports whether every word of want is a word of have; a target
// without words (only punctuation) never matches by words.
func hasWords(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w || strings.EqualFold(h, w) {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// hasPhrase reports whether the words of want appear in have in order and
// next to each other: the quoted text "Profile saved" in an alert that
// reads "Profile saved. Undo".
func hasPhrase(have, want []string) bool {
	if len(want) == 0 {
		return false
	}
	for i := 0; i+len(want) <= len(have); i++ {
		ok := true
		for j, w := range want {
			if have[i+j] != w && !strings.EqualFold(have[i+j], w) {
				ok = false
				break
			}
		}
		if ok {
			return true
		}
	}
	return false
}

// subWord reports whether target occurs in name only inside a longer word
// ("Subscribe" in "Unsubscribe"): the near miss a not-found message names.
func subWord(target, name string) bool {
	t, n := norm(target), norm(name)
	return len(Words(target)) > 0 && strings.Contains(n, t) && NameMatch(target, name) == ""
}

// TextPattern is the source of a JavaScript regular expression, to be used
// with the flags "iu", that finds text on a page by rule 10: the text as
// written (case aside, any run of white space for a space), never as part
// of a longer word. "Subscribe" finds "Subscribe now" and "subscribe!",
// never "Unsubscribe". For Playwright: the selector
// `internal:text=/PATTERN/iu`, or in a test `page.getByText(/PATTERN/iu)`.
// The pattern holds no quote, backquote or '>' (they are \x escapes), so
// Playwright's selector parser reads it whole.
func TextPattern(text string) string {
	const notWord = `[\p{L}\p{N}\p{M}]`
	rs := []rune(strings.TrimSpace(text))
	var b strings.Builder
	if len(rs) > 0 && wordRune(rs[0]) {
		b.WriteString(`(?<!` + notWord + `)`)
	}
	for i := 0; i < len(rs); i++ {
		r := rs[i]
		switch {
		case unicode.IsSpace(r):
			for i+1 < len(rs) && unicode.IsSpace(rs[i+1]) {
				i++
			}
			b.WriteString(`\s+`)
		case strings.ContainsRune(`^$\.*+?()[]{}|/`, r):
			b.WriteByte('\\')
			b.WriteRune(r)
		case r == '"' || r == '\'' || r == '`' || r == '>' || r == '<':
			fmt.Fprintf(&b, `\x%02x`, r)
		case shown.Invisible(r):
			fmt.Fprintf(&b, `\u{%x}`, r)
		default:
			b.WriteRune(r)
		}
	}
	if len(rs) > 0 && wordRune(rs[len(rs)-1]) {
		b.WriteString(`(?!` + notWord + `)`)
	}
	return b.String()
}

// roleWords maps the role words a user writes, in instructions and in
// claims alike, to ARIA roles: every role an aria snapshot reports under
// its own name, and the everyday words for the common ones.
var roleWords = map[string]string{
	// Everyday words.
	"field": "textbox", "input": "textbox", "box": "textbox", "textarea": "textbox",
	"dropdown": "combobox", "select": "combobox", "menu item": "menuitem", "item": "menuitem",
	"image": "img", "list item": "listitem", "progress bar": "progressbar", "radio button": "radio",
	"tab panel": "tabpanel", "modal": "dialog",
}

// ariaRoles are the ARIA roles a user may name by themselves.
var ariaRoles = strings.Fields(`alert alertdialog article banner blockquote button caption cell checkbox
	columnheader combobox complementary contentinfo definition dialog figure form grid gridcell group
	heading img link list listbox listitem log main marquee menu menubar menuitem menuitemcheckbox
	menuitemradio meter navigation note option paragraph progressbar radio radiogroup region row
	rowgroup rowheader scrollbar searchbox separator slider spinbutton status switch tab table tablist
	tabpanel term textbox timer toolbar tooltip tree treegrid treeitem`)

func init() {
	for _, r := range ariaRoles {
		roleWords[r] = r
	}
}

// RoleWord maps a role word as a user writes it ("button", "menu item",
// "alert", "field") to its ARIA role; the words are matched in lower case
// with single spaces.
func RoleWord(words string) (string, bool) {
	r, ok := roleWords[strings.Join(strings.Fields(strings.ToLower(words)), " ")]
	return r, ok
}

// contentRoles are the roles whose text is their content, not their
// accessible name: an alert or a status has no name, and what it says is
// what a user calls it by.
var contentRoles = set(`alert alertdialog article blockquote caption cell columnheader complementary
	contentinfo definition dialog figure form generic grid gridcell group listitem log main marquee
	banner navigation note paragraph region row rowheader status table term timer tooltip`)

// ContentRole reports whether an element of this role is known by its
// text content as well as by its accessible name (see Target.Content).
func ContentRole(role string) bool { return contentRoles[role] }

func set(words string) map[string]bool {
	m := map[string]bool{}
	for _, w := range strings.Fields(words) {
		m[w] = true
	}
	return m
}
