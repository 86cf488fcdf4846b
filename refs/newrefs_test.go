package refs

import (
	"fmt"
	"github.com/prima-dev/prima/ariadiff"
	"slices"
	"strings"
	"testing"
)

// The refs of what an action made appear: the actionable elements it
// added and those inside what it added, in page order, with their
// context; none of what was there before, none of the page's own, and
// past the budget a count.
func TestNewRefs(t *testing.T) {
	before := ariadiff.Parse("- button \"File\" [ref=e2]\n- button \"Help\" [ref=e3]")
	after := ariadiff.Parse(`- button "File" [expanded] [ref=e2]
- menu "File" [ref=e5]:
  - menuitem "New" [ref=e6]
  - menuitem "Open" [ref=e7]
  - separator
  - menuitem "Quit" [ref=e8]
- button "Help" [ref=e3]
- status [ref=e9]: Ticking 2`)
	cs := ariadiff.Diff(before, after)
	old := map[string]bool{"e2": true, "e3": true}
	lines, more := NewRefs(after, cs, old, 1000)
	want := []RefLine{{Line: `menuitem "New" [ref=e6]`, In: `menu "File"`}, {Line: `menuitem "Open" [ref=e7]`, In: `menu "File"`}, {Line: `menuitem "Quit" [ref=e8]`, In: `menu "File"`}}
	if !slices.Equal(texts(lines), want) || more != 0 {
		t.Errorf("NewRefs = %q, %d; want %q", lines, more, want)
	}
	// The context costs once: 5+15 for it, then 5+23 a line.
	if lines, _ := NewRefs(after, cs, old, 80); len(lines) != 2 {
		t.Errorf("an 80-byte budget kept %q", lines)
	} else if _, more := NewRefs(after, cs, old, 80); more != 1 {
		t.Errorf("past the budget: %d more, want 2", more)
	}
	// Nothing added: no refs. The page's own additions prove nothing and
	// list nothing.
	if lines, _ := NewRefs(after, ariadiff.Diff(after, after), nil, 1000); lines != nil {
		t.Errorf("no change listed %q", lines)
	}
	for i := range cs {
		cs[i].Own = true
	}
	if lines, _ := NewRefs(after, cs, old, 1000); lines != nil {
		t.Errorf("the page's own additions listed %q", lines)
	}
}

// Only an added control, or an element holding one, asks for refs: a
// status line that appeared does not (the view needs no snapshot then).
func TestAddsControls(t *testing.T) {
	before := ariadiff.Parse("- button \"Edit\"")
	status := ariadiff.Parse("- button \"Edit\"\n- status: Editing row 1")
	if AddsControls(status, ariadiff.Diff(before, status)) {
		t.Error("a status line counts as a control")
	}
	dialog := ariadiff.Parse("- button \"Edit\"\n- dialog \"Edit row\":\n  - textbox \"Note\"\n  - button \"Save\"")
	if !AddsControls(dialog, ariadiff.Diff(before, dialog)) {
		t.Error("a dialog holding a textbox and a button does not count")
	}
}

// A custom select that expands shows its options in a list of its own
// inside it (Choices): the Changes say it expanded, and the options it
// now shows are listed; what was there before is not, nor the unnamed
// list that holds them.
func TestNewRefsOfAWidgetThatExpanded(t *testing.T) {
	before := ariadiff.Parse(`- listbox "Colour" [ref=e4]:
  - option "Pick a colour" [selected] [ref=e7]
- status [ref=e8]: Chosen: nothing`)
	after := ariadiff.Parse(`- listbox "Colour" [expanded] [ref=e4]:
  - option "Pick a colour" [selected] [ref=e7]
  - listbox [ref=e10]:
    - option "Red" [ref=e12]
    - option "Green" [ref=e13]
- status [ref=e8]: Chosen: nothing`)
	cs := ariadiff.Diff(before, after)
	lines, _ := NewRefs(after, cs, map[string]bool{"e4": true, "e7": true, "e8": true}, 1000)
	// The unnamed list around the options is left out: one acts on them.
	want := []RefLine{{Line: `option "Red" [ref=e12]`, In: `listbox "Colour"`}, {Line: `option "Green" [ref=e13]`, In: `listbox "Colour"`}}
	if !slices.Equal(texts(lines), want) {
		t.Errorf("NewRefs = %q (changes %v); want %q", lines, cs, want)
	}
}

// A calendar's days come as one run of many generics (`generic ×49`):
// the named ones the page marks clickable are listed, what is not
// clickable (a weekday's header, a day of another month) is not.
func TestNewRefsOfACollapsedRun(t *testing.T) {
	before := ariadiff.Parse(`- textbox "Arrival" [ref=e4]`)
	var b strings.Builder
	b.WriteString("- textbox \"Arrival\" [active] [ref=e4]\n- generic [ref=e5]:\n")
	for _, d := range []string{"Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"} {
		b.WriteString("  - generic [ref=e6]: " + d + "\n")
	}
	b.WriteString("  - generic \"November 30, 2026\" [ref=e7]: \"30\"\n")
	for d := 1; d <= 31; d++ {
		fmt.Fprintf(&b, "  - generic \"December %d, 2026\" [ref=e%d] [cursor=pointer]: \"%d\"\n", d, 10+d, d)
	}
	after := ariadiff.Parse(b.String())
	cs := ariadiff.Diff(before, after)
	if !slices.ContainsFunc(cs, func(c ariadiff.Change) bool { return strings.Contains(c.Text, "×") }) {
		t.Fatalf("the days are not one run: %v", cs)
	}
	lines, more := NewRefs(after, cs, map[string]bool{"e4": true}, 4000)
	if len(lines) != 31 || more != 0 || lines[14].Line != `generic "December 15, 2026" [ref=e25]` {
		t.Errorf("NewRefs = %q, %d more; want the 31 December days", lines, more)
	}
}

