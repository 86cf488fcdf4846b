package exec

import (
	"errors"
	"fmt"
	"testing"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/downloads"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/guard"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// codeCases: one error of each kind prima makes, and the code it carries.
var codeCases = []struct {
	err  error
	want envelope.Code
}{
	{&wire.UsageError{Msg: "x"}, envelope.CodeUsage},
	{&wire.NeedsPageError{}, envelope.CodeUsage},
	{&refs.MalformedError{}, envelope.CodeUsage},
	{&NoDialogError{}, envelope.CodeUsage},
	{&TabOutOfRangeError{}, envelope.CodeUsage},
	{&FileError{}, envelope.CodeUsage},
	{&EvalError{Err: errors.New("boom")}, envelope.CodeUsage},
	{&NothingToExportError{}, envelope.CodeUsage},
	{&instruct.UnparsedError{}, envelope.CodeInstruction},
	{&instruct.CompoundError{}, envelope.CodeInstruction},
	{&instruct.ResolveError{}, envelope.CodeNotFound},
	{&instruct.ResolveError{Ambiguous: true}, envelope.CodeAmbiguous},
	{&SelectorError{Count: 0}, envelope.CodeNotFound},
	{&SelectorError{Count: 2}, envelope.CodeAmbiguous},
	{&refs.AmbiguousError{}, envelope.CodeAmbiguous},
	{&MarkupAmbiguousError{}, envelope.CodeAmbiguous},
	{&refs.NotFoundError{}, envelope.CodeStaleRef},
	{&refs.UnknownFrameError{}, envelope.CodeStaleRef},
	{&browser.StaleRefError{}, envelope.CodeStaleRef},
	{&engine.NotActionableError{}, envelope.CodeNotActionable},
	{&engine.MisdirectedError{}, envelope.CodeNotActionable},
	{&engine.StrayInputError{}, envelope.CodeNotActionable},
	{&engine.NoClickError{Moved: true}, envelope.CodeNotActionable},
	{&guard.PanicError{In: "the action", Value: "x"}, envelope.CodeInternal},
	{&BudgetError{Spent: "action", N: 3}, envelope.CodeBudget},
	{&ModelError{GaveUp: "no such button"}, envelope.CodeModel},
	{&ModelError{Err: errors.New("500")}, envelope.CodeModel},
	{&engine.ValueMismatchError{}, envelope.CodeValueMismatch},
	{&SelectedOtherError{}, envelope.CodeValueMismatch},
	{&WaitTimeoutError{}, envelope.CodeTimeout},
	{&downloads.Error{What: "no download started"}, envelope.CodeTimeout},
	{&downloads.Error{What: "the download x.csv failed", Failed: true}, envelope.CodeNavigation},
	{&downloads.FolderError{Asked: "file"}, envelope.CodeUsage},
	{playwright.ErrTimeout, envelope.CodeTimeout},
	{engine.ErrDeadline, envelope.CodeTimeout},
	{&engine.HTTPStatusError{Status: 404}, envelope.CodeHTTPStatus},
	{&SemanticError{Clicked: "link \"Billing\""}, envelope.CodeNavigation},
	{&SemanticError{}, envelope.CodeNotFound},
	{&DialogOpenError{}, envelope.CodeDialogOpen},
	{&browser.BrowserGoneError{}, envelope.CodeBrowserGone},
	{&browser.NoPageError{}, envelope.CodeBrowserGone},
	{playwright.ErrTargetClosed, envelope.CodeBrowserGone},
	{&judge.StatusError{Code: 500}, envelope.CodeModel},
	{&judge.ConfigError{}, envelope.CodeModel},
	{&judge.MalformedError{}, envelope.CodeModel},
	{&StepError{Msg: "x", Code: envelope.CodeNotFound}, envelope.CodeNotFound},
	{errors.New("something prima did not expect"), envelope.CodeInternal},
}

func TestCodeOfEveryError(t *testing.T) {
	for _, c := range codeCases {
		if got := codeOf(c.err); got != c.want {
			t.Errorf("codeOf(%T) = %q, want %q", c.err, got, c.want)
		}
		// Wrapping with context keeps the code.
		if got := codeOf(fmt.Errorf("the action ran: %w", c.err)); got != c.want {
			t.Errorf("codeOf(wrapped %T) = %q, want %q", c.err, got, c.want)
		}
	}
	if codeOf(nil) != "" {
		t.Error("codeOf(nil) is not empty")
	}
	// The outermost error that knows its code names it.
	outer := &engine.NotActionableError{Target: "button", Why: "is covered"}
	if got := codeOf(fmt.Errorf("%w: %w", outer, playwright.ErrTimeout)); got != envelope.CodeNotActionable {
		t.Errorf("not actionable with a timeout inside = %q", got)
	}
	// A step error with no code of its own defers to what is below it.
	if got := codeOf(&StepError{Msg: "x"}); got != envelope.CodeInternal {
		t.Errorf("a step error with no code = %q", got)
	}
}

// TestEveryCodeCanOccur: each code of the documented list has a source:
// a typed error, the daemon's attach failures, or verify (inexpressible,
// set by Verify and asserted end to end).
func TestEveryCodeCanOccur(t *testing.T) {
	seen := map[envelope.Code]bool{envelope.CodeInexpressible: true}
	for _, c := range codeCases {
		seen[c.want] = true
	}
	for _, wc := range []string{wire.ReasonNoBrowser, wire.ReasonAttach, wire.ReasonUsage, wire.ReasonBrowserGone, wire.ReasonInternal} {
		seen[wire.EnvelopeCode(wc)] = true
	}
	for _, c := range envelope.Codes {
		if !seen[c] {
			t.Errorf("code %q is documented but nothing sets it", c)
		}
	}
	for c := range seen {
		if !envelope.IsCode(string(c)) {
			t.Errorf("code %q is set but not in the documented list", c)
		}
	}
}
