package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// prima route answers the page's requests itself: the page renders what the
// route answered (the server never serves "draft 9"), an answer of 503 or a
// network error is named in the click's Events as the action's failed
// request, route list counts what each route answered, unroute gives the
// requests back to the server, and offline fails them all until it is off.
// The same on prima's own browser and on an attached playwright-cli
// session, whose own state prima leaves as it found it.
func TestRoutesAndOfflineAnswerThePagesRequests(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "routes", "/surface/save", func(name string, p func(...string) string, q func(...string) result) {
		load := ref(t, p("snapshot"), "button", "Load")
		click := func(status string) result {
			t.Helper()
			r := q("pw", "click", load)
			acts(t, name+": click Load", r, status)
			return r
		}

		mustContain(t, name+": route", p("route", "**/surface/ok", "--body", "draft 9"),
			"- **/surface/ok: 200, 7 bytes of text/plain (answered 0 requests)", "read-only: nothing on the page was acted on")
		click("Loaded: draft 9")

		p("unroute", "**/surface/ok")
		// A body from a file of the caller's folder, with headers (a value
		// may hold a comma).
		os.WriteFile(filepath.Join(h.cwd, "draft.txt"), []byte("draft 11"), 0o644)
		mustContain(t, name+": route --file --header", p("route", "**/surface/ok", "--file", "draft.txt", "--header", "X-Draft: v2, final", "--header", "X-Other:1"),
			"- **/surface/ok: 200, 8 bytes of text/plain, with X-Draft, X-Other (answered 0 requests)")
		p("network")
		click("Loaded: draft 11 (x-draft v2, final)")
		// network --bodies: what the page's fetch got, under its line.
		mustContain(t, name+": network --bodies", p("network", "--bodies"), "- GET /surface/ok -> 200 (fetch, ", "\n  got: \"draft 11\"")
		p("unroute", "**/surface/ok")
		mustContain(t, name+": route 503", p("route", "**/surface/ok", "--status", "503", "--body", "busy"), "503, 4 bytes")
		r := click("Loaded: busy")
		if q := q("network", "offline", "on", "--bodies"); q.code != 2 {
			t.Errorf("%s: network offline on --bodies: exit %d, want 2", name, q.code)
		}
		wantEvent(t, name+": a routed 503", r.out, "request failed: GET /surface/ok -> 503")
		mustContain(t, name+": route list", p("route", "list"), "- **/surface/ok: 503, 4 bytes of text/plain (answered 1 request)")
		// network lists what the requests got since its last call.
		failed := p("network", "--failed")
		mustContain(t, name+": network --failed", failed, "since the last `prima network`", "- GET /surface/ok -> 503 (fetch, ")
		if strings.Contains(failed, "-> 200") {
			t.Errorf("%s: network --failed lists a request that worked:\n%s", name, failed)
		}

		p("unroute")
		mustContain(t, name+": after unroute", p("route", "list"), "no routes of prima's")
		click("Loaded: draft 7")
		all := p("network")
		mustContain(t, name+": network", all, "- GET /surface/ok -> 200 (fetch, ")
		if strings.Contains(all, "/surface/ok -> 503") {
			t.Errorf("%s: network lists again a request it listed before:\n%s", name, all)
		}

		p("route", "**/surface/ok", "--abort")
		r = q("pw", "click", load)
		wantEvent(t, name+": an aborted request", r.out, "request failed: GET /surface/ok -> ")
		p("unroute", "**/surface/ok")

		mustContain(t, name+": offline", p("network", "offline", "on"), "offline: every request of every tab fails")
		r = q("pw", "click", load)
		wantEvent(t, name+": offline", r.out, "request failed: GET /surface/ok -> ")
		p("network", "offline", "off")
		click("Loaded: draft 7")

		bad := q("unroute", "**/nothing")
		wantFailure(t, name+": unroute of a pattern with no route", bad, "not_found")
		mustContain(t, name+": what unroute says", bad.out, "prima has no route for **/nothing")
		missing := q("route", "**/x", "--file", "no-such.json")
		wantFailure(t, name+": route --file of a missing file", missing, "usage")
		mustContain(t, name+": route --file of a missing file", missing.out, filepath.Join(h.cwd, "no-such.json"), "nothing was routed")
		for _, args := range [][]string{{"route", "**/x", "--status", "700"}, {"route", "**/x", "--abort", "--status", "500"}, {"route", "list", "--body", "x"},
			{"route", "**/x", "--header", "no colon"}, {"route", "**/x", "--body", "a", "--file", "b"}, {"route", "**/x", "--abort", "--header", "A:b"}} {
			if r := q(args...); r.code != 2 {
				t.Errorf("%s: prima %s: exit %d, want 2 (usage)\n%s", name, strings.Join(args, " "), r.code, r)
			}
		}
	})
}

