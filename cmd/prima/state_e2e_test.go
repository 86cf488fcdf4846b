package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// get reads what the tree does not show, acting on nothing: a field's
// value, an attribute (null when absent), a count, a box; a password's
// value reads as ••••, and a target that names nothing or several fails
// as an action's would.
func TestGetReadsWhatTheTreeDoesNotShow(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/state")
	snap := h.primaOK("snapshot")
	app.Reset()
	answer := func(args ...string) string {
		t.Helper()
		r := h.prima(append([]string{"get"}, args...)...)
		wantOK(t, "get "+strings.Join(args, " "), r)
		wantReadOnly(t, "get "+strings.Join(args, " "), r.out)
		return section(r.out, "Answer")
	}
	nick := ref(t, snap, "textbox", "Nickname")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"value", nick}, `"ada"`},
		{[]string{"value", "#pw"}, `"••••"`},
		{[]string{"attr", "value", "#pw"}, `"••••"`},
		{[]string{"attr", "href", ref(t, snap, "link", "Trip details")}, `"/surface/booking"`},
		{[]string{"attr", "download", ref(t, snap, "link", "Trip details")}, `null`},
		{[]string{"text", ref(t, snap, "heading", "Account state")}, `"Account state"`},
		{[]string{"count", "li.tag"}, `3`},
		{[]string{"count", "li.nothing"}, `0`},
	} {
		if got := answer(c.args...); got != c.want {
			t.Errorf("get %s: ### Answer is %q, want %q", strings.Join(c.args, " "), got, c.want)
		}
	}
	var box struct{ X, Y, Width, Height float64 }
	if err := json.Unmarshal([]byte(answer("box", nick)), &box); err != nil || box.Width <= 0 || box.Height <= 0 {
		t.Errorf("get box: %+v (%v), want a box with a size", box, err)
	}
	if r := h.prima("get", "value", "e9999"); r.code != 1 || codeOf(r.out) != "stale_ref" {
		t.Errorf("get value of a ref that names nothing: exit %d, code %q, want 1 and stale_ref (as pw's)\n%s", r.code, codeOf(r.out), r.out)
	}
	if r := h.prima("get", "text", "li.tag"); r.code != 1 || codeOf(r.out) != "ambiguous" {
		t.Errorf("get text of a selector matching 3: exit %d, code %q, want 1 and ambiguous\n%s", r.code, codeOf(r.out), r.out)
	}
	for _, bad := range [][]string{{"attr", nick}, {"text", "href", nick}, {"size", nick}, {}} {
		if r := h.prima(append([]string{"get"}, bad...)...); r.code != 2 {
			t.Errorf("get %v: exit %d, want 2 (usage)\n%s%s", bad, r.code, r.out, r.err)
		}
	}
	noActions(t, "get")
}

