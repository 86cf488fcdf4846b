package exec

import (
	"context"
	"flag"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/fixtures"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/locate"
	"github.com/prima-dev/prima/prima/wire"
)

// One driver and one fixture server per test binary; each test gets its
// own Chromium instance (a fresh page and state manager).
var (
	testPW     *playwright.Playwright
	testApp    *fixtures.Server
	testLaunch browser.LaunchOptions
)

func TestMain(m *testing.M) {
	flag.Parse()
	if testing.Short() {
		// The unit layer: the tests that need no browser run; the others
		// skip (newTestInstance) and CI runs them without -short.
		os.Exit(m.Run())
	}
	var err error
	testPW, err = browser.StartPlaywright(os.Stderr)
	if err != nil {
		fmt.Fprintln(os.Stderr, "prima tests need the driver and Chromium (scripts/setup):", err)
		os.Exit(1)
	}
	found, err := locate.FindBrowser(context.Background(), "", "", os.Getenv)
	if err != nil {
		fmt.Fprintln(os.Stderr, "prima tests need a browser (scripts/setup apt-installs chromium):", err)
		os.Exit(1)
	}
	testLaunch = browser.LaunchOptions{Path: found.Path, Timeout: 30 * time.Second}
	testApp, err = fixtures.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	code := m.Run()
	testApp.Close()
	testPW.Stop()
	os.Exit(code)
}

func newTestInstance(t *testing.T, path string) *Instance {
	t.Helper()
	if testing.Short() {
		t.Skip("needs Chromium and the driver: run without -short")
	}
	in, err := NewOwned(testPW, t.Name(), testLaunch, t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { in.Close() })
	if path != "" {
		env := in.Go(ctxT(t), testApp.URL+path, false, nil)
		if !env.OK {
			t.Fatalf("go %s:\n%s", path, env.Markdown())
		}
	}
	testApp.Reset()
	return in
}

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// refFor finds the ref of the element with role and name in a fresh
// snapshot, as a caller reading `prima snapshot` would.
func refFor(t *testing.T, in *Instance, role, name string) string {
	t.Helper()
	env := in.Snapshot(ctxT(t), wire.SnapshotRequest{})
	for _, line := range strings.Split(env.Snapshot, "\n") {
		if strings.Contains(line, "- "+role+" \""+name+"\"") {
			if i := strings.Index(line, "[ref="); i >= 0 {
				return line[i+5 : i+strings.Index(line[i:], "]")]
			}
		}
	}
	t.Fatalf("no %s %q in snapshot:\n%s", role, name, env.Snapshot)
	return ""
}

// actions waits briefly for the fixture log to settle and returns it.
func actions(t *testing.T, atLeast int) []fixtures.Action {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	testApp.WaitActions(ctx, atLeast)
	time.Sleep(150 * time.Millisecond)
	return testApp.Actions()
}

func hasChange(env *envelope.Envelope, kind, item string) bool {
	if env.Changes == nil {
		return false
	}
	for _, g := range env.Changes.Groups {
		if g.Kind != kind {
			continue
		}
		for _, it := range g.Items {
			if it.String() == item {
				return true
			}
		}
	}
	return false
}

func TestPwFillAndClickProveTheirChanges(t *testing.T) {
	in := newTestInstance(t, "/profile")
	name := refFor(t, in, "textbox", "Name")
	env := in.Pw(ctxT(t), wire.PwRequest{Action: "fill", Ref: name, Values: []string{"Ada"}})
	if !env.OK || !hasChange(env, "typed", `textbox "Name": "" -> "Ada"`) {
		t.Fatalf("fill envelope:\n%s", env.Markdown())
	}
	if env.Used != `await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Ada');` {
		t.Errorf("used: %s", env.Used)
	}
	save := refFor(t, in, "button", "Save")
	testApp.Reset()
	env = in.Pw(ctxT(t), wire.PwRequest{Action: "click", Ref: save})
	if !env.OK || !hasChange(env, "added", "status: Profile saved") {
		t.Fatalf("click envelope:\n%s", env.Markdown())
	}
	var clicks []string
	for _, a := range actions(t, 1) {
		if a.Kind == "click" {
			clicks = append(clicks, a.ID)
		}
	}
	if strings.Join(clicks, ",") != "save" {
		t.Errorf("clicked %v, want exactly [save]", clicks)
	}
	t.Log(env.Markdown())
}
