package claim

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/internal/golden"
	"github.com/prima-dev/prima/prima/instruct"
)

// TestClaimsGolden shows what Parse makes of every claim in
// testdata/claims.txt, reasons included, in one readable file.
func TestClaimsGolden(t *testing.T) {
	in, err := os.ReadFile(filepath.Join("testdata", "claims.txt"))
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, line := range strings.Split(strings.TrimSuffix(string(in), "\n"), "\n") {
		if strings.HasPrefix(line, "#") {
			b.WriteString(line + "\n")
			continue
		}
		b.WriteString(line + "\n")
		as, err := Parse(line)
		if err != nil {
			var ie *InexpressibleError
			if !errors.As(err, &ie) {
				t.Fatalf("Parse(%q): %T %v, want *InexpressibleError", line, err, err)
			}
			b.WriteString("\t✗ " + ie.Reason + "\n")
		}
		for _, a := range as {
			b.WriteString("\t→ " + a.String() + "\n")
		}
	}
	golden.CheckString(t, filepath.Join("testdata", "claims.golden"), b.String())
}

func tgt(text, role string) instruct.Target { return instruct.Target{Text: text, Role: role} }
func qtgt(text, role string) instruct.Target {
	return instruct.Target{Text: text, Quoted: true, Role: role}
}
func shows(text string) Assertion { return Assertion{Kind: TextVisible, Text: text} }
func hides(text string) Assertion { return Assertion{Kind: TextHidden, Text: text} }
func state(t instruct.Target, st string) Assertion {
	return Assertion{Kind: State, Target: t, State: st}
}
func value(t instruct.Target, v string, exact bool) Assertion {
	return Assertion{Kind: Value, Target: t, Text: v, Exact: exact}
}

var save = tgt("Save", "button")

