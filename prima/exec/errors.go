package exec

import (
	"errors"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
)

// DialogOpenError: a dialog blocks the page; it must be answered first.
type DialogOpenError struct{ Dialog string }

func (e *DialogOpenError) Error() string {
	return fmt.Sprintf("a dialog is open: %s; answer it first with prima dialog accept [TEXT] | dismiss", e.Dialog)
}

func (e *DialogOpenError) FailureCode() envelope.Code { return envelope.CodeDialogOpen }

// NoDialogError: dialog accept|dismiss with no dialog open.
type NoDialogError struct{}

func (e *NoDialogError) Error() string { return "no dialog is open; nothing was answered" }

func (e *NoDialogError) FailureCode() envelope.Code { return envelope.CodeUsage }

// BudgetError: a do run spent one of its budgets (PRIMA_MAX_MODEL_CALLS,
// PRIMA_MAX_ACTIONS) before the instruction was done.
type BudgetError struct {
	Spent string // "model call", "action"
	N     int
}

func (e *BudgetError) Error() string {
	return fmt.Sprintf("%s budget spent (%d %ss; raise PRIMA_MAX_%sS)", e.Spent, e.N, e.Spent, map[string]string{"model call": "MODEL_CALL", "action": "ACTION"}[e.Spent])
}

func (e *BudgetError) FailureCode() envelope.Code { return envelope.CodeBudget }

// ModelError: the planning model's call failed (Err), or the model said it
// could not do the instruction (GaveUp: its reason).
type ModelError struct {
	Err    error
	GaveUp string
}

func (e *ModelError) Error() string {
	if e.Err != nil {
		return "model call failed: " + e.Err.Error()
	}
	return "the model reports it failed: " + e.GaveUp
}

func (e *ModelError) Unwrap() error { return e.Err }

func (e *ModelError) FailureCode() envelope.Code { return envelope.CodeModel }

// coded is an error that knows its envelope failure code: every typed
// error prima makes, in whichever package, carries its own.
type coded interface {
	error
	FailureCode() envelope.Code
}

// codeOf names the failure code of an error from the outermost error in
// its chain that knows one (never from its text); Playwright's own
// errors by kind; anything else is internal.
func codeOf(err error) envelope.Code {
	if err == nil {
		return ""
	}
	for e := err; e != nil; {
		var c coded
		if !errors.As(e, &c) {
			break
		}
		if code := c.FailureCode(); code != "" {
			return code
		}
		e = errors.Unwrap(c)
	}
	// The browser half's errors are coded here: it knows nothing of
	// envelopes.
	var gone *browser.BrowserGoneError
	var noPage *browser.NoPageError
	var stale *browser.StaleRefError
	switch {
	case errors.As(err, &gone), errors.As(err, &noPage):
		return envelope.CodeBrowserGone
	case errors.As(err, &stale):
		return envelope.CodeStaleRef
	case errors.Is(err, playwright.ErrTargetClosed):
		return envelope.CodeBrowserGone
	case errors.Is(err, playwright.ErrTimeout), errors.Is(err, engine.ErrDeadline):
		return envelope.CodeTimeout
	}
	return envelope.CodeInternal
}

// SelectedOtherError: a click on an item of a widget list after which the
// widget holds another item of that list.
type SelectedOtherError struct{ Target, Selected string }

func (e *SelectedOtherError) Error() string {
	return fmt.Sprintf("clicked %s, but the widget selected %q instead: that change is not proof of the click", e.Target, e.Selected)
}

func (e *SelectedOtherError) FailureCode() envelope.Code { return envelope.CodeValueMismatch }

// MarkupAmbiguousError: several visible elements outside the
// accessibility tree show the target's text; prima picks none.
type MarkupAmbiguousError struct {
	Text, Code string
	Count      int
	Refs       []string // the snapshot's nodes that show the text, `generic [ref=e10]`
}

func (e *MarkupAmbiguousError) Error() string {
	var cs []string
	for i := 0; i < e.Count && i < 4; i++ {
		cs = append(cs, fmt.Sprintf("%s.nth(%d)", e.Code, i))
	}
	refs := ""
	if len(e.Refs) > 0 {
		refs = "; in the snapshot: " + strings.Join(e.Refs, ", ") + " (prima pw click REF)"
	}
	return fmt.Sprintf("%d visible elements show %q and none is a control the tree names: %s%s", e.Count, e.Text, strings.Join(cs, ", "), refs)
}

func (e *MarkupAmbiguousError) FailureCode() envelope.Code { return envelope.CodeAmbiguous }

// StepError carries a command's failure into a step of a command made of
// several (a do step that ran a tab or dialog command), with its code.
type StepError struct {
	Msg  string
	Code envelope.Code
}

func (e *StepError) Error() string { return e.Msg }

func (e *StepError) FailureCode() envelope.Code { return e.Code }
