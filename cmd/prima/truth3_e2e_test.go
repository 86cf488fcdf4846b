package main

import (
	"strings"
	"testing"
)

// The third round of wrong answers, on /truth3/shapes: shapes real widgets
// have, in plain markup, each with the page's status line as the oracle.

// A menu that is empty until Actions fills it, and empties again, never
// leaves the page: the Changes list its items coming and going, never the
// menu itself as removed or added.
func TestAMenuThatFillsAndEmptiesInPlaceStays(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	snap := h.primaOK("snapshot")
	actions := ref(t, snap, "button", "Actions")
	for i, want := range []string{`added:`, `removed:`} {
		r := h.prima("pw", "click", actions)
		wantOK(t, "click Actions", r)
		wantChanges(t, "click Actions", r.out, want, `menuitem "Copy"`, `menuitem "Delete"`)
		if c := section(r.out, "Changes"); strings.Contains(c, `menu "Row actions"`) {
			t.Errorf("click %d on Actions: the menu never left the page, yet the Changes list it:\n%s", i+1, c)
		}
	}
}

// A sentence given as a value keeps its closing full stop; a one-word
// value's is read as the instruction's end, and the step says so.
func TestASentenceIsTypedWithItsFullStop(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	out := h.primaOK("do", "fill Note with Call me back before noon.")
	hasIn(t, "fill a sentence", section(out, "Changes"), out, `"" -> "Call me back before noon."`)
	out = h.primaOK("do", "fill Note with Ada.")
	hasIn(t, "fill a word", section(out, "Steps"), out, `-> "Ada"`, `"Ada" was typed without it: quote the value to type it`)
	if got := h.primaOK("eval", "document.getElementById('note').value"); !strings.Contains(got, "Ada") || strings.Contains(got, "Ada.") {
		t.Errorf("the field holds something else than Ada:\n%s", got)
	}
}

// Choices.js with its label as text beside the widget, not tied to it:
// the text names the widget a user sees, which is opened and picked from
// as a user does; the hidden native select behind it is never set. The
// widget's own value (Choices' getValue) is the status line.
func TestSelectFromAWidgetNamedByTheTextBesideIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/choices-beside")
	waitStatus(t, h, "Chosen: nothing")
	out := h.primaOK("do", "select Green from Colour")
	hasIn(t, "select Green from Colour", out, out, "proven: 1/1", `named by the text "Colour" shown before the`, `"Chosen: nothing" -> "Chosen: Green"`)
	if strings.Contains(out, "selectOption") {
		t.Errorf("the hidden native select was set behind the widget:\n%s", out)
	}
	waitStatus(t, h, "Chosen: Green")
}

// An editor's toolbar button that makes its line a list through
// execCommand: the input event that follows on the editor is the button's
// answer (no click or key of prima's reached the editor), not a stray
// input; the Changes show the list item, never the editor as removed.
func TestAToolbarButtonThatEditsItsEditorIsNoStray(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines")
	for _, args := range [][]string{{"do", "click Bullets"}, {"pw", "click", "#bullets"}} {
		h.primaOK("reload")
		waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines")
		r := h.prima(args...)
		wantOK(t, strings.Join(args, " "), r)
		wantChanges(t, strings.Join(args, " "), r.out, "listitem: Buy paper", "memo: a list")
		if c := section(r.out, "Changes"); strings.Contains(c, `removed:`) {
			t.Errorf("%s: the editor never left, yet the Changes list something removed:\n%s", args, c)
		}
	}
}

// A native select that a custom widget (Choices.js) hides under its own
// face is never set behind the widget's back: the action is refused,
// naming what is shown in its place, and the widget's value (its own
// API's, the status line) stays.
func TestAValueIsNeverSetBehindTheWidgetShownInItsPlace(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/choices")
	waitStatus(t, h, "Chosen: nothing")
	for _, args := range [][]string{{"pw", "select", "#colour", "Green"}, {"pw", "page.locator('#colour').selectOption('Green')"}} {
		r := h.prima(args...)
		wantFailure(t, strings.Join(args, " "), r, "not_actionable")
		hasIn(t, strings.Join(args, " "), section(r.out, "Failure"), r.out, "is hidden from the user", "choices")
	}
	waitStatus(t, h, "Chosen: nothing")
}

