package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"
)

// Whole open-source web apps, each installed from npm by scripts/setup
// --tools (scripts/setup-apps, pinned, into .tools/apps/NAME) and run
// offline on a free loopback port with a data folder of its own. Each test
// starts its app, seeds it through the app's own API, and runs flows a user
// would: several steps, each a literal do instruction or pw on a ref from
// the snapshot taken right before it. After each step an oracle reads the
// app's state through its own API (its HTTP API, or its in-page one through
// eval), and the envelope is judged as TestZoo3Probe judges a widget's:
//
//   - hit: ok, and the app did what was asked;
//   - false success: ok, yet the app did not;
//   - false failure: exit 1, yet the app did;
//   - honest failure: exit 1, and the app did not (a wrong answer only
//     when appGaps does not know it);
//   - removed-present: the Changes list as removed an element the page
//     still holds as often as before (snapshots before and after);
//   - false no change: "no change", yet the oracle or the page changed;
//   - route unproven: a click that rendered a new view (a client route, a
//     tiddler opened) whose Changes lack that view's own heading or
//     content, as added or renamed to and not "(on its own)".
//
// A step that is not a hit ends its flow, unless it is a known gap (then
// the app is as it was, and the flow's next step is the fallback a user
// would take). APPS_REPORT=FILE writes one markdown row per step there.

// appGaps are the honest failures the apps test knows, by app and step
// name, each a thing prima cannot do yet, with why; any other honest
// failure fails the test.
var appGaps = map[string]string{
	"tiddlywiki: do fill Title with Groceries":        "TiddlyWiki's title field has no label, placeholder or text before it: nothing names it",
	"tiddlywiki: do fill Search with Garden":          "TiddlyWiki's search field has no name; the only text before it is the wiki's subtitle",
	"node-red: do click tick":                         "a node on the canvas is an SVG rect with no name; its label is SVG text under the rect, and prima refuses a covered element",
	"node-red: do click cleanup":                      "the node's label shows twice (on the canvas and in the info sidebar's outline), neither a named control: prima refuses the ambiguity",
	"verdaccio: do click Login (in the login dialog)": "the header's Login button behind the modal (aria-hidden) and the dialog's Login heading are counted beside the dialog's Login button",
}

// appStep is one action. args builds the command from the snapshot taken
// right before it. state reads the oracle; want is what it should read
// after the step (a literal, or a regular expression after "re:"). refuse:
// the step is right when it fails with this code and leaves the state as
// it was (want is then the state before). view: the entries the Changes
// must add when the step renders a new view (`role "name"` or `role:
// text`).
type appStep struct {
	name   string
	args   func(snap string) ([]string, error)
	state  func(h *harness) string
	want   string
	refuse string
	view   []string
}

// appFlow is one flow: the page it starts on (loaded afresh), what the
// page shows once the app is up (wait js), and its steps.
type appFlow struct {
	name  string
	path  string
	ready string
	steps []appStep
}

// appDo is a literal do instruction.
func appDo(instr string, state func(*harness) string, want string) appStep {
	return appStep{name: "do " + instr, state: state, want: want, args: func(string) ([]string, error) {
		return []string{"do", instr}, nil
	}}
}

// appPw is a pw command on the ref of the first snapshot line that is one
// of targets (see zoo3Ref); rest follows the ref.
func appPw(verb string, targets []string, rest []string, state func(*harness) string, want string) appStep {
	name := "pw " + verb + " " + strings.Join(targets, "|")
	if len(rest) > 0 {
		name += " " + strings.Join(rest, " ")
	}
	return appStep{name: name, state: state, want: want, args: func(snap string) ([]string, error) {
		r := zoo3Ref(snap, targets...)
		if r == "" {
			return nil, fmt.Errorf("no ref for any of %q in the snapshot", targets)
		}
		return append([]string{"pw", verb, r}, rest...), nil
	}}
}

// appPwLast is appPw on the last line that is target (the tiddler opened
// last, below the others).
func appPwLast(verb, target string, state func(*harness) string, want string) appStep {
	return appStep{name: "pw " + verb + " last " + target, state: state, want: want, args: func(snap string) ([]string, error) {
		var last string
		for _, l := range strings.Split(snap, "\n") {
			if r := zoo3Ref(l, target); r != "" {
				last = r
			}
		}
		if last == "" {
			return nil, fmt.Errorf("no ref for %q in the snapshot", target)
		}
		return []string{"pw", verb, last}, nil
	}}
}

