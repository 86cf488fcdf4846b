package main

import (
	"fmt"
	"strings"
	"testing"
	"time"
)

// The widget zoo, second wing: shadow-DOM web components (Shoelace), an
// autocomplete that re-renders its list on each input (autoComplete.js), a
// div slider (noUiSlider), a mouse-event drag between lists (dragula) and
// a CodeMirror JSON editor (vanilla-jsoneditor). As in zoo_e2e_test.go,
// each page's status line is the widget's state read through the library's
// own API, and the oracle here.

// "select Large from Size" on a Shoelace sl-select, whose combobox and
// listbox live in its shadow root: the option is picked as a user does and
// proven by the widget's own value. The hidden form input the component
// keeps in step is nothing anybody typed into, so the Changes say no
// "typed".
func TestSelectFromAShadowDOMSelectPicksItsOption(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/shoelace")
	waitStatus(t, h, "Size: none; Gift wrap: no")
	out := h.primaOK("do", "select Large from Size")
	hasIn(t, "select Large from Size", out, out, "proven: 1/1", `combobox "Size" shows "Large"`, `-> "Size: Large; Gift wrap: no"`)
	if c := section(out, "Changes"); strings.Contains(c, "typed:") {
		t.Errorf("a pick from a select reports something typed:\n%s", out)
	}
}

// Opening a Shoelace sl-select by a click on its combobox, right after
// the page (re)loaded its components: the click is what opened it, so its
// Changes are the click's (not "on its own"), and the options it made
// appear are listed with their refs (### New refs); a click on the
// option's ref picks it, and its Changes hold the list closing: the
// component hides the list when its 100 ms hide animation's finish event
// runs, a frame after the animation's time ran out, which on a loaded
// machine is past the settle's quiet time; the list's removal was then
// printed in the Changes of the next click (on Gift wrap). Three times,
// each after a load, as the page's own loading work is what may be taken
// for the click's answer.
func TestOpeningAShadowDOMSelectListsItsOptions(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/shoelace")
	for i := 1; i <= 3; i++ {
		if i > 1 {
			h.primaOK("reload")
		}
		snap := waitStatus(t, h, "Size: none; Gift wrap: no")
		gift := ref(t, h.primaOK("snapshot", "-i"), "checkbox", "Gift wrap")
		out := h.primaOK("pw", "click", ref(t, snap, "combobox", "Size"))
		changes := section(out, "Changes")
		hasIn(t, fmt.Sprintf("load %d: the Changes of the click that opened the select", i), changes, out, `combobox "Size": collapsed -> expanded`, `listbox "Size"`)
		if strings.Contains(changes, "on its own") {
			t.Errorf("load %d: the click opened the select, yet its Changes call that the page's own doing:\n%s", i, out)
		}
		fresh := section(out, "New refs")
		var large string
		if strings.Contains(fresh, `option "Large"`) {
			large = ref(t, fresh, "option", "Large")
		} else {
			t.Errorf("load %d: the click that opened the select lists no ref for its options:\n%s", i, out)
			large = ref(t, h.primaOK("snapshot"), "option", "Large")
		}
		out = h.primaOK("pw", "click", large)
		hasIn(t, fmt.Sprintf("load %d: the click on the option Large", i), section(out, "Changes"), out, `combobox "Size": "" -> "Large"`, `-> "Size: Large; Gift wrap: no"`, `listbox "Size"`)
		out = h.primaOK("pw", "click", gift)
		if changes := section(out, "Changes"); !strings.Contains(changes, `-> "Size: Large; Gift wrap: yes"`) || strings.Contains(changes, "listbox") {
			t.Errorf("load %d: the click on Gift wrap, after the list closed, is not the box's alone:\n%s", i, out)
		}
	}
}

// "check Gift wrap" on a Shoelace sl-checkbox: its <input> is a visually
// hidden box in its shadow root, its name light-DOM text slotted into the
// shadow <label>. The checkbox named Gift wrap is there, so a user's
// "check" checks it, proven by the component's own .checked.
func TestCheckAShadowDOMCheckboxByItsSlottedLabel(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/shoelace")
	waitStatus(t, h, "Size: none; Gift wrap: no")
	r := h.prima("do", "check Gift wrap")
	wantOK(t, "check Gift wrap", r)
	hasIn(t, "check Gift wrap", r.out, r.out, "proven: 1/1", `-> "Size: none; Gift wrap: yes"`)
}

