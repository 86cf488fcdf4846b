package assertion

import (
	"errors"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/engine"
)

// fakePage is a page as assertions read it, with no browser: a title, a
// URL, the visible texts, and each ref's element.
type fakePage struct {
	title, url string
	texts      []string
	elements   map[string]fakeElement
}

func (p fakePage) Title() (string, error) { return p.title, nil }
func (p fakePage) URL() string            { return p.url }

func (p fakePage) TextMatches(pattern string) (int, string, error) {
	n := 0
	for _, t := range p.texts {
		// The pattern spells a text's words apart with \s+.
		if strings.Contains(pattern, strings.Join(strings.Fields(t), `\s+`)) {
			n++
		}
	}
	return n, "page.getByText(/" + pattern + "/iu).filter({ visible: true })", nil
}

func (p fakePage) Element(view *engine.View, ref string) (Element, string, error) {
	e, ok := p.elements[ref]
	if !ok {
		return nil, "", errors.New("ref " + ref + " is gone")
	}
	entry := view.Refs()[ref]
	return e, "page.getByRole('" + entry.Role + "', { name: '" + entry.Name + "' })", nil
}

type fakeElement struct {
	visible, enabled, checked, focused bool
	value                              string
}

func (e fakeElement) IsVisible() (bool, error)    { return e.visible, nil }
func (e fakeElement) IsEnabled() (bool, error)    { return e.enabled, nil }
func (e fakeElement) IsChecked() (bool, error)    { return e.checked, nil }
func (e fakeElement) IsFocused() (bool, error)    { return e.focused, nil }
func (e fakeElement) InputValue() (string, error) { return e.value, nil }

// Each kind of assertion, held and not held, as verify prints and judges
// it: the line it prints, whether it held, and why not.
func TestAssertions(t *testing.T) {
	snap := `- heading "Settings" [level=1] [ref=e1]
- button "Save" [ref=e2]
- button "Details" [expanded] [ref=e3]
- checkbox "Agree" [checked] [ref=e4]
- textbox "Name" [ref=e5]: Ada
- button "Gone" [ref=e6]`
	view := &engine.View{URL: "http://app.test/settings", Title: "Settings — Acme", Text: snap, Tree: ariadiff.Parse(snap)}
	page := fakePage{title: "Settings — Acme", url: "http://app.test/settings", texts: []string{"Profile saved", "Welcome back"},
		elements: map[string]fakeElement{
			"e2": {visible: true, enabled: false},
			"e3": {visible: true, enabled: true},
			"e4": {visible: true, enabled: true, checked: true},
			"e5": {visible: true, enabled: true, focused: true, value: "Ada Lovelace"},
		}}
	for _, c := range []struct {
		claim  string
		line   string // a part of the printed line
		held   bool
		reason string // a part of why it did not hold
	}{
		{`"Profile saved" is visible`, ".first()).toBeVisible();", true, ""},
		{`"Error" is visible`, ".first()).toBeVisible();", false, `no visible text "Error"`},
		{`"Error" is not visible`, ").toHaveCount(0);", true, ""},
		{`"Welcome back" is not visible`, ").toHaveCount(0);", false, `1 visible matches of "Welcome back"`},
		{`the title is "Settings — Acme"`, `toHaveTitle('Settings — Acme');`, true, ""},
		{`the title is "Settings"`, `toHaveTitle('Settings');`, false, `the title is "Settings — Acme"`},
		{`the title contains "settings"`, `toHaveTitle(new RegExp('settings', 'i'));`, true, ""},
		{`the URL contains "/settings"`, `toHaveURL(new RegExp('\\/settings'));`, true, ""},
		{`the URL contains "/profile"`, `toHaveURL(new RegExp('\\/profile'));`, false, "the URL is http://app.test/settings"},
		{`the Save button is visible`, `getByRole('button', { name: 'Save' })).toBeVisible();`, true, ""},
		{`the Save button is hidden`, ".toBeHidden();", false, "it is visible"},
		{`the Missing button is hidden`, "// ", true, ""},
		{`the Missing button is visible`, "// ", false, "Missing"},
		{`the Gone button is visible`, "// ", false, "ref e6 is gone"},
		{`the Save button is enabled`, ".toBeEnabled();", false, "it is not enabled"},
		{`the Save button is disabled`, ".toBeDisabled();", true, ""},
		{`the Agree checkbox is checked`, ".toBeChecked();", true, ""},
		{`the Agree checkbox is unchecked`, ".not.toBeChecked();", false, "it is not unchecked"},
		{`the Details button is expanded`, "toHaveAttribute('aria-expanded', 'true');", true, ""},
		{`the Details button is collapsed`, "toHaveAttribute('aria-expanded', 'false');", false, "it is not collapsed"},
		{`the Name field is focused`, ".toBeFocused();", true, ""},
		{`the Name field contains "Ada"`, `toHaveValue(new RegExp('Ada'));`, true, ""},
		{`the Name field is "Ada"`, `toHaveValue('Ada');`, false, `its value is "Ada Lovelace"`},
	} {
		as, err := claim.Parse(c.claim)
		if err != nil || len(as) != 1 {
			t.Fatalf("%s: claim.Parse = %v, %v", c.claim, as, err)
		}
		got := Run(page, view, as[0])
		if !strings.Contains(got.Line, c.line) || got.Held != c.held || (!c.held && !strings.Contains(got.Reason, c.reason)) {
			t.Errorf("%s:\n got line %q held %v reason %q\nwant line with %q held %v reason with %q", c.claim, got.Line, got.Held, got.Reason, c.line, c.held, c.reason)
		}
	}
}
