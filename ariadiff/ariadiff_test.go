package ariadiff

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/prima-dev/prima/internal/golden"
)

func readSnap(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

func TestParseRealChromiumSnapshot(t *testing.T) {
	text := readSnap(t, "chromium156.snap")
	tree := Parse(text)
	if tree.Skipped != 0 {
		t.Errorf("skipped %d lines of a real snapshot", tree.Skipped)
	}
	var heading, say, status, link, inner *Node
	tree.Root.Walk(func(n *Node, _ int) bool {
		switch {
		case n.Role == "heading":
			heading = n
		case n.Role == "button" && strings.HasPrefix(n.Name, "Say"):
			say = n
		case n.Role == "status":
			status = n
		case n.Role == "link":
			link = n
		case n.Ref() == "f1e2":
			inner = n
		}
		return true
	})
	if heading == nil || heading.Name != `Hello "world": x` || strings.Join(heading.Groups, ",") != "level=1,ref=e2" {
		t.Errorf("quoted heading parsed as %+v", heading)
	}
	if say == nil || say.Name != `Say: hi [ref=e1] 'q'` || say.Ref() != "e14" {
		t.Errorf("a name holding a fake ref and quotes parsed as %+v", say)
	}
	if status == nil || status.Value != "Profile saved" {
		t.Errorf("status parsed as %+v", status)
	}
	if link == nil || len(link.Props) != 1 || link.Props[0] != (Prop{"url", "/x?y=1"}) || !link.Has("cursor=pointer") {
		t.Errorf("link parsed as %+v", link)
	}
	if inner == nil || inner.Name != "Inner" {
		t.Errorf("iframe ref f1e2 parsed as %+v", inner)
	}
	golden.CheckString(t, filepath.Join("testdata", "chromium156.canonical"), tree.String())
	golden.CheckString(t, filepath.Join("testdata", "chromium156.stripped"), StripRefs(text))
	golden.CheckString(t, filepath.Join("testdata", "chromium156.compact"), Compact(text, CompactOptions{}))
}

func TestCanonicalRenderingRoundTrips(t *testing.T) {
	text := readSnap(t, "chromium156.snap")
	once := Parse(text).String()
	if twice := Parse(once).String(); twice != once {
		t.Errorf("canonical form is not a fixed point:\n%s\nvs\n%s", once, twice)
	}
	// Playwright's own text is already canonical, up to the YAML quoting of
	// keys that hold ": ", which prima's renderer does not need.
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, "- '") {
			continue
		}
		if !strings.Contains(once, line) {
			t.Errorf("canonical form lost line %q", line)
		}
	}
}

// The seed's §7 cases: compaction keeps every bracket group, so stateful
// controls keep their handle, in any order of groups.
func TestCompactKeepsEveryBracketGroup(t *testing.T) {
	cases := []struct{ name, line string }{
		{"plain", `button "Plain" [ref=e10]`},
		{"active before ref", `button "Active" [active] [ref=e13]`},
		{"disabled before ref", `button "Disabled" [disabled] [ref=e14]`},
		{"pressed before ref", `button "Pressed" [pressed] [ref=e15]`},
		{"expanded before ref", `button "Expanded" [expanded] [ref=e16]`},
		{"checked before ref", `checkbox "Checked" [checked] [ref=e17]`},
		{"cursor after ref", `button "Cursor" [ref=e18] [cursor=pointer]`},
		{"ref first then states", `button "Odd" [ref=e19] [disabled] [expanded]`},
		{"unknown future group", `button "New" [future=yes] [ref=e20] [cursor=pointer]`},
		{"three states", `checkbox "Mixed" [checked=mixed] [disabled] [active] [ref=f2e21]`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			in := "- generic [ref=e1]:\n  - " + c.line + "\n"
			got := Compact(in, CompactOptions{})
			if want := "- " + c.line + "\n"; got != want {
				t.Errorf("Compact(%q) = %q, want %q", in, got, want)
			}
		})
	}
}

func TestCompactCollapsesRunsAndCapsValues(t *testing.T) {
	var b strings.Builder
	b.WriteString("- list [ref=e1]:\n")
	for i := 0; i < 40; i++ {
		b.WriteString("  - listitem [ref=e")
		b.WriteString(itoa(i + 2))
		b.WriteString("]: Item ")
		b.WriteString(itoa(i + 1))
		b.WriteString("\n")
	}
	b.WriteString("- paragraph: " + strings.Repeat("ü", 500) + "\n")
	golden.CheckString(t, filepath.Join("testdata", "compact_runs.golden"), Compact(b.String(), CompactOptions{}))
}

