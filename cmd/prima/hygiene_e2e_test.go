package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// The session-hygiene test: prima attaches to a user's playwright-cli
// session and must leave it as it found it. After every kind of acting
// prima command, run in the same session, a playwright-cli `click` on a
// ref playwright-cli printed BEFORE prima's command still clicks that very
// element (prima takes only full-page AI-mode snapshots, which keep
// playwright-cli's refs), and playwright-cli's `snapshot` then exits 0 (no
// dialog or file chooser left pending: no "modal state"). The click goes
// first because playwright-cli resolves a ref through the page's last aria
// snapshot, which its own snapshot would refresh. A command that loads a
// new document (go to another page, back/forward across documents, reload,
// a click on a link) ends every ref of the old document for any client;
// there the snapshot comes first and its ref must click its element.

const (
	hygStart  = "/hygiene"
	hygSecond = "/hygiene/second"
)

// hygCase is one prima command (or a short sequence of them, like a click
// that raises a confirm() and the dialog command that answers it).
type hygCase struct {
	name string
	// from: the document the case must start on. "" is the start page,
	// reached by playwright-cli goto when the session is elsewhere;
	// otherwise the previous case must have left the session there (the
	// history cases run in a row).
	from string
	// user: what the user does in playwright-cli before prima's command,
	// given the refs playwright-cli printed.
	user func(t *testing.T, s *hygSession, theirs string) bool
	// cmds: prima's commands, each of which must exit 0. An argument
	// "@role/name" is the ref of that element in a prima snapshot taken
	// just before.
	cmds [][]string
	// newDoc: the document the command leaves the session on when it
	// loads a new one; "" when the start page's document stays.
	newDoc string
	// page: what the page must have logged of prima's command, checked
	// before the log is cleared for the ref check.
	page func(t *testing.T) bool
}

type hygSession struct {
	h  *harness
	at string // the path of the document playwright-cli's current tab shows
	// theirs: the last tree playwright-cli printed of that document, ""
	// when none is known; the next case's refs come from it, so each ref
	// also outlives the commands of the cases before.
	theirs string
	dirty  bool   // a case failed: recover before the next one
	file   string // the file the upload commands choose
}

// cli runs playwright-cli in the default session and requires it to
// succeed: exit 0 and no "### Error" or modal-state report.
func (s *hygSession) cli(t *testing.T, what string, args ...string) (string, bool) {
	t.Helper()
	r := s.h.run(60*time.Second, nil, pwcliBin, append([]string{"-s=default"}, args...)...)
	if r.code != 0 || strings.Contains(r.out, "### Error") || strings.Contains(strings.ToLower(r.out), "modal state") {
		t.Errorf("%s: playwright-cli %s failed:\n%s", what, strings.Join(args, " "), r)
		return r.out, false
	}
	return r.out, true
}

// snapshot runs playwright-cli snapshot and returns the tree it printed.
func (s *hygSession) snapshot(t *testing.T, what string) (string, bool) {
	t.Helper()
	out, ok := s.cli(t, what, "snapshot")
	if !ok {
		return "", false
	}
	text, err := s.h.snapshotIn(out)
	if err != nil {
		t.Errorf("%s: %v", what, err)
		return "", false
	}
	return text, true
}

// prima runs one prima command and requires exit 0.
func (s *hygSession) prima(t *testing.T, args ...string) (string, bool) {
	t.Helper()
	r := s.h.prima(args...)
	if r.code != 0 {
		log, _ := os.ReadFile(filepath.Join(s.h.home, "daemon.log"))
		t.Errorf("prima %s: %s--- daemon.log (last 2000 bytes)\n%s", strings.Join(args, " "), r, tail(log, 2000))
		return r.out, false
	}
	return r.out, true
}

// hygRef is ref without t.Fatal: a missing line is reported and "" returned.
func hygRef(t *testing.T, what, snapshot, role, name string) string {
	t.Helper()
	needle := role + " \"" + name + "\""
	for _, line := range strings.Split(snapshot, "\n") {
		if strings.Contains(line, "- "+needle+" ") || strings.HasSuffix(line, "- "+needle) {
			if m := refRE.FindStringSubmatch(line); m != nil {
				return m[1]
			}
		}
	}
	t.Errorf("%s: no %s with a ref in:\n%s", what, needle, snapshot)
	return ""
}

// hygClicks lists the clicks in an action log as page:id. Other kinds are
// left out: moving the focus off a filled field commits it (a change).
func hygClicks(as []fixtures.Action) []string {
	var out []string
	for _, a := range as {
		if a.Kind == "click" {
			out = append(out, a.Page+":"+a.ID)
		}
	}
	return out
}