var parseCases = []struct {
	name  string
	claim string
	want  []Assertion
}{
	// Text shown.
	{"quoted text is visible", `"Profile saved" is visible`, []Assertion{shows("Profile saved")}},
	{"is shown, with a full stop", `"Profile saved" is shown.`, []Assertion{shows("Profile saved")}},
	{"curly quotes and on the page", `“Profile saved” is displayed on the page`, []Assertion{shows("Profile saved")}},
	{"single quotes, is on the page", `'Profile saved' is on the page`, []Assertion{shows("Profile saved")}},
	{"the page shows quoted text", `the page shows "Profile saved"`, []Assertion{shows("Profile saved")}},
	{"described message with its quoted text", `The page displays the confirmation message "Profile saved".`, []Assertion{shows("Profile saved")}},
	{"the page contains keeps the comma", `the page contains "Welcome back, Ada"`, []Assertion{shows("Welcome back, Ada")}},
	{"unquoted words appear", `Profile saved appears`, []Assertion{shows("Profile saved")}},
	{"appears on the page", `"Saved" appears on the page`, []Assertion{shows("Saved")}},
	{"I see", `I see "Welcome"`, []Assertion{shows("Welcome")}},
	{"the user can see", `the user can see "Welcome"`, []Assertion{shows("Welcome")}},
	{"a list of quoted texts", `the page shows "A", "B" and "C"`, []Assertion{shows("A"), shows("B"), shows("C")}},
	{"the page shows plain words", `the page shows Welcome back`, []Assertion{shows("Welcome back")}},
	{"a described message is its text", `the message "Saved" is shown`, []Assertion{shows("Saved")}},
	{"case is kept in the text", `THE PAGE SHOWS "MiXeD"`, []Assertion{shows("MiXeD")}},
	{"the page shows that prefix", `the page shows that "Saved" is visible`, []Assertion{shows("Saved")}},
	{"still visible", `"Draft" is still visible`, []Assertion{shows("Draft")}},
	// Text not shown.
	{"is not visible", `"Profile saved" is not visible`, []Assertion{hides("Profile saved")}},
	{"isn't shown", `"Profile saved" isn't shown`, []Assertion{hides("Profile saved")}},
	{"is gone", `"Loading" is gone`, []Assertion{hides("Loading")}},
	{"the page does not show", `the page does not show "Error"`, []Assertion{hides("Error")}},
	{"the page doesn't display", `the page doesn’t display "Error"`, []Assertion{hides("Error")}},
	{"no longer shows", `the page no longer shows "Unsaved changes"`, []Assertion{hides("Unsaved changes")}},
	{"no longer visible on the page", `"Spinner" is no longer visible on the page`, []Assertion{hides("Spinner")}},
	{"disappears", `"Error" disappears`, []Assertion{hides("Error")}},
	{"does not appear", `"Error" does not appear`, []Assertion{hides("Error")}},
	{"is not on the page", `"Error" is not on the page`, []Assertion{hides("Error")}},
	{"we don't see", `we don't see "Error"`, []Assertion{hides("Error")}},
	{"neither of a list", `the page does not show "A" or "B"`, []Assertion{hides("A"), hides("B")}},
	{"not visible anymore", `"Error" is not visible anymore`, []Assertion{hides("Error")}},
	// Elements.
	{"element visible", `the Save button is visible`, []Assertion{{Kind: ElementVisible, Target: save}}},
	{"element hidden", `the Save button is hidden`, []Assertion{{Kind: ElementHidden, Target: save}}},
	{"element not visible is hidden", `the Save button is not visible`, []Assertion{{Kind: ElementHidden, Target: save}}},
	{"element not hidden is visible", `the Save button is not hidden`, []Assertion{{Kind: ElementVisible, Target: save}}},
	{"quoted element", `the "Save" button is displayed`, []Assertion{{Kind: ElementVisible, Target: qtgt("Save", "button")}}},
	{"the page shows an element", `the page shows the Save button`, []Assertion{{Kind: ElementVisible, Target: save}}},
	{"role word before the quoted name", `the page shows a link "Home"`, []Assertion{{Kind: ElementVisible, Target: qtgt("Home", "link")}}},
	{"role words map to ARIA roles as instruct maps them", `the Password input is visible`, []Assertion{{Kind: ElementVisible, Target: tgt("Password", "textbox")}}},
	{"two-word role", `the Open menu item is visible`, []Assertion{{Kind: ElementVisible, Target: tgt("Open", "menuitem")}}},
	{"element appears", `the Undo link appears`, []Assertion{{Kind: ElementVisible, Target: tgt("Undo", "link")}}},
	{"element disappears", `the Undo link disappears`, []Assertion{{Kind: ElementHidden, Target: tgt("Undo", "link")}}},
	// States.
	{"enabled", `the Save button is enabled`, []Assertion{state(save, "enabled")}},
	{"verify prefix", `Verify the Save button is disabled.`, []Assertion{state(save, "disabled")}},
	{"not disabled is enabled", `check that the Save button is not disabled`, []Assertion{state(save, "enabled")}},
	{"not enabled is disabled", `the Save button is not enabled`, []Assertion{state(save, "disabled")}},
	{"is now enabled", `the Save button is now enabled`, []Assertion{state(save, "enabled")}},
	{"should be enabled", `the Save button should be enabled`, []Assertion{state(save, "enabled")}},
	{"checked", `the Agree checkbox is checked`, []Assertion{state(tgt("Agree", "checkbox"), "checked")}},
	{"unchecked", `the Agree checkbox is unchecked`, []Assertion{state(tgt("Agree", "checkbox"), "unchecked")}},
	{"ticked is checked", `the Agree checkbox is ticked`, []Assertion{state(tgt("Agree", "checkbox"), "checked")}},
	{"isn't checked is unchecked", `the Agree checkbox isn't checked`, []Assertion{state(tgt("Agree", "checkbox"), "unchecked")}},
	{"a selected checkbox is checked", `the Agree checkbox is selected`, []Assertion{state(tgt("Agree", "checkbox"), "checked")}},
	{"a radio not selected is unchecked", `the Express radio is not selected`, []Assertion{state(tgt("Express", "radio"), "unchecked")}},
	{"tab selected", `the History tab is selected`, []Assertion{state(tgt("History", "tab"), "selected")}},
	{"tab not selected", `the History tab is not selected`, []Assertion{state(tgt("History", "tab"), "unselected")}},
	{"expanded", `the Details button is expanded`, []Assertion{state(tgt("Details", "button"), "expanded")}},
	{"collapsed", `the Details button is collapsed`, []Assertion{state(tgt("Details", "button"), "collapsed")}},
	{"open is expanded", `the Details button is open`, []Assertion{state(tgt("Details", "button"), "expanded")}},
	{"not expanded is collapsed", `the Details button is not expanded`, []Assertion{state(tgt("Details", "button"), "collapsed")}},
	{"pressed", `the Bold button is pressed`, []Assertion{state(tgt("Bold", "button"), "pressed")}},
	{"not pressed is unpressed", `the Bold button is not pressed`, []Assertion{state(tgt("Bold", "button"), "unpressed")}},
	{"focused", `the Name field is focused`, []Assertion{state(tgt("Name", "textbox"), "focused")}},
	{"a name without a role", `Save is enabled`, []Assertion{state(tgt("Save", ""), "enabled")}},
	{"a quoted name without a role", `"Save" is not enabled`, []Assertion{state(qtgt("Save", ""), "disabled")}},
	{"role word before the quoted name", `the button "Save" is enabled`, []Assertion{state(qtgt("Save", "button"), "enabled")}},
	{"name with and inside", `the Terms and Conditions checkbox is checked`, []Assertion{state(tgt("Terms and Conditions", "checkbox"), "checked")}},
	// Values.
	{"field contains", `the Name field contains "Ada"`, []Assertion{value(tgt("Name", "textbox"), "Ada", false)}},
	{"field is", `the Name field is "Ada"`, []Assertion{value(tgt("Name", "textbox"), "Ada", true)}},
	{"has the value", `the Name field has the value "Ada"`, []Assertion{value(tgt("Name", "textbox"), "Ada", true)}},
	{"a bare name is a quoted value", `Name is "Ada"`, []Assertion{value(tgt("Name", ""), "Ada", true)}},
	{"empty field", `the Name field is empty`, []Assertion{value(tgt("Name", "textbox"), "", true)}},
	{"has no value is empty", `the Name field has no value`, []Assertion{value(tgt("Name", "textbox"), "", true)}},
	{"a field may contain plain words", `the Name field contains Ada Lovelace`, []Assertion{value(tgt("Name", "textbox"), "Ada Lovelace", false)}},
	{"dropdown value", `the Country dropdown is "France"`, []Assertion{value(tgt("Country", "combobox"), "France", true)}},
	{"quoted field name", `the field "Name" is "Ada"`, []Assertion{value(qtgt("Name", "textbox"), "Ada", true)}},
	{"is set to", `the Email field is set to "ada@example.com"`, []Assertion{value(tgt("Email", "textbox"), "ada@example.com", true)}},
	// Title and URL.
	{"title is", `the title is "Dashboard"`, []Assertion{{Kind: Title, Text: "Dashboard", Exact: true}}},
	{"title contains", `The title contains "Dash"`, []Assertion{{Kind: Title, Text: "Dash"}}},
	{"page title is", `the page title is "Profile — Acme"`, []Assertion{{Kind: Title, Text: "Profile — Acme", Exact: true}}},
	{"the page is titled", `the page is titled "Home"`, []Assertion{{Kind: Title, Text: "Home", Exact: true}}},
	{"title contains plain words", `the title contains Dashboard`, []Assertion{{Kind: Title, Text: "Dashboard"}}},
	{"URL contains", `the URL contains /profile`, []Assertion{{Kind: URL, Text: "/profile"}}},
	{"url ends with is contains", `the url ends with /x`, []Assertion{{Kind: URL, Text: "/x"}}},
	{"URL is", `the URL is http://localhost:3000/profile`, []Assertion{{Kind: URL, Text: "http://localhost:3000/profile", Exact: true}}},
	{"URL is a path", `the URL is /profile`, []Assertion{{Kind: URL, Text: "/profile", Exact: true}}},
	{"we are on", `we are on /profile`, []Assertion{{Kind: URL, Text: "/profile"}}},
	{"quoted URL", `the current URL contains "?tab=2"`, []Assertion{{Kind: URL, Text: "?tab=2"}}},
	// Conjunctions.
	{"text and state", `"Saved" is visible and the Save button is disabled`, []Assertion{shows("Saved"), state(save, "disabled")}},
	{"three claims", `the Name field is "Ada" and the Email field is "ada@example.com" and the Save button is enabled`,
		[]Assertion{value(tgt("Name", "textbox"), "Ada", true), value(tgt("Email", "textbox"), "ada@example.com", true), state(save, "enabled")}},
	{"and inside unquoted text stays", `Terms and Conditions is visible`, []Assertion{shows("Terms and Conditions")}},
	{"comma before and", `the Save button is enabled, and "Saved" is visible`, []Assertion{state(save, "enabled"), shows("Saved")}},
	{"comma after a quoted value before and", `the Name field is "Ada", and "Saved" is visible`, []Assertion{value(tgt("Name", "textbox"), "Ada", true), shows("Saved")}},
	{"and inside quotes stays", `"Salt and pepper" is visible`, []Assertion{shows("Salt and pepper")}},
	{"each half may have a prefix", `verify "A" is visible and check that we are on /done`, []Assertion{shows("A"), {Kind: URL, Text: "/done"}}},
	{"page shows and a state", `the page shows "Saved" and the Save button is disabled`, []Assertion{shows("Saved"), state(save, "disabled")}},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.claim)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.claim, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", c.claim, got, c.want)
			}
		})
	}
}

