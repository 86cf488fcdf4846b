package main

// The truth tests: one per defect seen on real
// pages, each on a fixture page shaped like the page where it was seen
// (fixtures/pages/truth_*.html). Every test asserts on what the page really
// did (its action log: exactly once, or not at all) and on the envelope as
// the README documents it: the `code:` line, `### Changes`, `### Events`,
// `redirected:`, exit codes.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// section returns the body of the envelope's "### name" section, "" when
// the envelope has none.
func section(out, name string) string {
	head := "### " + name + "\n"
	i := strings.Index(out, head)
	if i < 0 {
		return ""
	}
	body := out[i+len(head):]
	if j := strings.Index(body, "\n### "); j >= 0 {
		body = body[:j]
	}
	return strings.TrimRight(body, "\n")
}

var codeRE = regexp.MustCompile(`(?m)^code: (\S+)$`)

// codeOf is the failure code in the envelope's Result section.
func codeOf(out string) string {
	if m := codeRE.FindStringSubmatch(section(out, "Result")); m != nil {
		return m[1]
	}
	return ""
}

// wantFailure requires exit 1 and an envelope with this failure code.
func wantFailure(t *testing.T, what string, r result, code string) {
	t.Helper()
	if r.code != 1 || !strings.Contains(r.out, "ok: false") || codeOf(r.out) != code {
		t.Errorf("%s: want exit 1, ok: false, code: %s; got code %q in:\n%s", what, code, codeOf(r.out), r)
	}
}

// wantOK requires exit 0 and ok: true.
func wantOK(t *testing.T, what string, r result) {
	t.Helper()
	if r.code != 0 || !strings.Contains(r.out, "ok: true") {
		t.Errorf("%s: want exit 0, ok: true; got:\n%s", what, r)
	}
}

// wantChanges requires a `### Changes` section that is not `no change`
// and holds every sub.
func wantChanges(t *testing.T, what, out string, subs ...string) {
	t.Helper()
	c := section(out, "Changes")
	if c == "" || c == "no change" {
		t.Errorf("%s: ### Changes is %q, but the page changed:\n%s", what, c, out)
		return
	}
	for _, s := range subs {
		if !strings.Contains(c, s) {
			t.Errorf("%s: ### Changes lacks %q:\n%s", what, s, c)
		}
	}
}

// count is how many actions of kind on element id the page logged.
func count(as []fixtures.Action, kind, id string) int {
	n := 0
	for _, a := range as {
		if a.Kind == kind && a.ID == id {
			n++
		}
	}
	return n
}

// acted lists the actions of the given kinds as kind:id, in order.
func acted(as []fixtures.Action, kinds ...string) string {
	var out []string
	for _, a := range as {
		for _, k := range kinds {
			if a.Kind == k {
				out = append(out, a.Kind+":"+a.ID)
			}
		}
	}
	return strings.Join(out, ",")
}

// lastValue is the value of the last action of kind on id, "" if none.
func lastValue(as []fixtures.Action, kind, id string) string {
	v := ""
	for _, a := range as {
		if a.Kind == kind && a.ID == id {
			v = a.Value
		}
	}
	return v
}

// waitValue waits (bounded) until the page logged kind on id with value.
func waitValue(t *testing.T, kind, id, value string) []fixtures.Action {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		as := app.Actions()
		if lastValue(as, kind, id) == value || time.Now().After(deadline) {
			return as
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// refsOf lists, in document order, the refs of every line showing role
// with exactly this name.
func refsOf(snapshot, role, name string) []string {
	needle := "- " + role + " " + `"` + name + `"` + " "
	var out []string
	for _, line := range strings.Split(snapshot, "\n") {
		if strings.Contains(line, needle) {
			if m := refRE.FindStringSubmatch(line); m != nil {
				out = append(out, m[1])
			}
		}
	}
	return out
}

// refAfter finds the ref of the first line with role and name (a prefix
// match of `role "name"`) that follows the first line holding anchor.
func refAfter(t *testing.T, snapshot, anchor, roleAndName string) string {
	t.Helper()
	seen := false
	for _, line := range strings.Split(snapshot, "\n") {
		if !seen {
			seen = strings.Contains(line, anchor)
			continue
		}
		if strings.Contains(line, "- "+roleAndName) {
			if m := refRE.FindStringSubmatch(line); m != nil {
				return m[1]
			}
		}
	}
	t.Fatalf("no %s with a ref after %q in:\n%s", roleAndName, anchor, snapshot)
	return ""
}

var usedRE = regexp.MustCompile(`(?m)^used: (.+)$`)

// actedJSON reads a --json envelope of an action that must have succeeded: the
// Playwright line it ran and its Changes, one `kind: line` per line.
func actedJSON(t *testing.T, what string, r result) (used, changes string) {
	t.Helper()
	var env struct {
		OK      bool                       `json:"ok"`
		Used    string                     `json:"used"`
		Changes map[string]json.RawMessage `json:"changes"`
	}
	if err := json.Unmarshal([]byte(r.out), &env); err != nil || r.code != 0 || !env.OK {
		t.Fatalf("%s: want exit 0 and ok: true as JSON (%v); got:\n%s", what, err, r)
	}
	var b strings.Builder
	for kind, raw := range env.Changes {
		var lines []string
		if json.Unmarshal(raw, &lines) == nil {
			for _, l := range lines {
				b.WriteString(kind + ": " + l + "\n")
			}
		}
	}
	if env.Used == "" {
		t.Fatalf("%s: want a used line; got:\n%s", what, r.out)
	}
	return env.Used, b.String()
}

// usedLine is the envelope's `used:` line.
func usedLine(t *testing.T, out string) string {
	t.Helper()
	m := usedRE.FindStringSubmatch(out)
	if m == nil {
		t.Fatalf("no used: line in:\n%s", out)
	}
	return m[1]
}

// Row: `do "click Subscribe"` clicked the link "Unsubscribe from all";
// `verify 'the Subscribe link is visible'` passed on it. A sub-word never
// matches (rule 10).
func TestTruthSubWordNeverMatches(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/subscribe")
	app.Reset()
	r := h.prima("do", "click Subscribe")
	wantOK(t, "click Subscribe beside Unsubscribe from all", r)
	if got := acted(settledActions(t, 1), "click"); got != "click:subscribe" {
		t.Errorf("do \"click Subscribe\" clicked %q, want only the Subscribe button", got)
	}
	if r := h.prima("verify", "the Subscribe button is visible"); r.code != 0 {
		t.Errorf("verify the Subscribe button: %s", r)
	}

	// Only "Unsubscribe from all" is on the page: nothing fits "Subscribe".
	h.primaOK("go", "/truth/unsubscribe")
	app.Reset()
	r = h.prima("do", "click Subscribe")
	wantFailure(t, "click Subscribe with only Unsubscribe from all", r, "not_found")
	r = h.prima("do", "click Subscribe", "--json")
	if r.code != 1 || !strings.Contains(r.out, `"code":"not_found"`) {
		t.Errorf("--json: want the code not_found at the top level:\n%s", r)
	}
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a not_found do acted: %+v", got)
	}
	r = h.prima("verify", "the Subscribe link is visible")
	if r.code != 1 || !strings.Contains(section(r.out, "Verdict"), "failed") {
		t.Errorf("verify the Subscribe link (only Unsubscribe from all is there): want failed, exit 1:\n%s", r)
	}

	// Whole words still match: exactly one name holds the word Unsubscribe.
	h.primaOK("go", "/truth/unsubscribe")
	app.Reset()
	r = h.prima("do", "click Unsubscribe")
	wantOK(t, "click Unsubscribe (a whole word of one name)", r)
	mustContain(t, "the step says what matched", section(r.out, "Steps"), "Unsubscribe from all")
	if got := acted(settledActions(t, 1), "click"); got != "click:unsubscribe-all" {
		t.Errorf("do \"click Unsubscribe\" clicked %q", got)
	}
}

// Row: `do "go to /missing.html"` (HTTP 404) → ok: true, while `go
// /missing.html` fails. One rule for both (rule 7).
func TestTruthHTTPErrorFailsThroughGoAndDo(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/orders")
	app.Reset()
	r := h.prima("do", "go to /missing.html")
	wantFailure(t, `do "go to /missing.html"`, r, "http_status")
	mustContain(t, "do go to a 404", r.out, "404")

	h.primaOK("go", "/orders")
	r = h.prima("go", "/missing.html")
	wantFailure(t, "go /missing.html", r, "http_status")
	mustContain(t, "go to a 404", r.out, "404")
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("navigation acted on the page: %+v", got)
	}
}

