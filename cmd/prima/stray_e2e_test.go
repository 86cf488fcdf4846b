package main

import (
	"strings"
	"testing"
)

// An action whose input reaches another control than the one asked for
// (a double click's second click on what the first one put there, a key
// whose release lands where the page moved the focus) acted on that
// control too: whatever the page did to send it there, the envelope is not
// ok and names it, beside what its Changes show. The page's log is the
// oracle: it shows the other control really got the input.
func TestInputThatReachesAnotherControlIsNamedAndNotOk(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth2/stray")

	// The controls: a single click and a key each reach only their own.
	snap := h.primaOK("snapshot")
	app.Reset()
	out := h.primaOK("pw", "click", ref(t, snap, "button", "Archive"))
	has(t, "a click on Archive", section(out, "Changes"), "Archived (1)")
	if got := acted(settledActions(t, 1), "click", "change"); got != "click:archive" {
		t.Errorf("a click on Archive: the page logged %q", got)
	}
	snap = h.primaOK("snapshot")
	app.Reset()
	out = h.primaOK("pw", "press", ref(t, snap, "button", "Save"), "Enter")
	has(t, "Enter on Save", section(out, "Changes"), "Saved (")
	if got := acted(settledActions(t, 1), "click", "change"); got != "click:save" {
		t.Errorf("Enter on Save: the page logged %q", got)
	}

	for _, c := range []struct {
		what, action, button, key, other, logged string
	}{
		{"a double click whose second click lands on what the first put there", "dblclick", "Archive", "", `checkbox "Keep a copy"`, "change:keep"},
		{"a key whose press lands where the page moved the focus", "press", "Next step", "Enter", `button "Discard draft"`, "click:discard"},
	} {
		h.primaOK("reload")
		snap := h.primaOK("snapshot")
		app.Reset()
		args := []string{"pw", c.action, ref(t, snap, "button", c.button)}
		if c.key != "" {
			args = append(args, c.key)
		}
		r := h.prima(args...)
		if !strings.Contains(acted(settledActions(t, 1), "click", "change"), c.logged) {
			t.Fatalf("%s: the page did not log %s, the fixture no longer sends the input elsewhere", c.what, c.logged)
		}
		wantFailure(t, c.what, r, "not_actionable")
		has(t, c.what+": the failure names the other control", section(r.out, "Failure"), c.other, "also reached")
	}

	// Through do, the same invariant: the step fails naming the control.
	h.primaOK("reload")
	r := h.prima("do", "press Enter on Next step")
	wantFailure(t, "do press Enter on Next step", r, "not_actionable")
	has(t, "do's failure names the other control", section(r.out, "Failure"), `button "Discard draft"`)

	// pw press KEY with no target, as playwright-cli's press: the key goes
	// to the focused element, which the envelope names, under the same
	// check.
	h.primaOK("reload")
	snap = h.primaOK("snapshot")
	h.primaOK("pw", "focus", ref(t, snap, "button", "Save"))
	out = h.primaOK("pw", "press", "Enter")
	has(t, "Enter on the focused Save", out, "used: await page.keyboard.press('Enter');", `the keys went to button "Save"`, "Saved (")
	h.primaOK("pw", "focus", ref(t, snap, "button", "Next step"))
	r = h.prima("pw", "press", "Enter")
	wantFailure(t, "Enter on the focused Next step", r, "not_actionable")
	has(t, "the failure names the control the page moved the focus to", section(r.out, "Failure"), `button "Discard draft"`)

	// A key pressed on what cannot take the focus goes to the page: the
	// envelope says where it went, and is not ok.
	h.primaOK("reload")
	snap = h.primaOK("snapshot")
	notes := ""
	for _, l := range strings.Split(snap, "\n") {
		if m := refRE.FindStringSubmatch(l); m != nil && strings.Contains(l, "Notes: call the printer") {
			notes = m[1]
		}
	}
	if notes == "" {
		t.Fatalf("no ref for the Notes paragraph in:\n%s", snap)
	}
	r = h.prima("pw", "press", notes, "a")
	wantFailure(t, "a key on a paragraph", r, "not_actionable")
	has(t, "where the key went", section(r.out, "Failure"), "the keys went to the page (body)")

	// An option whose label holds a non-breaking space is picked as a user
	// types its name.
	h.primaOK("reload")
	snap = h.primaOK("snapshot")
	used, _ := actedJSON(t, "select New York", h.prima("pw", "select", ref(t, snap, "combobox", "Office"), "New York", "--json"))
	has(t, "the select by a label typed with a plain space", used, "selectOption('ny')")
	if got := lastValue(settledActions(t, 1), "change", "office"); got != "ny" {
		t.Errorf("the select's change reported %q, want ny", got)
	}
}
