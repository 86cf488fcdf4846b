package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prima-dev/prima/prima/wire"
)

func TestChangesAreTrue(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/churn")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "button", "Re-render"))
	mustContain(t, "ref churn only", out, "### Changes\nno change\n")

	h.primaOK("go", "/controls")
	snap = h.primaOK("snapshot")
	mustContain(t, "checkbox", h.primaOK("pw", "check", ref(t, snap, "checkbox", "Agree")), "toggled:\n  - checkbox \"Agree\": unchecked -> checked")

	h.primaOK("go", "/profile")
	snap = h.primaOK("snapshot")
	mustContain(t, "fill", h.primaOK("pw", "fill", ref(t, snap, "textbox", "Name"), "Ada"), "typed:\n  - textbox \"Name\": \"\" -> \"Ada\"")
	mustContain(t, "status", h.primaOK("pw", "click", ref(t, snap, "button", "Save")), "added:\n  - status: Profile saved")
}

func TestRefAndSelectorFailuresEachHaveTheirOwnMessage(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	before := h.primaOK("snapshot")
	old := ref(t, before, "button", "Enabled one")

	app.Reset()
	// A ref the snapshot just taken does not hold fails on its word, not
	// by waiting for the ref until the 60 s deadline; a loaded machine's
	// seconds cannot reach the bound.
	r := h.prima("pw", "click", "e9999", "--timeout", "60s")
	if r.code != 1 || !strings.Contains(r.out, "ref e9999 matches no element") {
		t.Errorf("unknown ref: %s", r)
	}
	if r.took > 30*time.Second {
		t.Errorf("an unknown ref took %s under a 60 s deadline; it should fail fast", r.took)
	}

	r = h.prima("pw", "click", "e")
	if r.code != 2 || !strings.Contains(r.err, `"e" is not a ref`) {
		t.Errorf("malformed ref: %s", r)
	}
	r = h.prima("pw", "click", "f1e")
	if r.code != 2 || !strings.Contains(r.err, `"f1e" is not a ref`) {
		t.Errorf("malformed frame ref: %s", r)
	}

	h.primaOK("go", "/dupes")
	r = h.prima("pw", "click", old)
	if r.code != 1 || !strings.Contains(r.out, "ref "+old+" matches no element") {
		t.Errorf("a ref from before the navigation: %s", r)
	}
	r = h.prima("pw", "click", `button:has-text("Delete")`)
	if r.code != 1 || !strings.Contains(r.out, "matches 4 elements, not exactly one") {
		t.Errorf("ambiguous selector: %s", r)
	}
	r = h.prima("pw", "click", "f9e1")
	if r.code != 1 || !strings.Contains(r.out, "f9e1") {
		t.Errorf("unknown frame: %s", r)
	}
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("failed commands acted: %v", got)
	}

	// Same-named buttons: a ref still names exactly one, by position among
	// its equals, and only that one is clicked.
	snap := h.primaOK("snapshot")
	var second string
	n := 0
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, `button "Delete" [ref=`) {
			n++
			if n == 2 {
				second = refRE.FindStringSubmatch(l)[1]
			}
		}
	}
	app.Reset()
	used, changes := actedJSON(t, "second Delete", h.prima("pw", "click", second, "--json"))
	mustContain(t, "second Delete", used, "getByRole('button', { name: 'Delete', exact: true }).nth(1).click()")
	mustContain(t, "second Delete", changes, "Deleted B")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "delete-b" {
		t.Errorf("clicked %v, want delete-b", got)
	}
}

func TestIframeRefClicksTheInnerButton(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/iframe")
	snap := h.primaOK("snapshot")
	inner := ref(t, snap, "button", "Inner button")
	if !strings.HasPrefix(inner, "f") {
		t.Fatalf("inner ref %q is not frame-qualified:\n%s", inner, snap)
	}
	app.Reset()
	used, changes := actedJSON(t, "iframe click", h.prima("pw", "click", inner, "--json"))
	mustContain(t, "iframe click", used, "contentFrame()")
	mustContain(t, "iframe click", changes, "Inner clicked")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "inner-button" {
		t.Errorf("clicked %v, want inner-button", got)
	}
}

