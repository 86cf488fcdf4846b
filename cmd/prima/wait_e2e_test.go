package main

import (
	"encoding/json"
	"strings"
	"testing"
	"time"
)

// A click answers while its page is still at work; what the page shows
// between that envelope and the next command's is in the wait's Changes,
// which then say where they start. The page's results come 2.5 s after
// the click: past what an action settles for, even on a loaded machine,
// so the click's envelope shows only the loading text.
func TestWaitShowsWhatThePageDidSinceThePreviousCommand(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/wait?ms=2500")
	r := h.prima("pw", "click", "#refresh")
	acts(t, "click Refresh results", r, "Loading results")
	if strings.Contains(section(r.out, "Changes"), "Results ready") {
		t.Fatalf("the results came within the click's own envelope: nothing is left for the wait to show\n%s", r)
	}
	time.Sleep(4 * time.Second) // the results show, no command running
	r = h.prima("wait", "text", "Results ready")
	acts(t, "wait text, already shown", r, "Results ready: 3 orders (run 1)", "Loading results")
	mustContain(t, "the wait says where its Changes start", section(r.out, "Result"), "note: Changes since prima last saw this page")

	// The same in --json, and from a wait's own end to the next wait.
	r = h.prima("pw", "click", "#refresh")
	acts(t, "click Refresh results again", r, "Loading results")
	time.Sleep(4 * time.Second)
	r = h.prima("wait", "text", "run 2", "--json")
	var env struct {
		OK    bool `json:"ok"`
		Extra []struct {
			Key   string `json:"key"`
			Value string `json:"value"`
		} `json:"extra"`
		Changes json.RawMessage `json:"changes"`
	}
	if err := json.Unmarshal([]byte(r.out), &env); err != nil || !env.OK {
		t.Fatalf("wait --json: %v\n%s", err, r)
	}
	if len(env.Extra) != 1 || env.Extra[0].Key != "note" || !strings.HasPrefix(env.Extra[0].Value, "Changes since prima last saw this page") {
		t.Errorf("wait --json: extra is %+v, want the note saying where the Changes start", env.Extra)
	}
	if !strings.Contains(string(env.Changes), "Results ready: 3 orders (run 2)") {
		t.Errorf("wait --json: the changes lack the results that came before the wait: %s", env.Changes)
	}

	// Nothing happened since the wait: the next one has no change to
	// show, and nothing to say of where it starts.
	r = h.prima("wait", "text", "run 2")
	acts(t, "wait text, nothing new", r)
	if c := section(r.out, "Changes"); c != "no change" {
		t.Errorf("a wait on a page unchanged since the last command: Changes %q, want no change\n%s", c, r)
	}
	if strings.Contains(r.out, "note:") {
		t.Errorf("a wait from its own start says where it starts:\n%s", r)
	}
}

// A page that left its document between two commands (a reload at the
// same address, a navigation) is another page, and so is another tab:
// the wait's Changes run from its own start, never from what the old
// document or the other tab showed; a note says the document changed.
func TestWaitAfterANavigationDiffsFromItsOwnStart(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/wait?ms=800")
	for _, c := range []struct{ what, button string }{
		{"a reload at the same address", "#reload"},
		{"a navigation", "#details"},
	} {
		// The old document shows results the new one does not.
		h.primaOK("pw", "click", "#refresh")
		acts(t, c.what+": wait for the results", h.prima("wait", "text", "Results ready"), "Results ready")
		h.primaOK("pw", "click", c.button)
		time.Sleep(2 * time.Second) // the new document loads, no command running
		r := h.prima("wait", "text", "Order search")
		acts(t, c.what+": wait text", r)
		if ch := section(r.out, "Changes"); ch != "no change" {
			t.Errorf("%s between the commands: the wait's Changes are %q, want no change (from its own start)\n%s", c.what, ch, r)
		}
		if note := section(r.out, "Result"); strings.Contains(note, "note: Changes since") || !strings.Contains(note, "note: the tab loaded another document since prima last saw it") {
			t.Errorf("%s between the commands: the wait must say the document changed, and that its Changes start at its own start:\n%s", c.what, r)
		}
	}

	// prima's last view is of another tab, another page.
	h.primaOK("pw", "click", "#refresh")
	h.primaOK("tab", "new", app.URL+"/profile")
	h.primaOK("tab", "select", "1")
	time.Sleep(2 * time.Second) // the first tab's results show
	r := h.prima("wait", "text", "Results ready")
	acts(t, "a tab switch: wait text", r)
	if ch := section(r.out, "Changes"); ch != "no change" || strings.Contains(r.out, "note:") {
		t.Errorf("a wait on a tab after a view of another: Changes %q, want no change and no note\n%s", ch, r)
	}
}