// appCmd is a command that needs no ref (dialog accept, back).
func appCmd(args []string, state func(*harness) string, want string) appStep {
	return appStep{name: strings.Join(args, " "), state: state, want: want, args: func(string) ([]string, error) {
		return args, nil
	}}
}

// appEval reads a string through eval in the page: the app's in-page API.
func appEval(h *harness, js string) string {
	r := h.prima("eval", js)
	a := strings.TrimSpace(section(r.out, "Answer"))
	if r.code != 0 {
		return "(eval failed: " + codeOf(r.out) + ")"
	}
	var s string
	if json.Unmarshal([]byte(a), &s) != nil {
		return a
	}
	return s
}

// appHTTP is a request to the app's own HTTP API; it returns the status
// and body (status 0 and the error when the request failed).
func appHTTP(method, url string, header map[string]string, body []byte) (int, string) {
	req, err := http.NewRequest(method, url, bytes.NewReader(body))
	if err != nil {
		return 0, err.Error()
	}
	for k, v := range header {
		req.Header.Set(k, v)
	}
	c := http.Client{Timeout: 10 * time.Second}
	resp, err := c.Do(req)
	if err != nil {
		return 0, err.Error()
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b)
}

// runNode runs node with args to its end (an app's own set-up command).
func runNode(args ...string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return exec.CommandContext(ctx, "node", args...).CombinedOutput()
}

// appProc is one running app.
type appProc struct {
	url string
	cmd *exec.Cmd
	log *bytes.Buffer
}

// appInstalled is the file an app's install holds, or the test fails with
// what to run.
func appInstalled(t *testing.T, name, rel string) string {
	t.Helper()
	p := filepath.Join(repoRoot, ".tools", "apps", name, "node_modules", rel)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("%s is not installed (%s is missing): run ./scripts/setup --tools", name, p)
	}
	return p
}

