package export

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/internal/golden"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/pwline"
)

const origin = "http://127.0.0.1:8080"

// line is a change whose line names no one element (a counted run, an
// element told apart by its context): it has no Element.
func line(k ariadiff.Kind, text string) ariadiff.Change { return ariadiff.Change{Kind: k, Text: text} }

// withOf is a change of a shape ariadiff writes, with its Element, for a
// line a test writes by hand (a value cut short, a raw tab).
func withOf(k ariadiff.Kind, text string, e ariadiff.Element) ariadiff.Change {
	return ariadiff.Change{Kind: k, Text: text, Of: &e}
}

// The changes of one element, made as ariadiff makes them: a value by
// ValueChange, an element that appeared or went, or a state, by diffing
// two snapshots.
func typed(role, name, from, to string) ariadiff.Change {
	return ariadiff.ValueChange(ariadiff.Typed, role, name, from, to)
}

// cutTo marks c's To as cut by n runes, as ariadiff marks a value it capped.
func cutTo(c ariadiff.Change, n int) ariadiff.Change {
	e := *c.Of
	e.ToCut = n
	c.Of = &e
	return c
}

func selected(role, name, from, to string) ariadiff.Change {
	return ariadiff.ValueChange(ariadiff.Selected, role, name, from, to)
}

func added(snapshotLine string) ariadiff.Change { return only(diff("", "- "+snapshotLine)) }

func removed(snapshotLine string) ariadiff.Change { return only(diff("- "+snapshotLine, "")) }

// state is a toggled or changed state of an element, as a line.
func state(k ariadiff.Kind, role, name, from, to string) ariadiff.Change {
	return withOf(k, ariadiff.Head(role, name)+": "+from+" -> "+to, ariadiff.Element{Role: role, Name: name, Named: true, From: from, To: to})
}

func only(cs []ariadiff.Change) ariadiff.Change {
	if len(cs) != 1 {
		panic(fmt.Sprintf("want one change, got %v", cs))
	}
	return cs[0]
}

// diff is what prima's act path records: ariadiff's Changes between two
// snapshots, so the goldens follow the texts ariadiff really writes.
func diff(before, after string) []ariadiff.Change { return ariadiff.DiffText(before, after) }

func act(used, before, after string, cs ...ariadiff.Change) Step {
	return Step{Kind: Action, Command: "pw " + used, Line: pwLine(used), URLBefore: before, URLAfter: after,
		OK: true, Proven: len(cs) > 0 || before != after, Changes: cs}
}

func gotoStep(u string) Step {
	return Step{Kind: Goto, Command: "go " + u, Line: &pwline.Line{Method: "goto", Value: u},
		URLBefore: "about:blank", URLAfter: u, OK: true, Proven: true}
}

var form = origin + "/export/form"