// Row: `do "fill Bio with Ada and click Save"` typed "Ada and click Save".
// An unquoted value that reads as a second instruction is refused; a
// quoted one is typed as is.
func TestTruthCompoundInstructionIsRefused(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	app.Reset()
	r := h.prima("do", "fill Bio with Ada and click Save")
	wantFailure(t, "an unquoted value holding a second verb", r, "instruction")
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a refused instruction acted: %+v", got)
	}
	if strings.Contains(r.out, "Saved") {
		t.Errorf("Save ran:\n%s", r.out)
	}

	h.primaOK("go", "/truth/form")
	app.Reset()
	r = h.prima("do", `fill Bio with "Ada and click Save"`)
	wantOK(t, "a quoted value", r)
	wantChanges(t, "a quoted value", r.out, `"Ada and click Save"`)
	as := waitValue(t, "input", "bio", "Ada and click Save")
	if v := lastValue(as, "input", "bio"); v != "Ada and click Save" {
		t.Errorf("Bio holds %q, want the quoted value as is", v)
	}
	if n := count(as, "click", "save"); n != 0 {
		t.Errorf("Save clicked %d times by a fill", n)
	}
}

// Row: navigating to a page whose content is text only, or a click that
// only changes a paragraph → `no change`. `no change` only when the
// ref-free trees are identical, text included.
func TestTruthTextOnlyChangesAreChanges(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/paragraph")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Next quote"))
	wantOK(t, "a click that changes a paragraph", r)
	wantChanges(t, "a paragraph's text changed", r.out, "Premature optimization is the root of all evil.")
	if got := acted(settledActions(t, 1), "click"); got != "click:next-quote" {
		t.Errorf("clicked %q, want next-quote once", got)
	}

	r = h.prima("go", "/truth/textonly")
	wantOK(t, "go to a text-only page", r)
	wantChanges(t, "a text-only page arrived", r.out, "Prima acts on the elements it was given")
}

// Row (TodoMVC): a filter click whose list re-renders a moment later →
// `no change`. Prima settles before it looks.
func TestTruthSettleSeesADelayedRerender(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/todos")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "link", "Active"))
	wantOK(t, "the Active filter", r)
	// The list re-renders 150 ms after the click: the completed items go.
	wantChanges(t, "the list re-rendered 150 ms later", r.out, "Buy milk")
	if got := acted(settledActions(t, 1), "click", "change"); got != "click:filter-active" {
		t.Errorf("acted %q, want one click on the Active filter", got)
	}
}

// Row: a click whose navigation starts ~110 ms later → `no change` on the
// old URL. Prima settles before it looks.
func TestTruthSettleSeesADelayedNavigation(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/delayed-nav")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Open report"))
	wantOK(t, "a click that navigates 110 ms later", r)
	mustContain(t, "the page it arrived at", section(r.out, "Page"), "/truth/report", "(from /truth/delayed-nav)")
	wantChanges(t, "a delayed navigation", r.out, "Quarterly report")
	if got := acted(settledActions(t, 1), "click"); got != "click:open-report" {
		t.Errorf("clicked %q, want open-report once", got)
	}

	// The same through do: the step is proven, not unproven.
	h.primaOK("go", "/truth/delayed-nav")
	app.Reset()
	r = h.prima("do", "click Open report")
	wantOK(t, "do click Open report", r)
	mustContain(t, "do on a delayed navigation", r.out, "proven: 1/1", "/truth/report")
	if got := acted(settledActions(t, 1), "click"); got != "click:open-report" {
		t.Errorf("do clicked %q, want open-report once", got)
	}
}

