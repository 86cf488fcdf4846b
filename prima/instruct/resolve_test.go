package instruct

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/internal/golden"
)

// page reads testdata/name.aria, an AI-mode snapshot shaped like the
// fixture page of that name.
func page(t *testing.T, name string) *ariadiff.Tree {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name+".aria"))
	if err != nil {
		t.Fatal(err)
	}
	tree := ariadiff.Parse(string(b))
	if tree.Skipped != 0 {
		t.Fatalf("%s.aria: %d lines are not snapshot items", name, tree.Skipped)
	}
	return tree
}

// resolve parses a literal instruction and resolves its target on a page:
// a drag's destination, which is what it names last.
func resolve(t *testing.T, file, instruction string) (Candidate, error) {
	t.Helper()
	in, err := Parse(instruction)
	if err != nil {
		t.Fatalf("Parse(%q): %v", instruction, err)
	}
	if in.Verb == "drag" {
		return Resolve(page(t, file), Drop, in.To)
	}
	return Resolve(page(t, file), in.Verb, in.Target)
}

func TestResolve(t *testing.T) {
	for _, c := range []struct {
		name        string
		page        string
		instruction string
		ref, role   string
	}{
		{"exact name wins over contains", "profile", "click Save", "e10", "button"},
		{"a text right before an unnamed listbox names it", "beside", "select Red from Colour", "e5", "listbox"},
		{"a text right before a container of one unnamed combobox names it", "beside", "select Paris from City", "e13", "combobox"},
		{"a widget's own name, not the text before it, is what it is called", "beside", "fill Remarks with x", "e31", "textbox"},
		{"an element called so beats one a text beside names", "beside", "select Lisbon from Town", "e61", "combobox"},
		{"a control between a text and its widget does not part them", "beside", "fill Due with x", "e43", "textbox"},
		{"a drop onto a day and the day number in it lands in the day", "beside", "drag Dentist onto June 24, 2026", "e71", "gridcell"},
		{"a widget named only by its role word is named by the text beside it", "beside", "select Green from Paint", "e91", "combobox"},
		{"a click on a header and the sort button in it, named alike, is the button's", "beside", "click Age", "e103", "button"},
		{"case-insensitive exact wins over contains", "profile", "click save", "e10", "button"},
		{"case-insensitive exact on a longer name", "profile", "click SAVE ALL", "e11", "button"},
		{"spaces in the target are normalised", "profile", "click Save   all", "e11", "button"},
		{"a whole word picks the one name holding it", "profile", "click all", "e11", "button"},
		{"quoted target matches exactly", "profile", `click "Save all"`, "e11", "button"},
		{"quoted target matches case-insensitively", "profile", `click "save"`, "e10", "button"},
		{"fill picks the named field, not the chat box", "profile", "fill Name with Ada", "e4", "textbox"},
		{"field role word accepts a searchbox", "profile", "fill the Search people field with cats", "e21", "searchbox"},
		{"field role word accepts a combobox", "profile", "fill the Size field with Large", "e22", "combobox"},
		{"select resolves a combobox", "profile", "select Large from Size", "e22", "combobox"},
		{"clicking a field is legal", "profile", "click Name", "e4", "textbox"},
		{"placeholder resolves a field", "profile", "fill you@example.com with ada@example.com", "e6", "textbox"},
		{"placeholder matches by a whole word", "profile", "fill anything with hello", "e27", "textbox"},
		{"the chat box resolves when named", "profile", "type hello into Message", "e27", "textbox"},
		{"press KEY in a field", "profile", "press Enter in Message", "e27", "textbox"},
		{"clear a field", "profile", "clear the Bio field", "e8", "textbox"},
		{"unnamed clickable generic by its text", "profile", "click clickable div", "e20", "generic"},
		{"unnamed clickable generic by a word of its text", "profile", "click clickable", "e20", "generic"},
		{"link role word picks the link", "profile", "click the Help link", "e13", "link"},
		{"hover a link", "profile", "hover over Help", "e13", "link"},
		{"heading role word picks the heading", "profile", "click the Profile heading", "e2", "heading"},
		{"fill on the chat page picks the title, not the message box", "chat", "fill Title with Weekly", "e4", "textbox"},
		{"check ignores a button of the same name", "controls", "check Agree", "e10", "checkbox"},
		{"checkbox role word", "controls", "tick the Agree checkbox", "e10", "checkbox"},
		{"button role word ignores a checkbox of the same name", "controls", "click the Agree button", "e7", "button"},
		{"uncheck a checked checkbox", "controls", "uncheck Subscribed", "e11", "checkbox"},
		{"check a switch", "controls", "check Dark mode", "e12", "switch"},
		{"check a radio", "controls", "check Red", "e18", "radio"},
		{"select the … tab clicks the tab", "controls", "select the History tab", "e24", "tab"},
		{"dropdown role word on select", "controls", "select Large from the Size dropdown", "e14", "combobox"},
		{"hover the … button", "controls", "hover over the Menu button", "e28", "button"},
		{"a menu container is not clickable", "controls", "click Menu", "e28", "button"},
		{"item role word picks the menu item", "controls", "click the Rename item", "e30", "menuitem"},
		{"a tab panel of the same name is not clickable", "controls", "press ArrowRight on Overview", "e23", "tab"},
		{"iframe ref by its words", "iframe", "click Inner button", "f1e3", "button"},
		{"iframe ref by quoted name", "iframe", `click "Inner button"`, "f1e3", "button"},
		{"outer button beside an iframe", "iframe", "click the Outer button", "e3", "button"},
		{"exact name beats equal shorter names", "dupes", "click Delete all", "e13", "button"},
		{"quoted exact name", "dupes", `click on "Delete all"`, "e13", "button"},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := resolve(t, c.page, c.instruction)
			if err != nil {
				t.Fatalf("%q on %s: %v", c.instruction, c.page, err)
			}
			if got.Ref != c.ref || got.Role != c.role {
				t.Errorf("%q on %s = %v, want %s [ref=%s]", c.instruction, c.page, got, c.role, c.ref)
			}
		})
	}
}