// The seed's §3 case: an identical page whose refs shifted from e10–e12 to
// e20–e22 used to give six phantom entries.
func TestRefChurnOnlyIsNoChange(t *testing.T) {
	before := `- generic [ref=e1]:
  - button "Save" [ref=e10]
  - button "Cancel" [ref=e11]
  - textbox "Name" [ref=e12]
`
	after := `- generic [ref=e1]:
  - button "Save" [ref=e20] [cursor=pointer]
  - button "Cancel" [active] [ref=e21]
  - textbox "Name" [ref=e22]
`
	if d := DiffText(before, after); len(d) != 0 {
		t.Errorf("ref churn gave %d entries: %v", len(d), d)
	}
	if StripRefs(before) != StripRefs(after) {
		t.Errorf("stripped variants differ:\n%s\nvs\n%s", StripRefs(before), StripRefs(after))
	}
	if a, b := StateHash("http://x/churn", Parse(before)), StateHash("http://x/churn?s=2", Parse(after)); a != b {
		t.Errorf("state changed under ref churn: %v vs %v", a, b)
	}
}

func TestDiff(t *testing.T) {
	cases := []struct {
		name          string
		before, after string
		want          []string
	}{
		{"identical is empty",
			"- button \"Save\" [ref=e1]\n",
			"- button \"Save\" [ref=e1]\n",
			nil},
		{"fill is typed",
			"- textbox \"Name\" [ref=e3]\n",
			"- textbox \"Name\" [active] [ref=e3]: Ada\n",
			[]string{`typed: textbox "Name": "" -> "Ada"`}},
		{"a field with a placeholder shows its value as a text child",
			"- textbox \"Email\" [ref=e8]:\n  - /placeholder: you@example.com\n",
			"- textbox \"Email\" [active] [ref=e8]:\n  - /placeholder: you@example.com\n  - text: ada@example.com\n",
			[]string{`typed: textbox "Email": "" -> "ada@example.com"`}},
		{"checkbox is toggled",
			"- checkbox \"Agree\" [ref=e4]\n",
			"- checkbox \"Agree\" [checked] [ref=e4]\n",
			[]string{`toggled: checkbox "Agree": unchecked -> checked`}},
		{"pressed is toggled",
			"- button \"Bold\" [pressed] [ref=e4]\n",
			"- button \"Bold\" [ref=e9]\n",
			[]string{`toggled: button "Bold": pressed -> unpressed`}},
		{"a status message appearing is added",
			"- button \"Save\" [ref=e5]\n",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Profile saved\n",
			[]string{`added: status: Profile saved`}},
		{"an empty status filling in is added",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]\n",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Profile saved\n",
			[]string{`added: status: Profile saved`}},
		{"a status that says something else changed",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Saving\n",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Saved at 10:02\n",
			[]string{`changed: status: "Saving" -> "Saved at 10:02"`}},
		{"a status going empty is removed",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Saving\n",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]\n",
			[]string{`removed: status: Saving`}},
		{"of two statuses replaced, neither is known to be which",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: One\n- status [ref=e7]: Two\n",
			"- button \"Save\" [ref=e5]\n- status [ref=e6]: Three\n- status [ref=e7]: Four\n",
			[]string{`added: status: Three`, `added: status: Four`, `removed: status: One`, `removed: status: Two`}},
		{"a named alert that says something else changed",
			"- alert \"Sync\" [ref=e6]: 2 left\n- button \"Stop\"\n",
			"- alert \"Sync\" [ref=e6]: done\n- button \"Stop\"\n",
			[]string{`changed: alert "Sync": "2 left" -> "done"`}},
		{"a heading and a dialog appear",
			"- button \"Open\" [ref=e2]\n",
			"- button \"Open\" [ref=e2]\n- dialog \"Share\" [ref=e7]:\n  - heading \"Share\" [level=2] [ref=e8]\n  - button \"Copy\" [disabled] [ref=e9]\n",
			[]string{`added: dialog "Share"`, `added: heading "Share" [level=2]`, `added: button "Copy" [disabled]`}},
		{"a button goes away",
			"- button \"Submit\" [ref=e2]\n- heading \"Order\" [level=1] [ref=e1]\n",
			"- heading \"Order\" [level=1] [ref=e1]\n",
			[]string{`removed: button "Submit"`}},
		{"disabled to enabled is changed",
			"- button \"Save\" [disabled] [ref=e2]\n",
			"- button \"Save\" [ref=e2]\n",
			[]string{`changed: button "Save": disabled -> enabled`}},
		{"expanded is changed",
			"- button \"Details\" [ref=e2]\n",
			"- button \"Details\" [expanded] [ref=e2]\n- region: More details here\n",
			[]string{`changed: button "Details": collapsed -> expanded`, `added: region: More details here`}},
		{"heading at the same place renamed",
			"- heading \"List page 1\" [level=1] [ref=e1]\n- link \"next »\" [ref=e3]\n",
			"- heading \"List page 2\" [level=1] [ref=e1]\n- link \"next »\" [ref=e3]\n",
			[]string{`renamed: heading "List page 1" -> "List page 2"`}},
		{"combobox selection",
			"- combobox \"Size\" [ref=e2]:\n  - option \"Small\"\n  - option \"Medium\" [selected]\n",
			"- combobox \"Size\" [ref=e2]:\n  - option \"Small\" [selected]\n  - option \"Medium\"\n",
			[]string{`selected: combobox "Size": "Medium" -> "Small"`}},
		{"tab selection is changed",
			"- tab \"Overview\" [selected] [ref=e2]\n- tab \"History\" [ref=e3]\n",
			"- tab \"Overview\" [ref=e2]\n- tab \"History\" [selected] [ref=e3]\n",
			[]string{`changed: tab "Overview": selected -> unselected`, `changed: tab "History": unselected -> selected`}},
		{"static text that changed in place is changed",
			"- paragraph: one\n",
			"- paragraph: two\n",
			[]string{`changed: paragraph: "one" -> "two"`}},
		{"a widget's aria-hidden form input is not what a user sees change",
			"- combobox \"Size\" [ref=e2]\n- textbox [aria-hidden] [ref=e3]\n- button \"Go\" [ref=e4]\n",
			"- combobox \"Size\" [ref=e2]: Large\n- textbox [aria-hidden] [ref=e3]: large\n- button \"Go\" [ref=e4]\n",
			[]string{`selected: combobox "Size": "" -> "Large"`}},
		{"an aria-hidden gutter's new line numbers are not added",
			"- textbox \"Code\" [ref=e2]: a\n- generic [aria-hidden]:\n  - generic: \"1\"\n",
			"- textbox \"Code\" [ref=e2]: a b\n- generic [aria-hidden]:\n  - generic: \"1\"\n  - generic: \"2\"\n",
			[]string{`typed: textbox "Code": "a" -> "a b"`}},
		{"content a modal hides behind aria-hidden did not change",
			"- main [ref=e1]:\n  - button \"Open\" [ref=e2]\n",
			"- main [aria-hidden] [ref=e1]:\n  - button \"Open\" [ref=e2]\n- dialog \"Share\" [ref=e7]\n",
			[]string{`added: dialog "Share"`}},
		{"a custom select opening its own list keeps its value",
			"- listbox \"Colour\" [ref=e4]:\n  - combobox \"Colour\":\n    - option \"Red\" [selected]\n  - option \"Red\" [selected] [ref=e7]\n",
			"- listbox \"Colour\" [expanded] [ref=e4]:\n  - combobox \"Colour\":\n    - option \"Red\" [selected]\n  - option \"Red\" [selected] [ref=e7]\n  - listbox [ref=e10]:\n    - option \"Red\" [selected] [ref=e11]\n    - option \"Blue\" [ref=e12]\n",
			[]string{`changed: listbox "Colour": collapsed -> expanded`}},
		{"same-named buttons align by position",
			"- button \"Delete\" [ref=e1]\n- button \"Delete\" [ref=e2]\n",
			"- button \"Delete\" [ref=e5]\n- button \"Delete\" [disabled] [ref=e6]\n",
			[]string{`changed: button "Delete": enabled -> disabled`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got []string
			for _, ch := range DiffText(c.before, c.after) {
				got = append(got, ch.String())
			}
			if strings.Join(got, "\n") != strings.Join(c.want, "\n") {
				t.Errorf("Diff =\n  %s\nwant\n  %s", strings.Join(got, "\n  "), strings.Join(c.want, "\n  "))
			}
		})
	}
}