// Row: contenteditable typed into → `unproven, no observed change` though
// the after-snapshot holds the text. The text is a change, and the proof.
func TestTruthContenteditableTypingIsProven(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "type", ref(t, snap, "textbox", "Notes"), "Call Ada at noon")
	wantOK(t, "type into a contenteditable textbox", r)
	wantChanges(t, "type into a contenteditable textbox", r.out, "Call Ada at noon")
	as := waitValue(t, "input", "notes", "Call Ada at noon")
	if v := lastValue(as, "input", "notes"); v != "Call Ada at noon" {
		t.Errorf("Notes holds %q", v)
	}

	// A plain contenteditable div: no role, no name.
	r = h.prima("pw", "type", "#draft", "Second draft line")
	wantOK(t, "type into a plain contenteditable", r)
	wantChanges(t, "type into a plain contenteditable", r.out, "Second draft line")
	if v := lastValue(waitValue(t, "input", "draft", "Second draft line"), "input", "draft"); v != "Second draft line" {
		t.Errorf("Draft holds %q", v)
	}

	// The exported spec asserts the text the page logged, on the element
	// the ref named; the plain div, named by no snapshot, gets no expect.
	spec := h.primaOK("export")
	mustContain(t, "export of the contenteditable typing", spec,
		"await expect(page.getByRole('textbox', { name: 'Notes', exact: true })).toHaveText('Call Ada at noon');")
	if strings.Contains(spec, "toHaveText('Second draft line')") {
		t.Errorf("the spec asserts the plain div's text through no element a snapshot named:\n%s", spec)
	}

	h.primaOK("go", "/truth/form")
	app.Reset()
	r = h.prima("do", `type "Meeting moved" into Notes`)
	wantOK(t, "do type into Notes", r)
	mustContain(t, "do type into a contenteditable", r.out, "proven: 1/1", "1. ok ")
	wantChanges(t, "do type into a contenteditable", r.out, "Meeting moved")
	if v := lastValue(waitValue(t, "input", "notes", "Meeting moved"), "input", "notes"); v != "Meeting moved" {
		t.Errorf("Notes holds %q after do", v)
	}
}

// Row: `maxlength=3` field: `fill Code with abcdef` → ok, proven, value
// "abc". value_mismatch, showing what the field holds (rule 11).
func TestTruthMaxlengthIsAValueMismatch(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	app.Reset()
	r := h.prima("do", "fill Code with abcdef")
	wantFailure(t, "do fill Code with abcdef (maxlength 3)", r, "value_mismatch")
	mustContain(t, "what the field holds", section(r.out, "Failure"), `"abc"`)
	if v := lastValue(settledActions(t, 1), "input", "code"); v != "abc" {
		t.Errorf("the page's Code holds %q; the test expects the browser to keep 3 characters", v)
	}

	snap := h.primaOK("snapshot")
	r = h.prima("pw", "fill", ref(t, snap, "textbox", "Code"), "xyzuvw")
	wantFailure(t, "pw fill Code xyzuvw (maxlength 3)", r, "value_mismatch")
	mustContain(t, "what the field holds", section(r.out, "Failure"), `"xyz"`)
}

// Row: confirm() silently answered Cancel, alert dismissed, nothing in the
// envelope. Rule 12: reported in `### Events`, left open unless
// `--dialog`, never answered silently; while one is open every other
// command fails at once with dialog_open naming it.
func TestTruthDialogIsReportedLeftOpenThenAnswered(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/dialogs")
	snap := h.primaOK("snapshot")
	del := ref(t, snap, "button", "Delete files")
	rename := ref(t, snap, "button", "Rename")
	notice := ref(t, snap, "button", "Show notice")

	app.Reset()
	r := h.prima("pw", "click", del)
	t.Logf("the click that opens confirm() took %s", r.took)
	wantOK(t, "a click that opens confirm()", r)
	mustContain(t, "### Events", section(r.out, "Events"), `dialog: confirm "Delete 3 files?" -> left open`)
	as := settledActions(t, 1)
	if count(as, "click", "delete-files") != 1 || count(as, "dialog", "delete-files") != 0 {
		t.Errorf("want one click and the confirm still unanswered; the page logged %+v", as)
	}

	// While it is open, reading or acting fails at once, naming it, and acts on nothing.
	// At once, not by waiting the 60 s deadline out on a page the dialog
	// blocks: a loaded machine's seconds cannot reach the bound.
	r = h.prima("snapshot", "--timeout", "60s")
	t.Logf("snapshot with a dialog open took %s", r.took)
	wantFailure(t, "snapshot while confirm() is open", r, "dialog_open")
	mustContain(t, "dialog_open names the dialog", r.out, `confirm "Delete 3 files?"`)
	if r.took > 30*time.Second {
		t.Errorf("snapshot with a dialog open took %s; it must fail at once, not at its 60 s deadline", r.took)
	}
	app.Reset()
	r = h.prima("pw", "click", rename)
	wantFailure(t, "a click while confirm() is open", r, "dialog_open")
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a command acted while a dialog was open: %+v", got)
	}

	// The answer reaches the page.
	app.Reset()
	r = h.prima("dialog", "accept")
	wantOK(t, "dialog accept", r)
	wantChanges(t, "dialog accept", r.out, "Deleted 3 files")
	if got := settledActions(t, 1); lastValue(got, "dialog", "delete-files") != "confirm:true" || count(got, "dialog", "delete-files") != 1 {
		t.Errorf("after dialog accept the page logged %+v, want confirm:true once", got)
	}

	// alert() the same way, answered with dismiss.
	app.Reset()
	r = h.prima("pw", "click", notice)
	wantOK(t, "a click that opens alert()", r)
	mustContain(t, "### Events", section(r.out, "Events"), `dialog: alert "Saved!" -> left open`)
	r = h.prima("dialog", "dismiss")
	wantOK(t, "dialog dismiss of an alert", r)
	if got := settledActions(t, 2); count(got, "click", "show-notice") != 1 || count(got, "dialog", "show-notice") != 1 {
		t.Errorf("alert: the page logged %+v, want one click and one closed alert", got)
	}

	// A prompt opened through do, answered with a text.
	app.Reset()
	r = h.prima("do", "click Rename")
	wantOK(t, "do click Rename (opens prompt())", r)
	mustContain(t, "### Events", section(r.out, "Events"), `dialog: prompt "New name?" -> left open`)
	r = h.prima("dialog", "accept", "Q3 plan")
	wantOK(t, "dialog accept TEXT", r)
	if got := settledActions(t, 2); lastValue(got, "dialog", "rename") != "prompt:Q3 plan" {
		t.Errorf("prompt: the page logged %+v, want prompt:Q3 plan", got)
	}
	mustContain(t, "after the prompt", h.primaOK("snapshot"), "Renamed to Q3 plan")

	// No dialog open: answering one is a failure, not a hang (a wait for
	// a dialog until the 60 s deadline); a bad op is usage.
	if r := h.prima("dialog", "accept", "--timeout", "60s"); r.code == 0 || r.took > 30*time.Second {
		t.Errorf("dialog accept with no dialog open: want a failure at once, got %s after %s", r, r.took)
	}
	if r := h.prima("dialog", "maybe"); r.code != 2 {
		t.Errorf("dialog maybe: want a usage error (exit 2): %s", r)
	}
}

