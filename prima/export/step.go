// Package export turns what a prima session proved into one runnable
// @playwright/test spec: each action as prima ran it (its used: line),
// followed by the expects its proven Changes allow, and verify passes as
// expects. Nothing is asserted that the session did not observe.
package export

import (
	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/pwline"
)

// StepKind says what a recorded command was.
type StepKind string

// The kinds of step.
const (
	Goto   StepKind = "goto"   // a navigation the caller asked for: prima go URL
	Action StepKind = "action" // one action: pw, one step of do, back, forward, reload
	Verify StepKind = "verify" // a verify command
)

// Step is one command of a session, as its envelope showed it: values are
// already masked (••••) and secrets already redacted ({{NAME}}), so a Step
// can be stored and sent without leaking them. A do command with several
// instructions is one Step per action it ran.
type Step struct {
	Kind StepKind `json:"kind"`
	// Command is the envelope's command: line; only comments quote it.
	Command string `json:"command,omitempty"`
	// Line is the Playwright line that acted, the envelope's used: line
	// (for a goto, page.goto and its URL as given).
	Line *pwline.Line `json:"line,omitempty"`
	// Lead is what a hand did before Line for the action to be done its
	// way (a click into an editor's paragraph before its keys).
	Lead []pwline.Line `json:"lead,omitempty"`
	// URLBefore and URLAfter are the page's absolute URLs before and after
	// the command (the Page section's url: and the address it came from).
	URLBefore string `json:"url_before,omitempty"`
	URLAfter  string `json:"url_after,omitempty"`
	// OK is the envelope's ok: a step that is not OK is left out.
	OK bool `json:"ok"`
	// Proven: the action's effect was observed (pw: the Changes are not
	// `no change`; do: the step is not unproven). Unproven actions are
	// exported without expects.
	Proven bool `json:"proven,omitempty"`
	// Changes are the envelope's Changes of the action, in its order.
	Changes []ariadiff.Change `json:"changes,omitempty"`
	// Editable: the action's target is a contenteditable element, whose
	// typed value is its text, not an input value.
	Editable bool `json:"editable,omitempty"`
	// Checks are a verify pass's assertions, each as it held.
	Checks []Check `json:"checks,omitempty"`
	// Secrets are the names of the secrets bound when the step ran: prima
	// printed their values as {{NAME}}, and the spec reads them from
	// process.env.NAME. A {{NAME}} not listed here is page text.
	Secrets []string `json:"secrets,omitempty"`
	// Dialog is how the dialog this action raised was answered, when it
	// raised one: the spec answers it the same way before the action
	// (Playwright would dismiss it otherwise).
	Dialog *Dialog `json:"dialog,omitempty"`
	// MaskedSecret names the secret that a value printed as •••• came from
	// (a secret typed into a password field); "" when it was typed as it
	// is, and the spec then reads it from PasswordEnv.
	MaskedSecret string `json:"masked_secret,omitempty"`
}

// Dialog is the answer a session gave a dialog: "accept" (with Text for
// a prompt) or "dismiss"; "" when prima left it open and something else
// answered it.
type Dialog struct {
	Answer string `json:"answer,omitempty"`
	Text   string `json:"text,omitempty"`
}

// PasswordEnv is the environment variable an exported spec reads a
// password from when the session typed it without a secret binding: prima
// only ever showed it as ••••.
const PasswordEnv = "PRIMA_PASSWORD"

// Check is one assertion of a verify pass: the claim.Assertion it came
// from, with the Playwright locator prima resolved for its target.
type Check struct {
	Kind claim.Kind `json:"kind"`
	// Locator is the locator code the verdict's assertion line used: the
	// target's (ElementVisible, ElementHidden, State, Value), or the text
	// locator of TextVisible and TextHidden (page.getByText(/…/iu).filter
	// ({ visible: true }), in a frame when the text was there). "" for
	// Title and URL; for the text kinds "" means the main frame.
	Locator string `json:"locator,omitempty"`
	Text    string `json:"text,omitempty"`  // claim.Assertion.Text
	Exact   bool   `json:"exact,omitempty"` // claim.Assertion.Exact
	State   string `json:"state,omitempty"` // claim.Assertion.State
}

// Options shape a rendering.
type Options struct {
	// Since keeps only the last Since steps (failed ones included in the
	// count); 0 keeps all. The spec then starts with a goto to the URL the
	// first kept step started on.
	Since int
}