func TestDiffNavigatedNeverRenames(t *testing.T) {
	before := Parse("- heading \"Home\" [level=1]\n- button \"Workflows\"\n")
	after := Parse("- heading \"Team settings\" [level=1]\n- button \"Save team\"\n")
	var got []string
	for _, c := range DiffNavigated(before, after) {
		got = append(got, c.String())
	}
	want := `added: heading "Team settings" [level=1]|added: button "Save team"|removed: heading "Home" [level=1]|removed: button "Workflows"`
	if strings.Join(got, "|") != want {
		t.Errorf("DiffNavigated = %v", got)
	}
}

func TestCap(t *testing.T) {
	cs := []Change{{Kind: Added, Text: "a"}, {Kind: Added, Text: "b"}, {Kind: Added, Text: "c"}}
	if kept, more := Cap(cs, 2); len(kept) != 2 || more != 1 {
		t.Errorf("Cap(3, 2) = %d, %d", len(kept), more)
	}
	if kept, more := Cap(cs, 5); len(kept) != 3 || more != 0 {
		t.Errorf("Cap(3, 5) = %d, %d", len(kept), more)
	}
}

func TestStateHash(t *testing.T) {
	page := Parse("- heading \"Order placed\" [level=1] [ref=e1]\n- button \"Back\" [ref=e2]\n- textbox \"Note\" [ref=e3]\n")
	s := StateHash("http://127.0.0.1:8080/orders/4821?session=abc", page)
	if s.Slug != "orders_4821_order_placed" || len(s.Digest) != 8 {
		t.Errorf("state = %+v", s)
	}
	typed := Parse("- heading \"Order placed\" [level=1] [ref=e7]\n- button \"Back\" [ref=e8]\n- textbox \"Note\" [ref=e9]: hi\n")
	if StateHash("http://127.0.0.1:8080/orders/4821", typed) != s {
		t.Error("a typed value or new refs changed the state")
	}
	other := Parse("- heading \"Order placed\" [level=1]\n- button \"Cancel order\"\n")
	if StateHash("http://127.0.0.1:8080/orders/4821", other) == s {
		t.Error("a different skeleton kept the state")
	}
	if got := StateHash("http://x/profile", Parse("- heading \"Profile\" [level=1]\n")).Slug; got != "profile" {
		t.Errorf("heading repeating the path gave %q", got)
	}
	if got := StateHash("http://x/", Parse("")).Slug; got != "page" {
		t.Errorf("empty page gave %q", got)
	}
}

