package exec

import (
	"errors"
	"fmt"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/instruct"
)

// DialogOpenError: a dialog blocks the page; it must be answered first.
type DialogOpenError struct{ Dialog string }

func (e *DialogOpenError) Error() string {
	return fmt.Sprintf("a dialog is open: %s; answer it first with prima dialog accept [TEXT] | dismiss", e.Dialog)
}

func (e *DialogOpenError) FailureCode() string { return envelope.CodeDialogOpen }

// NoDialogError: dialog accept|dismiss with no dialog open.
type NoDialogError struct{}

func (e *NoDialogError) Error() string { return "no dialog is open; nothing was answered" }

func (e *NoDialogError) FailureCode() string { return envelope.CodeUsage }

// coded is an error that knows its envelope failure code: every typed
// error prima makes, in whichever package, carries its own.
type coded interface {
	error
	FailureCode() string
}

// codeOf names the failure code of an error from the outermost error in
// its chain that knows one (never from its text); Playwright's own
// errors by kind; anything else is internal.
func codeOf(err error) string {
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
	switch {
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

func (e *SelectedOtherError) FailureCode() string { return envelope.CodeValueMismatch }

// isInstructionError: a do instruction that is not one action.
func isInstructionError(err error) bool {
	var c *instruct.CompoundError
	return errors.As(err, &c)
}