// Row (same): --dialog accept|dismiss|TEXT on the acting command answers
// the dialog it raises, and the envelope still reports it.
func TestTruthDialogFlagAnswersOnTheActingCommand(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/dialogs")
	snap := h.primaOK("snapshot")
	del := ref(t, snap, "button", "Delete files")

	app.Reset()
	r := h.prima("pw", "click", del, "--dialog", "dismiss")
	wantOK(t, "click with --dialog dismiss", r)
	ev := section(r.out, "Events")
	if !strings.Contains(ev, `confirm "Delete 3 files?"`) || strings.Contains(ev, "left open") {
		t.Errorf("--dialog dismiss: Events must report the confirm, answered:\n%s", r.out)
	}
	wantChanges(t, "--dialog dismiss", r.out, "Kept 3 files")
	if got := settledActions(t, 2); lastValue(got, "dialog", "delete-files") != "confirm:false" || count(got, "dialog", "delete-files") != 1 {
		t.Errorf("--dialog dismiss: the page logged %+v", got)
	}

	app.Reset()
	r = h.prima("pw", "click", del, "--dialog", "accept")
	wantOK(t, "click with --dialog accept", r)
	wantChanges(t, "--dialog accept", r.out, "Deleted 3 files")
	if got := settledActions(t, 2); lastValue(got, "dialog", "delete-files") != "confirm:true" {
		t.Errorf("--dialog accept: the page logged %+v", got)
	}

	app.Reset()
	r = h.prima("do", "click Rename", "--dialog", "Quarterly plan")
	wantOK(t, "do with --dialog TEXT", r)
	mustContain(t, "### Events", section(r.out, "Events"), `prompt "New name?"`)
	wantChanges(t, "--dialog TEXT", r.out, "Renamed to Quarterly plan")
	if got := settledActions(t, 2); lastValue(got, "dialog", "rename") != "prompt:Quarterly plan" {
		t.Errorf("--dialog TEXT: the page logged %+v", got)
	}
	// Nothing is left open.
	h.primaOK("snapshot")
}

// Row: attached to a playwright-cli session, a click that opens confirm()
// → 60 s wait, a raw `context deadline exceeded`, and every later command
// hangs 60 s. Nothing hangs on a dialog: an envelope, then dialog_open fast.
func TestTruthAttachedDialogNeverHangs(t *testing.T) {
	h := newHarness(t)
	h.pwcli("default", "open", app.URL+"/truth/dialogs")
	snap := h.primaOK("snapshot")
	app.Reset()
	// Each command runs under a 60 s deadline and must end far inside it:
	// a hang waits the deadline out (the CLI waits it plus 30 s), while a
	// loaded machine's seconds cannot reach the 30 s bound.
	r := h.prima("pw", "click", ref(t, snap, "button", "Delete files"), "--timeout", "60s")
	t.Logf("attached: the click that opens confirm() took %s", r.took)
	if strings.Contains(r.out+r.err, "context deadline exceeded") {
		t.Errorf("attached: a raw deadline error:\n%s", r)
	}
	if r.took > 30*time.Second {
		// Every later command would hang the same way.
		t.Fatalf("attached: the click took %s; an envelope must come long before the 60 s deadline:\n%s", r.took, r)
	}
	wantOK(t, "attached: a click that opens confirm()", r)
	mustContain(t, "attached: ### Events", section(r.out, "Events"), `dialog: confirm "Delete 3 files?" -> left open`)

	r = h.prima("snapshot", "--timeout", "60s")
	t.Logf("attached: snapshot with a dialog open took %s", r.took)
	wantFailure(t, "attached: snapshot while confirm() is open", r, "dialog_open")
	mustContain(t, "attached: dialog_open names it", r.out, `confirm "Delete 3 files?"`)
	if r.took > 30*time.Second {
		t.Errorf("attached: snapshot took %s with a dialog open; it must fail at once, not at its 60 s deadline", r.took)
	}

	r = h.prima("dialog", "dismiss", "--timeout", "60s")
	wantOK(t, "attached: dialog dismiss", r)
	if got := settledActions(t, 2); count(got, "click", "delete-files") != 1 || lastValue(got, "dialog", "delete-files") != "confirm:false" {
		t.Errorf("attached: the page logged %+v, want one click and confirm:false", got)
	}
	mustContain(t, "attached: after the dismiss", h.primaOK("snapshot"), "Kept 3 files")
}

// Row: `target=_blank` link → ok, `no change`, nothing says a tab opened.
// `### Events`: tab opened.
func TestTruthTargetBlankReportsTheTabOpened(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/popup")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "link", "Open invoice"))
	wantOK(t, "a target=_blank link", r)
	mustContain(t, "### Events", section(r.out, "Events"), "tab opened: [2] Invoice 4821 "+app.URL+"/truth/invoice")
	if got := acted(settledActions(t, 1), "click"); got != "click:open-invoice" {
		t.Errorf("clicked %q, want open-invoice once", got)
	}
	// Reported, not selected: prima still acts on the first tab.
	mustContain(t, "the selected tab", section(h.primaOK("snapshot"), "Page"), "/truth/popup")
}

// The tab an action opened can be listed, selected and acted on (the tab
// commands of DESIGN's CLI contract), and the page there logs the click.
func TestTruthOpenedTabCanBeSelectedAndActedOn(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/popup")
	snap := h.primaOK("snapshot")
	h.primaOK("pw", "click", ref(t, snap, "link", "Open invoice"))
	mustContain(t, "tab list", h.primaOK("tab", "list"), "[1] Billing", "[2] Invoice 4821", "/truth/invoice")
	h.primaOK("tab", "select", "2")
	snap = h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Mark as paid"))
	wantOK(t, "a click in the opened tab", r)
	wantChanges(t, "a click in the opened tab", r.out, "Invoice marked as paid")
	as := settledActions(t, 1)
	if got := acted(as, "click"); got != "click:mark-paid" || as[0].Page != "/truth/invoice" {
		t.Errorf("clicked %+v, want mark-paid once on /truth/invoice", as)
	}
}