func TestNetworkArtifactOnlyWhenThereWasTraffic(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/network")
	snap := h.primaOK("snapshot")
	out := h.primaOK("pw", "click", ref(t, snap, "button", "Fetch data"))
	m := regexp.MustCompile(`- network.jsonl: (\S+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no network.jsonl listed:\n%s", out)
	}
	b, err := os.ReadFile(m[1])
	if err != nil || !strings.Contains(string(b), `"method":"GET","path":"/api/data","status":200`) {
		t.Errorf("network.jsonl = %q, %v", b, err)
	}
	out = h.primaOK("pw", "click", ref(t, snap, "heading", "Network"))
	if strings.Contains(out, "network.jsonl") {
		t.Errorf("network.jsonl listed with no traffic:\n%s", out)
	}
}

func TestDaemonLifecycleAndFaults(t *testing.T) {
	h := newHarness(t)
	if r := h.prima("daemon", "status"); r.code != 1 || !strings.Contains(r.out, "no daemon") {
		t.Fatalf("status before start: %s", r)
	}
	// Any command starts the daemon on demand.
	h.primaOK("browser", "open", app.URL+"/controls")
	fi, err := os.Stat(h.home)
	if err != nil || fi.Mode().Perm() != 0o700 {
		t.Errorf("PRIMA_HOME mode %v, %v; want 0700", fi.Mode().Perm(), err)
	}
	fi, err = os.Stat(filepath.Join(h.home, "prima.sock"))
	if err != nil || fi.Mode().Perm() != 0o600 || fi.Mode()&os.ModeSocket == 0 {
		t.Errorf("socket mode %v, %v; want a 0600 socket", fi.Mode(), err)
	}

	// Chromium killed: a clear envelope, and the daemon lives on.
	pid := daemonPID(t, h)
	for _, c := range descendants(pid) {
		if isChromium(c) {
			syscall.Kill(c, syscall.SIGKILL)
		}
	}
	time.Sleep(500 * time.Millisecond)
	r := h.prima("snapshot")
	if r.code != 1 || !strings.Contains(r.out+r.err, "gone") {
		t.Errorf("after Chromium died: %s", r)
	}
	if daemonPID(t, h) != pid {
		t.Error("the daemon restarted instead of surviving")
	}
	mustContain(t, "reopen", h.primaOK("browser", "open", app.URL+"/profile"), "ok: true")

	// Daemon killed with -9: the next command starts a new one.
	killTree(pid)
	waitGone(t, pid)
	mustContain(t, "after kill -9", h.primaOK("browser", "open", app.URL+"/profile"), "ok: true", "/profile")
	if daemonPID(t, h) == pid {
		t.Error("same daemon pid after kill -9")
	}
	// A bad request does not take it down.
	if r := h.prima("pw", "explode", "e1"); r.code != 2 || !strings.Contains(r.err, `"explode" is not one of`) {
		t.Errorf("unknown action: %s", r)
	}
	if r := h.prima("go", "javascript:alert(1)"); r.code != 2 || !strings.Contains(r.err, "refuses javascript") {
		t.Errorf("javascript: URL: %s", r)
	}
	h.primaOK("daemon", "status")
}

func daemonPID(t *testing.T, h *harness) int {
	t.Helper()
	out := h.primaOK("daemon", "status")
	m := regexp.MustCompile(`daemon (\d+)`).FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("status: %s", out)
	}
	pid, _ := strconv.Atoi(m[1])
	return pid
}

func isChromium(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/cmdline")
	return err == nil && strings.Contains(string(b), "chromium") && !strings.Contains(string(b), "--type=")
}

func TestConcurrentFirstCommandsShareOneDaemon(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	h.primaOK("daemon", "stop")
	// Four CLIs at once with no daemon running: one daemon wins the start
	// race, all four are served, and commands on the instance serialize.
	results := make(chan result, 4)
	for i := 0; i < 4; i++ {
		go func() { results <- h.prima("browser", "list") }()
	}
	for i := 0; i < 4; i++ {
		if r := <-results; r.code != 0 {
			t.Errorf("concurrent start: %s", r)
		}
	}
	out, _ := os.ReadFile(filepath.Join(h.home, "daemon.log"))
	if n := strings.Count(string(out), "serving on"); n != 2 {
		t.Errorf("daemon.log shows %d daemons serving, want 2 (the first, then one after the stop):\n%s", n, out)
	}
}

func TestSnapshotHTMLAndJSON(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	out := h.primaOK("snapshot", "--html")
	mustContain(t, "compact markup", out, "### Snapshot", `<input id="name"`, `<button`, "Save")
	out = h.primaOK("snapshot", "--json")
	mustContain(t, "json snapshot", out, `"ok":true`, `"command":"snapshot"`, `textbox \"Name\"`)
	r := h.prima("pw", "click", "#nope", "--json", "--timeout", "1s")
	if r.code != 1 || !strings.Contains(r.out, `"ok":false`) || !strings.Contains(r.out, `"failure"`) {
		t.Errorf("json failure: %s", r)
	}
}

func TestABareContainerRefResolvesByPosition(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/dupes")
	snap := h.primaOK("snapshot")
	root := refRE.FindStringSubmatch(snap)
	if root == nil {
		t.Fatalf("no ref in:\n%s", snap)
	}
	out := h.primaOK("pw", "hover", root[1])
	mustContain(t, "bare container", out, "ok: true", "used: await page.locator('xpath=/html[1]/body[1]').hover();")
}

// Headless, prima launches the browser's headless shell (scripts/setup
// installs Debian's chromium-headless-shell); a browser named with
// --browser-path is launched as named, and acts and proves the same.
func TestHeadlessLaunchesTheShellAndANamedBrowserAsNamed(t *testing.T) {
	const shell, full = "/usr/bin/chromium-headless-shell", "/usr/bin/chromium"
	h := newHarness(t)
	program := func(instance string) string {
		var l wire.ListResponse
		if err := json.Unmarshal([]byte(h.primaOK("browser", "list", "--json")), &l); err != nil {
			t.Fatal(err)
		}
		for _, in := range l.Instances {
			if in.Name == instance {
				return in.Program
			}
		}
		t.Fatalf("no instance %s in browser list", instance)
		return ""
	}
	h.primaOK("browser", "open", app.URL+"/controls")
	if got := program("prima"); got != shell {
		t.Errorf("headless, discovered: launched %q, want the headless shell %s (installed by scripts/setup)", got, shell)
	}
	h.primaOK("browser", "open", "--instance", "full", "--browser-path", full, app.URL+"/controls")
	if got := program("full"); got != full {
		t.Errorf("--browser-path %s: launched %q, want it as named", full, got)
	}
	snap := h.primaOK("snapshot", "--instance", "full")
	app.Reset()
	out := h.primaOK("pw", "check", ref(t, snap, "checkbox", "Agree"), "--instance", "full")
	mustContain(t, "a check on the named browser", out, "toggled:\n  - checkbox \"Agree\": unchecked -> checked")
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("the page logged %v, want agree", got)
	}
}