// A click on the refs a snapshot gives the Shoelace checkbox (its slotted
// label text, and the label wrapper the component renders around the
// box), with nothing changed on the page since: the ref is good, so the
// click lands and toggles the box. A stale_ref ("it changed while prima
// looked") on a page that did not change is wrong.
func TestClickOnAShadowDOMCheckboxRefIsNotStale(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/shoelace")
	for _, c := range []struct {
		what string
		ref  func(snap string) string
	}{
		{"the checkbox's label text", func(snap string) string { return textRef(t, snap, "generic", "Gift wrap") }},
		{"the checkbox's label wrapper", func(snap string) string { return wrapperRef(t, snap, `checkbox "Gift wrap"`) }},
	} {
		h.primaOK("reload")
		snap := waitStatus(t, h, "Size: none; Gift wrap: no")
		r := h.prima("pw", "click", c.ref(snap))
		wantOK(t, "a click on "+c.what, r)
		hasIn(t, "the click on "+c.what, section(r.out, "Changes"), r.out, `-> "Size: none; Gift wrap: yes"`)
	}
}

// An autocomplete (autoComplete.js) whose list is re-rendered from scratch
// on each input: "fill Fruit with ap" types into the field and the
// matches appear, which proves the step, with the refs of the options
// listed; "click Apple" picks Apple, proven by the library's selection
// event, and the field now shows Apple.
func TestAnAutocompleteFillShowsItsMatchesAndAClickPicksOne(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/autocomplete")
	out := h.primaOK("do", "fill Fruit with ap")
	hasIn(t, "fill Fruit with ap", out, out, "proven: 1/1", `searchbox "Fruit": "" -> "ap"`)
	// The options are named by their content, which the snapshot shows
	// split by the highlight: New refs give the text a user reads.
	fresh := section(out, "New refs")
	textRef(t, fresh, "option", "Apple")
	textRef(t, fresh, "option", "Apricot")
	out = h.primaOK("do", "click Apple")
	hasIn(t, "click Apple", out, out, "proven: 1/1", `-> "Picked: Apple"`)
	hasIn(t, "the Changes of click Apple", section(out, "Changes"), out, `searchbox "Fruit": "ap" -> "Apple"`)
}

// The same by refs only: pw fill, then a click on the ref the fill's
// envelope lists for the option Apple, with no snapshot between.
func TestAnAutocompleteOptionRefFromTheFillPicksIt(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/autocomplete")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "fill", ref(t, snap, "searchbox", "Fruit"), "ap")
	out = h.primaOK("pw", "click", textRef(t, section(out, "New refs"), "option", "Apple"))
	hasIn(t, "the click on the option's ref", section(out, "Changes"), out, `-> "Picked: Apple"`)
}

// A noUiSlider handle: a div with role slider, no <input>. An arrow key on
// its ref moves it by one step (5), End to the maximum, and the Changes
// show the slider's value; a fill is refused honestly, as it is no text
// field, and moves nothing.
func TestArrowKeysMoveADivSliderAndAFillIsRefused(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/slider")
	snap := waitStatus(t, h, "Volume: 50")
	vol := ref(t, snap, "slider", "Volume")
	app.Reset()
	out := h.primaOK("pw", "press", vol, "ArrowRight")
	hasIn(t, "ArrowRight on the slider", section(out, "Changes"), out, `-> "Volume: 55"`)
	if got := lastValue(settledActions(t, 1), "change", "volume"); got != "55" {
		t.Errorf("the slider reported a change to %q, want 55", got)
	}
	out = h.primaOK("pw", "press", vol, "End")
	hasIn(t, "End on the slider", section(out, "Changes"), out, `-> "Volume: 100"`)

	r := h.prima("pw", "fill", vol, "80")
	wantFailure(t, "a fill on the slider", r, "not_actionable")
	if strings.Contains(r.out, "ok: true") || strings.Contains(section(r.out, "Changes"), "Volume: 80") {
		t.Errorf("a fill on a slider claims or made a change:\n%s", r.out)
	}
	waitStatus(t, h, "Volume: 100")
}

// Two lists on dragula, whose drag is mouse events (press, a move with the
// button held lifts the card, the release drops it in the list behind the
// pointer), never HTML5 drag and drop: a drag from one list's card to a
// card of the other moves it there, and a drag onto the other list itself
// appends it; the Changes show each move, the page's drop event says where.
func TestDragBetweenDragulaListsMovesTheCard(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/dragula")
	snap := waitStatus(t, h, "Mine: dishes laundry plants; Yours: bins")
	app.Reset()
	out := h.primaOK("pw", "drag", textRef(t, snap, "listitem", "Dishes"), textRef(t, snap, "listitem", "Bins"))
	hasIn(t, "the drag of Dishes onto Bins", section(out, "Changes"), out, `-> "Dropped Dishes in Yours. Mine: laundry plants; Yours: dishes bins"`)
	if got := lastValue(settledActions(t, 1), "drop", "dishes"); got != "yours" {
		t.Errorf("dragula reported Dishes dropped in %q, want yours", got)
	}

	snap = h.primaOK("snapshot")
	out = h.primaOK("pw", "drag", textRef(t, snap, "listitem", "Laundry"), ref(t, snap, "list", "Yours"))
	hasIn(t, "the drag of Laundry onto the list Yours", section(out, "Changes"), out, `-> "Dropped Laundry in Yours. Mine: plants; Yours: dishes bins laundry"`)
}

