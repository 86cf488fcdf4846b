package main

import (
	"bufio"
	"context"
	"encoding/json"
	"fmt"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
	"github.com/prima-dev/prima/prima/locate"
)

// Remote browsers: a real `playwright run-server` (npm's playwright-core)
// and a Chromium started with a remote debugging port. Each server gets a
// Playwright browser folder holding this machine's browser, found by
// prima's own discovery, as a Playwright container image holds its own.

// serverBrowsers is a PLAYWRIGHT_BROWSERS_PATH for a run-server: the
// layout of each Playwright the tests run servers of (1.63, 1.64, 1.65;
// each names its Chromium by its own revision, in its browsers.json), its
// executables linked to the machine's browser.
func serverBrowsers(t *testing.T) string {
	t.Helper()
	b, err := locate.FindBrowser(context.Background(), "", "", os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	cores, _ := filepath.Glob(filepath.Join(repoRoot, ".tools", "pwcore-*", "node_modules", "playwright-core"))
	cores = append(cores, filepath.Join(repoRoot, ".driver", "package"))
	revs := map[string]bool{}
	for _, core := range cores {
		raw, err := os.ReadFile(filepath.Join(core, "browsers.json"))
		if err != nil {
			continue
		}
		var bj struct {
			Browsers []struct{ Name, Revision string }
		}
		json.Unmarshal(raw, &bj)
		for _, br := range bj.Browsers {
			if br.Name == "chromium" {
				revs[br.Revision] = true
			}
		}
	}
	for rev := range revs {
		for _, p := range []string{"chromium-" + rev + "/chrome-linux64/chrome", "chromium_headless_shell-" + rev + "/chrome-headless-shell-linux64/chrome-headless-shell"} {
			os.MkdirAll(filepath.Dir(filepath.Join(dir, p)), 0o755)
			if err := os.Symlink(b.Path, filepath.Join(dir, p)); err != nil {
				t.Fatal(err)
			}
		}
	}
	return dir
}

func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// runServer starts the run-server of the playwright-core folder core on
// port and returns its endpoint and a kill -9 of the server and its
// browsers.
func runServer(t *testing.T, core, browsers string, port int) (string, func()) {
	t.Helper()
	cli := filepath.Join(core, "cli.js")
	if _, err := os.Stat(cli); err != nil {
		t.Fatalf("no playwright-core at %s: run scripts/setup --tools", core)
	}
	cmd := exec.Command("node", cli, "run-server", "--host", "127.0.0.1", "--port", fmt.Sprint(port))
	cmd.Env = append(os.Environ(), "PLAYWRIGHT_BROWSERS_PATH="+browsers)
	out, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stderr = os.Stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	kill := func() { killTree(cmd.Process.Pid); cmd.Wait() }
	t.Cleanup(kill)
	ep := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(out)
		for sc.Scan() {
			if m := regexp.MustCompile(`Listening on (ws://\S+)`).FindStringSubmatch(sc.Text()); m != nil {
				ep <- m[1]
			}
		}
	}()
	// A hang guard, not a speed bound: it ends as soon as the line comes,
	// and Node's start on a loaded machine takes seconds.
	select {
	case e := <-ep:
		return e, kill
	case <-time.After(60 * time.Second):
		t.Fatal("run-server printed no endpoint in 60 s")
	}
	return "", nil
}