var goldens = []struct {
	name  string
	steps []Step
	opts  Options
}{
	{"form", formSession(origin), Options{}},
	{"kinds", []Step{
		gotoStep(origin + "/controls"),
		act("await page.getByRole('checkbox', { name: 'A', exact: true }).check();", origin+"/controls", origin+"/controls",
			diff("- checkbox \"A\"\n- checkbox \"B\" [checked]\n- checkbox \"C\"",
				"- checkbox \"A\" [checked]\n- checkbox \"B\"\n- checkbox \"C\" [checked=mixed]")...),
		act("await page.getByRole('switch', { name: 'Wi-Fi', exact: true }).click();", origin+"/controls", origin+"/controls",
			diff("- switch \"Wi-Fi\" [checked]\n- button \"Bold\" [pressed]\n- button \"Mute\"",
				"- switch \"Wi-Fi\"\n- button \"Bold\"\n- button \"Mute\" [pressed]")...),
		act("await page.getByRole('button', { name: 'Lock', exact: true }).click();", origin+"/controls", origin+"/controls",
			diff("- button \"Go\"\n- button \"Pay\" [disabled]\n- button \"Lock\"", "- button \"Go\" [disabled]\n- button \"Pay\"\n- button \"Lock\"")...),
		act("await page.getByRole('combobox', { name: 'Colours', exact: true }).selectOption(['Red', 'Green']);", origin+"/controls", origin+"/controls",
			diff("- combobox \"Colours\":\n  - option \"Red\"\n  - option \"Green\"",
				"- combobox \"Colours\":\n  - option \"Red\" [selected]\n  - option \"Green\" [selected]")...),
		// Option names that hold ", " are asserted one each, as the list holds them.
		act("await page.getByRole('listbox', { name: 'Cities', exact: true }).selectOption(['Paris, France', 'Rome']);", origin+"/controls", origin+"/controls",
			diff("- listbox \"Cities\":\n  - option \"Paris, France\"\n  - option \"Rome\"",
				"- listbox \"Cities\":\n  - option \"Paris, France\" [selected]\n  - option \"Rome\" [selected]")...),
		act("await page.getByRole('combobox', { name: 'Fruit', exact: true }).fill('Apple');", origin+"/controls", origin+"/controls",
			selected("combobox", "Fruit", "", "Apple")),
		// A selection the action does not explain (a keyboard press): left out.
		act("await page.keyboard.press('ArrowDown');", origin+"/controls", origin+"/controls",
			selected("combobox", "Size", "Small", "Medium")),
		// A repeated element: ariadiff names it by its context, not uniquely.
		act("await page.getByRole('listitem').first().getByRole('textbox').fill('x');", origin+"/controls", origin+"/controls",
			diff("- listitem:\n  - text: Row A\n  - textbox \"Note\"\n- listitem:\n  - text: Row B\n  - textbox \"Note\"",
				"- listitem:\n  - text: Row A\n  - textbox \"Note\": x\n- listitem:\n  - text: Row B\n  - textbox \"Note\"")...),
		act("await page.getByRole('button', { name: 'Pay', exact: true }).click();", origin+"/controls", origin+"/controls",
			diff("- alert\n- button \"Pay\"\n- paragraph: a\n- button \"Save\"",
				"- alert: Card \"declined\"\n- heading \"Payment\" [level=3]\n- status \"Cart\": 3 items\n- paragraph: b\n- button \"Saved\"\n- heading\n- text: Thank you")...),
		// A live region that says something else: what it says now.
		act("await page.getByRole('button', { name: 'Sync', exact: true }).click();", origin+"/controls", origin+"/controls",
			diff("- button \"Sync\"\n- status: 2 left\n- alert \"Sync\": waiting",
				"- button \"Sync\"\n- status: All synced\n- alert \"Sync\": done")...),
		// Removed and renamed elements, and counted runs, are not asserted.
		act("await page.getByRole('button', { name: 'Clear', exact: true }).click();", origin+"/controls", origin+"/controls",
			removed(`heading "Payment" [level=3]`),
			line(ariadiff.Added, `listitem ×14 (first: "a", last: "n")`),
			withOf(ariadiff.Added, `status: Saved 1 of 40 rows, the first of them named row one, and…(+93 chars)`,
				ariadiff.Element{Role: "status", Value: "Saved 1 of 40 rows, the first of them named row one, and…(+93 chars)", HasValue: true, ValueCut: 93})),
		// A contenteditable target: its value is its text.
		{Kind: Action, Command: "pw fill e9 hello", Line: pwLine("await page.getByRole('textbox', { name: 'Message', exact: true }).fill('hello');"),
			URLBefore: origin + "/controls", URLAfter: origin + "/controls", OK: true, Proven: true, Editable: true,
			Changes: []ariadiff.Change{typed("textbox", "Message", "", "hello"), typed("textbox", "Echo", "", "hello")}},
		// An editor's document typed over as a hand does: the click into it
		// and the select-all come first.
		{Kind: Action, Command: "pw fill e11 'Second draft'", Line: pwLine("await page.keyboard.insertText('Second draft');"),
			Lead:      []pwline.Line{*pwLine("await page.locator('.CodeMirror').click();"), *pwLine("await page.keyboard.press('ControlOrMeta+a');")},
			URLBefore: origin + "/controls", URLAfter: origin + "/controls", OK: true, Proven: true, Editable: true,
			Changes: []ariadiff.Change{typed("textbox", "Notes", "Call the printer", "Second draft")}},
		// A target in a frame: the action's locator reaches it.
		act("await page.locator('iframe[title=\"Inner frame\"]').contentFrame().getByRole('textbox', { name: 'Code', exact: true }).fill('42');",
			origin+"/controls", origin+"/controls", typed("textbox", "Code", "", "42")),
		// Cut values: the diff elided the start, or capped the end.
		act("await page.getByRole('textbox', { name: 'Bio', exact: true }).fill('x');", origin+"/controls", origin+"/controls",
			typed("textbox", "Bio", "…same start a", "…same start b"),
			cutTo(typed("textbox", "Notes", "", "long text…(+300 chars)"), 300)),
	}, Options{}},
	{"unproven", []Step{
		gotoStep(form),
		{Kind: Action, Command: "pw click e14", Line: pwLine("await page.getByRole('button', { name: 'Save', exact: true }).click();"),
			URLBefore: form, URLAfter: form, OK: true, Proven: false},
		{Kind: Action, Command: "do \"fill Ada into Name\"", Line: pwLine("await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');"),
			URLBefore: form, URLAfter: form, OK: true, Proven: true,
			Changes: []ariadiff.Change{typed("textbox", "Name", "", "Ada")}},
	}, Options{}},
	{"failed", []Step{
		gotoStep(form),
		{Kind: Action, Command: "pw click e99", URLBefore: form, URLAfter: form, OK: false},
		{Kind: Action, Command: "pw fill e5 toolongvalue", Line: pwLine("await page.getByRole('textbox', { name: 'Code', exact: true }).fill('toolongvalue');"),
			URLBefore: form, URLAfter: form, OK: false, Changes: []ariadiff.Change{typed("textbox", "Code", "", "toolo")}},
		// A failed click that still navigated: the next step starts elsewhere.
		{Kind: Action, Command: "pw click e19", Line: pwLine("await page.getByRole('link', { name: 'View contact', exact: true }).click();"),
			URLBefore: form, URLAfter: origin + "/export/done?name=Ada", OK: false},
		act("await page.getByRole('link', { name: 'New contact', exact: true }).click();", origin+"/export/done?name=Ada", form,
			added(`heading "New contact" [level=1]`)),
		{Kind: Verify, Command: "verify the Name field is empty", URLBefore: form, URLAfter: form, OK: false,
			Checks: []Check{{Kind: claim.Value, Locator: "page.getByRole('textbox', { name: 'Name', exact: true })", Exact: true}}},
	}, Options{}},
	{"verify", []Step{
		gotoStep(form),
		{Kind: Verify, Command: "verify …", URLBefore: form, URLAfter: form, OK: true, Checks: []Check{
			{Kind: claim.TextVisible, Text: "Saved Ada"},
			{Kind: claim.TextVisible, Text: "Inner clicked", Locator: "page.locator('iframe[title=\"Inner frame\"]').contentFrame().getByText(/(?<![\\p{L}\\p{N}\\p{M}])Inner\\s+clicked(?![\\p{L}\\p{N}\\p{M}])/iu).filter({ visible: true })"},
			{Kind: claim.TextHidden, Text: "Error"},
			{Kind: claim.Title, Text: "New contact", Exact: true},
			{Kind: claim.Title, Text: "contact"},
			{Kind: claim.URL, Text: "/export/form", Exact: true},
			{Kind: claim.URL, Text: "export/form?"},
			{Kind: claim.ElementVisible, Locator: "page.getByRole('button', { name: 'Save', exact: true })"},
			{Kind: claim.ElementHidden, Locator: "page.getByRole('dialog', { name: 'Share', exact: true })"},
			{Kind: claim.ElementHidden, Text: ""}, // not in the tree: no locator
			{Kind: claim.Value, Locator: "page.getByRole('textbox', { name: 'Name', exact: true })", Text: "Ada", Exact: true},
			{Kind: claim.Value, Locator: "page.getByRole('textbox', { name: 'Name', exact: true })", Text: "A.a"},
			{Kind: claim.State, Locator: "page.getByRole('checkbox', { name: 'Send me news', exact: true })", State: "checked"},
			{Kind: claim.State, Locator: "page.getByRole('checkbox', { name: 'Send me news', exact: true })", State: "unchecked"},
			{Kind: claim.State, Locator: "page.getByRole('button', { name: 'Save', exact: true })", State: "enabled"},
			{Kind: claim.State, Locator: "page.getByRole('button', { name: 'Pin', exact: true })", State: "pressed"},
			{Kind: claim.State, Locator: "page.getByRole('button', { name: 'Menu', exact: true })", State: "expanded"},
			{Kind: claim.State, Locator: "page.getByRole('textbox', { name: 'Name', exact: true })", State: "focused"},
			{Kind: claim.State, Locator: "page.getByRole('tab', { name: 'History', exact: true })", State: "selected"},
			{Kind: claim.State, Locator: "page.getByRole('button', { name: 'Save', exact: true })", State: "sparkly"},
		}},
	}, Options{}},
	{"secret", []Step{
		gotoStep(origin + "/login"),
		{Kind: Action, Command: "pw fill e5 {{API_KEY}}", Line: pwLine("await page.getByRole('textbox', { name: 'API key', exact: true }).fill('{{API_KEY}}');"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true, Secrets: []string{"API_KEY", "USER"},
			Changes: []ariadiff.Change{typed("textbox", "API key", "", "{{API_KEY}}")}},
		{Kind: Action, Command: "pw fill e6 Bearer {{API_KEY}} for {{USER}}", Line: pwLine("await page.getByRole('textbox', { name: 'Header', exact: true }).fill('Bearer {{API_KEY}} for {{USER}}');"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true, Secrets: []string{"API_KEY", "USER"},
			Changes: []ariadiff.Change{typed("textbox", "Header", "", "Bearer {{API_KEY}} for {{USER}}")}},
		// {{name}} is not a bound secret: it is text, typed as it is.
		{Kind: Action, Command: "pw fill e7 Hello {{name}}", Line: pwLine("await page.getByRole('textbox', { name: 'Template', exact: true }).fill('Hello {{name}}');"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true, Secrets: []string{"API_KEY", "USER"},
			Changes: []ariadiff.Change{typed("textbox", "Template", "", "Hello {{name}}")}},
		// A secret typed into a password field shows as ••••.
		{Kind: Action, Command: "pw fill e8 ••••", Line: pwLine("await page.getByRole('textbox', { name: 'Password', exact: true }).fill('••••');"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true, Secrets: []string{"API_KEY", "USER", "PW"}, MaskedSecret: "PW",
			Changes: []ariadiff.Change{typed("textbox", "Password", "", "••••")}},
		// A status that says the secret, and a locator that holds it.
		{Kind: Action, Command: "pw click e8", Line: pwLine("await page.getByRole('button', { name: 'Sign in', exact: true }).click();"),
			URLBefore: origin + "/login", URLAfter: origin + "/login?token={{API_KEY}}", OK: true, Proven: true, Secrets: []string{"API_KEY", "USER"},
			Changes: []ariadiff.Change{added(`status: Signed in as {{USER}}`)}},
		{Kind: Action, Command: "pw click e9", Line: pwLine("await page.getByRole('button', { name: 'Log out {{USER}}', exact: true }).click();"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true, Secrets: []string{"USER"}},
		{Kind: Verify, Command: "verify the Header field contains \"{{USER}}\"", URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Secrets: []string{"USER"},
			Checks: []Check{
				{Kind: claim.Value, Locator: "page.getByRole('textbox', { name: 'User', exact: true })", Text: "{{USER}}", Exact: true},
				{Kind: claim.Value, Locator: "page.getByRole('textbox', { name: 'Header', exact: true })", Text: "{{USER}}"},
			}},
	}, Options{}},
	{"masked", []Step{
		gotoStep(origin + "/login"),
		{Kind: Action, Command: "pw fill e7 ••••", Line: pwLine("await page.getByRole('textbox', { name: 'Password', exact: true }).fill('••••');"),
			URLBefore: origin + "/login", URLAfter: origin + "/login", OK: true, Proven: true,
			Changes: []ariadiff.Change{typed("textbox", "Password", "", "••••")}},
		// Another field showing the password: this step did not type it.
		act("await page.getByRole('button', { name: 'Show', exact: true }).click();", origin+"/login", origin+"/login",
			typed("textbox", "Shown", "", "••••")),
	}, Options{}},
	{"navigation", []Step{
		gotoStep(form),
		act("await page.getByRole('link', { name: 'View contact', exact: true }).click();", form, origin+"/export/done?name=Ada",
			diff("- heading \"New contact\" [level=1]\n- link \"View contact\"", "- heading \"Contact\" [level=1]\n- paragraph: Ada\n- link \"New contact\"")...),
		act("await page.goBack();", origin+"/export/done?name=Ada", form,
			added(`heading "New contact" [level=1]`)),
		act("await page.reload();", form, form),
		// A relative goto resolves against the page it left.
		{Kind: Goto, Command: "go /export/done", Line: pwLine("await page.goto('/export/done');"), URLBefore: form, URLAfter: origin + "/export/done", OK: true, Proven: true},
		// One step of do that went to a path.
		{Kind: Action, Command: `do "go to /export/form"`, Line: pwLine("await page.goto('/export/form');"), URLBefore: origin + "/export/done", URLAfter: form, OK: true, Proven: true,
			Changes: []ariadiff.Change{added(`heading "New contact" [level=1]`)}},
	}, Options{}},
	{"since", formSession(origin), Options{Since: 3}},
	{"attached", []Step{
		// The session attached to a page that was already open.
		act("await page.getByRole('button', { name: 'Pin', exact: true }).click();", form, form,
			state(ariadiff.Toggled, "button", "Pin", "unpressed", "pressed")),
	}, Options{}},
	{"escape", []Step{
		gotoStep(origin + "/it's?q=a\\b"),
		act("await page.getByRole('textbox', { name: 'It\\'s \"x\"', exact: true }).fill('a\\nb\\\\c\\'d');", origin+"/it's?q=a\\b", origin+"/it's?q=a\\b",
			typed("textbox", `It's "x"`, "", "a\nb\\c'd"),
			added(`heading "Sa\u200bve \u202eevil" [level=2]`),
			added("heading \"line\\u2028sep \\ud83d\\ude00 ✓\" [level=2]"),
			withOf(ariadiff.Added, "status: tab\there", ariadiff.Element{Role: "status", Value: "tab\there", HasValue: true})),
		act("await page.getByRole('button', { name: 'Go', exact: true }).click();", origin+"/it's?q=a\\b", origin+"/it's?q=a\\b",
			line(ariadiff.Typed, `textbox "Note" (in "x"): "" -> "y"`)),
	}, Options{}},
}

// formSession is the export fixture session as prima's envelopes showed
// it: fill Name, fill Password (masked), tick Send me news, choose Team,
// press Pin, Save (a status, a heading and a link appear), follow the
// link, and a verify pass on the page it reached.
func formSession(base string) []Step {
	form, done := base+"/export/form", base+"/export/done?name=Ada"
	return []Step{
		{Kind: Goto, Command: "go " + form, Line: pwLine("await page.goto('" + form + "');"), URLBefore: "about:blank", URLAfter: form, OK: true, Proven: true,
			Changes: []ariadiff.Change{added(`heading "New contact" [level=1]`), added(`textbox "Name"`)}},
		act("await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');", form, form,
			typed("textbox", "Name", "", "Ada")),
		act("await page.getByRole('textbox', { name: 'Password', exact: true }).fill('••••');", form, form,
			typed("textbox", "Password", "", "••••")),
		act("await page.getByRole('checkbox', { name: 'Send me news', exact: true }).check();", form, form,
			state(ariadiff.Toggled, "checkbox", "Send me news", "unchecked", "checked")),
		act("await page.getByRole('combobox', { name: 'Plan', exact: true }).selectOption('Team');", form, form,
			selected("combobox", "Plan", "Free", "Team")),
		act("await page.getByRole('button', { name: 'Pin', exact: true }).click();", form, form,
			state(ariadiff.Toggled, "button", "Pin", "unpressed", "pressed")),
		act("await page.getByRole('button', { name: 'Save', exact: true }).click();", form, form,
			added(`status: Saved Ada`),
			added(`heading "Contact created" [level=2]`),
			added(`link "View contact"`)),
		act("await page.getByRole('link', { name: 'View contact', exact: true }).click();", form, done,
			added(`heading "Contact" [level=1]`),
			added(`paragraph: Ada`),
			added(`link "New contact"`),
			removed(`heading "New contact" [level=1]`)),
		{Kind: Verify, Command: `verify "Ada" is visible`, URLBefore: done, URLAfter: done, OK: true,
			Checks: []Check{{Kind: claim.TextVisible, Text: "Ada", Locator: "page.getByText(/(?<![\\p{L}\\p{N}\\p{M}])Ada(?![\\p{L}\\p{N}\\p{M}])/iu).filter({ visible: true })"}}},
	}
}

func TestGoldens(t *testing.T) {
	for _, g := range goldens {
		t.Run(g.name, func(t *testing.T) {
			got, err := Render(g.steps, g.opts)
			if err != nil {
				t.Fatal(err)
			}
			again, _ := Render(g.steps, g.opts)
			if again != got {
				t.Fatal("two renderings differ")
			}
			golden.CheckString(t, filepath.Join("testdata", g.name+".spec.ts"), got)
		})
	}
}

func TestRenderRefuses(t *testing.T) {
	if _, err := Render(nil, Options{}); !errors.Is(err, ErrNoSteps) {
		t.Errorf("no steps: %v", err)
	}
	failed := []Step{{Kind: Action, Command: "pw click e1", Line: pwLine("await page.getByRole('button').click();"), OK: false}}
	if _, err := Render(failed, Options{}); !errors.Is(err, ErrNoSteps) {
		t.Errorf("only failed steps: %v", err)
	}
	if _, err := Render(formSession(origin), Options{Since: -1}); err == nil || !strings.Contains(err.Error(), "since -1") {
		t.Errorf("negative since: %v", err)
	}
	if _, err := Render([]Step{{Kind: "wait", OK: true}}, Options{}); err == nil || !strings.Contains(err.Error(), `unknown step kind "wait"`) {
		t.Errorf("unknown kind: %v", err)
	}
}

// Since larger than the session keeps it all.
func TestSinceBeyondTheSession(t *testing.T) {
	all, err := Render(formSession(origin), Options{})
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := Render(formSession(origin), Options{Since: 100}); got != all {
		t.Error("since 100 differs from the whole session")
	}
}

// Nothing a session hid may reach the spec: the value behind •••• is not
// known to it, and a secret appears only as its name.
func TestNoHiddenValueInSpecs(t *testing.T) {
	for _, g := range goldens {
		got, err := Render(g.steps, g.opts)
		if err != nil {
			t.Fatal(err)
		}
		for _, line := range strings.Split(got, "\n") {
			if strings.HasPrefix(strings.TrimSpace(line), "//") {
				continue
			}
			if strings.Contains(line, Masked) || strings.Contains(line, "{{API_KEY}}") || strings.Contains(line, "{{USER}}") {
				t.Errorf("%s: code holds a hidden value: %s", g.name, line)
			}
		}
	}
}

func TestJSString(t *testing.T) {
	for in, want := range map[string]string{
		"plain":           `'plain'`,
		`it's`:            `'it\'s'`,
		`a\b`:             `'a\\b'`,
		"a\nb\r\tc":       `'a\nb\r\tc'`,
		"zero\u200bwidth": `'zero\u200bwidth'`,
		"bidi\u202e":      `'bidi\u202e'`,
		"sep\u2028":       `'sep\u2028'`,
		"é ✓ 😀":           `'é ✓ 😀'`,
		"bad\xffbyte":     `'bad\ufffdbyte'`,
		"tag\U000E0001":   `'tag\udb40\udc01'`,
	} {
		if got := jsString(in); got != want {
			t.Errorf("jsString(%q) = %s, want %s", in, got, want)
		}
	}
}

// pwLine is the typed line prima's engine would record for code.
func pwLine(code string) *pwline.Line {
	l, err := pwline.Parse(code)
	if err != nil {
		panic(err)
	}
	return &l
}

// A change export cannot assert gets its comment by the element's role,
// or a run's role, never by reading the line back.
func TestWantedGoesByRole(t *testing.T) {
	for _, c := range []struct {
		c    ariadiff.Change
		want bool
	}{
		{added(`heading "Saved" [level=1]`), true},
		{added("status: Chosen: Green"), true},
		{added("alert: Oops"), true},
		{added(`button "Save"`), false},
		{added(`statusbar "Bottom"`), false},
		{only(diff("", strings.Repeat("- status: Pending\n", 40))), true},
		{only(diff("", strings.Repeat("- button \"Add\"\n", 40))), false},
	} {
		if got := wanted(c.c); got != c.want {
			t.Errorf("wanted(%s) = %v, want %v (of %+v, members %q)", c.c, got, c.want, c.c.Of, c.c.Members)
		}
	}
}