// hygLogged waits up to 3 s for an action of kind on id with value.
func hygLogged(t *testing.T, what, kind, id, value string) bool {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		as := app.Actions()
		for _, a := range as {
			if a.Kind == kind && a.ID == id && a.Value == value {
				return true
			}
		}
		if time.Now().After(deadline) {
			t.Errorf("%s: the page never logged %s on %s with %q; it logged %+v", what, kind, id, value, as)
			return false
		}
		ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
		app.WaitActions(ctx, len(as)+1)
		cancel()
	}
}

func hygDialog(value string) func(t *testing.T) bool {
	return func(t *testing.T) bool {
		return hygLogged(t, "the confirm()", "dialog", "delete", value)
	}
}

// The cases run in three sessions of their own, so the three tests can run
// side by side; each session ends with the user's own dialog and file
// chooser, after everything prima did in it.
func TestAttachedSessionHygieneActions(t *testing.T) {
	runHygiene(t, func(file string) []hygCase {
		one := hygOne
		return []hygCase{
			{name: "pw click", cmds: one("pw", "click", "@button/Count")},
			{name: "pw dblclick", cmds: one("pw", "dblclick", "@button/Count")},
			{name: "pw hover", cmds: one("pw", "hover", "@button/Help")},
			{name: "pw focus", cmds: one("pw", "focus", "@textbox/Name")},
			{name: "pw fill", cmds: one("pw", "fill", "@textbox/Name", "Ada")},
			{name: "pw type", cmds: one("pw", "type", "@textbox/Name", " Lovelace")},
			{name: "pw press", cmds: one("pw", "press", "@textbox/Name", "End")},
			{name: "pw clear", cmds: one("pw", "clear", "@textbox/Name")},
			{name: "pw check", cmds: one("pw", "check", "@checkbox/Subscribe")},
			{name: "pw uncheck", cmds: one("pw", "uncheck", "@checkbox/Subscribe")},
			{name: "pw select", cmds: one("pw", "select", "@combobox/Colour", "Green")},
			{name: "pw upload through a button", cmds: one("pw", "upload", "@button/Attach file", file),
				page: func(t *testing.T) bool { return hygLogged(t, "pw upload", "upload", "file", "notes.txt") }},
			{name: "pw drag", cmds: one("pw", "drag", "@listitem/Draft card", "@region/Done column"),
				page: func(t *testing.T) bool { return hygLogged(t, "pw drag", "drop", "done-col", "") }},
			{name: "pw Playwright line", cmds: one("pw", "page.getByRole('button', { name: 'Count' }).click()")},
		}
	})
}

func TestAttachedSessionHygieneCommands(t *testing.T) {
	runHygiene(t, func(string) []hygCase {
		one := hygOne
		clickLater := func(t *testing.T, s *hygSession, theirs string) bool {
			later := hygRef(t, "Load later", theirs, "button", "Load later")
			if later == "" {
				return false
			}
			_, ok := s.cli(t, "the user clicks Load later", "click", later)
			return ok
		}
		return []hygCase{
			{name: "snapshot", cmds: one("snapshot")},
			{name: "snapshot --html", cmds: one("snapshot", "--html")},
			{name: "do literal", cmds: one("do", "fill Name with Grace", "click Count")},
			{name: "wait text", user: clickLater, cmds: one("wait", "text", "Late item ready")},
			{name: "wait 200ms", cmds: one("wait", "200ms")},
			{name: "eval", cmds: one("eval", "document.title")},
			{name: "eval on a ref", cmds: one("eval", "el => el.value", "@textbox/Name")},
			{name: "get value of a ref", cmds: one("get", "value", "@textbox/Name")},
			{name: "cookies and storage", cmds: [][]string{{"cookies", "set", "hyg", "1"}, {"cookies", "list"}, {"storage", "set", "hyg", "1"}, {"storage", "get"}}},
			{name: "screenshot", cmds: one("screenshot")},
			{name: "screenshot --full", cmds: one("screenshot", "--full")},
			{name: "screenshot of a ref", cmds: one("screenshot", "@button/Count")},
			{name: "verify", cmds: one("verify", "the Count button is enabled")},
			{name: "confirm then dialog accept", cmds: [][]string{{"pw", "click", "@button/Delete draft"}, {"dialog", "accept"}},
				page: hygDialog("confirm:true")},
			{name: "confirm then dialog dismiss", cmds: [][]string{{"pw", "click", "@button/Delete draft"}, {"dialog", "dismiss"}},
				page: hygDialog("confirm:false")},
			{name: "confirm with --dialog accept", cmds: one("pw", "click", "@button/Delete draft", "--dialog", "accept"),
				page: hygDialog("confirm:true")},
		}
	})
}