// A cell named by the field it holds gives no context: the next named
// container up does; a column header (a table's sort control) is listed.
func TestNewRefsLeaveOutAContextThatRepeatsTheName(t *testing.T) {
	before := ariadiff.Parse(`- heading "Rows" [ref=e1]`)
	after := ariadiff.Parse(`- heading "Rows" [ref=e1]
- table "Notes" [ref=e2]:
  - row "Age Note" [ref=e3]:
    - columnheader "Age" [ref=e4]
  - row [ref=e5]:
    - cell "Note 1" [ref=e6]:
      - textbox "Note 1" [ref=e7]`)
	lines, _ := NewRefs(after, ariadiff.Diff(before, after), map[string]bool{"e1": true}, 1000)
	want := []RefLine{{Line: `columnheader "Age" [ref=e4]`, In: `row "Age Note"`}, {Line: `textbox "Note 1" [ref=e7]`, In: `table "Notes"`}}
	if !slices.Equal(texts(lines), want) {
		t.Errorf("NewRefs = %q; want %q", lines, want)
	}
}

// The interactive look lists every element a user can act on that has a
// ref, with its container, and nothing else: no heading, no text, no
// status, no unnamed generic; a day a date picker marks clickable is one.
func TestInteractive(t *testing.T) {
	page := ariadiff.Parse(`- heading "Orders" [level=1] [ref=e2]
- navigation "Sections" [ref=e3]:
  - link "Overview" [ref=e4] [cursor=pointer]:
    - /url: /overview
  - link "Billing" [ref=e5] [cursor=pointer]
- paragraph [ref=e6]: 3 orders
- table "Orders" [ref=e7]:
  - row "Order 1 Edit" [ref=e8]:
    - cell "Order 1" [ref=e9]
    - cell "Edit" [ref=e10]:
      - button "Edit" [ref=e11]
- generic "12" [ref=e12] [cursor=pointer]
- generic [ref=e13] [cursor=pointer]
- textbox "Search" [ref=e14]
- status [ref=e15]: Saved`)
	want := []RefLine{
		{Line: `link "Overview" [ref=e4]`, In: `navigation "Sections"`},
		{Line: `link "Billing" [ref=e5]`, In: `navigation "Sections"`},
		{Line: `button "Edit" [ref=e11]`, In: `row "Order 1 Edit"`},
		{Line: `generic "12" [ref=e12]`, In: ""},
		{Line: `textbox "Search" [ref=e14]`, In: ""},
	}
	lines, more := Interactive(page, "", 1000)
	if !slices.Equal(texts(lines), want) || more != 0 {
		t.Errorf("Interactive = %q, %d more; want %q", lines, more, want)
	}
	// grep keeps the lines whose element or container holds the text.
	if lines, _ := Interactive(page, "sections", 1000); !slices.Equal(texts(lines), want[:2]) {
		t.Errorf("grep sections = %q", lines)
	}
	if lines, more := Interactive(page, "nothing like it", 1000); lines != nil || more != 0 {
		t.Errorf("a grep that matches nothing = %q, %d", lines, more)
	}
	// Past the budget, the rest is counted.
	if lines, more := Interactive(page, "", 60); len(lines) != 1 || more != 4 {
		t.Errorf("a 60-byte budget kept %q and counted %d more, want 1 and 4", lines, more)
	}
}

// A design system's checkbox the snapshot gives no ref (its input hidden
// in the label that takes the clicks) is listed by the ref of that
// clickable wrapper, named as such; a wrapper holding two controls, or
// none with a pointer cursor, lists nothing for it.
func TestNewRefsReachAControlThroughItsOnlyClickableWrapper(t *testing.T) {
	before := ariadiff.Parse(`- heading "Gift order" [level=1] [ref=e2]`)
	after := ariadiff.Parse(`- heading "Gift order" [level=1] [ref=e2]
- generic [ref=e20] [cursor=pointer]:
  - checkbox "Gift wrap"
  - generic [ref=e22]: Gift wrap
- generic [ref=e30]:
  - checkbox "Plain"
- generic [ref=e40] [cursor=pointer]:
  - checkbox "One"
  - checkbox "Two"`)
	lines, _ := NewRefs(after, ariadiff.Diff(before, after), map[string]bool{"e2": true}, 1000)
	want := []RefLine{{Line: `checkbox "Gift wrap" via generic [ref=e20]`}}
	if !slices.Equal(texts(lines), want) {
		t.Errorf("NewRefs = %q; want %q", lines, want)
	}
	if lines, _ := Interactive(after, "", 1000); !slices.Equal(texts(lines), want) {
		t.Errorf("Interactive = %q; want %q", lines, want)
	}
}

// texts keeps what a RefLine prints: its line and its context.
func texts(ls []RefLine) []RefLine {
	var out []RefLine
	for _, l := range ls {
		out = append(out, RefLine{Line: l.Line, In: l.In})
	}
	return out
}