func TestRemotePlaywrightServer(t *testing.T) {
	h := newHarness(t)
	browsers := serverBrowsers(t)
	port := freePort(t)
	ep, kill := runServer(t, filepath.Join(repoRoot, ".driver", "package"), browsers, port)

	// browser open honours --endpoint: the remote browser gets a page and
	// goes there; prima's own Chromium is never launched in its place.
	out := h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep)
	mustContain(t, "browser open on the server", out, "ok: true", "/controls")
	list := h.primaOK("browser", "list")
	mustContain(t, "the instance is the remote one", list, "endpoint:"+ep)
	if strings.Contains(list, "owned") {
		t.Errorf("browser open --endpoint launched prima's own browser:\n%s", list)
	}

	snap := h.primaOK("snapshot", "--endpoint", ep)
	app.Reset()
	out = h.primaOK("pw", "click", ref(t, snap, "checkbox", "Agree"), "--endpoint", ep)
	mustContain(t, "pw click on the server", out, `checkbox "Agree": unchecked -> checked`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("clicked %v, want agree", got)
	}
	app.Reset()
	out = h.primaOK("do", "click Bold", "--endpoint", ep)
	mustContain(t, "do on the server", out, "1. ok", `button "Bold": unpressed -> pressed`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "bold" {
		t.Errorf("do clicked %v, want bold", got)
	}
	mustContain(t, "go on the server", h.primaOK("go", app.URL+"/profile", "--endpoint", ep), "ok: true", "url: "+app.URL+"/profile   (from /controls)")

	// The server dies: browser_gone, at once. It comes back: the next
	// command reconnects (to a new browser, whose page is new).
	kill()
	// At once, not by waiting the 60 s deadline out: the bound is far
	// from both, so a loaded machine's seconds cannot fail it and a wait
	// for the dead server cannot pass it.
	r := h.prima("snapshot", "--endpoint", ep, "--timeout", "60s")
	if r.code != 1 || !strings.Contains(r.out+r.err, "code: browser_gone") || r.took > 30*time.Second {
		t.Errorf("after the server was killed (%s): %s", r.took, r)
	}
	ep2, _ := runServer(t, filepath.Join(repoRoot, ".driver", "package"), browsers, port)
	if ep2 != ep {
		t.Fatalf("the server came back at %s, not %s", ep2, ep)
	}
	mustContain(t, "go after the server came back", h.primaOK("go", app.URL+"/controls", "--endpoint", ep), "ok: true", "/controls")
}

// pwcore is the playwright-core folder of a run-server scripts/setup
// --tools installs.
func pwcore(version string) string {
	return filepath.Join(repoRoot, ".tools", "pwcore-"+version, "node_modules", "playwright-core")
}

func TestRemoteServerOfAnotherMinorIsRefusedAtOnce(t *testing.T) {
	h := newHarness(t)
	// A 1.63 server refuses 1.64 clients (HTTP 428), and prima has no
	// 1.63 driver.
	ep, _ := runServer(t, pwcore("1.63.0"), serverBrowsers(t), freePort(t))
	// At once: well inside the 60 s deadline the connect would wait out.
	// The bound includes the daemon's and the driver's start, which a
	// loaded machine slows by seconds, never by 30.
	r := h.prima("browser", "open", "--endpoint", ep, "--timeout", "60s")
	if r.code != 1 || r.took > 30*time.Second {
		t.Fatalf("a 1.63 server (%s): %s", r.took, r)
	}
	mustContain(t, "the refusal", r.err, "code: attach", "Playwright 1.63", "Playwright 1.64.1", "1.64 and 1.65", "npx -y playwright-core@1.64.1 run-server")
	mustContain(t, "the daemon still serves", h.primaOK("daemon", "status"), "daemon")
}

// driverProcs lists the drivers a daemon runs: the cli.js each was started
// with (PRIMA_DRIVER_CLI of its process), by the daemon's PRIMA_HOME.
func driverProcs(t *testing.T, home string) []string {
	t.Helper()
	var out []string
	envs, _ := filepath.Glob("/proc/[0-9]*/environ")
	for _, e := range envs {
		cmd, _ := os.ReadFile(filepath.Join(filepath.Dir(e), "cmdline"))
		if !strings.Contains(string(cmd), "run-driver") {
			continue
		}
		env, _ := os.ReadFile(e)
		vars := strings.Split(string(env), "\x00")
		if !slices.Contains(vars, "PRIMA_HOME="+home) {
			continue
		}
		for _, v := range vars {
			if c, ok := strings.CutPrefix(v, "PRIMA_DRIVER_CLI="); ok {
				out = append(out, c)
			}
		}
	}
	sort.Strings(out)
	return out
}

