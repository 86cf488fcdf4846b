package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"
)

// The attach matrix: prima (drivers playwright-core 1.64.1 and 1.65.2)
// attached to a session of each playwright-cli release it claims to
// support, each installed by `scripts/setup --tools` into
// .tools/pwcli-VERSION/ (0.1.22 is the one every other test uses), and
// 0.1.22 on Playwright 1.65.2 (npm overrides) until a release runs 1.65.
// results/attach-matrix.md is a run of it. Add each new release here.
var attachMatrix = []struct {
	cli        string // @playwright/cli, and the build's tag (.tools/pwcli-CLI)
	playwright string // the playwrightVersion its sessions publish
	driver     string // the driver prima attaches through
	// refused: prima must refuse to attach, naming the version. Playwright
	// 1.61 (and the 1.62 alphas) take each call's timeout as a required
	// parameter (FrameAriaSnapshotParams: timeout: tFloat); from 1.63 on,
	// and in prima's driver, the timeout travels in the call's metadata, so
	// every call with a timeout fails on a 1.61 server with
	// "timeout: expected float, got undefined".
	refused bool
}{
	{"0.1.14", "1.61.0-alpha-1781023400000", "", true},
	{"0.1.18", "1.63.0-alpha-2026-08-05", "1.64.1", false},
	{"0.1.20", "1.64.0-alpha-2026-09-14", "1.64.1", false},
	{"0.1.22", "1.64.0-alpha-1790635538000", "1.64.1", false},
	// A session's socket takes clients of any minor, but prima renders
	// its pages with the injected script of the session's own minor.
	{"0.1.22-pw1.65.2", "1.65.2", "1.65.2", false},
}