// A ref names its element, not a place: siblings the page adds before it
// and removes beside it after the snapshot leave the ref on the same
// element, and a click on it reaches that one (the status line, the
// page's own record, says which tag went).
func TestARefSurvivesUnrelatedSiblingsComingAndGoing(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	snap := waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines")
	blue := ref(t, snap, "button", "Remove Blue")
	h.primaOK("eval", `(() => {
		const tags = document.getElementById('tags');
		for (const n of ['Teal', 'Pink', 'Gold']) {
			const s = document.createElement('span');
			s.className = 'tag';
			s.innerHTML = n + ' <button type="button" aria-label="Note ' + n + '">i</button>';
			tags.insertBefore(s, tags.firstChild);
		}
		tags.children[3].remove();
	})()`)
	out := h.primaOK("pw", "click", blue)
	hasIn(t, "click the Remove Blue ref", out, out, "used: await page.getByRole('button', { name: 'Remove Blue', exact: true }).click();")
	waitStatus(t, h, "Tags: Red, Green; size: none; zoom: 1; memo: lines")
}

// A diagram's node drawn in SVG, a group with no role, no id and no
// name: the ref prima's snapshot printed clicks it (a bare element name
// in an XPath matches no SVG element of an HTML document), and the used:
// line it prints is accepted back.
func TestARefOfAnSVGNodeClicksIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	snap := waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines")
	node := textRef(t, snap, "generic", "Node B")
	out := h.primaOK("pw", "click", node)
	m := usedRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no used: line:\n%s", out)
	}
	waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines; node: Node B; plan: none")
	line := strings.TrimSuffix(strings.TrimPrefix(m[1], "await "), ";")
	h.primaOK("pw", strings.Replace(line, "Node B", "Node A", 1))
	waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines; node: Node A; plan: none")
}

// An option in a group the widget disables (aria-disabled on the group,
// not on the option) is refused at once, naming the group, never waited
// for until the timeout; the enabled one beside it is picked.
func TestAnOptionInADisabledGroupIsRefusedAtOnce(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/shapes")
	waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines")
	// Waited for, it would fail with code timeout, not not_actionable.
	for _, args := range [][]string{{"do", "click Old plan"}, {"pw", "click", "text=Old plan"}} {
		r := h.prima(args...)
		wantFailure(t, strings.Join(args, " "), r, "not_actionable")
		hasIn(t, strings.Join(args, " "), section(r.out, "Failure"), r.out, `group "Legacy", which is aria-disabled`)
	}
	h.primaOK("do", "click New plan")
	waitStatus(t, h, "Tags: Red, Green, Blue; size: none; zoom: 1; memo: lines; node: none; plan: New plan")
}

