package instruct

import (
	"errors"
	"slices"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
)

// snap builds an AI-mode snapshot from item lines under one root.
func snap(items ...string) *ariadiff.Tree {
	var b strings.Builder
	b.WriteString("- generic [active] [ref=e1]:\n")
	for _, it := range items {
		b.WriteString("  " + it + "\n")
	}
	return ariadiff.Parse(b.String())
}

// TestRule10 pins rule 10: a literal target matches by its exact name
// (case and spacing aside), or, when no name is exact, by whole words when
// exactly one element's name holds them all; a part of a word never
// matches.
func TestRule10(t *testing.T) {
	for _, c := range []struct {
		name    string
		items   []string
		verb    string
		target  Target
		ref     string // the match; "" for an error
		match   string // MatchExact or MatchWords; for an error, the ambiguous tier or ""
		refs    []string
		near    []string // not found: the sub-word near misses
		message string   // a fragment of the note or the error
	}{
		{name: "Subscribe never matches Unsubscribe", verb: "click", target: Target{Text: "Subscribe"},
			items: []string{`- link "Unsubscribe from all" [ref=e2] [cursor=pointer]`, `- button "Save" [ref=e3]`},
			near:  []string{"e2"}, refs: []string{"e2", "e3"},
			message: `nothing on the page fits click Subscribe (a part of a word never matches: link "Unsubscribe from all" [ref=e2])`},
		{name: "Subscribe finds Subscribe beside Unsubscribe", verb: "click", target: Target{Text: "Subscribe"},
			items: []string{`- link "Unsubscribe from all" [ref=e2]`, `- button "Subscribe" [ref=e3]`},
			ref:   "e3", match: MatchExact},
		{name: "Subscribe by its words beside Unsubscribe", verb: "click", target: Target{Text: "subscribe"},
			items: []string{`- link "Unsubscribe from all" [ref=e2]`, `- button "Subscribe now" [ref=e3]`},
			ref:   "e3", match: MatchWords, message: `matched button "Subscribe now" by its words`},
		{name: "Save matches Save draft by its words", verb: "click", target: Target{Text: "Save"},
			items: []string{`- link "Save draft" [ref=e2]`, `- button "Publish" [ref=e3]`},
			ref:   "e2", match: MatchWords, message: `matched link "Save draft" by its words`},
		{name: "an exact Save beats Save draft", verb: "click", target: Target{Text: "Save"},
			items: []string{`- link "Save draft" [ref=e2]`, `- button "Save" [ref=e3]`},
			ref:   "e3", match: MatchExact},
		{name: "two names holding the words are ambiguous", verb: "click", target: Target{Text: "Save"},
			items: []string{`- button "Save draft" [ref=e2]`, `- button "Save and close" [ref=e3]`},
			match: MatchWords, refs: []string{"e2", "e3"},
			message: `2 elements fit click Save by their words (no name is exact): button "Save draft" [ref=e2], button "Save and close" [ref=e3]; name one by ref (prima pw click REF)`},
		{name: "Save does not match Saved", verb: "click", target: Target{Text: "Save"},
			items: []string{`- button "Saved" [ref=e2]`}, near: []string{"e2"}, refs: []string{"e2"}},
		{name: "every word must be there, in any order", verb: "click", target: Target{Text: "draft save"},
			items: []string{`- button "Save draft" [ref=e2]`, `- button "Save" [ref=e3]`},
			ref:   "e2", match: MatchWords},
		{name: "one missing word is no match", verb: "click", target: Target{Text: "Save copy"},
			items: []string{`- button "Save draft" [ref=e2]`}, refs: []string{"e2"}},
		{name: "punctuation separates words", verb: "click", target: Target{Text: "sign in"},
			items: []string{`- link "Sign-in" [ref=e2]`, `- button "Signing" [ref=e3]`},
			ref:   "e2", match: MatchWords},
		{name: "a number is a whole word", verb: "click", target: Target{Text: "Item 2"},
			items: []string{`- button "Item 22" [ref=e2]`, `- button "Item 2 of 3" [ref=e3]`},
			ref:   "e3", match: MatchWords},
		{name: "accented words compare without case", verb: "click", target: Target{Text: "élan"},
			items: []string{`- button "ÉLAN vital" [ref=e2]`, `- button "Élancé" [ref=e3]`},
			ref:   "e2", match: MatchWords},
		{name: "cyrillic words", verb: "click", target: Target{Text: "сохранить"},
			items: []string{`- button "Сохранить черновик" [ref=e2]`, `- button "Пересохранить" [ref=e3]`},
			ref:   "e2", match: MatchWords},
		{name: "a CJK run is one word", verb: "click", target: Target{Text: "保存"},
			items: []string{`- button "保存する" [ref=e2]`}, near: []string{"e2"}, refs: []string{"e2"}},
		{name: "a target of punctuation matches only exactly", verb: "click", target: Target{Text: "+"},
			items: []string{`- button "+ Add" [ref=e2]`, `- button "+" [ref=e3]`},
			ref:   "e3", match: MatchExact},
		{name: "a target of punctuation never matches by words", verb: "click", target: Target{Text: "…"},
			items: []string{`- button "More …" [ref=e2]`}, refs: []string{"e2"}},
		{name: "spacing aside is still exact", verb: "click", target: Target{Text: "save   DRAFT"},
			items: []string{`- button "Save draft" [ref=e2]`}, ref: "e2", match: MatchExact},
		{name: "a quoted target never matches by words", verb: "click", target: Target{Text: "Save", Quoted: true},
			items: []string{`- button "Save draft" [ref=e2]`}, refs: []string{"e2"}},
		{name: "two visible exact duplicates are ambiguous with both refs", verb: "click", target: Target{Text: "Help"},
			items: []string{`- link "Help" [ref=e2]`, `- link "Help" [ref=e3]`, `- link "Help center" [ref=e4]`},
			match: MatchExact, refs: []string{"e2", "e3"},
			message: `2 elements fit click Help: link "Help" [ref=e2], link "Help" [ref=e3]; name one by ref (prima pw click REF)`},
		{name: "the name exactly as written beats another case", verb: "click", target: Target{Text: "Save"},
			items: []string{`- button "SAVE" [ref=e2]`, `- button "Save" [ref=e3]`}, ref: "e3", match: MatchExact},
		{name: "two names differing only in case are ambiguous for a third spelling", verb: "click", target: Target{Text: "save"},
			items: []string{`- button "SAVE" [ref=e2]`, `- button "Save" [ref=e3]`}, match: MatchExact, refs: []string{"e2", "e3"}},
		{name: "an exact whole reading beats a role reading by words", verb: "click", target: Target{Text: "Add", Role: "row", Word: "row"},
			items: []string{`- row "Add-ons 5 EUR" [ref=e2]`, `- button "Add row" [ref=e3]`}, ref: "e3", match: MatchExact},
		{name: "a role reading by words stands when the whole reading is not exact", verb: "click", target: Target{Text: "Archive", Role: "menuitem", Word: "item"},
			items: []string{`- menuitem "Archive all" [ref=e2]`, `- button "Delete" [ref=e3]`}, ref: "e2", match: MatchWords},
		{name: "right-click acts on what click acts on", verb: "rightclick", target: Target{Text: "Row A"},
			items: []string{`- row "Row A" [ref=e2]`}, ref: "e2", match: MatchExact},
		{name: "drag may drop on any element", verb: "drag", target: Target{Text: "Done"},
			items: []string{`- region "Done" [ref=e2]`, `- region "Not done" [ref=e3]`}, ref: "e2", match: MatchExact},
		{name: "drag hints at prima pw drag", verb: "drag", target: Target{Text: "Card"},
			items: []string{`- listitem "Card 1" [ref=e2]`, `- listitem "Card 2" [ref=e3]`}, match: MatchWords, refs: []string{"e2", "e3"},
			message: "(prima pw drag REF TARGET)"},
		{name: "see finds any role", verb: See, target: Target{Text: "Orders", Role: "table", Word: "table"},
			items: []string{`- table "Orders" [ref=e2]`}, ref: "e2", match: MatchExact},
		{name: "see has no pw hint", verb: See, target: Target{Text: "Orders", Role: "table", Word: "table"},
			items: []string{`- table "Orders" [ref=e2]`, `- table "Orders" [ref=e3]`}, match: MatchExact, refs: []string{"e2", "e3"},
			message: `2 elements fit see Orders table: table "Orders" [ref=e2], table "Orders" [ref=e3]`},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Resolve(snap(c.items...), c.verb, c.target)
			if c.ref != "" {
				if err != nil {
					t.Fatalf("Resolve: %v", err)
				}
				if got.Ref != c.ref || got.Match != c.match {
					t.Errorf("Resolve = %+v, want ref %s matched %s", got, c.ref, c.match)
				}
				if (got.Note() == "") != (c.match == MatchExact) || !strings.Contains(got.Note(), c.message) {
					t.Errorf("Note() = %q, want %q", got.Note(), c.message)
				}
				return
			}
			var re *ResolveError
			if !errors.As(err, &re) {
				t.Fatalf("Resolve = %+v, %v; want a *ResolveError", got, err)
			}
			if re.Ambiguous != (c.match != "") || re.Match != c.match {
				t.Errorf("Ambiguous %v Match %q, want match %q", re.Ambiguous, re.Match, c.match)
			}
			var refs, near []string
			for _, x := range re.Candidates {
				refs = append(refs, x.Ref)
			}
			for _, x := range re.Near {
				near = append(near, x.Ref)
			}
			if !slices.Equal(refs, c.refs) || !slices.Equal(near, c.near) {
				t.Errorf("candidates %v near %v, want %v near %v", refs, near, c.refs, c.near)
			}
			if !strings.Contains(err.Error(), c.message) {
				t.Errorf("message %q lacks %q", err, c.message)
			}
		})
	}
}