func TestAttachMatrix(t *testing.T) {
	for _, v := range attachMatrix {
		t.Run("playwright-cli-"+v.cli, func(t *testing.T) {
			bin := pwcliBin
			if v.cli != "0.1.22" {
				bin = filepath.Join(repoRoot, ".tools", "pwcli-"+v.cli, "node_modules", ".bin", "playwright-cli")
			}
			if _, err := os.Stat(bin); err != nil {
				t.Fatalf("playwright-cli %s is not installed at %s: run scripts/setup --tools", v.cli, bin)
			}
			start := time.Now()
			defer func() {
				t.Logf("playwright-cli %s (Playwright %s): %s", v.cli, v.playwright, time.Since(start).Round(10*time.Millisecond))
			}()
			// The harness's cleanup closes this session too: 0.1.22's
			// close-all closes the sessions of 0.1.14 to 0.1.20 (they share
			// the session registry), and any daemon left with this
			// XDG_CACHE_HOME is killed (their command lines hold cliDaemon).
			h := newHarness(t)
			const s = "mx"

			h.pwcliAt(bin, s, "open", app.URL+"/truth/dialogs")
			list := h.primaOK("browser", "list")
			if !regexp.MustCompile(`(?m)^` + s + ` +live +` + regexp.QuoteMeta(v.playwright) + ` `).MatchString(list) {
				t.Fatalf("browser list: want %s live with Playwright %s:\n%s", s, v.playwright, list)
			}

			if v.refused {
				r := h.prima("snapshot")
				if r.code != 1 || !strings.Contains(r.err, "runs Playwright "+v.playwright) || strings.Contains(r.out+r.err, "expected float") {
					t.Errorf("Playwright %s: want a refusal that names the version, exit 1; got:\n%s", v.playwright, r)
				}
				return
			}

			// A dialog raised through prima is reported and answered by prima.
			snap := h.primaOK("snapshot")
			if !regexp.MustCompile(`(?m)^pw:` + s + ` +attached +` + regexp.QuoteMeta(v.driver) + ` `).MatchString(h.primaOK("browser", "list")) {
				t.Errorf("browser list: want the instance pw:%s through driver %s:\n%s", s, v.driver, h.primaOK("browser", "list"))
			}
			// --endpoint naming the session's socket: the descriptor gives
			// the version, so the same driver.
			if m := regexp.MustCompile(`(?m)^` + s + ` +live +\S+ +(\S+)`).FindStringSubmatch(list); m != nil {
				h.primaOK("snapshot", "--endpoint", m[1])
				if l := h.primaOK("browser", "list"); !regexp.MustCompile(`(?m)^endpoint:` + regexp.QuoteMeta(m[1]) + ` +attached +` + regexp.QuoteMeta(v.driver) + ` `).MatchString(l) {
					t.Errorf("browser list: want the instance of --endpoint %s through driver %s:\n%s", m[1], v.driver, l)
				}
			} else {
				t.Errorf("browser list names no endpoint for %s:\n%s", s, list)
			}
			mustContain(t, "snapshot", snap, "/truth/dialogs")
			r := h.prima("pw", "click", ref(t, snap, "button", "Delete files"), "--timeout", "5s")
			wantOK(t, "a click that opens confirm()", r)
			mustContain(t, "### Events", section(r.out, "Events"), `dialog: confirm "Delete 3 files?" -> left open`)
			r = h.prima("dialog", "accept", "--timeout", "5s")
			wantOK(t, "dialog accept", r)
			wantChanges(t, "dialog accept", r.out, "Deleted 3 files")
			if got := lastValue(settledActions(t, 2), "dialog", "delete-files"); got != "confirm:true" {
				t.Errorf("after dialog accept the page logged %q, want confirm:true", got)
			}
			h.primaOK("go", "/controls")

			// The user's refs, printed by this playwright-cli before prima acts.
			theirs := h.pwcliSnapshotAt(bin, s)
			enabled := ref(t, theirs, "button", "Enabled one")
			bold := ref(t, theirs, "button", "Bold")

			if snap = h.primaOK("snapshot"); !refRE.MatchString(snap) {
				t.Errorf("prima snapshot holds no refs:\n%s", snap)
			}
			mustContain(t, "prima snapshot", snap, `checkbox "Agree"`)

			app.Reset()
			out := h.primaOK("pw", "click", bold)
			mustContain(t, "pw click on playwright-cli's ref", out, "ok: true")
			wantChanges(t, "pw click on playwright-cli's ref", out, `button "Bold": unpressed -> pressed`)
			if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "bold" {
				t.Errorf("pw click %s (Bold in playwright-cli's snapshot) touched %v", bold, got)
			}

			app.Reset()
			out = h.primaOK("do", "check Agree")
			if !regexp.MustCompile(`(?m)^1\. ok +check Agree`).MatchString(section(out, "Steps")) {
				t.Errorf("do: want step 1 ok:\n%s", out)
			}
			if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "agree" {
				t.Errorf("do check Agree touched %v", got)
			}

			// prima's snapshots and actions did not wipe the user's refs.
			app.Reset()
			h.pwcliAt(bin, s, "click", enabled)
			if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "enabled-one" {
				t.Errorf("playwright-cli %s's own ref %s clicked %v after prima acted, want enabled-one", v.cli, enabled, got)
			}
		})
	}
}

// pwcliAt runs the playwright-cli at bin in a session, as h.pwcli runs 0.1.22.
func (h *harness) pwcliAt(bin, session string, args ...string) string {
	h.t.Helper()
	r := h.run(60*time.Second, nil, bin, append([]string{"-s=" + session}, args...)...)
	if r.code != 0 {
		h.t.Fatalf("%s -s=%s %s: %s", bin, session, strings.Join(args, " "), r)
	}
	return r.out
}

// pwcliSnapshotAt is the snapshot text the playwright-cli at bin wrote.
func (h *harness) pwcliSnapshotAt(bin, session string) string {
	h.t.Helper()
	text, err := h.snapshotIn(h.pwcliAt(bin, session, "snapshot"))
	if err != nil {
		h.t.Fatal(err)
	}
	return text
}

// snapshotIn is the snapshot text of a playwright-cli snapshot's output:
// inline, or in the file it names.
func (h *harness) snapshotIn(out string) (string, error) {
	if i := strings.Index(out, "```yaml\n"); i >= 0 {
		return out[i:], nil
	}
	m := regexp.MustCompile(`\((\.playwright-cli/[^)]+\.yml)\)`).FindStringSubmatch(out)
	if m == nil {
		return "", fmt.Errorf("no snapshot in: %s", out)
	}
	b, err := os.ReadFile(filepath.Join(h.cwd, m[1]))
	return string(b), err
}