// An element that stays the same DOM node is never listed removed, though
// its name repeats, its surroundings change and the snapshot it was acted
// from is Playwright's: the second of three "Details" buttons opens, the
// texts beside the first two change, the third section goes; a "Pin"
// button renamed "Unpin" as its row moves to another list is renamed and
// moved; two status lines that say something else changed, each known by
// its node.
func TestAnElementThatStaysIsNeverRemoved(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/nodes")
	snap := h.primaOK("snapshot")
	var details []string
	for _, l := range strings.Split(snap, "\n") {
		if m := refRE.FindStringSubmatch(l); m != nil && strings.Contains(l, `- button "Details" `) {
			details = append(details, m[1])
		}
	}
	if len(details) != 3 {
		t.Fatalf("want three Details buttons in the snapshot, got %q:\n%s", details, snap)
	}
	r := h.prima("pw", "click", details[1])
	wantOK(t, "click the second Details", r)
	c := section(r.out, "Changes")
	hasIn(t, "click the second Details", c, r.out, `button "Details": collapsed -> expanded`, `"30 days" -> "60 days, free"`,
		`"Ships in 2 days" -> "Ships tomorrow by air"`, `removed:`, `paragraph: Card only`)
	if n := strings.Count(c, `button "Details"`); n != 2 || strings.Contains(c, "added:") {
		t.Errorf("click the second Details: two Details buttons stayed and one went, yet the Changes say otherwise (%d lines name it):\n%s", n, c)
	}

	r = h.prima("pw", "click", ref(t, snap, "button", "Pin"))
	wantOK(t, "click Pin", r)
	c = section(r.out, "Changes")
	hasIn(t, "click Pin", c, r.out, `button "Pin" -> "Unpin"`, `button "Unpin" moved`)
	if strings.Contains(c, "removed:") || strings.Contains(c, "added:") || strings.Contains(c, `into heading`) {
		t.Errorf("click Pin: the button and its row stayed, in an unnamed list, yet the Changes say otherwise:\n%s", c)
	}

	r = h.prima("do", "click Sync")
	wantOK(t, "click Sync", r)
	c = section(r.out, "Changes")
	hasIn(t, "click Sync", c, r.out, `status: "One" -> "Three"`, `status: "Two" -> "Four"`)
	if strings.Contains(c, "removed:") || strings.Contains(c, "added:") {
		t.Errorf("click Sync: both status lines stayed, yet the Changes say otherwise:\n%s", c)
	}
}

// Keys for a paragraph inside an editor go the way a hand sends them: a
// click into the paragraph, then the keys to the editor with the caret
// there (Playwright's own press would focus the paragraph, which takes
// the focus out of the editor and sends the keys to the page). The export
// replays the click before the keys.
func TestKeysForAnEditorsParagraphGoThroughTheEditor(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/nodes")
	snap := h.primaOK("snapshot")
	second := ""
	for _, l := range strings.Split(snap, "\n") {
		if m := refRE.FindStringSubmatch(l); m != nil && strings.Contains(l, "- paragraph ") && strings.HasSuffix(l, ": Second line") {
			second = m[1]
		}
	}
	if second == "" {
		t.Fatalf("no paragraph: Second line with a ref in the snapshot:\n%s", snap)
	}
	r := h.prima("pw", "type", second, " and more")
	wantOK(t, "type into a paragraph", r)
	hasIn(t, "type into a paragraph", section(r.out, "Changes"), r.out, `"Second line" -> "Second line and more"`)
	r = h.prima("pw", "press", second, "Control+A")
	wantOK(t, "press Control+A in a paragraph", r)
	hasIn(t, "press Control+A in a paragraph", r.out, r.out, "used: await page.keyboard.press('Control+A');")
	if sel := h.primaOK("eval", "document.getElementById('sel').textContent"); !strings.Contains(sel, `Selected: First line / Second line and more`) {
		t.Errorf("Control+A in the editor's paragraph selected something else than the editor's text:\n%s", sel)
	}
	// A hand that selected all and presses Backspace empties the editor.
	r = h.prima("pw", "press", second, "Backspace")
	wantOK(t, "press Backspace after Control+A", r)
	hasIn(t, "press Backspace after Control+A", r.out, r.out, "the keys went there")
	if text := h.primaOK("eval", "document.getElementById('draft').textContent"); strings.Contains(text, "line") {
		t.Errorf("Backspace after Control+A left the editor's text:\n%s", text)
	}
	spec := h.primaOK("export")
	hasIn(t, "export", spec, spec, ".click({ position: ", "await page.keyboard.type(' and more');")
	if i, j := strings.LastIndex(spec, ".click({ position: "), strings.Index(spec, "await page.keyboard.type("); i < 0 || j < i {
		t.Errorf("the export types before it clicks into the paragraph:\n%s", spec)
	}
}