var inexpressible = []struct {
	name   string
	claim  string
	reason string // a fragment the reason must contain
}{
	{"a business fact", `the company is profitable`, `"profitable" is not something`},
	{"an opinion", `the design looks modern`, "says nothing a page assertion checks"},
	{"a feeling", `the user is happy`, `"happy" is not something`},
	{"a question mark", `Is the Save button enabled?`, "question"},
	{"a question without its mark", `is the Save button enabled`, "question"},
	{"a wh-question", `what is the title`, "question"},
	{"empty", ``, "empty"},
	{"only blanks and a full stop", "  . ", "empty"},
	{"only a prefix", `verify`, "nothing is claimed"},
	{"one half of a conjunction fails", `the Save button is enabled and the company is profitable`, `"the company is profitable"`},
	{"a described message is no text", `the error message is visible`, "describes something without naming it"},
	{"the page shows a description", `the page shows an error`, "describes something"},
	{"a colour", `the Save button is red`, `"red"`},
	{"a constraint is not a state", `the Name field is required`, `"required"`},
	{"not focused has no assertion", `the Name field is not focused`, "not focused"},
	{"a negated title", `the title is not "Home"`, "title that is not"},
	{"a negated value", `the Name field does not contain "Bob"`, "does not contain"},
	{"not empty", `the Name field is not empty`, "not empty"},
	{"a button has no value", `the Save button contains "Ada"`, "a button has no value"},
	{"a page that is not a URL", `we are on the profile page`, "URL or path"},
	{"a URL judged, not named", `the URL is correct`, "not a URL or path"},
	{"a title judged, not quoted", `the title is correct`, "quote the expected title"},
	{"a trailing place the assertion cannot hold", `the page shows "Saved" in the toast`, "not a role word"},
	{"plural", `all buttons are enabled`, "says nothing"},
	{"a bare role word", `the button is enabled`, "describes something"},
	{"an unclosed quote", `"Saved is visible`, "never closed"},
	{"a scoped element", `the Save button in the skill editor is now enabled`, "describes something"},
	{"a quantifier", `the page shows no "Error"`, "several things or none"},
	{"a cart is no field", `the cart is empty`, "describes something"},
	{"unquoted value without a field", `Name contains Ada`, "say which field"},
	{"a double negation", `the Save button is not not enabled`, "double negation"},
	{"an adjective before the role", `the primary button "Save" is enabled`, "only a role word"},
	{"a sentence is not a text", `the page shows Ada is logged in`, "reads as a sentence"},
	{"described text has no state", `the message "Saved" is enabled`, "a state belongs to an element"},
	{"an unquoted value after is", `the Name field is Ada`, `"Ada" is not something`},
	{"state and visibility in one breath", `the Save button is enabled and visible`, `"visible"`},
	{"an instruction", `click the Save button`, "says nothing"},
	{"a claim with trailing words", `"Saved" is visible in green`, `"visible in green"`},
	{"two quoted subjects", `"A" "B" is visible`, "several texts"},
	{"a heading has no value", `the Welcome heading is "Hi"`, "a heading has no value"},
}