// A 1.65 server refuses prima's own driver (HTTP 428 naming v1.65): prima
// attaches through its second driver, playwright-core 1.65.2 (a patch
// release other than the server's), started for it alone.
func TestRemoteServerOfTheNextMinor(t *testing.T) {
	h := newHarness(t)
	ep, _ := runServer(t, pwcore("1.65.1"), serverBrowsers(t), freePort(t))
	out := h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep)
	mustContain(t, "browser open on a 1.65 server", out, "ok: true", "/controls")
	drivers := driverProcs(t, h.home)
	if len(drivers) != 1 || !strings.Contains(drivers[0], "playwright-core-1.65.2") {
		t.Errorf("a 1.65 attach alone runs the drivers %v, want the 1.65.2 one only", drivers)
	}

	snap := h.primaOK("snapshot", "--endpoint", ep)
	mustContain(t, "snapshot of a 1.65 server", snap, `checkbox "Agree"`)
	app.Reset()
	out = h.primaOK("pw", "click", ref(t, snap, "checkbox", "Agree"), "--endpoint", ep)
	mustContain(t, "pw click on a 1.65 server", out, `checkbox "Agree": unchecked -> checked`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("clicked %v, want agree", got)
	}
	// A table named by its caption: prima's own render of the page (with
	// the 1.65 driver's injected script) names it as the server's
	// Playwright does.
	out = h.primaOK("go", app.URL+"/mutate", "--endpoint", ep)
	snap = h.primaOK("snapshot", "--endpoint", ep)
	mustContain(t, "a captioned table in the snapshot", snap, `table "Issues"`)
	app.Reset()
	out = h.primaOK("wait", "50ms", "--endpoint", ep)
	if strings.Contains(section(out, "Changes"), "table") {
		t.Errorf("nothing changed, yet prima's render differs from Playwright's snapshot:\n%s", out)
	}
}

// Two servers of two minors in one daemon, each acted on through its own
// driver.
func TestRemoteServersOfTwoMinorsSideBySide(t *testing.T) {
	h := newHarness(t)
	browsers := serverBrowsers(t)
	ep64, _ := runServer(t, filepath.Join(repoRoot, ".driver", "package"), browsers, freePort(t))
	ep65, _ := runServer(t, pwcore("1.65.1"), browsers, freePort(t))
	h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep64, "--instance", "s64")
	h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep65, "--instance", "s65")
	if drivers := driverProcs(t, h.home); len(drivers) != 2 {
		t.Errorf("two servers of two minors: the daemon runs the drivers %v, want two", drivers)
	}
	for _, c := range []struct{ instance, target, id, change string }{
		{"s64", "Bold", "bold", `button "Bold": unpressed -> pressed`},
		{"s65", "Agree", "agree", `checkbox "Agree": unchecked -> checked`},
		{"s64", "Agree", "agree", `checkbox "Agree": unchecked -> checked`},
		{"s65", "Bold", "bold", `button "Bold": unpressed -> pressed`},
	} {
		snap := h.primaOK("snapshot", "--instance", c.instance)
		role := "button"
		if c.target == "Agree" {
			role = "checkbox"
		}
		app.Reset()
		out := h.primaOK("pw", "click", ref(t, snap, role, c.target), "--instance", c.instance)
		mustContain(t, "pw click on "+c.instance, out, c.change)
		if got := ids(settledActions(t, 1)); strings.Join(got, ",") != c.id {
			t.Errorf("%s: clicked %v, want %s", c.instance, got, c.id)
		}
	}
	list := h.primaOK("browser", "list")
	mustContain(t, "browser list names each instance's driver", list, "1.64.1", "1.65.2")
}