func TestAttachedSessionHygieneTabsAndHistory(t *testing.T) {
	runHygiene(t, func(string) []hygCase {
		one := hygOne
		return []hygCase{
			// prima's tabs: playwright-cli stays on its own tab throughout.
			{name: "tab new URL", cmds: one("tab", "new", app.URL+hygSecond)},
			{name: "tab select 1", cmds: one("tab", "select", "1")},
			{name: "tab select 2", cmds: one("tab", "select", "2")},
			{name: "tab close", cmds: one("tab", "close")},
			// History within the document: the start page's refs live on.
			{name: "go URL#hash (same document)", cmds: one("go", app.URL+hygStart+"#details")},
			{name: "back (same document)", cmds: one("back")},
			{name: "forward (same document)", cmds: one("forward")},
			// Across documents, in a row.
			{name: "go URL", newDoc: hygSecond, cmds: one("go", app.URL+hygSecond)},
			{name: "back", from: hygSecond, newDoc: hygStart, cmds: one("back")},
			{name: "forward", from: hygStart, newDoc: hygSecond, cmds: one("forward")},
			{name: "reload", from: hygSecond, newDoc: hygSecond, cmds: one("reload")},
			{name: "pw click on a link", newDoc: hygSecond, cmds: one("pw", "click", "@link/Second page")},
		}
	})
}

func hygOne(a ...string) [][]string { return [][]string{a} }