// Row: `<input type=password>` value printed in failure envelopes and
// snapshots unless `--secret` is repeated. Rule 13: never, with or
// without `--secret`.
func TestTruthPasswordValueNeverLeavesTheDaemon(t *testing.T) {
	const (
		typed  = "zqxjvk-Hunter2"
		viaDo  = "wqpmxb-Orbit77"
		secret = "fjqzvy-Named55"
		pin    = "kfzqpl99" // the PIN field (maxlength 4) keeps "kfzq"
		// Code and snapshots escape a quote or a backslash: the value must
		// not show in any form, so its plain tail is what is looked for.
		escaped = `o'ne\"two-Vexil19`
	)
	leaks := []string{typed, viaDo, secret, pin, "kfzq", "Vexil19"}
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	snap := h.primaOK("snapshot")
	password := ref(t, snap, "textbox", "Password")
	noLeak := func(what string, r result) {
		t.Helper()
		for _, v := range leaks {
			if strings.Contains(r.out+r.err, v) {
				t.Errorf("%s: the password value %q is in the output:\n%s", what, v, r)
			}
		}
	}

	app.Reset()
	r := h.prima("pw", "fill", password, typed)
	wantOK(t, "fill a password", r)
	noLeak("pw fill", r)
	mustContain(t, "a masked value", r.out, "••••")
	if v := lastValue(waitValue(t, "input", "password", typed), "input", "password"); v != typed {
		t.Errorf("the page's password field holds %q, want the typed value", v)
	}
	noLeak("pw fill --json", h.prima("pw", "fill", password, typed, "--json"))
	noLeak("pw fill beside an unrelated --secret", h.prima("pw", "fill", password, typed, "--secret", "OTHER=unrelated-value"))
	noLeak("snapshot", h.prima("snapshot"))
	noLeak("snapshot --json", h.prima("snapshot", "--json"))
	noLeak("snapshot --html", h.prima("snapshot", "--html"))
	r = h.prima("pw", "fill", password, escaped)
	wantOK(t, "fill a password with a quote and a backslash", r)
	noLeak("pw fill with a quote and a backslash", r)
	noLeak("snapshot after it", h.prima("snapshot"))
	noLeak("export", h.prima("export"))

	r = h.prima("do", "fill Password with "+viaDo)
	wantOK(t, "do fill Password", r)
	noLeak("do fill Password", r)
	r = h.prima("pw", "fill", password, "{{PW}}", "--secret", "PW="+secret)
	wantOK(t, "fill a password from a --secret", r)
	noLeak("pw fill {{PW}} --secret", r)
	noLeak("snapshot after a --secret fill", h.prima("snapshot"))

	// A failure on a password field (maxlength 4): the envelope shows what
	// the field holds, masked.
	snap = h.primaOK("snapshot")
	r = h.prima("pw", "fill", ref(t, snap, "textbox", "PIN"), pin)
	if r.code != 1 {
		t.Errorf("a password fill that did not keep the value must fail:\n%s", r)
	}
	noLeak("failed pw fill on a password field", r)
	noLeak("failed pw fill on a password field, --json", h.prima("pw", "fill", ref(t, snap, "textbox", "PIN"), pin, "--json"))
	noLeak("do fill PIN", h.prima("do", "fill PIN with "+pin))

	// Nor in any file under PRIMA_HOME: artifacts, traces, logs.
	filepath.WalkDir(h.home, func(p string, d os.DirEntry, err error) error {
		if err == nil && !d.IsDir() && !strings.HasSuffix(p, ".sock") {
			b, _ := os.ReadFile(p)
			for _, v := range leaks {
				if strings.Contains(string(b), v) {
					t.Errorf("%s holds the password value %q", p, v)
				}
			}
		}
		return nil
	})
}

// Row: a disabled button, a button under an overlay, a readonly field →
// the full 5 s wait; `--timeout` does not change it. Fail in about a
// second with code not_actionable, naming the cause; `--timeout` bounds
// every wait.
func TestTruthNotActionableFailsFastNamingTheCause(t *testing.T) {
	h := newHarness(t)
	// Each command runs under a 60 s deadline (long: `--timeout` must not
	// lengthen the failure) and must end far inside it. A wait for the
	// target to become actionable runs into the deadline; a loaded
	// machine's seconds cannot reach the bound. (One that ends in
	// Playwright's own 5 s action timeout ends with code timeout, which
	// wantFailure refuses.)
	long := "60s"
	fast := func(what string, r result) {
		t.Helper()
		t.Logf("%s failed after %s", what, r.took)
		if r.took > 30*time.Second {
			t.Errorf("%s took %s under a %s deadline; a target known not to be actionable fails in about a second", what, r.took, long)
		}
	}

	h.primaOK("browser", "open", app.URL+"/truth/pay-disabled")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Pay"), "--timeout", long)
	wantFailure(t, "click a disabled button", r, "not_actionable")
	mustContain(t, "the cause", section(r.out, "Failure"), `"Pay"`, "disabled")
	fast("click a disabled button", r)
	r = h.prima("do", "click Pay", "--timeout", long)
	wantFailure(t, "do click a disabled button", r, "not_actionable")
	mustContain(t, "the cause", section(r.out, "Failure"), "disabled")
	fast("do click a disabled button", r)
	r = h.prima("pw", "click", "#pay", "--timeout", long)
	wantFailure(t, "click a disabled button by selector", r, "not_actionable")
	fast("click a disabled button by selector", r)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("the disabled button's page logged %+v", got)
	}

	h.primaOK("go", "/truth/pay-overlay")
	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "click", ref(t, snap, "button", "Pay"), "--timeout", long)
	wantFailure(t, "click a button under a full-page overlay", r, "not_actionable")
	mustContain(t, "the cover", section(r.out, "Failure"), "covered by", "overlay")
	fast("click a covered button", r)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("a click on a covered button landed: %+v", got)
	}

	h.primaOK("go", "/truth/form")
	snap = h.primaOK("snapshot")
	app.Reset()
	r = h.prima("pw", "fill", ref(t, snap, "textbox", "Account ID"), "ACC-9999", "--timeout", long)
	wantFailure(t, "fill a readonly field", r, "not_actionable")
	mustContain(t, "the cause", section(r.out, "Failure"), "readonly")
	fast("fill a readonly field", r)
	if got := settledActions(t, 0); len(got) != 0 {
		t.Errorf("the readonly field's page logged %+v", got)
	}

	// --timeout bounds the wait for what is not there yet: the command
	// ends at its 1 s deadline, not when a wait deaf to it would make the
	// daemon answer for it (the deadline and its 10 s overrun, 11 s); a
	// loaded machine's seconds stay under the bound. That the wait is the
	// time left and not the 5 s cap on one action (1 s against 5, too
	// close for a loaded machine) is the engine's
	// TestTimeoutMSIsTheTimeLeftUpToTheCap.
	r = h.prima("pw", "click", "#never", "--timeout", "1s")
	t.Logf("a missing target with --timeout 1s failed after %s", r.took)
	if r.code != 1 || r.took > 9*time.Second {
		t.Errorf("--timeout 1s on a missing target: took %s:\n%s", r.took, r)
	}
}