func TestParseInexpressible(t *testing.T) {
	for _, c := range inexpressible {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.claim)
			var ie *InexpressibleError
			if !errors.As(err, &ie) {
				t.Fatalf("Parse(%q) = %v, %v; want *InexpressibleError", c.claim, got, err)
			}
			if got != nil || ie.Claim != c.claim || !strings.Contains(ie.Reason, c.reason) {
				t.Errorf("Parse(%q) = %v, %q; want no assertions and a reason containing %q", c.claim, got, ie.Reason, c.reason)
			}
		})
	}
}

func TestAssertionString(t *testing.T) {
	for _, c := range []struct {
		a    Assertion
		want string
	}{
		{shows("Saved"), `text "Saved" is visible`},
		{hides("Saved"), `text "Saved" is not visible`},
		{Assertion{Kind: ElementVisible, Target: save}, `Save button is visible`},
		{Assertion{Kind: ElementHidden, Target: qtgt("Save", "button")}, `"Save" button is hidden`},
		{state(tgt("Agree", "checkbox"), "checked"), `Agree checkbox is checked`},
		{value(tgt("Name", "textbox"), "Ada", true), `Name textbox has value "Ada"`},
		{value(tgt("Name", "textbox"), "Ada", false), `Name textbox value contains "Ada"`},
		{Assertion{Kind: Title, Text: "Home", Exact: true}, `title is "Home"`},
		{Assertion{Kind: URL, Text: "/x"}, `URL contains "/x"`},
	} {
		if got := c.a.String(); got != c.want {
			t.Errorf("%+v.String() = %q, want %q", c.a, got, c.want)
		}
	}
}