// snapshot --interactive lists the elements a user can act on, each with
// its ref and container, and nothing else; a ref from it acts at once; on
// a big page it is capped and says how to find the rest; --grep narrows it.
func TestInteractiveSnapshotListsWhatCanBeActedOn(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/surface/save")
	out := h.primaOK("snapshot", "-i")
	snap := envelope.ExpandRuns(section(out, "Snapshot"))
	mustContain(t, "snapshot -i", snap, `- button "Save" [ref=`, `- button "Save with XHR" [ref=`, `- button "Load" [ref=`)
	for _, not := range []string{"heading", "status", "paragraph", "Polls"} {
		if strings.Contains(snap, not) {
			t.Errorf("snapshot -i lists %s, which nothing can act on:\n%s", not, snap)
		}
	}
	load := ref(t, out, "button", "Load")
	r := h.prima("pw", "click", load)
	acts(t, "a click on a ref from snapshot -i", r, "Loaded: draft 7")

	h.primaOK("go", app.URL+"/big?n=2000")
	big := h.primaOK("snapshot", "-i")
	mustContain(t, "snapshot -i of a big page", big, "more: prima snapshot --grep TEXT finds one")
	if n := len(section(big, "Snapshot")); n > 13<<10 {
		t.Errorf("snapshot -i of a 2,000-row page printed %d bytes, past its budget", n)
	}
	one := section(h.primaOK("snapshot", "-i", "--grep", "row 12\""), "Snapshot")
	if !strings.Contains(one, "[ref=") || strings.Count(one, "[ref=") > 4 {
		t.Errorf("snapshot -i --grep for one row:\n%s", one)
	}
	if r := h.prima("snapshot", "-i", "--html"); r.code != 2 {
		t.Errorf("snapshot -i --html: exit %d, want 2 (usage)", r.code)
	}
}

// An app's API on a sibling host of its site (api.shop.test for
// app.shop.test) is the app's: the click's network.jsonl records the
// request the click made there, and the action's Events name its 500; a
// request to another site is not recorded. Both sites are prima's routes.
func TestTheNetworkLogKeepsTheSitesSiblingHosts(t *testing.T) {
	h := newHarness(t)
	page := `<!doctype html><html><head><title>Shop</title></head><body>
<button id="save">Save</button><p role="status" id="s">Not saved</p>
<script>
document.getElementById('save').addEventListener('click', async () => {
  try { await fetch('http://api.shop.test/save', { method: 'POST', body: 'cart' }); } catch (e) {}
  try { await fetch('http://cdn.elsewhere.test/pixel', { method: 'POST', body: 'x' }); } catch (e) {}
  document.getElementById('s').textContent = 'Saved';
});
</script></body></html>`
	os.WriteFile(filepath.Join(h.cwd, "shop.html"), []byte(page), 0o644)
	h.primaOK("browser", "open")
	h.primaOK("route", "http://app.shop.test/**", "--file", "shop.html", "--content-type", "text/html")
	h.primaOK("route", "http://api.shop.test/**", "--status", "500", "--header", "Access-Control-Allow-Origin: *")
	h.primaOK("route", "http://cdn.elsewhere.test/**", "--status", "204", "--header", "Access-Control-Allow-Origin: *")
	h.primaOK("go", "http://app.shop.test/")
	r := h.prima("pw", "click", "#save")
	acts(t, "click Save", r, "Saved")
	wantEvent(t, "click Save", r.out, "request failed: POST http://api.shop.test/save -> 500")
	path := ""
	for _, line := range strings.Split(section(r.out, "Artifacts"), "\n") {
		if i := strings.Index(line, "/"); i >= 0 && strings.HasSuffix(line, "network.jsonl") {
			path = line[i:]
		}
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("the click's network.jsonl (%q): %v\n%s", path, err, r.out)
	}
	if !strings.Contains(string(b), `"method":"POST","path":"http://api.shop.test/save","status":500`) || strings.Contains(string(b), "elsewhere") {
		t.Errorf("network.jsonl holds the sibling host's request and not the other site's; it holds:\n%s", b)
	}
}

// onBoth runs body on prima's own browser and on an attached playwright-cli
// session named session, each opened at path: p runs a prima command there
// that must succeed, q one whose result the body reads.
func onBoth(h *harness, session, path string, body func(name string, p func(...string) string, q func(...string) result)) {
	h.pwcli(session, "open", app.URL+path)
	for _, where := range [][]string{{"--instance", "prima"}, {"--pw-session", session}} {
		p := func(args ...string) string { return h.primaOK(append(args, where...)...) }
		q := func(args ...string) result { return h.prima(append(args, where...)...) }
		name := "an attached playwright-cli session"
		if where[0] == "--instance" {
			name = "prima's own browser"
			h.primaOK("browser", "open", app.URL+path)
		} else {
			p("go", app.URL+path)
		}
		body(name, p, q)
	}
}

// A request the page makes between commands (a poll on a timer) is in
// `prima network`, its bodies too: prima reads every request through the
// page's CDP session, whether an action runs or not.
func TestNetworkListsWhatThePageFetchedBetweenCommands(t *testing.T) {
	h := newHarness(t)
	page := `<!doctype html><html><head><title>Poll</title></head><body><p id="s">Waiting</p>
<script>
setTimeout(async () => {
  const r = await fetch('/api/poll', { method: 'POST', body: 'since=7' });
  document.getElementById('s').textContent = await r.text();
}, 1500);
</script></body></html>`
	os.WriteFile(filepath.Join(h.cwd, "poll.html"), []byte(page), 0o644)
	h.primaOK("browser", "open")
	h.primaOK("route", "http://poll.test/", "--file", "poll.html", "--content-type", "text/html")
	h.primaOK("route", "http://poll.test/api/**", "--status", "200", "--body", "3 new")
	h.primaOK("go", "http://poll.test/")
	h.primaOK("network") // what the go itself made
	time.Sleep(3 * time.Second)
	out := h.primaOK("network", "--bodies")
	mustContain(t, "network --bodies after the page polled on its own", out,
		"1 request since the last `prima network`", "- POST /api/poll -> 200 (fetch, ", `  sent: "since=7"`, `  got: "3 new"`)
}