// A 1.65 server whose driver is not installed: the error names the fix.
func TestRemoteServerWhoseDriverIsMissingNamesTheFix(t *testing.T) {
	h := newHarness(t)
	ep, _ := runServer(t, pwcore("1.65.1"), serverBrowsers(t), freePort(t))
	// prima's own driver alone, named as a user names it.
	drv := filepath.Join(t.TempDir(), "driver")
	os.MkdirAll(drv, 0o755)
	own, _ := filepath.EvalSymlinks(filepath.Join(repoRoot, ".driver", "package"))
	os.Symlink(own, filepath.Join(drv, "package"))
	// Refused on the server's answer, not by waiting the 60 s deadline
	// out; the bound leaves a loaded machine's daemon start its seconds.
	r := h.run(90*time.Second, []string{"PLAYWRIGHT_DRIVER_PATH=" + drv}, primaBin, "browser", "open", "--endpoint", ep, "--timeout", "60s")
	if r.code != 1 || r.took > 30*time.Second {
		t.Fatalf("a 1.65 server without its driver (%s): %s", r.took, r)
	}
	mustContain(t, "the refusal", r.err, "Playwright 1.65", "playwright-core 1.65.2", "not installed", "prima install", "scripts/setup")
}

// cdpBrowser starts the machine's browser, headless, with a remote
// debugging port (and urls open, if any), and returns its CDP endpoint.
func cdpBrowser(t *testing.T, urls ...string) string {
	t.Helper()
	b, err := locate.FindBrowser(context.Background(), "", "", os.Getenv)
	if err != nil {
		t.Fatal(err)
	}
	args := append([]string{"--headless", "--no-sandbox", "--disable-gpu",
		"--disable-background-networking", "--disable-component-update", "--no-first-run", "--disable-sync",
		"--disable-quic", "--remote-debugging-port=0", "--user-data-dir=" + t.TempDir()}, urls...)
	cmd := exec.Command(b.Path, args...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { killTree(cmd.Process.Pid); cmd.Wait() })
	port := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		re := regexp.MustCompile(`DevTools listening on ws://127\.0\.0\.1:(\d+)/`)
		for sc.Scan() {
			if m := re.FindStringSubmatch(sc.Text()); m != nil {
				port <- m[1]
			}
		}
	}()
	// A hang guard, not a speed bound: it ends as soon as the line comes.
	select {
	case p := <-port:
		return "http://127.0.0.1:" + p
	case <-time.After(60 * time.Second):
		t.Fatal("the browser printed no DevTools port in 60 s")
	}
	return ""
}

func TestRemoteCDPBrowserWithoutPages(t *testing.T) {
	h := newHarness(t)
	// about:blank, not the new-tab page: a just-started browser's new-tab
	// page swaps itself for another while it starts, and Playwright's
	// connect over CDP can wait out its whole timeout on a page target
	// that stops answering (a known Playwright bug), which a loaded
	// machine makes likely. That is Playwright's, and not what this test
	// is about: a browser whose every page is closed.
	ep := cdpBrowser(t, "about:blank")

	// A browser of its own, just started: on a loaded machine Playwright's
	// first connection over CDP (attaching to every target the new profile
	// made) has taken longer than the default 30 s; --timeout gives the
	// connect more (the harness allows 90).
	out := h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep, "--timeout", "75s")
	mustContain(t, "browser open over CDP", out, "ok: true", "/controls")
	app.Reset()
	out = h.primaOK("do", "check Agree", "--endpoint", ep)
	mustContain(t, "do over CDP", out, "1. ok", `checkbox "Agree": unchecked -> checked`)
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
		t.Errorf("do touched %v, want agree", got)
	}
	// Every page closed: the next go opens one.
	h.primaOK("tab", "close", "--endpoint", ep)
	mustContain(t, "go on a browser with no page", h.primaOK("go", app.URL+"/profile", "--endpoint", ep), "ok: true", "/profile")
}

