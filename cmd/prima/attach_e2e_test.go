package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

func TestBrowserListShowsLiveAndStaleAndNeverSelectsStale(t *testing.T) {
	h := newHarness(t)
	h.pwcli("alive", "open", app.URL+"/controls")
	h.pwcli("dead", "open", app.URL+"/profile")
	pids := h.cliDaemons("dead")
	if len(pids) != 1 {
		t.Fatalf("found %d daemons for session dead", len(pids))
	}
	killTree(pids[0])

	out := h.primaOK("browser", "list")
	var aliveLine, deadLine string
	for _, l := range strings.Split(out, "\n") {
		switch {
		case strings.HasPrefix(l, "alive "):
			aliveLine = l
		case strings.HasPrefix(l, "dead "):
			deadLine = l
		}
	}
	if !strings.Contains(aliveLine, " live ") || !strings.Contains(aliveLine, "1.64.0") {
		t.Errorf("alive session line: %q\n%s", aliveLine, out)
	}
	if !strings.Contains(deadLine, " stale ") {
		t.Errorf("killed session line: %q\n%s", deadLine, out)
	}

	// With no flags, the only live session is chosen, never the stale one.
	snap := h.primaOK("snapshot")
	mustContain(t, "snapshot of the only live session", snap, "/controls", `checkbox "Agree"`)

	r := h.prima("snapshot", "--pw-session", "dead")
	if r.code != 1 || !strings.Contains(r.err, `"dead" is not running`) {
		t.Errorf("asking for the stale session: %s", r)
	}
}

func TestSessionSelectionOrder(t *testing.T) {
	h := newHarness(t)
	h.pwcli("work", "open", app.URL+"/profile")
	h.pwcli("play", "open", app.URL+"/controls")

	r := h.prima("snapshot")
	if r.code != 1 || !strings.Contains(r.err, "play") || !strings.Contains(r.err, "work") || !strings.Contains(r.err, "--pw-session") {
		t.Errorf("two live sessions and no flag must list both titles: %s", r)
	}
	mustContain(t, "--pw-session work", h.primaOK("snapshot", "--pw-session", "work"), "/profile")
	env := h.run(60*time.Second, []string{"PLAYWRIGHT_CLI_SESSION=work"}, primaBin, "snapshot")
	if env.code != 0 || !strings.Contains(env.out, "/profile") {
		t.Errorf("PLAYWRIGHT_CLI_SESSION=work: %s", env)
	}
	r = h.prima("snapshot", "--pw-session", "nosuch")
	if r.code != 1 || !strings.Contains(r.err, "nosuch") || !strings.Contains(r.err, "play, work") {
		t.Errorf("an unknown session must be named, with the live ones: %s", r)
	}

	h.pwcli("default", "open", app.URL+"/dupes")
	mustContain(t, "default preferred when live", h.primaOK("snapshot"), "/dupes")
}

func TestPwOnAttachedSessionActsOnExactlyThatElement(t *testing.T) {
	h := newHarness(t)
	h.pwcli("default", "open", app.URL+"/controls")
	// The user's own refs, printed by playwright-cli before prima acts.
	theirs := h.pwcliSnapshot("default")
	enabled := ref(t, theirs, "button", "Enabled one")

	snap := h.primaOK("snapshot")
	agree := ref(t, snap, "checkbox", "Agree")
	app.Reset()
	out := h.primaOK("pw", "click", agree)
	mustContain(t, "click envelope", out, "ok: true", "toggled:", `checkbox "Agree": unchecked -> checked`)
	// A proven click on a ref still says in code which element it was.
	mustContain(t, "click envelope", out, "used: await page.getByRole('checkbox', { name: 'Agree', exact: true }).click();")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("clicking %s touched %v, want only agree", agree, got)
	}

	app.Reset()
	r := h.prima("pw", "click", "#nope", "--timeout", "2s")
	if r.code != 1 {
		t.Errorf("a selector matching nothing must exit 1: %s", r)
	}
	mustContain(t, "failure envelope", r.out, "ok: false", "### Failure", "#nope", "### Current page (compact ARIA)", `checkbox "Agree" [checked]`)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a failed selector acted: %v", got)
	}

	// prima's snapshots did not wipe the user's refs: playwright-cli's
	// earlier ref still clicks its element.
	app.Reset()
	h.pwcli("default", "click", enabled)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "enabled-one" {
		t.Errorf("playwright-cli's old ref %s clicked %v after prima acted", enabled, got)
	}

	// And a ref playwright-cli printed works in prima.
	theirs = h.pwcliSnapshot("default")
	app.Reset()
	mustContain(t, "prima on a playwright-cli ref", h.primaOK("pw", "click", ref(t, theirs, "button", "Bold")), `toggled:`, `button "Bold": unpressed -> pressed`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "bold" {
		t.Errorf("clicked %v, want bold", got)
	}

	// Commands need no URL on an attached page; go through a session
	// redirect keeps origin and path, so it is arrival.
	out = h.primaOK("go", "/app")
	mustContain(t, "go /app", out, "ok: true", "/app?session=", "&ws=1")
}

func TestAttachedSessionClosedIsNamed(t *testing.T) {
	h := newHarness(t)
	h.pwcli("work", "open", app.URL+"/profile")
	h.primaOK("snapshot")
	h.pwcli("work", "close")
	r := h.prima("snapshot")
	if r.code != 1 || !strings.Contains(r.err, `"work"`) || !strings.Contains(r.err, "no longer running") {
		t.Errorf("after the session closed: %s", r)
	}
	if !strings.Contains(h.primaOK("daemon", "status"), "daemon") {
		t.Error("daemon not alive")
	}
}

func TestEndpointFlagAttachesToAServerSocket(t *testing.T) {
	h := newHarness(t)
	h.pwcli("work", "open", app.URL+"/dupes")
	files, _ := filepath.Glob(filepath.Join(h.cache, "ms-playwright", "b", "*"))
	if len(files) != 1 {
		t.Fatalf("descriptors: %v", files)
	}
	b, _ := os.ReadFile(files[0])
	i := strings.Index(string(b), `"endpoint": "`)
	if i < 0 {
		t.Fatalf("descriptor: %s", b)
	}
	ep := string(b)[i+len(`"endpoint": "`):]
	ep = ep[:strings.Index(ep, `"`)]
	mustContain(t, "--endpoint", h.primaOK("snapshot", "--endpoint", ep), "/dupes")
	r := h.prima("snapshot", "--endpoint", "/nonexistent/sock")
	if r.code != 1 || !strings.Contains(r.err, "/nonexistent/sock") {
		t.Errorf("a dead endpoint: %s", r)
	}
}

func TestEndpointFlagAttachesOverCDP(t *testing.T) {
	h := newHarness(t)
	ep := cdpBrowser(t, app.URL+"/controls")
	out := h.primaOK("snapshot", "--endpoint", ep)
	mustContain(t, "CDP snapshot", out, "/controls", `checkbox "Agree"`)
	app.Reset()
	out = h.primaOK("pw", "check", ref(t, out, "checkbox", "Agree"), "--endpoint", ep)
	mustContain(t, "CDP check", out, `checkbox "Agree": unchecked -> checked`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("over CDP, touched %v", got)
	}
}