// Row: `type` of more than ~250 characters always times out. A long value
// types (or inserts) within the timeout.
func TestTruthLongValueTypesWithinTheTimeout(t *testing.T) {
	// 2,000 characters: key by key at a few ms each, far over the 5 s
	// action cap that timed out at ~250 on a slower machine.
	long := strings.Repeat("The quick brown fox jumps over the lazy dog. ", 45)[:2000]
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	snap := h.primaOK("snapshot")
	app.Reset()
	// The timeout is the command's: give it room, the 5 s cap was the bug.
	r := h.prima("pw", "type", ref(t, snap, "textbox", "Story"), long, "--timeout", "60s")
	t.Logf("typing %d characters took %s", len(long), r.took)
	wantOK(t, "type 2,000 characters", r)
	// The page reports the field's value once typing pauses.
	if v := lastValue(waitValue(t, "input", "story", long), "input", "story"); v != long {
		t.Errorf("Story holds %d characters, want all %d", len(v), len(long))
	}
}

// Row: `pw dblclick '#bio'` and the one-liner `.dblclick()` → `extra field
// Steps in src`. dblclick works in every form.
func TestTruthDblclickWorksInEveryForm(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	app.Reset()
	r := h.prima("pw", "dblclick", "#bio")
	wantOK(t, "pw dblclick #bio", r)
	wantChanges(t, "pw dblclick #bio", r.out, "Bio double-clicked (1)")
	if n := count(settledActions(t, 1), "dblclick", "bio"); n != 1 {
		t.Errorf("pw dblclick: the page saw %d dblclicks, want 1", n)
	}

	r = h.prima("pw", "page.locator('#bio').dblclick()")
	wantOK(t, "the one-liner .dblclick()", r)
	if n := count(settledActions(t, 2), "dblclick", "bio"); n != 2 {
		t.Errorf("one-liner: the page saw %d dblclicks in all, want 2", n)
	}

	snap := h.primaOK("snapshot")
	r = h.prima("pw", "dblclick", ref(t, snap, "textbox", "Bio"))
	wantOK(t, "pw dblclick REF", r)
	r = h.prima("do", "double-click Bio")
	wantOK(t, "do double-click Bio", r)
	if n := count(settledActions(t, 4), "dblclick", "bio"); n != 4 {
		t.Errorf("the page saw %d dblclicks in all, want 4", n)
	}
}

// Row: two `<iframe title="widget">`: both frames' buttons printed the same
// `used:`, which fails strict mode when replayed. `used:` unique on the
// page, frames included, and replayable.
func TestTruthIdenticalFramesGetUniqueReplayableUsed(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/widgets")
	snap := h.primaOK("snapshot")
	gos := refsOf(snap, "button", "Go")
	if len(gos) != 2 || gos[0] == gos[1] {
		t.Fatalf("want two Go buttons in two frames, got %v in:\n%s", gos, snap)
	}
	var used [2]string
	for i, r := range gos {
		app.Reset()
		used[i], _ = actedJSON(t, "click "+r, h.prima("pw", "click", r, "--json"))
		want := "click:go-" + string(rune('1'+i))
		if got := acted(settledActions(t, 1), "click"); got != want {
			t.Errorf("clicking %s (frame %d) logged %q, want %s", r, i+1, got, want)
		}
	}
	if used[0] == used[1] {
		t.Errorf("both frames' buttons print the same used: line %q", used[0])
	}
	for i, line := range used {
		app.Reset()
		r := h.prima("pw", line)
		wantOK(t, "replaying "+line, r)
		want := "click:go-" + string(rune('1'+i))
		if got := acted(settledActions(t, 1), "click"); got != want {
			t.Errorf("replaying %q logged %q, want %s", line, got, want)
		}
	}
}

// Row: `used: await page.keyboard.press('Enter');` printed by prima is
// rejected by `prima pw`. Every `used:` line prima prints is accepted back.
func TestTruthKeyboardUsedLineIsAcceptedBack(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/search")
	app.Reset()
	out := h.primaOK("do", "fill Search with shoes", "press Enter")
	var line string
	for _, m := range usedRE.FindAllStringSubmatch(out, -1) {
		if strings.Contains(m[1], "keyboard.press('Enter')") {
			line = m[1]
		}
	}
	if line != "await page.keyboard.press('Enter');" {
		t.Fatalf("want used: await page.keyboard.press('Enter'); in:\n%s", out)
	}
	settledActions(t, 3)
	r := h.prima("pw", line)
	wantOK(t, "prima pw "+line, r)
	wantChanges(t, "the replayed Enter", r.out, "Search 2: results for shoes")
	as := settledActions(t, 5)
	if n := count(as, "keydown", "q"); n != 2 {
		t.Errorf("the page saw %d Enter keys, want 2 (the do, then the replay)", n)
	}
	if n := count(as, "submit", "search-form"); n != 2 {
		t.Errorf("the form was submitted %d times, want 2", n)
	}
}

// Row: deleting an unchecked unnamed item → overall Changes claims
// `toggled: checkbox: unchecked -> checked`. Unnamed items are told apart
// by their context; no made-up toggles.
func TestTruthUnnamedItemsGetNoMadeUpToggles(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/todos")
	snap := h.primaOK("snapshot")
	destroy := refAfter(t, snap, "Walk the dog", `button "×"`)
	app.Reset()
	r := h.prima("pw", "click", destroy)
	wantOK(t, "delete the unchecked item", r)
	wantChanges(t, "delete the unchecked item", r.out, "Walk the dog")
	c := section(r.out, "Changes")
	if strings.Contains(c, "toggled") || strings.Contains(c, "unchecked -> checked") {
		t.Errorf("no checkbox was toggled, but Changes says so:\n%s", c)
	}
	if got := acted(settledActions(t, 1), "click", "change"); got != "click:delete-2" {
		t.Errorf("acted %q, want one click on Walk the dog's delete button", got)
	}
}