func TestBadEndpointsAndBrowsersAnswerAtOnce(t *testing.T) {
	h := newHarness(t)
	web := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { fmt.Fprint(w, "hello") }))
	defer web.Close()
	echo := httptest.NewServer(fixtures.Echo(""))
	defer echo.Close()
	notSocket := filepath.Join(t.TempDir(), "file")
	os.WriteFile(notSocket, []byte("x"), 0o644)
	closed := fmt.Sprintf("127.0.0.1:%d", freePort(t))
	notBrowser := filepath.Join(t.TempDir(), "fake-chrome")
	os.WriteFile(notBrowser, []byte("#!/bin/sh\necho 'Chromium 156.0.1.2'\n"), 0o755)
	textFile := filepath.Join(t.TempDir(), "notes.txt")
	os.WriteFile(textFile, []byte("not a program"), 0o644)

	cases := []struct {
		name string
		args []string
		says []string
	}{
		{"an HTTP server as a Playwright server", []string{"snapshot", "--endpoint", strings.Replace(web.URL, "http://", "ws://", 1)}, []string{"code: attach", "not a Playwright server", "HTTP 200"}},
		{"an HTTP server as a CDP endpoint", []string{"snapshot", "--endpoint", web.URL}, []string{"code: attach", web.URL}},
		{"a closed port", []string{"snapshot", "--endpoint", "ws://" + closed}, []string{"code: attach", closed}},
		{"a websocket echo server", []string{"snapshot", "--endpoint", strings.Replace(echo.URL, "http://", "ws://", 1)}, []string{"code: attach"}},
		{"a file that is not a socket", []string{"snapshot", "--endpoint", notSocket}, []string{"code: attach", notSocket}},
		{"a browser path that is a text file", []string{"browser", "open", "--browser-path", textFile}, []string{"code: attach", textFile, "not executable"}},
		{"a browser path that is /bin/true", []string{"browser", "open", "--browser-path", "/bin/true"}, []string{"code: attach", "/bin/true", "not a Chrome"}},
		{"a program that claims to be Chromium", []string{"browser", "open", "--browser-path", notBrowser}, []string{"code: attach", notBrowser}},
	}
	// Each case runs under a 60 s deadline: a bad endpoint must be refused
	// by what it answers, never by waiting the deadline out. The bound is
	// far from both, so a loaded machine's slow daemon and driver start
	// (seconds) cannot fail it and a hang cannot pass it.
	for _, c := range cases {
		r := h.prima(append(c.args, "--timeout", "60s")...)
		if r.code != 1 || r.took > 30*time.Second {
			t.Errorf("%s (%s): %s", c.name, r.took, r)
			continue
		}
		mustContain(t, c.name, r.err, c.says...)
	}
	r := h.prima("snapshot", "--json", "--endpoint", "ws://"+closed)
	mustContain(t, "--json of an attach failure is JSON on stdout", r.out, `"ok": false`, `"code": "attach"`)
	mustContain(t, "the daemon still serves", h.primaOK("daemon", "status"), "daemon")
}

func TestSessionOfAnUnsupportedPlaywrightIsRefused(t *testing.T) {
	h := newHarness(t)
	sock := filepath.Join(h.cache, "old.sock")
	l, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	go func() {
		for {
			c, err := l.Accept()
			if err != nil {
				return
			}
			c.Close()
		}
	}()
	os.MkdirAll(filepath.Join(h.cache, "ms-playwright", "b"), 0o755)
	desc := fmt.Sprintf(`{"playwrightVersion":"1.59.0","title":"old","endpoint":%q,"browser":{"guid":"x","browserName":"chromium"}}`, sock)
	os.WriteFile(filepath.Join(h.cache, "ms-playwright", "b", "x"), []byte(desc), 0o644)
	// Refused on the descriptor's version, not by waiting the 60 s
	// deadline out; the bound leaves a loaded machine's daemon start its
	// seconds.
	r := h.prima("snapshot", "--timeout", "60s")
	if r.code != 1 || r.took > 30*time.Second {
		t.Fatalf("a Playwright 1.59 session (%s): %s", r.took, r)
	}
	mustContain(t, "the refusal", r.err, "code: attach", "1.59.0", "1.63 to 1.65")
}

