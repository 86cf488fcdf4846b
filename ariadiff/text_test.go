package ariadiff

import (
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"github.com/prima-dev/prima/internal/golden"
)

func changeStrings(cs []Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

func checkDiff(t *testing.T, got []Change, want []string) {
	t.Helper()
	checkElements(t, got)
	g := changeStrings(got)
	if strings.Join(g, "\n") != strings.Join(want, "\n") {
		t.Errorf("Diff =\n  %s\nwant\n  %s", strings.Join(g, "\n  "), strings.Join(want, "\n  "))
	}
}

// Text the page shows is part of the page: a click that only changes a
// paragraph, a cell, a list item, loose text or a contenteditable is a
// change, worded as text.
func TestDiffText(t *testing.T) {
	long := strings.Repeat("ab", 150)
	cases := []struct {
		name          string
		before, after string
		want          []string
	}{
		{"a counter paragraph changes in place",
			"- paragraph [ref=e3]: \"Count: 1\"\n- button \"+1\" [ref=e4]\n",
			"- paragraph [ref=e7]: \"Count: 2\"\n- button \"+1\" [ref=e8]\n",
			[]string{`changed: paragraph: "Count: 1" -> "Count: 2"`}},
		{"an unquoted value holding a colon",
			"- paragraph: Count: 1\n",
			"- paragraph: Count: 2\n",
			[]string{`changed: paragraph: "Count: 1" -> "Count: 2"`}},
		{"a named menu that fills in place stays",
			"- button \"Actions\"\n- menu \"Row actions\"\n- button \"Size\"\n",
			"- button \"Actions\" [expanded]\n- menu \"Row actions\":\n  - menuitem \"Copy\"\n  - menuitem \"Cut\"\n- button \"Size\"\n",
			[]string{`changed: button "Actions": collapsed -> expanded`, `added: menuitem "Copy"`, `added: menuitem "Cut"`}},
		{"a named menu that empties in place stays",
			"- menu \"Row actions\":\n  - menuitem \"Copy\"\n- button \"Size\"\n",
			"- menu \"Row actions\"\n- button \"Size\"\n",
			[]string{`removed: menuitem "Copy"`}},
		{"an editor whose line becomes a list stays",
			"- button \"Bullets\"\n- generic \"Notes\": Hello world.\n",
			"- button \"Bullets\"\n- generic \"Notes\":\n  - list:\n    - listitem: Hello world.\n",
			[]string{`added: listitem: Hello world.`}},
		{"a named text that changes is changed",
			"- generic \"Count\": \"3\"\n",
			"- generic \"Count\": \"4\"\n",
			[]string{`changed: generic "Count": "3" -> "4"`}},
		{"rows a sort reorders moved, never removed and added",
			"- grid:\n  - row:\n    - gridcell \"Carol\"\n    - gridcell \"41\"\n  - row:\n    - gridcell \"Bob\"\n    - gridcell \"27\"\n  - row:\n    - gridcell \"Alice\"\n    - gridcell \"33\"\n",
			"- grid:\n  - row:\n    - gridcell \"Alice\"\n    - gridcell \"33\"\n  - row:\n    - gridcell \"Bob\"\n    - gridcell \"27\"\n  - row:\n    - gridcell \"Carol\"\n    - gridcell \"41\"\n",
			[]string{`changed: gridcell "Carol" moved`, `changed: gridcell "41" moved`, `changed: gridcell "Bob" moved`, `changed: gridcell "27" moved`}},
		{"an event dragged to another day moved into it",
			"- grid \"June\":\n  - gridcell \"June 10\":\n    - text: \"10\"\n    - generic: Dentist\n  - gridcell \"June 17\":\n    - text: \"17\"\n",
			"- grid \"June\":\n  - gridcell \"June 10\":\n    - text: \"10\"\n  - gridcell \"June 17\":\n    - text: \"17\"\n    - generic: Dentist\n",
			[]string{`changed: generic: Dentist moved into gridcell "June 17"`}},
		{"a label stays a label when the widget's wrapper comes and goes",
			"- text: City\n- generic:\n  - combobox \"City\" [expanded]: Pa\n  - listbox:\n    - option \"Paris\"\n",
			"- text: City\n- combobox \"City\": Paris\n",
			[]string{`selected: combobox "City": "Pa" -> "Paris"`, `changed: combobox "City": expanded -> collapsed`, `removed: listbox (options: "Paris")`}},
		{"headings whose context changed as a panel opened between them stay",
			"- region:\n  - heading [level=3]:\n    - button \"Shipping\"\n  - heading [level=3]:\n    - button \"Returns\"\n  - heading [level=3]:\n    - button \"Payment\"\n",
			"- region:\n  - heading [level=3]:\n    - button \"Shipping\"\n  - heading [level=3]:\n    - button \"Returns\" [expanded]\n  - region \"Returns\":\n    - paragraph: Returns are free for 30 days.\n  - heading [level=3]:\n    - button \"Payment\"\n",
			[]string{`changed: button "Returns": collapsed -> expanded`, `added: paragraph: Returns are free for 30 days.`}},
		{"a named menu that leaves is removed",
			"- menu \"Row actions\"\n- button \"Size\"\n",
			"- button \"Size\"\n",
			[]string{`removed: menu "Row actions"`}},
		{"a cell of a row",
			"- table:\n  - row \"Apples 3\":\n    - cell \"Apples\"\n    - cell \"3\"\n    - cell:\n      - button \"Add one\"\n",
			"- table:\n  - row \"Apples 4\":\n    - cell \"Apples\"\n    - cell \"4\"\n    - cell:\n      - button \"Add one\"\n",
			[]string{`changed: cell: "3" -> "4"`}},
		{"a list item's text",
			"- list:\n  - listitem [ref=e2]: Buy milk\n  - listitem [ref=e3]: Read\n",
			"- list:\n  - listitem [ref=e5]: Buy oat milk\n  - listitem [ref=e6]: Read\n",
			[]string{`changed: listitem: "Buy milk" -> "Buy oat milk"`}},
		{"text in a generic container",
			"- generic [ref=e2]:\n  - generic [ref=e3]: 3 items in your cart\n",
			"- generic [ref=e2]:\n  - generic [ref=e3]: 4 items in your cart\n",
			[]string{`changed: generic: "3 items in your cart" -> "4 items in your cart"`}},
		{"loose text lines",
			"- generic:\n  - text: Saved 2 minutes ago\n  - button \"Undo\"\n",
			"- generic:\n  - text: Saved 3 minutes ago\n  - button \"Undo\"\n",
			[]string{`changed: text: "Saved 2 minutes ago" -> "Saved 3 minutes ago"`}},
		{"a contenteditable textbox is typed into",
			"- textbox \"Notes\" [ref=e4]:\n  - paragraph: hello\n",
			"- textbox \"Notes\" [active] [ref=e4]:\n  - paragraph: hello\n  - paragraph: world\n",
			[]string{`typed: textbox "Notes": "hello" -> "hello world"`}},
		{"a contenteditable without a role",
			"- generic [ref=e4]:\n  - paragraph [ref=e5]: Draft\n",
			"- generic [active] [ref=e4]:\n  - paragraph [ref=e5]: Draft two\n",
			[]string{`changed: paragraph: "Draft" -> "Draft two"`}},
		{"a text appears",
			"- button \"Place order\" [ref=e2]\n",
			"- button \"Place order\" [disabled] [ref=e2]\n- paragraph [ref=e3]: Thank you, your order ships Monday\n",
			[]string{`changed: button "Place order": enabled -> disabled`, `added: paragraph: Thank you, your order ships Monday`}},
		{"a text goes",
			"- text: old\n- button \"Clear\"\n",
			"- button \"Clear\"\n",
			[]string{`removed: text: old`}},
		{"the text of a button is its name, not a second entry",
			"- button \"Save\" [ref=e2]:\n  - img\n  - text: Save\n",
			"- button \"Saved\" [ref=e2]:\n  - img\n  - text: Saved\n",
			[]string{`renamed: button "Save" -> "Saved"`}},
		{"a link whose badge is part of its name",
			"- link \"Cart 3\":\n  - /url: /cart\n  - generic: \"3\"\n",
			"- link \"Cart 4\":\n  - /url: /cart\n  - generic: \"4\"\n",
			[]string{`renamed: link "Cart 3" -> "Cart 4"`}},
		{"a label next to the field it names is not a second entry",
			"- button \"Add email\"\n",
			"- button \"Add email\"\n- generic:\n  - text: Email\n  - textbox \"Email\"\n",
			[]string{`added: textbox "Email"`}},
		{"what a status says is the status",
			"- button \"Save\"\n- status\n",
			"- button \"Save\"\n- status:\n  - paragraph: Saved\n",
			[]string{`added: status: Saved`}},
		{"text inside a dialog is reported beside it",
			"- button \"Delete\"\n",
			"- button \"Delete\"\n- dialog \"Delete file?\":\n  - paragraph: This cannot be undone.\n  - button \"OK\"\n",
			[]string{`added: dialog "Delete file?"`, `added: paragraph: This cannot be undone.`, `added: button "OK"`}},
		{"identical text-only trees",
			"- paragraph [ref=e1]: one\n- text: two\n",
			"- paragraph [ref=e1]: one\n- text: two\n",
			nil},
		{"renumbered refs, cursor and active are noise",
			"- generic [ref=e1]:\n  - paragraph [ref=e2]: one\n  - generic [ref=e3] [cursor=pointer]: Open\n  - listitem [ref=e4]: x\n",
			"- generic [ref=f2e9]:\n  - paragraph [ref=f2e10]: one\n  - generic [active] [ref=f2e11]: Open\n  - listitem [ref=f2e12] [cursor=pointer]: x\n",
			nil},
		{"a long text is cut",
			"- button \"Go\"\n",
			"- button \"Go\"\n- paragraph: " + long + "\n",
			[]string{`added: paragraph: ` + long[:120] + `…(+180 chars)`}},
		{"a long text changed past the cut shows where",
			"- paragraph: " + long + "x\n",
			"- paragraph: " + long + "y\n",
			[]string{`changed: paragraph: "…` + long[280:] + `x" -> "…` + long[280:] + `y"`}},
		{"texts replaced in place pair in order",
			"- heading \"Results\" [level=2]\n- paragraph: 3 results\n- listitem: Apple\n- listitem: Banana\n",
			"- heading \"Results\" [level=2]\n- paragraph: 2 results\n- listitem: Cherry\n- listitem: Date\n",
			[]string{`changed: paragraph: "3 results" -> "2 results"`, `changed: listitem: "Apple" -> "Cherry"`, `changed: listitem: "Banana" -> "Date"`}},
		{"unlike texts of a different count are added and removed",
			"- paragraph: Loading…\n- button \"Stop\"\n",
			"- paragraph: Welcome back, Ada\n- paragraph: You have 2 messages\n- button \"Stop\"\n",
			[]string{`added: paragraph: Welcome back, Ada`, `added: paragraph: You have 2 messages`, `removed: paragraph: Loading…`}},
		{"a like text among others changes, the rest is added",
			"- paragraph: Total 3\n- button \"Stop\"\n",
			"- paragraph: Order placed\n- paragraph: Total 4\n- button \"Stop\"\n",
			[]string{`changed: paragraph: "Total 3" -> "Total 4"`, `added: paragraph: Order placed`}},
		{"an image's name is content",
			"- paragraph: Chart\n",
			"- paragraph: Chart\n- img \"Sales by month\"\n",
			[]string{`added: img "Sales by month"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkDiff(t, DiffText(c.before, c.after), c.want)
		})
	}
}

// After a navigation, text is added and removed, never changed in place.
func TestDiffNavigatedText(t *testing.T) {
	before := Parse("- heading \"Checkout\" [level=1]\n- paragraph: Review your order\n- text: 2 items\n")
	after := Parse("- heading \"Order placed\" [level=1]\n- paragraph: Thank you, your order ships Monday\n")
	checkDiff(t, DiffNavigated(before, after), []string{
		`added: heading "Order placed" [level=1]`,
		`added: paragraph: Thank you, your order ships Monday`,
		`removed: heading "Checkout" [level=1]`,
		`removed: paragraph: Review your order`,
		`removed: text: 2 items`,
	})
	textOnly := Parse("- paragraph: Page one\n")
	checkDiff(t, DiffNavigated(textOnly, Parse("- paragraph: Page two\n")), []string{
		`added: paragraph: Page two`, `removed: paragraph: Page one`,
	})
	checkDiff(t, DiffNavigated(textOnly, Parse("- paragraph: Page one\n")), nil)
}

// todo renders a todo list as Playwright does: each item an unnamed
// checkbox (or one named toggle, as TodoMVC names them all) beside its text.
// items are pairs of text and "x" for checked.
func todo(toggle string, items ...string) string {
	var b strings.Builder
	ref := 2
	r := func() string { ref++; return fmt.Sprintf("[ref=e%d]", ref) }
	fmt.Fprintf(&b, "- heading \"Todos\" [level=1] [ref=e1]\n- list [ref=e2]:\n")
	for i := 0; i < len(items); i += 2 {
		state := ""
		if items[i+1] == "x" {
			state = " [checked]"
		}
		fmt.Fprintf(&b, "  - listitem %s:\n    - checkbox%s%s %s\n    - text: %s\n", r(), toggle, state, r(), items[i])
	}
	return b.String()
}

// The seed-shaped case: deleting an unchecked item between two checked ones
// must not pair the remaining checkboxes wrongly and invent a toggle.
func TestTodoDeleteUncheckedItem(t *testing.T) {
	before := todo("", "Buy milk", "x", "Walk the dog", "", "Read", "x")
	after := todo("", "Buy milk", "x", "Read", "x")
	got := DiffText(before, after)
	checkDiff(t, got, []string{
		`removed: checkbox (in "Walk the dog")`,
		`removed: text: Walk the dog`,
	})
	for _, c := range got {
		if c.Kind == Toggled {
			t.Errorf("deleting an item invented a toggle: %v", c)
		}
	}
}

func TestTodoIdentity(t *testing.T) {
	three := []string{"Buy milk", "x", "Walk the dog", "", "Read", "x"}
	cases := []struct {
		name          string
		before, after string
		want          []string
	}{
		{"named toggles (TodoMVC) are told apart too",
			todo(` "Toggle Todo"`, three...),
			todo(` "Toggle Todo"`, "Buy milk", "x", "Read", "x"),
			[]string{`removed: checkbox "Toggle Todo" (in "Walk the dog")`, `removed: text: Walk the dog`}},
		{"deleting the first, checked item",
			todo("", three...),
			todo("", "Walk the dog", "", "Read", "x"),
			[]string{`removed: checkbox [checked] (in "Buy milk")`, `removed: text: Buy milk`}},
		{"checking an item names it",
			todo("", three...),
			todo("", "Buy milk", "x", "Walk the dog", "x", "Read", "x"),
			[]string{`toggled: checkbox: unchecked -> checked (in "Walk the dog")`}},
		{"editing an item's text keeps its checkbox",
			todo("", three...),
			todo("", "Buy milk", "x", "Walk the dog", "", "Read a book", "x"),
			[]string{`changed: text: "Read" -> "Read a book"`}},
		{"rewriting an item's text keeps its checkbox",
			todo("", three...),
			todo("", "Buy milk", "x", "Walk the dog", "", "Write the report", "x"),
			[]string{`changed: text: "Read" -> "Write the report"`}},
		{"adding an item",
			todo("", "Buy milk", "x"),
			todo("", "Buy milk", "x", "Walk the dog", ""),
			[]string{`added: checkbox (in "Walk the dog")`, `added: text: Walk the dog`}},
		{"clearing completed items",
			todo("", three...),
			todo("", "Walk the dog", ""),
			[]string{`removed: checkbox [checked] (in "Buy milk")`, `removed: text: Buy milk`, `removed: checkbox [checked] (in "Read")`, `removed: text: Read`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkDiff(t, DiffText(c.before, c.after), c.want)
		})
	}
}

// Rows of a table with the same buttons: the row's text tells them apart.
func TestRepeatedButtonsInRows(t *testing.T) {
	row := func(name, state string) string {
		return fmt.Sprintf("  - row \"%s Edit\":\n    - cell \"%s\"\n    - cell:\n      - button \"Edit\"%s\n", name, name, state)
	}
	before := "- table:\n" + row("Ada", "") + row("Grace", "") + row("Linus", " [pressed]")
	after := "- table:\n" + row("Ada", "") + row("Linus", " [pressed]")
	checkDiff(t, DiffText(before, after), []string{`removed: cell "Grace"`, `removed: button "Edit" (in "Grace")`})
	pressed := "- table:\n" + row("Ada", "") + row("Grace", " [pressed]") + row("Linus", " [pressed]")
	checkDiff(t, DiffText(before, pressed), []string{`toggled: button "Edit": unpressed -> pressed (in "Grace")`})
}

// A repeated element beside a paragraph is not inside it: near, not in.
func TestRepeatedElementBesideAParagraphIsNear(t *testing.T) {
	before := "- region \"Earlier\":\n  - paragraph: Last week\n  - button \"Reply\"\n- button \"Submit\"\n"
	after := before + "- generic:\n  - paragraph: Thanks, we got your message.\n  - button \"Reply\"\n"
	checkDiff(t, DiffText(before, after), []string{`added: paragraph: Thanks, we got your message.`, `added: button "Reply" (near "Thanks, we got your message.")`})
}

// Long runs of one role in one place are counted, not listed.
func TestRunsAreCounted(t *testing.T) {
	items := func(from, n int, prefix string) string {
		var b strings.Builder
		b.WriteString("- heading \"Shopping\" [level=1]\n- list:\n")
		for i := from; i < from+n; i++ {
			fmt.Fprintf(&b, "  - listitem: %s %d\n", prefix, i)
		}
		b.WriteString("- button \"Done\"\n")
		return b.String()
	}
	empty := "- heading \"Shopping\" [level=1]\n- list\n- button \"Done\"\n"
	checkDiff(t, DiffText(empty, items(1, 500, "Item")), []string{`added: listitem ×500 (first: "Item 1", last: "Item 500")`})
	checkDiff(t, DiffText(items(1, 500, "Item"), empty), []string{`removed: listitem ×500 (first: "Item 1", last: "Item 500")`})
	checkDiff(t, DiffText(items(1, 120, "Buy"), items(1, 120, "Sell")), []string{`changed: listitem ×120 (first: "Buy 1" -> "Sell 1", last: "Buy 120" -> "Sell 120")`})
	checkDiff(t, DiffText(empty, items(1, 5, "Item")), []string{
		`added: listitem: Item 1`, `added: listitem: Item 2`, `added: listitem: Item 3`, `added: listitem: Item 4`, `added: listitem: Item 5`,
	})
	checkDiff(t, DiffText(empty, items(1, 6, "Item")), []string{`added: listitem ×6 (first: "Item 1", last: "Item 6")`})

	// The re-rendered todo list: elements and texts each counted.
	var many []string
	for i := 0; i < 200; i++ {
		many = append(many, fmt.Sprintf("Task %d", i), "")
	}
	checkDiff(t, DiffText(todo(""), todo("", many...)), []string{
		`added: checkbox ×200 (first: in "Task 0", last: in "Task 199")`,
		`added: text ×200 (first: "Task 0", last: "Task 199")`,
	})
	checkDiff(t, DiffText(todo(` "Toggle Todo"`), todo(` "Toggle Todo"`, "A", "", "B", "")), []string{
		`added: checkbox "Toggle Todo" (in "A")`, `added: text: A`, `added: checkbox "Toggle Todo" (in "B")`, `added: text: B`,
	})
	var buttons strings.Builder
	for i := 0; i < 20; i++ {
		buttons.WriteString("- button \"Delete\"\n")
	}
	checkDiff(t, DiffText("- heading \"Files\" [level=1]\n", "- heading \"Files\" [level=1]\n"+buttons.String()), []string{`added: button "Delete" ×20`})
	// Fewer than collapseElements distinct elements stay listed: their names
	// are the proof a caller looks for.
	checkDiff(t, DiffText("- heading \"Form\" [level=1]\n", "- heading \"Form\" [level=1]\n- button \"A\"\n- button \"B\"\n- button \"C\"\n- button \"D\"\n- button \"E\"\n- button \"F\"\n"), []string{
		`added: button "A"`, `added: button "B"`, `added: button "C"`, `added: button "D"`, `added: button "E"`, `added: button "F"`,
	})

	// Cap still cuts what is left, and the result is deterministic.
	// Forty changes in forty places are forty entries.
	var was, is strings.Builder
	for i := 0; i < 40; i++ {
		fmt.Fprintf(&was, "- heading \"Section %d\" [level=2]\n- paragraph: Body %d\n", i, i)
		fmt.Fprintf(&is, "- heading \"Section %d\" [level=2]\n- paragraph: Body %d, edited\n", i, i)
	}
	first := DiffText(was.String(), is.String())
	for n := 0; n < 5; n++ {
		if again := DiffText(was.String(), is.String()); strings.Join(changeStrings(again), "|") != strings.Join(changeStrings(first), "|") {
			t.Fatalf("diff is not deterministic:\n%v\n%v", first, again)
		}
	}
	kept, more := Cap(first, 30)
	if len(kept) != 30 || more != len(first)-30 || more <= 0 {
		t.Errorf("Cap(%d, 30) = %d, %d", len(first), len(kept), more)
	}
}

// A diff says "no change" only for identical ref-free trees: what no entry
// covers (a wrapper, a URL, an empty node) still gives one entry.
func TestDiffNeverHidesADifference(t *testing.T) {
	cases := []struct {
		name          string
		before, after string
		want          []string
	}{
		{"an empty status vanishing",
			"- button \"Save\"\n- status\n", "- button \"Save\"\n",
			[]string{`removed: status`}},
		{"a wrapper added",
			"- button \"Save\"\n", "- generic:\n  - button \"Save\"\n",
			[]string{`changed: button "Save" -> generic`}},
		{"a link's URL",
			"- link \"Next\" [ref=e1]:\n  - /url: /p/2\n", "- link \"Next\" [ref=e9]:\n  - /url: /p/3\n",
			[]string{`changed: link "Next": /url: "/p/2" -> "/p/3"`}},
		{"a placeholder",
			"- textbox \"Email\":\n  - /placeholder: you@example.com\n", "- textbox \"Email\"\n",
			[]string{`changed: textbox "Email": /placeholder: "you@example.com" -> none`}},
		{"an option that is not the selection",
			"- combobox \"Size\":\n  - option \"S\" [selected]\n", "- combobox \"Size\":\n  - option \"S\" [selected]\n  - option \"M\"\n",
			[]string{`changed: combobox "Size": options "S" -> "S", "M"`}},
		{"an empty separator",
			"- paragraph: a\n", "- paragraph: a\n- separator\n- separator\n",
			[]string{`added: separator (and 1 more node)`}},
		{"the text of a label beside its field",
			"- text: Name\n- textbox \"Name\"\n", "- text: \"Name:\"\n- textbox \"Name\"\n",
			[]string{`changed: text: "Name" -> "Name:"`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			checkDiff(t, DiffText(c.before, c.after), c.want)
			if StripRefs(c.before) == StripRefs(c.after) {
				t.Fatal("test case trees are identical")
			}
		})
	}
}

// Names and values that hold invisible characters never look like others,
// in diff entries, in Compact and in Head; the canonical form reads back.
func TestInvisibleCharactersAreEscaped(t *testing.T) {
	checkDiff(t, DiffText("- button \"Save\"\n", "- button \"Sa\\u200bve\"\n"), []string{`renamed: button "Save" -> "Sa\u200bve"`})
	checkDiff(t, DiffText("- textbox \"Name\"\n", "- textbox \"Name\": \"Ada\u202e\"\n"), []string{`typed: textbox "Name": "" -> "Ada\u202e"`})
	checkDiff(t, DiffText("- paragraph: ok\n", "- paragraph: ok\n- paragraph: \"pay\u202egnp.exe\"\n"), []string{`added: paragraph: "pay\u202egnp.exe"`})
	checkDiff(t, DiffText("- paragraph: Total\n", "- paragraph: Tot\u200bal\n"), []string{`changed: paragraph: "Total" -> "Tot\u200bal"`})
	if got := Head("button", "Sa\u200bve"); got != `button "Sa\u200bve"` {
		t.Errorf("Head = %s", got)
	}
	snap := "- generic [ref=e1]:\n" +
		"  - button \"Sa\\u200bve\" [ref=e2]\n" +
		"  - link \"\u202egnp.exe\" [ref=e3] [cursor=pointer]:\n" +
		"    - /url: \"/x\u200d\"\n" +
		"  - textbox \"Name\" [ref=e4]: \"\u2066Ada\u2069\"\n" +
		"  - paragraph [ref=e5]: a\u00a0b plain\n" +
		"  - text: \"tag\\udb40\\udc41\"\n"
	golden.CheckString(t, filepath.Join("testdata", "compact_invisible.golden"), Compact(snap, CompactOptions{}))
	tree := Parse(snap)
	var names []string
	tree.Root.Walk(func(n *Node, _ int) bool {
		names = append(names, n.Name+"|"+n.Value)
		return true
	})
	back := Parse(tree.String())
	var again []string
	back.Root.Walk(func(n *Node, _ int) bool {
		again = append(again, n.Name+"|"+n.Value)
		return true
	})
	if strings.Join(names, "\n") != strings.Join(again, "\n") {
		t.Errorf("canonical form lost characters:\n%q\n%q", names, again)
	}
	if !strings.Contains(strings.Join(names, ""), "tag\U000E0041") {
		t.Errorf("a surrogate pair escape did not read as one character: %q", names)
	}
}

// The real-page snapshots: a checkout that is placed, diffed in place and
// as a navigation.
func TestDiffRealPageGolden(t *testing.T) {
	before, after := readSnap(t, "checkout_before.snap"), readSnap(t, "checkout_after.snap")
	var b strings.Builder
	b.WriteString("# Diff\n")
	for _, c := range DiffText(before, after) {
		b.WriteString(c.String() + "\n")
	}
	b.WriteString("# DiffNavigated\n")
	for _, c := range DiffNavigated(Parse(before), Parse(after)) {
		b.WriteString(c.String() + "\n")
	}
	golden.CheckString(t, filepath.Join("testdata", "checkout.diff.golden"), b.String())
	if d := Diff(Parse(after), Parse(renumber(after))); len(d) != 0 {
		t.Errorf("renumbered refs gave %v", d)
	}
}

// classify and the role maps StateHash reads must agree.
func TestClassifyAgreesWithRoleMaps(t *testing.T) {
	roles := []string{"generic", "paragraph", "text", "listitem", "cell", "row", "region", "img", "list"}
	for r := range interactive {
		roles = append(roles, r)
	}
	for r := range announcing {
		roles = append(roles, r)
	}
	for _, r := range roles {
		c := classify(r)
		if (c&cSig != 0) != (interactive[r] || announcing[r]) || (c&cLive != 0) != liveRegion[r] {
			t.Errorf("classify(%q) = %b", r, c)
		}
	}
}

// A page's text ticking (a clock, a counter) does not move its state.
func TestStateHashIgnoresText(t *testing.T) {
	a := Parse("- heading \"Timer\" [level=1]\n- paragraph: 00:01\n- button \"Stop\"\n")
	b := Parse("- heading \"Timer\" [level=1]\n- paragraph: 00:02\n- button \"Stop\"\n")
	if StateHash("http://x/t", a) != StateHash("http://x/t", b) {
		t.Error("a text tick changed the state")
	}
}
func TestSimilar(t *testing.T) {
	cases := []struct {
		a, b string
		want bool
	}{
		{"Count: 1", "Count: 2", true},
		{"1 item left", "0 items left", true},
		{"Saved 2 minutes ago", "Saved 3 minutes ago", true},
		{"Apples Qty 1", "Apples Qty 2", true},
		{"Read", "Read a book", true},
		{"Walk the dog", "0 items left", false},
		{"Read", "Write report", false},
		{"Buy milk", "Buy bread", false},
		{"Loading…", "Welcome back, Ada", false},
		{"", "", true},
		{"", "x", false},
	}
	for _, c := range cases {
		budget := 10
		if got := similar(c.a, c.b, &budget); got != c.want {
			t.Errorf("similar(%q, %q) = %v", c.a, c.b, got)
		}
		if got := similar(c.b, c.a, &budget); got != c.want {
			t.Errorf("similar(%q, %q) = %v", c.b, c.a, got)
		}
	}
	if n := lcs("1 item left", "0 items left"); n != 10 {
		t.Errorf("lcs = %d", n)
	}
}

// Snapshots Playwright 1.64 took of the fixture pages in Chromium 156,
// before and after one action each.
func TestRealChromiumActionsGolden(t *testing.T) {
	var b strings.Builder
	for _, name := range []string{"todo-delete", "todo-check", "todo-filter", "details", "tab-history"} {
		before := readSnap(t, "chromium156."+name+".before.snap")
		after := readSnap(t, "chromium156."+name+".after.snap")
		d := DiffText(before, after)
		b.WriteString("# " + name + "\n")
		for _, c := range d {
			b.WriteString(c.String() + "\n")
		}
		if name == "todo-delete" {
			named := false
			for _, c := range d {
				if c.Kind == Toggled {
					t.Errorf("deleting the unchecked item invented %v", c)
				}
				named = named || c.Kind == Removed && strings.Contains(c.Text, "Walk the dog")
			}
			if !named {
				t.Errorf("no removal names the deleted item: %v", d)
			}
		}
	}
	golden.CheckString(t, filepath.Join("testdata", "chromium156.actions.golden"), b.String())
}
