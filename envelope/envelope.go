// Package envelope holds the result of one prima command and renders it as markdown or JSON.
package envelope

import "strings"

// Envelope is the whole answer to one prima command. It holds plain strings so that callers
// convert their own types and this package depends on nothing else in the project.
type Envelope struct {
	// OK reports whether the command did what it was asked.
	OK bool
	// Command is the command as the user gave it, e.g. `pw click e5`.
	Command string
	// Used is the one runnable Playwright line that acted; omitted when empty.
	Used string
	// Proven is set by `do` only and renders `proven: N/M` in the Result section.
	Proven *Proven
	// Extra holds further Result lines, rendered in order after the standard ones.
	Extra []KV
	// Page describes the page after the command.
	Page *Page
	// Changes is the proof of what changed. Nil means the command is not an action and gets no
	// Changes section; non-nil and empty renders `no change`.
	Changes *Changes
	// Answer is the body of the `### Answer` section.
	Answer string
	// Verdict is the outcome of `verify`.
	Verdict *Verdict
	// Research is the body of the `### Research` section.
	Research string
	// Snapshot is the body of the `### Snapshot` section: compact ARIA with refs or compact markup.
	Snapshot string
	// Steps holds one entry per `do` instruction.
	Steps []Step
	// Failure is the exact error; rendered only when OK is false.
	Failure *Failure
	// CurrentPage is the page as compact ARIA; rendered only when OK is false, so the
	// orchestrator sees page data on failure and never on the happy path.
	CurrentPage string
	// Artifacts lists files written by the command; only existing, non-empty files are rendered.
	Artifacts []Artifact
}

// Proven counts the `do` steps whose effect was observed (N) out of all steps (M).
type Proven struct{ N, M int }

// KV is one extra `key: value` line of the Result section.
type KV struct{ Key, Value string }

// Page describes the page a command left the browser on.
type Page struct {
	// URL is the page's address after the command.
	URL string
	// PrevURL is the address before the command; when it is set and differs from URL the url
	// line shows the change.
	PrevURL string
	// Title is the page title.
	Title string
	// State is the state id; the state line is omitted when it is empty.
	State string
	// Visit counts visits to State; 0 omits the `(visit #N)` suffix.
	Visit int
}

// Changes is the diff between the ref-free trees before and after an action.
type Changes struct {
	// Groups are rendered in the caller's order; a group without items is skipped.
	Groups []ChangeGroup
	// More counts entries cut by the cap and renders a last line `+N more`.
	More int
}

// ChangeGroup is one kind of change with its entries.
type ChangeGroup struct {
	// Kind names the change, e.g. added, removed, typed, toggled, renamed, changed.
	Kind string
	// Items are the diff entries, one line each.
	Items []string
}

// Verdict is the outcome of checking a claim.
type Verdict struct {
	// Result is passed, failed or inexpressible.
	Result string
	// Assertions are the Playwright assertion lines that ran: the proof.
	Assertions []string
	// Judgement is optional and always labelled as a judgement, never as an assertion.
	Judgement string
	// Reason is an optional one-line explanation.
	Reason string
}

// Step is the outcome of one `do` instruction.
type Step struct {
	// N is the 1-based position of the instruction.
	N int
	// Status is ok, unproven or FAIL.
	Status string
	// Instruction is the instruction as given.
	Instruction string
	// Proof is the diff entry that proves the step, or the reason it is unproven; may be empty.
	Proof string
}

// Failure is the exact error of a failed command with Playwright's call log.
type Failure struct {
	// Error is the exact error text; multi-line text is kept.
	Error string
	// CallLog holds Playwright's call log lines.
	CallLog []string
}

// Artifact is a file written by a command.
type Artifact struct{ Name, Path string }

// ExitCode is the process exit status for the envelope: 0 when OK, 1 when not, and 3 when a
// verdict is inexpressible, whatever OK says, because an inexpressible claim is not a failure.
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
// artifacts excepted); prima uses it to replace secret values by their
// names before an envelope leaves the daemon.
func (e *Envelope) Rewrite(f func(string) string) {
	e.Command, e.Used = f(e.Command), f(e.Used)
	for i := range e.Extra {
		e.Extra[i].Value = f(e.Extra[i].Value)
	}
	if e.Page != nil {
		e.Page.URL, e.Page.PrevURL, e.Page.Title = f(e.Page.URL), f(e.Page.PrevURL), f(e.Page.Title)
	}
	if e.Changes != nil {
		for i := range e.Changes.Groups {
			for j := range e.Changes.Groups[i].Items {
				e.Changes.Groups[i].Items[j] = f(e.Changes.Groups[i].Items[j])
			}
		}
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