func TestBrokenDriverIsAnAttachFailure(t *testing.T) {
	h := newHarness(t)
	drv := filepath.Join(t.TempDir(), "driver")
	os.MkdirAll(filepath.Join(drv, "lib"), 0o755)
	os.WriteFile(filepath.Join(drv, "package.json"), []byte(`{"name":"playwright-core","version":"1.64.1"}`), 0o644)
	os.WriteFile(filepath.Join(drv, "cli.js"), []byte("this is not javascript ("), 0o644)
	os.WriteFile(filepath.Join(drv, "lib", "coreBundle.js"), []byte("garbage"), 0o644)
	// The driver fails at its start, not by waiting the 60 s deadline
	// out; the bound leaves a loaded machine's daemon start its seconds.
	r := h.run(90*time.Second, []string{"PLAYWRIGHT_DRIVER_PATH=" + drv}, primaBin, "browser", "open", "--timeout", "60s")
	if r.code != 1 || r.took > 30*time.Second {
		t.Fatalf("a corrupt driver folder (%s): %s", r.took, r)
	}
	mustContain(t, "the refusal", r.err, "code: attach", drv, "prima install")
	mustContain(t, "the daemon still serves", h.primaOK("daemon", "status"), "daemon")
}

func TestDaemonLooksWhereTheCallerLooks(t *testing.T) {
	h := newHarness(t)
	// The daemon starts in another environment than the session's.
	other := t.TempDir()
	if r := h.run(30*time.Second, []string{"XDG_CACHE_HOME=" + other}, primaBin, "browser", "list"); r.code != 0 {
		t.Fatalf("start the daemon: %s", r)
	}
	h.pwcli("work", "open", app.URL+"/controls")
	mustContain(t, "a command from the session's environment attaches", h.primaOK("snapshot"), "/controls", `checkbox "Agree"`)
	mustContain(t, "browser list from that environment", h.primaOK("browser", "list"), "work")
	r := h.prima("browser", "open")
	if r.code != 0 || !strings.Contains(r.err, `session "work", not to this browser`) || !strings.Contains(r.err, "--instance prima") {
		t.Errorf("browser open beside a live session must say where later commands go: %s", r)
	}
}

func TestRemoteBrowsersByInstanceName(t *testing.T) {
	h := newHarness(t)
	browsers := serverBrowsers(t)
	core := filepath.Join(repoRoot, ".driver", "package")
	port1 := freePort(t)
	ep1, kill1 := runServer(t, core, browsers, port1)
	ep2, _ := runServer(t, core, browsers, freePort(t))

	// One orchestrator host, two remote browsers, one instance each.
	h.primaOK("browser", "open", app.URL+"/controls", "--endpoint", ep1, "--instance", "w1")
	h.primaOK("browser", "open", app.URL+"/profile", "--endpoint", ep2, "--instance", "w2")
	mustContain(t, "w1", h.primaOK("snapshot", "--instance", "w1"), "/controls")
	mustContain(t, "w2", h.primaOK("snapshot", "--instance", "w2"), "/profile")

	kill1()
	r := h.prima("snapshot", "--instance", "w1")
	if r.code != 1 || !strings.Contains(r.out+r.err, "code: browser_gone") {
		t.Errorf("w1 after its server died: %s", r)
	}
	mustContain(t, "w2 is untouched", h.primaOK("snapshot", "--instance", "w2"), "/profile")
	runServer(t, core, browsers, port1)
	mustContain(t, "w1 reconnects by name", h.primaOK("go", app.URL+"/dupes", "--instance", "w1"), "ok: true", "/dupes")
}