// runHygiene runs cases in a row in one playwright-cli session, then the
// user's own confirm and file chooser: prima answers neither and leaves no
// handler that would; playwright-cli shows each as its modal state and
// answers it.
func runHygiene(t *testing.T, cases func(file string) []hygCase) {
	start := time.Now()
	h := newHarness(t)
	file := filepath.Join(t.TempDir(), "notes.txt")
	if err := os.WriteFile(file, []byte("notes\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	h.pwcli("default", "open", app.URL+hygStart)
	s := &hygSession{h: h, at: hygStart, file: file}
	cs := cases(file)
	for _, c := range cs {
		ok := t.Run(c.name, func(t *testing.T) { s.runCase(t, c) })
		if !ok {
			s.dirty = true
		}
	}
	t.Run("the user's own confirm and file chooser", func(t *testing.T) { s.userModals(t) })
	t.Logf("hygiene: %d cases in %s", len(cs), time.Since(start).Round(time.Second))
}

func (s *hygSession) recover(t *testing.T) {
	t.Helper()
	if !s.dirty {
		return
	}
	s.dirty = false
	s.h.prima("dialog", "dismiss")
	s.h.run(60*time.Second, nil, pwcliBin, "-s=default", "dialog-dismiss")
	s.h.run(60*time.Second, nil, pwcliBin, "-s=default", "goto", app.URL+hygStart)
	s.at, s.theirs = hygStart, ""
}

func (s *hygSession) runCase(t *testing.T, c hygCase) {
	s.recover(t)
	defer func() {
		if t.Failed() {
			s.dirty = true
		}
	}()
	switch {
	case c.from == "" && s.at != hygStart:
		if _, ok := s.cli(t, "back to the start page", "goto", app.URL+hygStart); !ok {
			return
		}
		s.at, s.theirs = hygStart, ""
	case c.from != "" && s.at != c.from:
		t.Fatalf("the previous case left the session on %s, not %s", s.at, c.from)
	}
	// The refs playwright-cli printed before prima's command.
	theirs := s.theirs
	if theirs == "" {
		var ok bool
		if theirs, ok = s.snapshot(t, "before prima "+c.name); !ok {
			return
		}
		s.theirs = theirs
	}
	markerName, markerID := "Marker", "marker"
	if s.at == hygSecond {
		markerName, markerID = "Second marker", "second-marker"
	}
	marker := hygRef(t, "playwright-cli's snapshot before", theirs, "button", markerName)
	if marker == "" {
		return
	}
	if c.user != nil && !c.user(t, s, theirs) {
		return
	}
	// prima's refs, from its own snapshot, for the arguments that name one.
	cmds := make([][]string, len(c.cmds))
	var primaSnap string
	for i, args := range c.cmds {
		cmds[i] = append([]string(nil), args...)
		for j, a := range args {
			role, name, ok := strings.Cut(strings.TrimPrefix(a, "@"), "/")
			if !strings.HasPrefix(a, "@") || !ok {
				continue
			}
			if primaSnap == "" {
				out, ok := s.prima(t, "snapshot")
				if !ok {
					return
				}
				primaSnap = out
			}
			if cmds[i][j] = hygRef(t, "prima's snapshot", primaSnap, role, name); cmds[i][j] == "" {
				return
			}
		}
	}
	var names []string
	for _, args := range cmds {
		names = append(names, "prima "+strings.Join(args, " "))
	}
	what := strings.Join(names, " + ")
	app.Reset()
	for _, args := range cmds {
		if _, ok := s.prima(t, args...); !ok {
			return
		}
	}
	if c.newDoc != "" {
		// A new document: the refs of the old one are gone for every
		// client. playwright-cli's snapshot must work, and the ref it
		// prints there must click its element.
		s.at, s.theirs = c.newDoc, ""
		after, ok := s.snapshot(t, "after "+what)
		if !ok {
			return
		}
		s.theirs = after
		markerName, markerID = "Marker", "marker"
		if c.newDoc == hygSecond {
			markerName, markerID = "Second marker", "second-marker"
		}
		if marker = hygRef(t, "playwright-cli's snapshot after "+what, after, "button", markerName); marker == "" {
			return
		}
	}
	if c.page != nil && !c.page(t) {
		return
	}
	// Let the last beacons of prima's command arrive before the log is
	// cleared for the click.
	time.Sleep(200 * time.Millisecond)
	app.Reset()
	// The click comes first: playwright-cli resolves a ref through the
	// page's last aria snapshot (aria-ref=), and any full snapshot of its
	// own would restore a ref map a prima command had replaced.
	if _, ok := s.cli(t, "after "+what, "click", marker); !ok {
		return
	}
	want := s.at + ":" + markerID
	// playwright-cli's click returns after its own settling (~1.5 s): the
	// click's beacon is in, or arrives within moments.
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	app.WaitActions(ctx, 1)
	cancel()
	time.Sleep(100 * time.Millisecond)
	if got := hygClicks(app.Actions()); strings.Join(got, ",") != want {
		t.Errorf("after %s: playwright-cli click %s (button %q, printed before it) clicked %v, want only %s",
			what, marker, markerName, got, want)
		return
	}
	if c.newDoc == "" {
		// playwright-cli's snapshot works: nothing prima did is left
		// pending (no dialog, no file chooser: no modal state).
		after, ok := s.snapshot(t, "after "+what)
		if !ok {
			return
		}
		s.theirs = after
	}
}

// userModals: the user clicks Delete draft and Attach file in
// playwright-cli; each must be playwright-cli's modal state to answer
// (prima answered nothing and installed nothing that would), and prima
// must work again once the user answered it.
func (s *hygSession) userModals(t *testing.T) {
	s.recover(t)
	if s.at != hygStart {
		if _, ok := s.cli(t, "back to the start page", "goto", app.URL+hygStart); !ok {
			return
		}
		s.at, s.theirs = hygStart, ""
	}
	theirs := s.theirs
	if theirs == "" {
		var ok bool
		if theirs, ok = s.snapshot(t, "before the user's own modals"); !ok {
			return
		}
	}
	run := func(args ...string) result {
		return s.h.run(60*time.Second, nil, pwcliBin, append([]string{"-s=default"}, args...)...)
	}

	del := hygRef(t, "playwright-cli's snapshot", theirs, "button", "Delete draft")
	if del == "" {
		return
	}
	app.Reset()
	r := run("click", del)
	if !strings.Contains(r.out, "Delete this draft?") || !strings.Contains(strings.ToLower(r.out), "modal state") {
		t.Errorf("the user's click on Delete draft: playwright-cli shows no dialog in its modal state (did prima answer it?):\n%s", r)
	}
	if _, ok := s.cli(t, "the user's dialog-accept", "dialog-accept"); !ok {
		return
	}
	if !hygLogged(t, "the user's dialog-accept", "dialog", "delete", "confirm:true") {
		return
	}
	if _, ok := s.prima(t, "snapshot"); !ok {
		return
	}

	attach := hygRef(t, "playwright-cli's snapshot", theirs, "button", "Attach file")
	if attach == "" {
		return
	}
	app.Reset()
	r = run("click", attach)
	if !strings.Contains(strings.ToLower(r.out), "file chooser") {
		t.Errorf("the user's click on Attach file: playwright-cli shows no file chooser in its modal state:\n%s", r)
	}
	if _, ok := s.cli(t, "the user's upload", "upload", s.file); !ok {
		return
	}
	if !hygLogged(t, "the user's upload", "upload", "file", "notes.txt") {
		return
	}
	if _, ok := s.prima(t, "snapshot"); !ok {
		return
	}
	if _, ok := s.snapshot(t, "after the user's own modals"); !ok {
		return
	}
}