// A native field the page hides behind a widget it draws in its place is
// reached through that widget when a do names it by its label: a select
// opens the widget and picks by name, a fill types into the editor's
// document as a hand does (a click into it, its text selected, typed
// over), each proven by what the widget shows. A list named for another
// field right after a hidden select is no stand-in for it: the select is
// refused, and that list keeps its value. A locator of the editor's hidden
// input proxy is refused naming the editor; a fill on the editor's
// document is done the hand's way.
func TestAHiddenFieldIsReachedThroughTheWidgetInItsPlace(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/standin")
	status := func(want string) { waitStatus(t, h, want) }
	status("Fruit: Apple; billing: France; shipping: France; memo: Call the printer")

	r := h.prima("do", "select Banana from Fruit")
	wantOK(t, "select Banana from Fruit", r)
	hasIn(t, "select Banana from Fruit", section(r.out, "Steps"), r.out, `shows "Banana"`, "hides from the user")
	status("Fruit: Banana; billing: France; shipping: France; memo: Call the printer")

	r = h.prima("do", "select Spain from Billing country")
	wantFailure(t, "select Spain from Billing country", r, "not_actionable")
	hasIn(t, "select Spain from Billing country", section(r.out, "Failure"), r.out, "is hidden from the user")
	status("Fruit: Banana; billing: France; shipping: France; memo: Call the printer")

	r = h.prima("do", "fill Memo with New text.")
	wantOK(t, "fill Memo", r)
	hasIn(t, "fill Memo", section(r.out, "Steps"), r.out, `"Call the printer" -> "New text."`)
	status("Fruit: Banana; billing: France; shipping: France; memo: New text.")

	r = h.prima("pw", "fill", ".proxy", "x")
	wantFailure(t, "pw fill .proxy", r, "not_actionable")
	hasIn(t, "pw fill .proxy", section(r.out, "Failure"), r.out, "the widget div#ed", "is hidden from the user")

	snap := h.primaOK("snapshot")
	doc := ""
	for _, l := range strings.Split(snap, "\n") {
		if m := refRE.FindStringSubmatch(l); m != nil && strings.Contains(l, "- generic ") && strings.HasSuffix(l, ": New text.") {
			doc = m[1]
		}
	}
	if doc == "" {
		t.Fatalf("no ref for the editor's document in the snapshot:\n%s", snap)
	}
	r = h.prima("pw", "fill", doc, "By ref")
	wantOK(t, "pw fill the document", r)
	hasIn(t, "pw fill the document", r.out, r.out, "used: await page.keyboard.insertText('By ref');")
	status("Fruit: Banana; billing: France; shipping: France; memo: By ref")
	spec := h.primaOK("export")
	hasIn(t, "export", spec, spec, "await page.keyboard.press('ControlOrMeta+a');\n  await page.keyboard.insertText('By ref');")
}

// A pick is proven by the select's own face. Each select here keeps its
// list open after a pick it refuses, and a preview beside it shows the
// option under the pointer: neither the names the open list offers nor
// another element that came to show the option's name is the select
// showing it. A list already open is picked from as it is (a click on
// its middle would pick the option there).
func TestAPickIsProvenByTheSelectsOwnFace(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth3/preview")
	status := func(want string) { waitStatus(t, h, want) }
	status("Country: France; port: Lisbon")

	r := h.prima("do", "select Spain from Country")
	wantFailure(t, "select Spain from Country", r, "value_mismatch")
	hasIn(t, "select Spain from Country", section(r.out, "Changes"), r.out, `paragraph: "France" -> "Spain"`)
	status("Country: France; port: Lisbon")

	r = h.prima("do", "select Faro from Port")
	wantFailure(t, "select Faro from Port", r, "value_mismatch")
	status("Country: France; port: Lisbon")

	r = h.prima("do", "select Porto from Port")
	wantOK(t, "select Porto from Port", r)
	hasIn(t, "select Porto from Port", section(r.out, "Steps"), r.out, `shows "Porto"`)
	status("Country: France; port: Porto")

	r = h.prima("do", "select Germany from Country")
	wantOK(t, "select Germany from Country", r)
	hasIn(t, "select Germany from Country", section(r.out, "Changes"), r.out, `combobox "Country": "France" -> "Germany"`)
	status("Country: Germany; port: Porto")
}