// Row: a killed Chromium's failure carries ~4 KB of launch flags; a 130 KB
// value is echoed twice; failed steps repeat the call log. A failure
// section stays short: capped call log, long values elided, no launch flags.
func TestTruthFailureSectionsStayShort(t *testing.T) {
	const maxFailure = 4 << 10
	short := func(what string, r result, maxOut int) {
		t.Helper()
		f := section(r.out, "Failure")
		t.Logf("%s: exit %d, %d bytes out, Failure %d bytes", what, r.code, len(r.out), len(f))
		if r.code != 1 {
			t.Errorf("%s: want exit 1:\n%.3000s", what, r.out)
		}
		if len(f) >= maxFailure {
			t.Errorf("%s: the Failure section is %d bytes (limit 4 KB):\n%.3000s", what, len(f), f)
		}
		if len(r.out) > maxOut {
			t.Errorf("%s: the envelope is %d bytes (limit %d)", what, len(r.out), maxOut)
		}
		if strings.Contains(r.out+r.err, "--no-sandbox") || strings.Contains(r.out+r.err, "--disable-gpu") {
			t.Errorf("%s: browser launch flags in the output:\n%.3000s", what, r.out+r.err)
		}
	}
	value := strings.Repeat("v", 130000)
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/form")
	snap := h.primaOK("snapshot")
	short("130 KB fill on a missing ref", h.prima("pw", "fill", "e9999", value), 12<<10)
	short("130 KB fill on a missing ref, --json", h.prima("pw", "fill", "e9999", value, "--json"), 12<<10)
	short("130 KB fill on a readonly field", h.prima("pw", "fill", ref(t, snap, "textbox", "Account ID"), value), 12<<10)
	short("130 KB fill on a maxlength field", h.prima("pw", "fill", ref(t, snap, "textbox", "Code"), value), 12<<10)
	short("130 KB do fill on a readonly field", h.prima("do", "fill Account ID with "+value), 12<<10)

	// Chromium killed in the middle of an action, then the next command.
	pid := daemonPID(t, h)
	done := make(chan result, 1)
	go func() { done <- h.prima("pw", "click", "#never", "--timeout", "8s") }()
	time.Sleep(1500 * time.Millisecond)
	for _, c := range descendants(pid) {
		if isChromium(c) {
			syscall.Kill(c, syscall.SIGKILL)
		}
	}
	short("the action whose Chromium was killed", <-done, 8<<10)
	r := h.prima("pw", "click", "#save")
	short("the next action", r, 8<<10)
	if c := codeOf(r.out); c != "" && c != "browser_gone" {
		t.Errorf("after Chromium died: code %q, want browser_gone", c)
	}
	wantOK(t, "reopen", h.prima("browser", "open", app.URL+"/truth/form"))
}

// Row: names with zero-width or bidi characters printed raw. Escaped where
// they print; a `used:` line holding one still replays on that element.
func TestTruthInvisibleCharactersAreEscaped(t *testing.T) {
	raw := []string{"\u200c", "\u202e", "\u200f"}
	noRaw := func(what, out string) {
		t.Helper()
		for _, c := range raw {
			if strings.Contains(out, c) {
				t.Errorf("%s: a raw %+q is printed:\n%+q", what, c, out)
			}
		}
	}
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/invisible")
	snap := h.primaOK("snapshot")
	noRaw("snapshot", snap)
	mustContain(t, "escaped names", snap, `button "Sa\u200cve"`, `button "\u202elecnaC"`, `button "Pay\u200f"`)

	// The look-alike is its own element: "Save" clicks Save.
	app.Reset()
	r := h.prima("do", "click Save")
	wantOK(t, "do click Save beside Sa\\u200cve", r)
	noRaw("do click Save", r.out)
	if got := acted(settledActions(t, 1), "click"); got != "click:save" {
		t.Errorf("do click Save clicked %q", got)
	}

	zw := ""
	for _, l := range strings.Split(snap, "\n") {
		if strings.Contains(l, `Sa\u200cve`) {
			if m := refRE.FindStringSubmatch(l); m != nil {
				zw = m[1]
			}
		}
	}
	if zw == "" {
		t.Fatalf("no escaped Sa\\u200cve button with a ref in:\n%s", snap)
	}
	app.Reset()
	r = h.prima("pw", "click", zw, "--json")
	line, _ := actedJSON(t, "click the look-alike", r)
	noRaw("pw click the look-alike", r.out)
	if got := acted(settledActions(t, 1), "click"); got != "click:save-zw" {
		t.Errorf("clicking %s clicked %q", zw, got)
	}
	app.Reset()
	r = h.prima("pw", line)
	wantOK(t, "replaying "+line, r)
	if got := acted(settledActions(t, 1), "click"); got != "click:save-zw" {
		t.Errorf("replaying %q clicked %q, want the look-alike", line, got)
	}
}

// Row: `redirect` to another path (an ordinary 302) → ok: false "did not
// arrive"; an `<img>` that never loads → `go` fails after 5 s though the
// page is there. Rule 7: a redirect is arrival (shown as `redirected:`);
// navigation waits for the DOM and gives `load` a bounded extra time.
func TestTruthRedirectAndAHangingImageAreArrival(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/report")
	r := h.prima("go", "/old-orders")
	wantOK(t, "go through a 302", r)
	mustContain(t, "go /old-orders", section(r.out, "Page"), app.URL+"/orders", "redirected: /old-orders -> /orders")
	wantChanges(t, "go /old-orders", r.out, `heading "Orders"`)

	h.primaOK("go", "/truth/report")
	r = h.prima("do", "go to /old-orders")
	wantOK(t, "do go to through a 302", r)
	mustContain(t, "do go to /old-orders", section(r.out, "Page"), "redirected: /old-orders -> /orders")

	// Under a 60 s deadline: a go that waited for load would wait the
	// image's 60 s out and hit it, while DOM plus the bounded extra time
	// for load takes seconds, a loaded machine's included.
	r = h.prima("go", "/truth/slow-image", "--timeout", "60s")
	t.Logf("go to a page whose image never loads took %s", r.took)
	wantOK(t, "go to a page whose image never loads", r)
	wantChanges(t, "the page is there", r.out, `heading "Gallery"`)
	if r.took > 30*time.Second {
		t.Errorf("go took %s under a 60 s deadline; load gets a bounded extra time", r.took)
	}
	// And it is usable while the image still hangs.
	snap := h.primaOK("snapshot")
	app.Reset()
	wantOK(t, "click on the page with the hanging image", h.prima("pw", "click", ref(t, snap, "button", "Refresh")))
	if got := acted(settledActions(t, 1), "click"); got != "click:refresh" {
		t.Errorf("clicked %q, want refresh once", got)
	}
}