// A text-mode JSON editor (vanilla-jsoneditor, CodeMirror 6: a
// contenteditable textbox CodeMirror redraws from its own document, which
// inserts closing brackets and quotes as one types). A fill, a do fill, a
// multi-line fill and typing after a clear all reach the editor's
// document, proven by the content its get() parses; a fill that made
// nothing new appear lists no New refs.
func TestFillAndTypeIntoACodeMirrorJSONEditor(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/jsoneditor")
	snap := waitStatus(t, h, `JSON: {"name":"prima"}`)
	ed := ref(t, snap, "textbox", "JSON editor")

	out := h.primaOK("pw", "fill", ed, `{"name": "zoo", "size": 2}`)
	hasIn(t, "the fill of the editor", section(out, "Changes"), out, `-> "JSON: {\"name\":\"zoo\",\"size\":2}"`)

	out = h.primaOK("do", `fill JSON editor with {"tags": ["a", "b"]}`)
	hasIn(t, "do fill JSON editor", out, out, "proven: 1/1", `-> "JSON: {\"tags\":[\"a\",\"b\"]}"`)

	out = h.primaOK("pw", "fill", ed, "{\n  \"name\": \"zoo\",\n  \"tags\": [\"a\"]\n}")
	hasIn(t, "the multi-line fill", section(out, "Changes"), out, `-> "JSON: {\"name\":\"zoo\",\"tags\":[\"a\"]}"`)
	// The editor's line numbers and fold marks sit in an aria-hidden
	// gutter: nothing a user is told of, so not the fill's Changes.
	if c := section(out, "Changes"); strings.Contains(c, "generic: 2") || strings.Contains(c, "⌄") {
		t.Errorf("the Changes list the editor's aria-hidden gutter:\n%s", out)
	}
	if fresh := section(out, "New refs"); fresh != "" {
		t.Errorf("a fill into the editor, which made nothing actionable appear, lists New refs:\n%s", out)
	}

	h.primaOK("pw", "clear", ed)
	out = h.primaOK("pw", "type", ed, `{"n": [1, 2]}`)
	hasIn(t, "typing into the editor", section(out, "Changes"), out, `-> "JSON: {\"n\":[1,2]}"`)
}

// waitStatus takes snapshots (for up to 10 s) until the page's status
// line reads want, as the zoo's libraries load as modules, and returns the
// one that shows it: a user looks until the page is ready, and acts.
func waitStatus(t *testing.T, h *harness, want string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		snap := h.primaOK("snapshot")
		for _, l := range strings.Split(snap, "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, "- status ") && strings.HasSuffix(l, ": "+want) {
				return snap
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("the status line does not read %q:\n%s", want, snap)
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// hasIn is has on a part of an envelope, printing the whole envelope when
// a sub is missing.
func hasIn(t *testing.T, what, part, out string, subs ...string) {
	t.Helper()
	var miss []string
	for _, sub := range subs {
		if !strings.Contains(part, sub) {
			miss = append(miss, sub)
		}
	}
	if len(miss) > 0 {
		t.Errorf("%s lacks %q in:\n%s", what, miss, out)
	}
}

// wrapperRef is the ref of the element whose first child line in a
// snapshot is `- CHILD` (with or without a ref of its own): the label
// wrapper a component renders around its control.
func wrapperRef(t *testing.T, snapshot, child string) string {
	t.Helper()
	lines := strings.Split(snapshot, "\n")
	for i := 1; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if l == "- "+child || strings.HasPrefix(l, "- "+child+" ") {
			if m := refRE.FindStringSubmatch(lines[i-1]); m != nil && strings.HasSuffix(strings.TrimSpace(lines[i-1]), ":") {
				return m[1]
			}
		}
	}
	t.Fatalf("no element with a ref wrapping %s in:\n%s", child, snapshot)
	return ""
}

// An autocomplete that takes its first match whatever was clicked: "click
// Carrot", found through the markup (the snapshot names the options by
// their highlighted content only), leaves "Cabbage" in the field. That
// change is not the click's proof: the step fails, naming what the widget
// selected instead.
func TestAMarkupClickOnAnItemTheWidgetSwapsIsNotOk(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/zoo/autocomplete")
	h.primaOK("do", "fill Veggie with ca")
	r := h.prima("do", "click Carrot")
	wantFailure(t, "click Carrot", r, "value_mismatch")
	hasIn(t, "the failed click on Carrot", r.out, r.out, `clicked "Carrot", but the widget selected "Cabbage" instead`)
}