func TestInexpressibleErrorMessage(t *testing.T) {
	_, err := Parse(`"Saved" is profitable`)
	want := `no page assertion can check '"Saved" is profitable': "profitable" is not something a page assertion checks (visible, hidden, a state such as enabled or checked, or a quoted value)`
	if err == nil || err.Error() != want {
		t.Errorf("error = %v\nwant %s", err, want)
	}
}

// A claim with many "and"s must not take exponential time.
func TestManyAndsAreQuick(t *testing.T) {
	claim := strings.Repeat(`"a" is visible and `, 200) + `the company is profitable`
	if _, err := Parse(claim); err == nil {
		t.Fatal("a conjunction with one inexpressible half parsed")
	}
	as, err := Parse(strings.Repeat(`"a" is visible and `, 200) + `"b" is visible`)
	if err != nil || len(as) != 201 {
		t.Fatalf("got %d assertions, %v; want 201", len(as), err)
	}
}

var knownState = map[string]bool{}

func init() {
	for _, s := range strings.Fields("enabled disabled checked unchecked selected unselected expanded collapsed pressed unpressed focused") {
		knownState[s] = true
	}
}

func FuzzParse(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.claim)
	}
	for _, c := range inexpressible {
		f.Add(c.claim)
	}
	f.Add(`the "" button is enabled`)
	f.Add(`the page shows "a" and`)
	f.Add(`and and and`)
	f.Fuzz(func(t *testing.T, s string) {
		as, err := Parse(s)
		if err != nil {
			var ie *InexpressibleError
			if !errors.As(err, &ie) || ie.Claim != s || ie.Reason == "" || as != nil {
				t.Fatalf("Parse(%q) = %v, %T %v; want only an *InexpressibleError naming the claim with a reason", s, as, err, err)
			}
			return
		}
		if len(as) == 0 {
			t.Fatalf("Parse(%q) returned no assertions and no error", s)
		}
		for _, a := range as {
			if a.Kind == "" {
				t.Fatalf("Parse(%q): assertion without a kind: %+v", s, a)
			}
			switch a.Kind {
			case ElementVisible, ElementHidden, State, Value:
				if strings.TrimSpace(a.Target.Text) == "" {
					t.Fatalf("Parse(%q): %s assertion without a target: %+v", s, a.Kind, a)
				}
			case TextVisible, TextHidden, Title, URL:
				if strings.TrimSpace(a.Text) == "" {
					t.Fatalf("Parse(%q): %s assertion without text: %+v", s, a.Kind, a)
				}
			default:
				t.Fatalf("Parse(%q): unknown kind %q", s, a.Kind)
			}
			if (a.Kind == State) != (a.State != "") || a.Kind == State && !knownState[a.State] {
				t.Fatalf("Parse(%q): state %q on a %s assertion", s, a.State, a.Kind)
			}
			if a.String() == "" {
				t.Fatalf("Parse(%q): empty String()", s)
			}
		}
	})
}