// TestResolveContent: a target known by its content (an alert, a status)
// matches the text it shows, by rule 10 as well.
func TestResolveContent(t *testing.T) {
	page := snap(
		`- alert [ref=e2]: Success message`,
		`- status [ref=e3]:`,
		`  - paragraph [ref=e4]: Profile saved.`,
		`  - button "Undo" [ref=e5]`,
		`- alert [ref=e6]:`,
		`  - img "Warning"`,
		`  - text: Unsubscribed from all lists`,
		`- button "Success message" [ref=e7]`,
	)
	for _, c := range []struct {
		name   string
		target Target
		ref    string
		match  string
	}{
		{"an alert by its inline text", Target{Text: "Success message", Role: "alert", Content: true}, "e2", MatchExact},
		{"a quoted alert by its inline text", Target{Text: "Success message", Quoted: true, Role: "alert", Content: true}, "e2", MatchExact},
		{"a status by the words of its content", Target{Text: "Profile saved", Role: "status", Content: true}, "e3", MatchWords},
		{"a quoted phrase of a status's content", Target{Text: "profile saved", Quoted: true, Role: "status", Content: true}, "e3", MatchWords},
		{"an image's name is not content", Target{Text: "Unsubscribed from all lists", Role: "alert", Content: true}, "e6", MatchExact},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := Resolve(page, See, c.target)
			if err != nil {
				t.Fatal(err)
			}
			if got.Ref != c.ref || got.Match != c.match {
				t.Errorf("= %+v, want %s by %s", got, c.ref, c.match)
			}
		})
	}
	for _, c := range []struct {
		name   string
		target Target
	}{
		{"a sub-word of content never matches", Target{Text: "Subscribed", Role: "alert", Content: true}},
		{"a quoted phrase must keep its order", Target{Text: "saved Profile", Quoted: true, Role: "status", Content: true}},
		{"without Content a status is not known by its children's text", Target{Text: "Profile saved", Role: "status"}},
		{"an image's alternative text is not content", Target{Text: "Warning", Role: "alert", Content: true}},
	} {
		t.Run(c.name, func(t *testing.T) {
			if got, err := Resolve(page, See, c.target); err == nil {
				t.Errorf("= %+v, want not found", got)
			}
		})
	}
}
