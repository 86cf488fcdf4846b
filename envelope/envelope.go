// Package envelope holds the result of one prima command and renders it as markdown or JSON.
package envelope

import (
	"fmt"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// Code is a failure code, one of Codes: every failure of every command,
// a goal's included (its stop reason is Goal.Stop), is one of them.
type Code string

// Failure codes: the fixed list a failed envelope's Code is one of. They render as
// `code: <code>` in the Result section and as the top-level `code` of the JSON.
const (
	CodeUsage         Code = "usage"          // the command line or request is malformed
	CodeInstruction   Code = "instruction"    // a do instruction that is not one action
	CodeNotFound      Code = "not_found"      // no element matches the target
	CodeAmbiguous     Code = "ambiguous"      // several visible elements match the target
	CodeStaleRef      Code = "stale_ref"      // the ref no longer resolves
	CodeNotActionable Code = "not_actionable" // disabled, covered, readonly or detached
	CodeValueMismatch Code = "value_mismatch" // the field does not hold what was asked
	CodeTimeout       Code = "timeout"        // a bounded wait ran out
	CodeHTTPStatus    Code = "http_status"    // the main document answered 400 or more
	CodeNavigation    Code = "navigation"     // the navigation itself failed
	CodeDialogOpen    Code = "dialog_open"    // a dialog is open and blocks the page
	CodeBrowserGone   Code = "browser_gone"   // the browser or page went away
	CodeAttach        Code = "attach"         // no browser to attach to, or attaching failed
	CodeModel         Code = "model"          // the decision or planning model failed, or gave up
	CodeBudget        Code = "budget"         // a run spent one of its budgets (model calls, actions)
	CodeInexpressible Code = "inexpressible"  // a claim no assertion can check
	CodeInternal      Code = "internal"       // a bug in prima
)

// Codes lists every failure code. Each can occur: a typed error names its
// own (FailureCode), attach failures come from the daemon, inexpressible
// from verify, a goal's from its stop reason.
var Codes = []Code{
	CodeUsage, CodeInstruction, CodeNotFound, CodeAmbiguous, CodeStaleRef, CodeNotActionable,
	CodeValueMismatch, CodeTimeout, CodeHTTPStatus, CodeNavigation, CodeDialogOpen,
	CodeBrowserGone, CodeAttach, CodeModel, CodeBudget, CodeInexpressible, CodeInternal,
}

// Clip cuts s to at most max bytes, at a rune boundary, and says how many
// bytes it left out: long values stay short in every section.
func Clip(s string, max int) string { return shown.Clip(s, max) }

// IsCode reports whether s is one of Codes.
func IsCode(s string) bool {
	for _, c := range Codes {
		if Code(s) == c {
			return true
		}
	}
	return false
}

// Envelope is the whole answer to one prima command. It holds plain strings so that callers
// convert their own types and this package depends on nothing else in the project.
type Envelope struct {
	// OK reports whether the command did what it was asked.
	OK bool `json:"ok"`
	// Goal is set by `prima goal` only.
	Goal *Goal `json:"goal,omitempty"`
	// Command is the command as the user gave it, e.g. `pw click e5`.
	Command string `json:"command,omitempty"`
	// Used is the one runnable Playwright line that acted; omitted when empty.
	Used string `json:"used,omitempty"`
	// Ref is the ref the command named as its target (`pw click e5`); the
	// markdown's used: line says which element that was, in code a test
	// can keep.
	Ref string `json:"ref,omitempty"`
	// Proven is set by `do` only and renders `proven: N/M` in the Result section.
	Proven *Proven `json:"proven,omitempty"`
	// Code is the failure code, one of Codes. It renders (`code: <code>` after the used and
	// proven lines, top-level `code` in JSON) only when OK is false and Code is set; the
	// renderers never invent one.
	Code Code `json:"code,omitempty"`
	// Extra holds further Result lines, rendered in order after the standard ones.
	Extra []KV `json:"extra,omitempty"`
	// Page describes the page after the command.
	Page *Page `json:"page,omitempty"`
	// Changes is the proof of what changed. Nil means the command is not an action and gets no
	// Changes section; non-nil and empty renders `no change`.
	Changes *Changes `json:"changes,omitempty"`
	// NewRefs are the `### New refs` section: the refs of the actionable
	// elements the action made appear, with their context, so the next
	// command acts on them without a snapshot; Changes stay ref-free
	// (they are the proof).
	NewRefs []NewRef `json:"new_refs,omitempty"`
	// MoreRefs counts those past the budget; the section's last line says
	// how many and which command lists them.
	MoreRefs int `json:"more_refs,omitempty"`
	// Events are the lines of the `### Events` section, one `- <line>` each: what happened
	// outside the page tree (a dialog left open, a tab opened, a download, console errors).
	Events []string `json:"events,omitempty"`
	// Answer is the body of the `### Answer` section.
	Answer string `json:"answer,omitempty"`
	// Verdict is the outcome of `verify`.
	Verdict *Verdict `json:"verdict,omitempty"`
	// Research is the body of the `### Research` section.
	Research string `json:"research,omitempty"`
	// Snapshot is the body of the `### Snapshot` section: compact ARIA with refs or compact markup.
	Snapshot string `json:"snapshot,omitempty"`
	// Steps holds one entry per `do` instruction.
	Steps []Step `json:"steps,omitempty"`
	// Failure is the exact error; rendered only when OK is false.
	Failure *Failure `json:"failure,omitempty"`
	// CurrentPage is the page as compact ARIA; rendered only when OK is false, so the
	// orchestrator sees page data on failure and never on the happy path.
	CurrentPage string `json:"current_page,omitempty"`
	// Artifacts lists files written by the command; only existing, non-empty files are rendered.
	Artifacts []Artifact `json:"artifacts,omitempty"`
}

// NewRef is one element an action made appear: its ref line as a
// snapshot prints it, and the nearest named container it is in. Role,
// Name and ID are the line's parts when it is only those (`option
// "Paris" [ref=e21]`), so that a run of them prints short.
type NewRef struct {
	Ref  string `json:"ref"`
	In   string `json:"in,omitempty"`
	Role string `json:"role,omitempty"`
	Name string `json:"name,omitempty"`
	ID   string `json:"id,omitempty"`
}

// Goal is what `prima goal` set out to reach and the claim its verifier
// had to pass; it renders as `### Goal` and `### Verify` at the top.
type Goal struct {
	Goal   string `json:"goal"`
	Verify string `json:"verify,omitempty"` // the claim, then the verifier's scores
	// Stop is why the goal ended, from the goal runner's own list
	// (passed, no_progress, action_limit, …): finer than its Code.
	Stop string `json:"stop,omitempty"`
}

// Proven counts the `do` steps whose effect was observed (N) out of all steps (M).
type Proven struct {
	N int `json:"n"`
	M int `json:"m"`
}

// KV is one extra `key: value` line of the Result section.
type KV struct {
	Key   string `json:"key"`
	Value string `json:"value"`
}

// Page describes the page a command left the browser on.
type Page struct {
	// URL is the page's address after the command.
	URL string `json:"url,omitempty"`
	// PrevURL is the address before the command; when it is set and differs from URL the url
	// line shows the change.
	PrevURL string `json:"prev_url,omitempty"`
	// Redirected is the address the server redirected from (the one that was requested); the
	// page then shows `redirected: <from> -> <URL>`, paths only when the origin is the same.
	// A value that already reads `A -> B` is shown as it is.
	Redirected string `json:"redirected,omitempty"`
	// Title is the page title.
	Title string `json:"title,omitempty"`
	// PrevTitle is the title before the command, set with PrevURL. When
	// neither the address nor the title changed, markdown leaves both out:
	// the caller has them already (JSON keeps them).
	PrevTitle string `json:"prev_title,omitempty"`
	// State is the state id; the state line is omitted when it is empty.
	State string `json:"state,omitempty"`
	// PrevState is the state id before the command, set with PrevURL.
	// When the address, the title and the state are all unchanged,
	// markdown leaves the Page section out: it would say nothing new.
	PrevState string `json:"prev_state,omitempty"`
	// Visit counts visits to State; 0 omits the `(visit #N)` suffix.
	Visit int `json:"visit,omitempty"`
}

// Changes is the diff between the ref-free trees before and after an action.
type Changes struct {
	// Groups are rendered in the caller's order; a group without items is skipped.
	Groups []ChangeGroup `json:"groups,omitempty"`
	// More counts entries cut by the cap and renders a last line `+N more`.
	More int `json:"more,omitempty"`
}

// ChangeGroup is one kind of change with its entries.
type ChangeGroup struct {
	// Kind names the change, e.g. added, removed, typed, toggled, renamed, changed.
	Kind string `json:"kind,omitempty"`
	// Items are the diff entries, one line each.
	Items []ChangeItem `json:"items,omitempty"`
}

// ChangeItem is one entry of a group: a change, as the parts of its line
// (the page's names and values raw, escaped only when shown), or a note
// that says why no change was observed.
type ChangeItem struct {
	Line shown.Line `json:"line,omitempty"`
	// Own: the page made the change on its own; the line says so.
	Own  bool   `json:"own,omitempty"`
	Note string `json:"note,omitempty"`
}

// String is the entry as the envelope shows it.
func (c ChangeItem) String() string {
	if c.Line == nil {
		return c.Note
	}
	if c.Own {
		return c.Line.String() + " (on its own)"
	}
	return c.Line.String()
}

// Verdict is the outcome of checking a claim.
type Verdict struct {
	// Result is passed, failed or inexpressible.
	Result string `json:"result,omitempty"`
	// Assertions are the Playwright assertion lines that ran: the proof.
	Assertions []string `json:"assertions,omitempty"`
	// Judgement is optional and always labelled as a judgement, never as an assertion.
	Judgement string `json:"judgement,omitempty"`
	// Reason is an optional one-line explanation.
	Reason string `json:"reason,omitempty"`
}

// Step is the outcome of one `do` instruction.
type Step struct {
	// N is the 1-based position of the instruction.
	N int `json:"n,omitempty"`
	// Status is ok, unproven or FAIL.
	Status string `json:"status,omitempty"`
	// Instruction is the instruction as given.
	Instruction string `json:"instruction,omitempty"`
	// Proof is the diff entry that proves the step, or the reason it is unproven; may be empty.
	Proof string `json:"proof,omitempty"`
}

// Failure is the exact error of a failed command with Playwright's call log.
type Failure struct {
	// Error is the exact error text; multi-line text is kept.
	Error string `json:"error,omitempty"`
	// CallLog holds Playwright's call log lines.
	CallLog []string `json:"call_log,omitempty"`
}

// Artifact is a file written by a command.
type Artifact struct {
	Name string `json:"name"`
	Path string `json:"path"`
}

// ExitCode is the process exit status for the envelope: 0 when OK, 1 when not, and 3 when a
// verdict is inexpressible, whatever OK says: the claim was not checked, so it neither passed nor failed.
func (e *Envelope) ExitCode() int {
	switch {
	case e.Verdict != nil && e.Verdict.Result == "inexpressible":
		return 3
	case e.OK:
		return 0
	default:
		return 1
	}
}

// oneLine makes untrusted text safe for a single `key: value` line: a page title with a
// newline must not be able to forge a section of its own.
func oneLine(s string) string {
	if !strings.ContainsAny(s, "\r\n") {
		return s
	}
	s = strings.ReplaceAll(s, "\r\n", " ")
	return strings.NewReplacer("\r", " ", "\n", " ").Replace(s)
}

// normBody turns every line ending into \n and drops trailing newlines, so a body neither
// hides a bare \r line break nor adds blank lines between sections.
func normBody(s string) string {
	s = strings.ReplaceAll(s, "\r\n", "\n")
	s = strings.ReplaceAll(s, "\r", "\n")
	return strings.TrimRight(s, "\n")
}

// blank reports whether a body has nothing worth a section.
func blank(s string) bool { return strings.TrimSpace(s) == "" }

// Rewrite applies f to every text the envelope carries (paths of
// artifacts excepted), and field to each name and value of the page a
// change shows, raw, before it is escaped; prima uses it to replace
// secret values by their names before an envelope leaves the daemon.
func (e *Envelope) Rewrite(f, field func(string) string) {
	e.Command, e.Used = f(e.Command), f(e.Used)
	for i := range e.Extra {
		e.Extra[i].Value = f(e.Extra[i].Value)
	}
	if e.Page != nil {
		e.Page.URL, e.Page.PrevURL, e.Page.Title = f(e.Page.URL), f(e.Page.PrevURL), f(e.Page.Title)
		e.Page.Redirected = f(e.Page.Redirected)
	}
	if e.Changes != nil {
		for i := range e.Changes.Groups {
			for j := range e.Changes.Groups[i].Items {
				it := &e.Changes.Groups[i].Items[j]
				it.Line, it.Note = it.Line.Rewrite(f, field), f(it.Note)
			}
		}
	}
	for i := range e.NewRefs {
		r := &e.NewRefs[i]
		r.Ref, r.In, r.Name = f(r.Ref), f(r.In), field(r.Name)
	}
	for i := range e.Events {
		e.Events[i] = f(e.Events[i])
	}
	e.Answer, e.Research, e.Snapshot, e.CurrentPage = f(e.Answer), f(e.Research), f(e.Snapshot), f(e.CurrentPage)
	if e.Verdict != nil {
		e.Verdict.Reason, e.Verdict.Judgement = f(e.Verdict.Reason), f(e.Verdict.Judgement)
		for i := range e.Verdict.Assertions {
			e.Verdict.Assertions[i] = f(e.Verdict.Assertions[i])
		}
	}
	for i := range e.Steps {
		e.Steps[i].Instruction, e.Steps[i].Proof = f(e.Steps[i].Instruction), f(e.Steps[i].Proof)
	}
	if e.Failure != nil {
		e.Failure.Error = f(e.Failure.Error)
		for i := range e.Failure.CallLog {
			e.Failure.CallLog[i] = f(e.Failure.CallLog[i])
		}
	}
}

// one is a single-line value as the envelope prints it: flattened, invisibles escaped.
func one(s string) string { return shown.EscapeInvisibleText(oneLine(s)) }

// ones applies one to every line of a list.
func ones(ss []string) []string {
	out := make([]string, len(ss))
	for i, s := range ss {
		out[i] = one(s)
	}
	return out
}

// nonBlank drops the blank entries of a list.
func nonBlank(ss []string) []string {
	var out []string
	for _, s := range ss {
		if !blank(s) {
			out = append(out, s)
		}
	}
	return out
}

// body is a multi-line value as the envelope prints it: line endings normalised, trailing
// newlines dropped, invisibles escaped.
func body(s string) string { return shown.EscapeInvisibleText(normBody(s)) }

// redirectLine is the text of the `redirected:` line, empty when there was no redirect.
func redirectLine(p *Page) string {
	r := p.Redirected
	if r == "" {
		return ""
	}
	if p.URL == "" || strings.Contains(r, " -> ") {
		return one(r)
	}
	if strings.HasPrefix(r, "/") && !strings.HasPrefix(r, "//") {
		// A path only: it is on the URL's origin, so show the URL's path beside it.
		if u, err := url.Parse(p.URL); err == nil && u.Host != "" && u.Opaque == "" {
			return one(r + " -> " + pathOf(u))
		}
	}
	if from, to, ok := urlChange(r, p.URL); ok {
		return one(from + " -> " + to)
	}
	return one(r + " -> " + p.URL)
}

// Limits of the Failure section, which must stay under 4 KB besides the compact ARIA.
const (
	// errorCap is the most bytes of error text rendered.
	errorCap = 2000
	// errorLines is the most lines of error text rendered.
	errorLines = 20
	// tokenCap is the longest run of non-space bytes (an echoed value, a data URL…) kept
	// whole; a longer one keeps its first tokenKeep bytes and says how many it dropped.
	tokenCap  = 200
	tokenKeep = 64
	// callLogLines is the most call-log lines rendered; the rest are counted.
	callLogLines = 8
	// callLogLineCap is the most bytes of one call-log line.
	callLogLineCap = 200
)

// Bounded returns the failure as the envelope renders it (Markdown and JSON alike), small
// whatever it holds, so the Failure section stays under 4 KB:
//   - browser launch noise is dropped: any line listing Chromium flags (`--no-sandbox`,
//     `--disable-…`) and the `<launching>` / `<launched>` lines; an error that was nothing
//     else reads `(browser launch output omitted)`;
//   - invisible and bidi characters are escaped (shown.EscapeInvisibleText);
//   - every run of more than 200 non-space bytes (an echoed value, a data URL), counted as
//     printed, keeps its first 64 bytes followed by `…(+N bytes)`;
//   - the error keeps at most 2000 bytes and 20 lines, the first line whole when it fits,
//     then `… N more lines`;
//   - the call log keeps its first 8 lines of at most 200 bytes each, then `… N more lines`.
//
// A nil failure gives the zero Failure.
func (f *Failure) Bounded() Failure {
	if f == nil {
		return Failure{}
	}
	var out Failure
	var lines []string
	noise := 0
	for _, l := range strings.Split(normBody(f.Error), "\n") {
		if launchNoise(l) {
			noise++
			continue
		}
		lines = append(lines, elideTokens(shown.EscapeInvisibleText(l)))
	}
	if noise > 0 && blank(strings.Join(lines, "\n")) {
		lines = []string{"(browser launch output omitted)"}
	}
	out.Error = capLines(lines, errorCap, errorLines)

	kept := 0
	for _, l := range f.CallLog {
		l = oneLine(l)
		if launchNoise(l) {
			continue
		}
		if kept < callLogLines {
			out.CallLog = append(out.CallLog, cut(elideTokens(shown.EscapeInvisibleText(strings.TrimRight(l, " \t"))), callLogLineCap))
		}
		kept++
	}
	if kept > callLogLines {
		out.CallLog = append(out.CallLog, fmt.Sprintf("… %d more lines", kept-callLogLines))
	}
	return out
}

// launchNoise reports a line of Chromium's launch command or its launch log: long, always
// the same, and of no use to the reader of a failure.
func launchNoise(l string) bool {
	t := strings.TrimLeft(l, " \t")
	t = strings.TrimLeft(strings.TrimPrefix(t, "- "), " \t")
	if strings.HasPrefix(t, "<launching>") || strings.HasPrefix(t, "<launched>") {
		return true
	}
	if strings.Contains(l, "--no-sandbox") {
		return true
	}
	for i := 0; ; {
		j := strings.Index(l[i:], "--disable-")
		if j < 0 {
			return false
		}
		j += i
		if j == 0 || l[j-1] == ' ' || l[j-1] == '\t' || l[j-1] == '"' || l[j-1] == '\'' || l[j-1] == ',' || l[j-1] == '[' {
			return true
		}
		i = j + 1
	}
}

// elideTokens shortens every run of more than tokenCap non-space bytes.
func elideTokens(s string) string {
	if len(s) <= tokenCap {
		return s
	}
	var b strings.Builder
	start := -1
	flush := func(end int) {
		if start < 0 {
			return
		}
		tok := s[start:end]
		if len(tok) > tokenCap {
			k := safeCut(tok, tokenKeep)
			tok = fmt.Sprintf("%s…(+%d bytes)", tok[:k], len(tok)-k)
		}
		b.WriteString(tok)
		start = -1
	}
	for i, r := range s {
		if unicode.IsSpace(r) {
			flush(i)
			b.WriteRune(r)
		} else if start < 0 {
			start = i
		}
	}
	flush(len(s))
	return b.String()
}

// cut shortens s to at most n bytes, the marker `…(+N bytes)` included.
func cut(s string, n int) string {
	if len(s) <= n {
		return s
	}
	k := safeCut(s, max(n-len(fmt.Sprintf("…(+%d bytes)", len(s))), 0))
	return fmt.Sprintf("%s…(+%d bytes)", s[:k], len(s)-k)
}

// safeCut moves a cut at k back so that it splits neither a UTF-8 sequence nor a `\uXXXX`
// escape.
func safeCut(s string, k int) int {
	if k >= len(s) {
		return len(s)
	}
	for k > 0 && !utf8.RuneStart(s[k]) {
		k--
	}
	for i := max(k-5, 0); i < k; i++ {
		if s[i] == '\\' && s[i+1] == 'u' && i+6 > k {
			return i
		}
	}
	return k
}

// capLines joins lines into at most maxBytes bytes and maxLines lines, counting what is left
// out on a last line. The first line is cut only when it alone is too long.
func capLines(lines []string, maxBytes, maxLines int) string {
	var out []string
	size, i := 0, 0
	for ; i < len(lines) && i < maxLines; i++ {
		l := lines[i]
		room := maxBytes - size
		if len(l) > room {
			if i == 0 || room >= 40 {
				out = append(out, cut(l, room))
				i++
			}
			break
		}
		out = append(out, l)
		size += len(l) + 1
	}
	if rest := len(lines) - i; rest > 0 {
		out = append(out, fmt.Sprintf("… %d more lines", rest))
	}
	return strings.Join(out, "\n")
}