func TestResolveNames(t *testing.T) {
	for _, c := range []struct {
		name        string
		page        string
		instruction string
		want        Candidate
	}{
		{"accessible name, not the target's spelling", "profile", "click save", Candidate{Ref: "e10", Role: "button", Name: "Save", Match: MatchExact}},
		{"a match by words reports the full name", "profile", "click all", Candidate{Ref: "e11", Role: "button", Name: "Save all", Match: MatchWords}},
		{"unnamed clickable reports its shown text", "profile", "click clickable", Candidate{Ref: "e20", Role: "generic", Name: "clickable div", Match: MatchWords}},
		{"a placeholder match by words", "profile", "fill anything with hello", Candidate{Ref: "e27", Role: "textbox", Name: "Ask anything…", Match: MatchWords}},
		{"the role word read whole is exact", "iframe", "click Inner button", Candidate{Ref: "f1e3", Role: "button", Name: "Inner button", Match: MatchExact}},
		{"an open select is selected from by its combobox, not its list", "widgets", "select Paris from City", Candidate{Ref: "e2", Role: "combobox", Name: "City", Match: MatchExact}},
		{"a grid's column header is clicked to sort, case aside", "widgets", "click name", Candidate{Ref: "e8", Role: "columnheader", Name: "Name", Match: MatchExact}},
		{"a drag drops onto the list, not the heading that titles it", "widgets", "drag Card A onto To do", Candidate{Ref: "e12", Role: "list", Name: "To do", Match: MatchExact}},
	} {
		t.Run(c.name, func(t *testing.T) {
			got, err := resolve(t, c.page, c.instruction)
			if err != nil {
				t.Fatal(err)
			}
			if got != c.want {
				t.Errorf("%q = %#v, want %#v", c.instruction, got, c.want)
			}
		})
	}
}