// is answers an element's state now, acting on nothing: enabled,
// disabled, checked, visible, hidden, editable; nothing there is hidden,
// an element with no such state fails naming why, and a ref that never
// named anything is stale.
func TestIsAnswersAnElementsStateNow(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	snap := h.primaOK("snapshot")
	app.Reset()
	enabled, disabled := ref(t, snap, "button", "Enabled one"), ref(t, snap, "button", "Disabled one")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"enabled", enabled}, "true"},
		{[]string{"disabled", enabled}, "false"},
		{[]string{"enabled", disabled}, "false"},
		{[]string{"disabled", "[data-testid=disabled-one]"}, "true"},
		{[]string{"checked", ref(t, snap, "checkbox", "Subscribed")}, "true"},
		{[]string{"checked", ref(t, snap, "checkbox", "Agree")}, "false"},
		{[]string{"visible", enabled}, "true"},
		{[]string{"visible", "#details-region"}, "false"},
		{[]string{"hidden", "#details-region"}, "true"},
		{[]string{"visible", "#no-such-element"}, "false"},
		{[]string{"hidden", "#no-such-element"}, "true"},
		{[]string{"editable", "#size"}, "true"},
	} {
		r := h.prima(append([]string{"is"}, c.args...)...)
		wantOK(t, "is "+strings.Join(c.args, " "), r)
		wantReadOnly(t, "is "+strings.Join(c.args, " "), r.out)
		if got := section(r.out, "Answer"); got != c.want {
			t.Errorf("is %s: ### Answer is %q, want %q", strings.Join(c.args, " "), got, c.want)
		}
	}
	// The page renders a copy of Bold in its place: the ref's element is
	// gone, and a visible twin stands there. "hidden: true" alone would
	// claim too much of the button a user sees; the note says which.
	bold := ref(t, snap, "button", "Bold")
	h.primaOK("eval", `(() => { const b = [...document.querySelectorAll('button')].find(x => x.textContent === 'Bold'); b.replaceWith(b.cloneNode(true)); return 1 })()`)
	r := h.prima("is", "hidden", bold)
	wantOK(t, "is hidden of a replaced element", r)
	if got := section(r.out, "Answer"); got != "true" || !strings.Contains(r.out, "note: "+bold+"'s element is gone from the page, not only hidden; another may stand in its place") {
		t.Errorf("is hidden of an element the page replaced with a visible copy: want true and the note saying it is gone:\n%s", r.out)
	}
	if r := h.prima("is", "hidden", enabled); strings.Contains(r.out, "is gone") {
		t.Errorf("is hidden of an element still there carries the gone note:\n%s", r.out)
	}
	if r := h.prima("is", "checked", enabled); r.code != 1 || codeOf(r.out) != "not_actionable" || !strings.Contains(r.out, "is not a checkbox") {
		t.Errorf("is checked of a button: exit %d, code %q, want 1, not_actionable and why\n%s", r.code, codeOf(r.out), r.out)
	}
	if r := h.prima("is", "visible", "e9999"); r.code != 1 || codeOf(r.out) != "stale_ref" {
		t.Errorf("is visible of a ref that named nothing: exit %d, code %q, want 1 and stale_ref\n%s", r.code, codeOf(r.out), r.out)
	}
	if r := h.prima("is", "enabled", "button"); r.code != 1 || codeOf(r.out) != "ambiguous" {
		t.Errorf("is enabled of a selector matching several: exit %d, code %q, want 1 and ambiguous\n%s", r.code, codeOf(r.out), r.out)
	}
	for _, bad := range [][]string{{"shown", enabled}, {"visible"}, {}} {
		if r := h.prima(append([]string{"is"}, bad...)...); r.code != 2 {
			t.Errorf("is %v: exit %d, want 2 (usage)\n%s%s", bad, r.code, r.out, r.err)
		}
	}
	noActions(t, "is")
}

// cookies and storage: what set puts reaches the server and the page,
// what clear removes is gone, list and get show them, and set and clear
// report the page's Changes like any action.
func TestCookiesAndStorageReachThePage(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/state")
	show := ref(t, h.primaOK("snapshot"), "button", "Show state")

	mustContain(t, "cookies set", h.primaOK("cookies", "set", "sid", "abc123"), "### Changes")
	mustContain(t, "cookies set --domain", h.primaOK("cookies", "set", "lang", "en", "--domain", "127.0.0.1"), "### Changes")
	mustContain(t, "storage set", h.primaOK("storage", "set", "theme", "dark"), "local storage items now: 1")
	acts(t, "show after set", h.prima("pw", "click", show), "Server saw cookies: lang=en; sid=abc123; theme: dark")

	list := section(h.primaOK("cookies", "list"), "Answer")
	mustContain(t, "cookies list", list, "sid=abc123; domain=127.0.0.1; path=/", "lang=en; domain=127.0.0.1; path=/")
	if a := section(h.primaOK("cookies", "list", "--domain", "example.com"), "Answer"); a != "no cookies" {
		t.Errorf("cookies list --domain example.com: %q, want no cookies", a)
	}
	if a := section(h.primaOK("storage", "get", "theme"), "Answer"); a != `"dark"` {
		t.Errorf("storage get theme: %q", a)
	}
	if a := section(h.primaOK("storage", "get", "--session"), "Answer"); a != `{}` {
		t.Errorf("storage get --session: %q, want {} (the theme is in local storage)", a)
	}

	h.primaOK("cookies", "clear", "sid")
	h.primaOK("storage", "clear")
	acts(t, "show after clear", h.prima("pw", "click", show), "Server saw cookies: lang=en; theme: none")
	h.primaOK("cookies", "clear")
	if a := section(h.primaOK("cookies", "list"), "Answer"); a != "no cookies" {
		t.Errorf("cookies list after clear: %q", a)
	}
	for _, bad := range [][]string{{"cookies", "set", "sid"}, {"cookies", "eat"}, {"cookies", "list", "--url", "http://x"},
		{"storage", "set", "theme"}, {"storage", "get", "a", "b"}} {
		if r := h.prima(bad...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)\n%s%s", bad, r.code, r.out, r.err)
		}
	}
}