func ExampleParse() {
	as, _ := Parse(`the Save button is not disabled and the page shows "Profile saved"`)
	for _, a := range as {
		fmt.Println(a)
	}
	_, err := Parse("the company is profitable")
	var ie *InexpressibleError
	fmt.Println(errors.As(err, &ie))
	// Output:
	// Save button is enabled
	// text "Profile saved" is visible
	// true
}

// TestRoleClaims: every role an aria snapshot reports is a role word, in
// either order, and a role known by its text is matched by its content.
func TestRoleClaims(t *testing.T) {
	alert := func(quoted bool) instruct.Target {
		return instruct.Target{Text: "Success message", Quoted: quoted, Role: "alert", Content: true}
	}
	for _, c := range []struct {
		claim string
		want  []Assertion
	}{
		{`the Success message alert is visible`, []Assertion{{Kind: ElementVisible, Target: alert(false)}}},
		{`the alert "Success message" is visible`, []Assertion{{Kind: ElementVisible, Target: alert(true)}}},
		{`the "Success message" alert is shown`, []Assertion{{Kind: ElementVisible, Target: alert(true)}}},
		{`the Success message alert is gone`, []Assertion{{Kind: ElementHidden, Target: alert(false)}}},
		{`the page shows the status "Saved"`, []Assertion{{Kind: ElementVisible, Target: instruct.Target{Text: "Saved", Quoted: true, Role: "status", Content: true}}}},
		{`the Delete files alertdialog is visible`, []Assertion{{Kind: ElementVisible, Target: instruct.Target{Text: "Delete files", Role: "alertdialog", Content: true}}}},
		{`the Upload progress bar is visible`, []Assertion{{Kind: ElementVisible, Target: tgt("Upload", "progressbar")}}},
		{`the Logo image is visible`, []Assertion{{Kind: ElementVisible, Target: tgt("Logo", "img")}}},
		{`the Profile heading is visible`, []Assertion{{Kind: ElementVisible, Target: tgt("Profile", "heading")}}},
		{`the Volume slider is disabled`, []Assertion{state(tgt("Volume", "slider"), "disabled")}},
		{`the Quantity spinbutton is "3"`, []Assertion{value(tgt("Quantity", "spinbutton"), "3", true)}},
		{`the Volume slider is "3"`, nil}, // a slider's value is no text
		{`the Settings region is visible`, []Assertion{{Kind: ElementVisible, Target: instruct.Target{Text: "Settings", Role: "region", Content: true}}}},
		{`the Main navigation is visible`, []Assertion{{Kind: ElementVisible, Target: instruct.Target{Text: "Main", Role: "navigation", Content: true}}}},
		{`the Docs treeitem is expanded`, []Assertion{state(tgt("Docs", "treeitem"), "expanded")}},
		{`the Bold menuitemcheckbox is checked`, []Assertion{state(tgt("Bold", "menuitemcheckbox"), "checked")}},
		{`the tooltip "Copied" is visible`, []Assertion{{Kind: ElementVisible, Target: instruct.Target{Text: "Copied", Quoted: true, Role: "tooltip", Content: true}}}},
	} {
		t.Run(c.claim, func(t *testing.T) {
			got, err := Parse(c.claim)
			if c.want == nil {
				if err == nil {
					t.Fatalf("Parse(%q) = %+v, want inexpressible", c.claim, got)
				}
				return
			}
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.claim, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", c.claim, got, c.want)
			}
		})
	}
}