// resolveErrors never guess: several fits are ambiguous, none lists what
// the verb could act on. Their messages are pinned in
// testdata/resolve_errors.golden.
var resolveErrors = []struct {
	name        string
	page        string
	instruction string
	ambiguous   bool
	refs        []string
}{
	{"equal exact names are ambiguous", "dupes", "click Delete", true, []string{"e6", "e9", "e12"}},
	{"equal case-insensitive names are ambiguous", "dupes", "click delete", true, []string{"e6", "e9", "e12"}},
	{"a quoted name does not break a tie", "dupes", `click "Delete"`, true, []string{"e6", "e9", "e12"}},
	{"a checkbox and a button of one name are ambiguous for click", "controls", "click Agree", true, []string{"e7", "e10"}},
	{"a part of a word matches nothing", "profile", "click Sav", false,
		[]string{"e2", "e4", "e6", "e8", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e27"}},
	{"a prefix of a name matches nothing", "profile", "click Canc", false,
		[]string{"e2", "e4", "e6", "e8", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e27"}},
	{"a word in two names across frames is ambiguous", "iframe", "click button", true, []string{"e3", "f1e3"}},
	{"quoted targets never match by containment", "profile", `click "Canc"`, false,
		[]string{"e2", "e4", "e6", "e8", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e27"}},
	{"quoted part of a longer name is not found", "profile", `click "all"`, false,
		[]string{"e2", "e4", "e6", "e8", "e10", "e11", "e12", "e13", "e20", "e21", "e22", "e27"}},
	{"link role word does not match a button", "profile", "click the Save link", false, []string{"e13"}},
	{"fill never resolves to a button", "profile", "fill Save with x", false, []string{"e4", "e6", "e8", "e21", "e22", "e27"}},
	{"an unknown field lists the fields", "profile", "fill Phone with 555", false, []string{"e4", "e6", "e8", "e21", "e22", "e27"}},
	{"select never resolves to a textbox", "profile", "select Large from Name", false, []string{"e22"}},
	{"the chat box is never taken for a missing field", "chat", "fill Name with Ada", false, []string{"e4", "e9"}},
	{"check never resolves to a button", "controls", "check Bold", false, []string{"e10", "e11", "e12", "e18", "e20"}},
	{"check lists checkboxes, radios and switches", "controls", "check Save", false, []string{"e10", "e11", "e12", "e18", "e20"}},
	{"check with a button role word has nothing to act on", "controls", "check the Agree button", false, nil},
	{"a page without checkboxes has nothing to check", "dupes", "check Row A", false, nil},
	{"plain text is not clickable", "dupes", "click Row A", false, []string{"e2", "e4", "e6", "e7", "e9", "e10", "e12", "e13"}},
	{"a heading and a button of one name stay two places to drop onto", "widgets", "drag Card A onto Done", true, []string{"e15", "e16"}},
}

func TestResolveErrors(t *testing.T) {
	for _, c := range resolveErrors {
		t.Run(c.name, func(t *testing.T) {
			in, err := Parse(c.instruction)
			if err != nil {
				t.Fatal(err)
			}
			got, err := resolve(t, c.page, c.instruction)
			if in.Verb == "drag" {
				in.Verb, in.Target = Drop, in.To
			}
			if err == nil {
				t.Fatalf("%q on %s = %v, want an error", c.instruction, c.page, got)
			}
			if got != (Candidate{}) {
				t.Errorf("returned %v with its error, want the zero Candidate", got)
			}
			var re *ResolveError
			if !errors.As(err, &re) {
				t.Fatalf("error %T %v, want *ResolveError", err, err)
			}
			if re.Verb != in.Verb || re.Target != in.Target {
				t.Errorf("error names %s %v, want %s %v", re.Verb, re.Target, in.Verb, in.Target)
			}
			if re.Ambiguous != c.ambiguous {
				t.Errorf("Ambiguous = %v, want %v", re.Ambiguous, c.ambiguous)
			}
			var refs []string
			for _, cand := range re.Candidates {
				refs = append(refs, cand.Ref)
			}
			if !slices.Equal(refs, c.refs) {
				t.Errorf("candidate refs %v, want %v", refs, c.refs)
			}
			msg := err.Error()
			for _, cand := range re.Candidates[:min(len(re.Candidates), 8)] {
				if !strings.Contains(msg, "[ref="+cand.Ref+"]") {
					t.Errorf("message does not list ref %s: %s", cand.Ref, msg)
				}
			}
		})
	}
}

// TestResolveErrorMessages pins what a user reads when a step fails.
func TestResolveErrorMessages(t *testing.T) {
	var msgs strings.Builder
	for _, c := range resolveErrors {
		_, err := resolve(t, c.page, c.instruction)
		fmt.Fprintf(&msgs, "%s: %s\n\t%v\n", c.page, c.instruction, err)
	}
	golden.CheckString(t, filepath.Join("testdata", "resolve_errors.golden"), msgs.String())
}

func TestResolveErrorListsEveryAmbiguousRef(t *testing.T) {
	var b strings.Builder
	b.WriteString("- list [ref=e1]:\n")
	var want []string
	for i := 2; i < 12; i++ {
		fmt.Fprintf(&b, "  - button \"Delete\" [ref=e%d]\n", i)
		want = append(want, fmt.Sprintf("e%d", i))
	}
	_, err := Resolve(ariadiff.Parse(b.String()), "click", Target{Text: "Delete"})
	var re *ResolveError
	if !errors.As(err, &re) || !re.Ambiguous {
		t.Fatalf("err = %v, want an ambiguous *ResolveError", err)
	}
	var refs []string
	for _, c := range re.Candidates {
		refs = append(refs, c.Ref)
	}
	if !slices.Equal(refs, want) {
		t.Errorf("candidate refs %v, want all of %v", refs, want)
	}
	msg := err.Error()
	for _, s := range []string{"10 elements fit click Delete", "[ref=e9]", "… 2 more", "prima pw click REF"} {
		if !strings.Contains(msg, s) {
			t.Errorf("message lacks %q: %s", s, msg)
		}
	}
	if strings.Contains(msg, "[ref=e10]") {
		t.Errorf("message lists more than 8 candidates: %s", msg)
	}
}

func ExampleResolve() {
	tree := ariadiff.Parse(`- generic [ref=e1]:
  - textbox "Name" [ref=e4]
  - textbox "Message" [ref=e27]:
    - /placeholder: Ask anything…
  - button "Save" [ref=e10]
  - button "Save all" [ref=e11]
`)
	in, _ := Parse("fill Name with Ada")
	c, _ := Resolve(tree, in.Verb, in.Target)
	fmt.Println(c)
	in, _ = Parse("click Save")
	c, _ = Resolve(tree, in.Verb, in.Target)
	fmt.Println(c)
	_, err := Resolve(tree, "fill", Target{Text: "Email"})
	fmt.Println(err)
	// Output:
	// textbox "Name" [ref=e4]
	// button "Save" [ref=e10]
	// nothing on the page fits fill Email; elements that fill can act on: textbox "Name" [ref=e4], textbox "Message" [ref=e27]
}

// A text beside a widget names it only where a user could tell which
// widget it names: one unnamed widget after it before the next text. Two
// widgets after it, or a widget with a name of its own, leave the text
// naming nothing; a control between them (a toolbar) does not.
func TestATextBesideNamesOnlyTheOneWidgetAfterIt(t *testing.T) {
	for _, c := range []struct{ instruction, why string }{
		{"select Small from Size", "two comboboxes follow the text"},
		{"fill Notes with x", "the textbox after the text has a name of its own"},
		{"fill alias with x", "a text beside a widget names it only exactly, never by its words"},
	} {
		if got, err := resolve(t, "beside", c.instruction); err == nil {
			t.Errorf("%s: resolved to %v, want none (%s)", c.instruction, got, c.why)
		}
	}
	c, err := resolve(t, "beside", "select Red from Colour")
	if err != nil || !c.Beside || !strings.Contains(c.Note(), `named by the text "Colour" shown before the`) {
		t.Errorf("select Red from Colour: %+v, %v; note %q", c, err, c.Note())
	}
}