// Row: a visible, unique target whose text also sits in a hidden element
// (a closed tab panel, a collapsed folder, a display:none message) →
// "nothing on the page fits". Hidden copies never count.
func TestTruthHiddenCopiesNeverCount(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/hidden-copies")
	app.Reset()
	// A control the tree does not name, with hidden copies of its text.
	r := h.prima("do", "click Mark all read")
	wantOK(t, "click Mark all read (hidden copies in a closed panel and a display:none message)", r)
	wantChanges(t, "click Mark all read", r.out, "All marked read")
	if got := acted(settledActions(t, 1), "click"); got != "click:mark-all-read" {
		t.Errorf("clicked %q, want mark-all-read once", got)
	}
	// A named button with hidden copies (closed tab panel, collapsed details, display:none).
	app.Reset()
	r = h.prima("do", "click Archive")
	wantOK(t, "click Archive", r)
	if got := acted(settledActions(t, 1), "click"); got != "click:archive" {
		t.Errorf("clicked %q, want archive once", got)
	}
}

// Row: a target with two exact visible matches → "nothing on the page
// fits", no candidates. `ambiguous`, listing both with refs.
func TestTruthTwoVisibleMatchesAreAmbiguous(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/hidden-copies")
	snap := h.primaOK("snapshot")
	for _, c := range []struct{ instruction, role, name string }{
		{"click Snooze", "generic", ""}, // two chips the tree shows only as text
		{"click Delete", "button", "Delete"},
	} {
		var want []string
		if c.name == "" {
			for _, l := range strings.Split(snap, "\n") {
				if strings.Contains(l, "- generic [ref=") && strings.HasSuffix(l, ": Snooze") {
					want = append(want, refRE.FindStringSubmatch(l)[1])
				}
			}
		} else {
			want = refsOf(snap, c.role, c.name)
		}
		if len(want) != 2 {
			t.Fatalf("%s: want two visible matches in the snapshot, got %v:\n%s", c.instruction, want, snap)
		}
		app.Reset()
		r := h.prima("do", c.instruction)
		wantFailure(t, c.instruction, r, "ambiguous")
		head, _, _ := strings.Cut(r.out, "### Current page")
		for _, ref := range want {
			if !regexp.MustCompile(`\b` + ref + `\b`).MatchString(head) {
				t.Errorf("%s: the failure does not list the candidate %s:\n%s", c.instruction, ref, r.out)
			}
		}
		if got := settledActions(t, 0); len(got) != 0 {
			t.Errorf("%s: an ambiguous do acted: %+v", c.instruction, got)
		}
	}
}

// Row: a button whose centre is covered by a neighbour while a third of it
// is visible → 5 s timeout. Rule 14: clicked at a visible point of its own,
// proven by hit-testing; never the neighbour.
func TestTruthPartlyCoveredButtonIsClickedOnItself(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/covered")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Export"))
	t.Logf("the partly covered click took %s", r.took)
	wantOK(t, "click a button whose centre is covered", r)
	wantChanges(t, "the partly covered click", r.out, "Exported")
	as := settledActions(t, 1)
	if got := acted(as, "click"); got != "click:export" {
		t.Errorf("clicked %q, want export once and never share", got)
	}
	app.Reset()
	r = h.prima("do", "click Export")
	wantOK(t, "do click Export", r)
	if got := acted(settledActions(t, 1), "click"); got != "click:export" {
		t.Errorf("do clicked %q, want export once and never share", got)
	}
}

// Row: a hover whose submenu opens 300 ms later → `no change`. The settle
// rule sees it.
func TestTruthDelayedHoverMenuIsSeen(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/hover-delay")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "hover", ref(t, snap, "button", "Account"))
	wantOK(t, "hover Account", r)
	wantChanges(t, "the submenu opened 300 ms after the hover", r.out, `menuitem "Sign out"`)
	if n := count(settledActions(t, 1), "hover", "account"); n != 1 {
		t.Errorf("the page saw %d hovers, want 1", n)
	}
}

// Row: a click that ends a task and changes only text and a
// non-interactive overlay → `no change`. The change is reported.
func TestTruthTaskEndTextAndToastAreReported(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/toast")
	snap := h.primaOK("snapshot")
	app.Reset()
	r := h.prima("pw", "click", ref(t, snap, "button", "Finish task"))
	wantOK(t, "finish the task", r)
	wantChanges(t, "a text change and a toast", r.out, "Task completed", "Done")
	if got := acted(settledActions(t, 1), "click"); got != "click:finish" {
		t.Errorf("clicked %q, want finish once", got)
	}
	h.primaOK("go", "/truth/toast")
	app.Reset()
	r = h.prima("do", "click Finish task")
	wantOK(t, "do click Finish task", r)
	mustContain(t, "do: the step is proven by the text and the toast", r.out, "proven: 1/1")
	wantChanges(t, "do: a text change and a toast", r.out, "Task completed")
	if got := acted(settledActions(t, 1), "click"); got != "click:finish" {
		t.Errorf("do clicked %q, want finish once", got)
	}
}

// Row: `verify 'the Success message alert is visible'` → inexpressible;
// `the alert "Success message" is visible` → failed though true; text
// claims are blind inside iframes. Every ARIA role the diff reports is a
// role word; text claims look into frames.
func TestTruthVerifyKnowsRolesAndLooksIntoFrames(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/truth/verify")
	for _, claim := range []string{
		"the Success message alert is visible",
		`the alert "Success message" is visible`,
		`"Estimated delivery: 3 days" is visible`,
	} {
		r := h.prima("verify", claim)
		if r.code != 0 || !strings.Contains(section(r.out, "Verdict"), "passed") {
			t.Errorf("verify %s: want passed (exit 0):\n%s", claim, r)
		}
	}
	// A claim no assertion can express stays inexpressible (exit 3).
	if r := h.prima("verify", "the page looks trustworthy"); r.code != 3 || !strings.Contains(section(r.out, "Verdict"), "inexpressible") {
		t.Errorf("verify an inexpressible claim: want inexpressible (exit 3):\n%s", r)
	}
	// Not every claim passes: a text on no frame fails (exit 1).
	r := h.prima("verify", `"Estimated delivery: 9 days" is visible`)
	if r.code != 1 || !strings.Contains(section(r.out, "Verdict"), "failed") {
		t.Errorf("verify a text nowhere on the page: want failed (exit 1):\n%s", r)
	}
}