// startApp starts node with args in its own process group, waits until
// ready (a path) answers below 500, and stops the group at the end of the
// test. It returns the app's base URL.
func startApp(t *testing.T, name string, port int, dir string, ready string, env []string, args ...string) *appProc {
	t.Helper()
	p := &appProc{url: fmt.Sprintf("http://127.0.0.1:%d", port), log: &bytes.Buffer{}}
	p.cmd = exec.Command("node", args...)
	p.cmd.Dir = dir
	p.cmd.Env = append(append(os.Environ(), "NO_UPDATE_NOTIFIER=1", "NODE_ENV=production"), env...)
	p.cmd.Stdout, p.cmd.Stderr = p.log, p.log
	p.cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	start := time.Now()
	if err := p.cmd.Start(); err != nil {
		t.Fatalf("start %s: %v", name, err)
	}
	done := make(chan struct{})
	go func() { p.cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		syscall.Kill(-p.cmd.Process.Pid, syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(5 * time.Second):
			syscall.Kill(-p.cmd.Process.Pid, syscall.SIGKILL)
			<-done
		}
	})
	for {
		select {
		case <-done:
			t.Fatalf("%s exited before it answered:\n%s", name, p.log)
		default:
		}
		if code, _ := appHTTP("GET", p.url+ready, nil, nil); code > 0 && code < 500 {
			t.Logf("%s answers on %s after %s", name, p.url, time.Since(start).Round(10*time.Millisecond))
			return p
		}
		// A hang guard, not a speed bound: an app that never answers
		// fails the test instead of holding CI.
		if time.Since(start) > 60*time.Second {
			t.Fatalf("%s did not answer on %s%s within 60 s:\n%s", name, p.url, ready, p.log)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// appRow is one step's outcome, for the summary and APPS_REPORT.
type appRow struct {
	app, flow, step, class string
	code                   int
	used, changes          string
	before, after, want    string
}

var appUsedRE = regexp.MustCompile(`(?m)^used: (.*)$`)

// runAppFlows runs an app's flows and judges each step.
func runAppFlows(t *testing.T, h *harness, app, base string, flows []appFlow) {
	var rows []appRow
	for _, fl := range flows {
		t.Run(fl.name, func(t *testing.T) {
			rows = append(rows, runAppFlow(t, h, app, base, fl)...)
		})
	}
	counts := map[string]int{}
	for _, r := range rows {
		for _, c := range strings.Split(r.class, "+") {
			counts[c]++
		}
	}
	t.Logf("apps %s: %d steps: hit %d, false success %d, false failure %d, honest failure %d (known gap %d), removed-present %d, false no change %d, route unproven %d, skipped %d",
		app, len(rows), counts["hit"], counts["false success"], counts["false failure"], counts["honest failure"], counts["known gap"],
		counts["removed-present"], counts["false no change"], counts["route unproven"], counts["skipped"])
	if f := os.Getenv("APPS_REPORT"); f != "" {
		var b strings.Builder
		cell := func(s string) string { return strings.NewReplacer("|", `\|`, "\n", "<br>").Replace(s) }
		for _, r := range rows {
			fmt.Fprintf(&b, "| %s | %s | `%s` | %d | %s | %s | %s -> %s (%s) | %s |\n", r.app, r.flow, cell(r.step), r.code,
				cell(r.used), cell(r.changes), cell(r.before), cell(r.after), cell(r.want), r.class)
		}
		fh, err := os.OpenFile(f, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fh.WriteString(b.String())
			fh.Close()
		}
	}
}

func runAppFlow(t *testing.T, h *harness, app, base string, fl appFlow) []appRow {
	var rows []appRow
	r := h.prima("go", base+fl.path)
	if codeOf(r.out) == "dialog_open" || strings.Contains(section(r.out, "Events"), "left open") {
		// The page the flow before left asks before it unloads (an
		// editor with changes not deployed): leave it.
		h.prima("dialog", "accept")
		r = h.prima("go", base+fl.path)
	}
	if r.code != 0 {
		t.Errorf("%s %s: go %s failed:\n%s", app, fl.name, fl.path, r.out)
		return nil
	}
	// A URL with a hash may differ from the tab's only in it, and not
	// load the page afresh.
	if strings.Contains(fl.path, "#") {
		if r := h.prima("reload"); r.code != 0 {
			t.Errorf("%s %s: reload failed:\n%s", app, fl.name, r.out)
			return nil
		}
	}
	if fl.ready != "" {
		if r := h.prima("wait", "js", fl.ready, "--timeout", "20s"); r.code != 0 {
			t.Errorf("%s %s: the app did not come up (%s):\n%s", app, fl.name, fl.ready, r.out)
			return nil
		}
	}
	var lastSnap, cur string
	stopped := ""
	for _, st := range fl.steps {
		row := appRow{app: app, flow: fl.name, step: st.name, want: st.want}
		if stopped != "" {
			row.class = "skipped"
			row.changes = stopped
			rows = append(rows, row)
			t.Logf("%s %s: %s: skipped: %s", app, fl.name, st.name, stopped)
			continue
		}
		// The snapshot the step before ended with is this one's before
		// (on a big page a snapshot takes seconds). A dialog left open
		// blocks the snapshot: the step that answers it is about the
		// page as it was before the dialog came.
		before := cur
		if before == "" {
			before = lastSnap
			if r := h.prima("snapshot"); r.code == 0 {
				before = r.out
			}
		}
		lastSnap = before
		row.before = st.state(h)
		args, err := st.args(before)
		if err != nil {
			row.class = "skipped"
			row.changes = err.Error()
			rows = append(rows, row)
			t.Errorf("%s %s: %s: %v", app, fl.name, st.name, err)
			stopped = "the step before found no target"
			continue
		}
		row.step = strings.Join(args, " ")
		r := h.prima(args...)
		row.code = r.code
		res := section(r.out, "Result")
		if m := appUsedRE.FindStringSubmatch(res); m != nil {
			row.used = m[1]
		}
		if c := codeOf(r.out); c != "" {
			row.used = strings.TrimSpace("code: " + c + " " + row.used)
		}
		changes := section(r.out, "Changes")
		row.changes = changes
		if row.changes == "" {
			if f := section(r.out, "Failure"); f != "" {
				row.changes = "Failure: " + strings.SplitN(f, "\n", 2)[0]
			}
		}
		want := st.want
		if st.refuse != "" {
			want = row.before
		}
		row.want = want
		row.after = appSettle(h, st.state, want, 5*time.Second)
		after := ""
		if s := h.prima("snapshot"); s.code == 0 {
			after = s.out
		}
		cur = after
		did := zoo3Match(want, row.after)

		var classes []string
		switch {
		case st.refuse != "" && r.code != 0 && did && codeOf(r.out) == st.refuse:
			classes = append(classes, "hit")
		case st.refuse != "" && r.code == 0:
			classes = append(classes, "false success")
		case st.refuse != "":
			classes = append(classes, "honest failure")
		default:
			classes = append(classes, stepClass(r.code, did))
		}
		gap, known := appGaps[app+": "+st.name]
		if classes[0] == "honest failure" && known {
			classes = append(classes, "known gap")
		}
		var present []string
		if after != "" {
			present = zoo3Present(changes, before, after)
		}
		if len(present) > 0 {
			classes = append(classes, "removed-present")
		}
		if strings.TrimSpace(changes) == "no change" && r.code == 0 &&
			(row.after != row.before || after != "" && zoo3Tree(before) != zoo3Tree(after)) {
			classes = append(classes, "false no change")
		}
		var missing []string
		if classes[0] == "hit" {
			for _, v := range st.view {
				if !appViewShown(changes, v) {
					missing = append(missing, v)
				}
			}
		}
		if len(missing) > 0 {
			classes = append(classes, "route unproven")
		}
		row.class = strings.Join(classes, "+")
		rows = append(rows, row)

		head := fmt.Sprintf("%s, flow %q, prima %s", app, fl.name, strings.Join(args, " "))
		oracle := fmt.Sprintf("oracle %q -> %q, want %q", row.before, row.after, want)
		switch classes[0] {
		case "false success":
			t.Errorf("FALSE SUCCESS: %s: ok, yet the app did not do it (%s):\n%s", head, oracle, r.out)
		case "false failure":
			t.Errorf("FALSE FAILURE: %s: exit %d, yet the app did it (%s):\n%s", head, r.code, oracle, r.out)
		case "honest failure":
			why := strings.SplitN(section(r.out, "Failure"), "\n", 2)[0]
			if known {
				t.Logf("honest failure, a known gap (%s): %s: exit %d (%s): %s", gap, head, r.code, oracle, why)
			} else {
				t.Errorf("HONEST FAILURE, NO KNOWN GAP: %s: exit %d, the app did not do it (%s): %s\n%s", head, r.code, oracle, why, r.out)
			}
		default:
			t.Logf("hit: %s (%s)", head, oracle)
		}
		if len(present) > 0 {
			t.Errorf("REMOVED BUT PRESENT: %s: the Changes say removed %q, which the page still holds (%s):\n%s", head, present, oracle, r.out)
		}
		if slicesContains(classes, "false no change") {
			t.Errorf("FALSE NO CHANGE: %s: no change, yet the app or the page changed (%s; the snapshots differ at: %s):\n%s",
				head, oracle, zoo3FirstDiff(zoo3Tree(before), zoo3Tree(after)), r.out)
		}
		if len(missing) > 0 {
			t.Errorf("ROUTE UNPROVEN: %s: the view it rendered is not in its Changes: %q (%s):\n%s", head, missing, oracle, r.out)
		}
		if classes[0] != "hit" && !known {
			stopped = "the step before did not do what it asked"
		}
	}
	return rows
}

// appSettle reads the oracle until it matches want or limit passes (an
// app that saves to its server a moment later), and returns the last
// reading.
func appSettle(h *harness, state func(*harness) string, want string, limit time.Duration) string {
	deadline := time.Now().Add(limit)
	for {
		got := state(h)
		if zoo3Match(want, got) || time.Now().After(deadline) {
			return got
		}
		time.Sleep(200 * time.Millisecond)
	}
}

// appViewShown: the Changes prove the element v (`role "name"` or `role:
// text`): an added entry, or a renamed one whose new name it is, not
// marked "(on its own)".
func appViewShown(changes, v string) bool {
	wr, wn, wt := zoo3Parse(v)
	sec := ""
	for _, l := range strings.Split(changes, "\n") {
		if !strings.HasPrefix(l, " ") {
			sec = strings.TrimSuffix(strings.TrimSpace(l), ":")
			continue
		}
		if strings.HasSuffix(l, "(on its own)") {
			continue
		}
		e := strings.TrimPrefix(strings.TrimSpace(l), "- ")
		switch sec {
		case "added":
			if r, n, tx := zoo3Parse(appStripIn(e)); r == wr && (wn != "" && n == wn || wn == "" && n == "" && tx == wt) {
				return true
			}
		case "renamed":
			// role "old" -> "new"
			if i := strings.Index(e, " -> "); i > 0 {
				r, _, _ := zoo3Parse(e[:i])
				if r == wr && wn != "" && strings.HasPrefix(e[i+4:], wn) {
					return true
				}
			}
		}
	}
	return false
}

// appStripIn drops a Changes entry's trailing ` (in "…")` context.
func appStripIn(e string) string {
	if i := strings.LastIndex(e, ` (in "`); i > 0 && strings.HasSuffix(e, `")`) {
		return e[:i]
	}
	return e
}