// state save writes the context's cookies and storage to a file only its
// owner reads; state load puts them back after they were cleared, and the
// page and the server see them again. set viewport resizes the page; pdf
// writes a PDF.
func TestStateSaveLoadViewportAndPDF(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/state")
	show := ref(t, h.primaOK("snapshot"), "button", "Show state")
	h.primaOK("cookies", "set", "sid", "abc123")
	h.primaOK("storage", "set", "theme", "dark")

	file := filepath.Join(t.TempDir(), "state.json")
	mustContain(t, "state save", h.primaOK("state", "save", file), "saved 1 cookies and the local storage of 1 origins", file)
	if fi, err := os.Stat(file); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("the state file: %v, mode %v; want it there, 0600", err, fi.Mode().Perm())
	}
	h.primaOK("cookies", "clear")
	h.primaOK("storage", "clear")
	acts(t, "show after clear", h.prima("pw", "click", show), "Server saw cookies: none; theme: none")
	mustContain(t, "state load", h.primaOK("state", "load", file), "### Changes", "loaded 1 cookies")
	acts(t, "show after load", h.prima("pw", "click", show), "Server saw cookies: sid=abc123; theme: dark")
	app.Reset()
	if r := h.prima("state", "load", filepath.Join(t.TempDir(), "none.json")); r.code != 1 || codeOf(r.out) != "usage" || !strings.Contains(r.out, "not a storage state file") {
		t.Errorf("state load of a missing file: exit %d, code %q\n%s", r.code, codeOf(r.out), r.out)
	}

	h.primaOK("set", "viewport", "420", "300")
	var size struct{ W, H int }
	if err := json.Unmarshal([]byte(section(h.primaOK("eval", "({W: innerWidth, H: innerHeight})"), "Answer")), &size); err != nil || size.W != 420 || size.H != 300 {
		t.Errorf("after set viewport 420 300 the page is %+v (%v)", size, err)
	}
	for _, bad := range [][]string{{"set", "viewport", "wide", "300"}, {"set", "viewport", "0", "300"}, {"set", "zoom", "2", "2"}} {
		if r := h.prima(bad...); r.code != 2 {
			t.Errorf("%v: exit %d, want 2 (usage)\n%s%s", bad, r.code, r.out, r.err)
		}
	}

	pdf := filepath.Join(t.TempDir(), "page.pdf")
	mustContain(t, "pdf", h.primaOK("pdf", pdf), "### Artifacts", pdf)
	if b, err := os.ReadFile(pdf); err != nil || !strings.HasPrefix(string(b), "%PDF-") {
		t.Errorf("pdf: %v, starts %q; want a PDF", err, string(b[:min(len(b), 8)]))
	}
	noActions(t, "state, set and pdf")
}

// A Save whose request the server refuses while the page says Saved: the
// click's envelope names the failed request (fetch and XHR alike); the
// page's own poll, failing all along, is named by no action; a request
// that works is not listed.
func TestAnActionNamesItsOwnFailedRequests(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/save")
	snap := h.primaOK("snapshot")
	for _, c := range []struct{ button, status string }{{"Save", "Saved"}, {"Save with XHR", "Saved with XHR"}} {
		r := h.prima("pw", "click", ref(t, snap, "button", c.button))
		if acts(t, "click "+c.button, r, c.status) {
			wantEvent(t, "click "+c.button, r.out, "request failed: POST /surface/save-api -> 500")
			if ev := section(r.out, "Events"); strings.Contains(ev, "/surface/poll") {
				t.Errorf("click %s: the page's own poll is named as the action's:\n%s", c.button, ev)
			}
		}
	}
	r := h.prima("pw", "click", ref(t, snap, "button", "Load"))
	if acts(t, "click Load", r, "Loaded: draft 7") && strings.Contains(section(r.out, "Events"), "request failed") {
		t.Errorf("click Load: a request that worked is listed as failed:\n%s", r.out)
	}
	out := h.primaOK("do", "click Save")
	mustContain(t, "do click Save", out, "request failed: POST /surface/save-api -> 500")
	if w := h.primaOK("wait", "1s"); strings.Contains(w, "request failed") {
		t.Errorf("a wait names the page's own failing poll:\n%s", w)
	}
}