// TestClaimsOnAPage resolves claims' elements on a snapshot as verify
// does, with ResolveVerb: rule 10 holds (no sub-word), and an alert is
// found by what it says.
func TestClaimsOnAPage(t *testing.T) {
	page := ariadiff.Parse(`- generic [active] [ref=e1]:
  - link "Unsubscribe from all" [ref=e2] [cursor=pointer]:
    - /url: /unsubscribe
  - button "Save draft" [ref=e3]
  - alert [ref=e4]: Success message
  - status [ref=e5]:
    - paragraph [ref=e6]: Profile saved.
  - checkbox "Subscribed" [checked] [ref=e7]
  - textbox "Name" [ref=e8]: Ada
`)
	for _, c := range []struct {
		claim string
		ref   string // "" when no element may be found
	}{
		{`the Subscribe link is visible`, ""},
		{`the "Subscribe" link is visible`, ""},
		{`the Unsubscribe link is visible`, "e2"},
		{`the Save button is enabled`, "e3"},
		{`the "Save" button is enabled`, ""},
		{`the Success message alert is visible`, "e4"},
		{`the alert "Success message" is visible`, "e4"},
		{`the alert "Success" is visible`, "e4"}, // a quoted phrase of what it says
		{`the alert "Succes" is visible`, ""},
		{`the alert "message Success" is visible`, ""},
		{`the Success alert is visible`, "e4"},
		{`the Profile saved status is visible`, "e5"},
		{`the status "Profile saved" is visible`, "e5"},
		{`the Subscribe checkbox is checked`, ""},
		{`the Subscribed checkbox is checked`, "e7"},
		{`the Name field is "Ada"`, "e8"},
	} {
		t.Run(c.claim, func(t *testing.T) {
			as, err := Parse(c.claim)
			if err != nil || len(as) != 1 {
				t.Fatalf("Parse(%q) = %v, %v", c.claim, as, err)
			}
			a := as[0]
			got, err := instruct.Resolve(page, a.ResolveVerb(), a.Target)
			if c.ref == "" {
				if err == nil {
					t.Errorf("%q resolved to %v, want nothing", c.claim, got)
				}
				return
			}
			if err != nil || got.Ref != c.ref {
				t.Errorf("%q resolved to %v, %v; want ref %s", c.claim, got, err, c.ref)
			}
		})
	}
}

func TestResolveVerbAndPattern(t *testing.T) {
	for _, c := range []struct {
		claim, verb, pattern string
	}{
		{`the Save button is visible`, instruct.See, ""},
		{`the Save button is enabled`, instruct.See, ""},
		{`Save is enabled`, "hover", ""},
		{`the Agree checkbox is checked`, "check", ""},
		{`the Name field is "Ada"`, "fill", ""},
		{`Subscribe is visible`, instruct.See, `(?<![\p{L}\p{N}\p{M}])Subscribe(?![\p{L}\p{N}\p{M}])`},
		{`"Profile saved" is not visible`, instruct.See, `(?<![\p{L}\p{N}\p{M}])Profile\s+saved(?![\p{L}\p{N}\p{M}])`},
		{`the title is "Home"`, instruct.See, ""},
	} {
		as, err := Parse(c.claim)
		if err != nil {
			t.Fatal(err)
		}
		if v, p := as[0].ResolveVerb(), as[0].Pattern(); v != c.verb || p != c.pattern {
			t.Errorf("%q: ResolveVerb %q Pattern %q, want %q %q", c.claim, v, p, c.verb, c.pattern)
		}
	}
}