func itoa(i int) string {
	if i == 0 {
		return "0"
	}
	var b []byte
	for i > 0 {
		b = append([]byte{byte('0' + i%10)}, b...)
		i /= 10
	}
	return string(b)
}

// Identities are numbered by hash: two with one hash must still get two
// numbers, each the same every time.
func TestKeysTellApartIdentitiesWithOneHash(t *testing.T) {
	k := newKeys(4)
	a := entry{role: "button", name: "A", hash: 7}
	b := entry{role: "button", name: "B", hash: 7}
	c := entry{role: "button", name: "C", hash: 7}
	na, nb, nc := k.of(&a), k.of(&b), k.of(&c)
	if na == nb || nb == nc || na == nc {
		t.Fatalf("numbers %d %d %d", na, nb, nc)
	}
	if k.of(&a) != na || k.of(&b) != nb || k.of(&c) != nc {
		t.Fatal("an identity got a second number")
	}
	if len(k.counts) != 3 {
		t.Fatalf("%d numbers given", len(k.counts))
	}
}

// A navigation to another document: what it removed is one line naming
// the page left, and the rest stays in order.
func TestLeftBehind(t *testing.T) {
	before := Parse("- heading \"Paint order\" [level=1]\n- listbox \"Colour\"\n- status: Chosen: nothing\n- button \"Clear\"\n- link \"Home\"")
	after := Parse("- heading \"Booking\" [level=1]\n- textbox \"Arrival\"\n- link \"Home\"")
	got := LeftBehind(Diff(before, after), "/zoo/choices")
	var removed []string
	for _, c := range got {
		if c.Kind == Removed {
			removed = append(removed, c.Text)
		}
	}
	if len(removed) != 1 || removed[0] != "the page before, /zoo/choices (3 lines)" {
		t.Errorf("removed = %q, want one line naming the page left (all: %v)", removed, got)
	}
	if !slices.ContainsFunc(got, func(c Change) bool { return c.Kind == Added && c.Text == `textbox "Arrival"` }) {
		t.Errorf("the added lines are gone: %v", got)
	}
	two := Diff(Parse("- button \"A\"\n- button \"B\""), Parse("- button \"C\""))
	if !slices.EqualFunc(LeftBehind(two, "/x"), two, func(a, b Change) bool { return a.String() == b.String() }) {
		t.Errorf("two removals were folded: %v", LeftBehind(two, "/x"))
	}
}