// set color-scheme, geolocation and headers reach the page: it sees the
// dark scheme at once (its Changes), the place a Locate click asks for,
// and the header its next request carries; on prima's own browser and on
// an attached playwright-cli session.
func TestSetColorSchemeGeolocationHeadersLocaleAndTimezoneReachThePage(t *testing.T) {
	h := newHarness(t)
	h.pwcli("settings", "open", app.URL+"/surface/settings")
	for _, where := range [][]string{{"--instance", "prima"}, {"--pw-session", "settings"}} {
		name := where[1]
		if name == "prima" {
			h.primaOK("browser", "open", app.URL+"/surface/settings")
		}
		p := func(args ...string) string { return h.primaOK(append(args, where...)...) }
		mustContain(t, name+": set color-scheme dark", section(p("set", "color-scheme", "dark"), "Changes"), "Scheme: dark")
		p("set", "geolocation", "48.8566", "2.3522")
		p("set", "headers", "X-Team: blue")
		p("set", "timezone", "Asia/Tokyo")
		p("set", "locale", "de-DE")
		p("set", "permissions", "notifications", "clipboard-read")
		snap := p("snapshot")
		for _, c := range []struct{ button, shows string }{{"Locate", "Location: 48.86, 2.35"}, {"Who am I", "Team: blue"},
			{"When am I", "Zone: Asia/Tokyo; locale de-DE; language de-DE"}, {"May I notify", "Notifications: granted"}} {
			r := h.prima(append([]string{"pw", "click", ref(t, snap, "button", c.button)}, where...)...)
			acts(t, name+": click "+c.button, r, c.shows)
		}
		p("set", "permissions", "none")
		acts(t, name+": May I notify, after set permissions none", h.prima(append([]string{"pw", "click", ref(t, snap, "button", "May I notify")}, where...)...), "Notifications: prompt")
		p("set", "color-scheme", "light")
		bad := h.prima(append([]string{"set", "timezone", "Mars/Olympus"}, where...)...)
		wantFailure(t, name+": set timezone Mars/Olympus", bad, "usage")
		mustContain(t, name+": set timezone Mars/Olympus", bad.out, "the browser refused it")
	}
	for _, bad := range [][]string{{"set", "color-scheme", "blue"}, {"set", "geolocation", "200", "0"}, {"set", "headers", "nocolon"}, {"set", "viewport", "1"}, {"set", "locale", "de DE"}, {"set", "permissions", "telepathy"}, {"set", "permissions", "none", "camera"}} {
		if r := h.prima(bad...); r.code != 2 {
			t.Errorf("prima %s: exit %d, want 2 (usage)\n%s", strings.Join(bad, " "), r.code, r)
		}
	}
}

// browser open --profile keeps what the browser stored from one launch
// to the next (a login's local storage), and only on that profile: a
// fresh browser has none of it. A running instance is not silently put
// on another profile.
func TestAProfileKeepsTheBrowsersStorageAcrossLaunches(t *testing.T) {
	h := newHarness(t)
	profile := filepath.Join(h.cwd, "profile")
	h.primaOK("browser", "open", "--profile", "profile", app.URL+"/surface/state")
	mustContain(t, "storage set", h.primaOK("storage", "set", "session", "ada-42"), "local storage items now: 1")
	if r := h.prima("browser", "open", "--profile", "other"); r.code == 0 || !strings.Contains(r.out+r.err, "runs on the profile "+profile) {
		t.Errorf("open on another profile while one runs: %s", r)
	}
	h.primaOK("browser", "close")
	if st, err := os.Stat(profile); err != nil || !st.IsDir() {
		t.Fatalf("the profile folder: %v", err)
	}

	h.primaOK("browser", "open", app.URL+"/surface/state")
	if a := section(h.primaOK("storage", "get", "session"), "Answer"); a != "null" {
		t.Errorf("a fresh browser holds the profile's storage: %s", a)
	}
	h.primaOK("browser", "close")

	h.primaOK("browser", "open", "--profile", profile, app.URL+"/surface/state")
	if a := section(h.primaOK("storage", "get", "session"), "Answer"); a != `"ada-42"` {
		t.Errorf("the profile's storage after a relaunch: %s", a)
	}
	if r := h.prima("browser", "open", "--profile", "x", "--endpoint", "ws://127.0.0.1:1/"); r.code != 2 {
		t.Errorf("--profile with --endpoint: exit %d, want 2\n%s", r.code, r)
	}
}
