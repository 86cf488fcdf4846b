package exec

import (
	"errors"
	"fmt"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// NotActionableError: the target is there but a user could not act on it
// (disabled, readonly, covered by another element), known before acting.
type NotActionableError struct {
	Target string // e.g. button "Pay"
	Why    string // e.g. "is disabled", "is covered by div#overlay"
}

func (e *NotActionableError) Error() string {
	return fmt.Sprintf("%s %s; nothing was done", e.Target, e.Why)
}

// ValueMismatchError: a fill or type ran, but the field holds something
// else than asked (maxlength, a mask, a script that rewrites it).
type ValueMismatchError struct {
	Field     string
	Want, Got string
}

func (e *ValueMismatchError) Error() string {
	return fmt.Sprintf("%s holds %s after the action, not %s as asked", e.Field, browser.QuoteShort(e.Got), browser.QuoteShort(e.Want))
}

// HTTPStatusError: the main document answered with an error status.
type HTTPStatusError struct {
	URL    string
	Status int
}

func (e *HTTPStatusError) Error() string {
	return fmt.Sprintf("arrived at %s, but the server answered HTTP %d", e.URL, e.Status)
}

// DialogOpenError: a dialog blocks the page; it must be answered first.
type DialogOpenError struct{ Dialog string }

func (e *DialogOpenError) Error() string {
	return fmt.Sprintf("a dialog is open: %s; answer it first with prima dialog accept [TEXT] | dismiss", e.Dialog)
}

// NoDialogError: dialog accept|dismiss with no dialog open.
type NoDialogError struct{}

func (e *NoDialogError) Error() string { return "no dialog is open; nothing was answered" }

// codeOf names the failure code of an error, from its type: never from
// its text.
func codeOf(err error) string {
	var (
		usage     *wire.UsageError
		needsPage *wire.NeedsPageError
		unparsed  *instruct.UnparsedError
		resolve   *instruct.ResolveError
		notFound  *refs.NotFoundError
		frame     *refs.UnknownFrameError
		malformed *refs.MalformedError
		amb       *refs.AmbiguousError
		sel       *SelectorError
		stale     *browser.StaleRefError
		notAct    *NotActionableError
		mismatch  *ValueMismatchError
		selOther  *SelectedOtherError
		status    *HTTPStatusError
		dialog    *DialogOpenError
		noDialog  *NoDialogError
		gone      *browser.BrowserGoneError
		noPage    *browser.NoPageError
		semantic  *SemanticError
		jstatus   *judge.StatusError
		jconfig   *judge.ConfigError
		jmal      *judge.MalformedError
		tabRange  *TabOutOfRangeError
		markupAmb *MarkupAmbiguousError
		misdir    *MisdirectedError
		eval      *EvalError
		waitErr   *WaitTimeoutError
		files     *FileError
		nothing   *NothingToExportError
	)
	var step *stepError
	switch {
	case err == nil:
		return ""
	case errors.As(err, &step) && step.code != "":
		return step.code
	case errors.As(err, &usage), errors.As(err, &needsPage), errors.As(err, &malformed), errors.As(err, &noDialog), errors.As(err, &tabRange), errors.As(err, &files), errors.As(err, &eval), errors.As(err, &nothing):
		return envelope.CodeUsage
	case errors.As(err, &unparsed), isInstructionError(err):
		return envelope.CodeInstruction
	case errors.As(err, &resolve):
		if resolve.Ambiguous {
			return envelope.CodeAmbiguous
		}
		return envelope.CodeNotFound
	case errors.As(err, &sel):
		if sel.Count > 1 {
			return envelope.CodeAmbiguous
		}
		return envelope.CodeNotFound
	case errors.As(err, &amb), errors.As(err, &markupAmb):
		return envelope.CodeAmbiguous
	case errors.As(err, &notFound), errors.As(err, &frame), errors.As(err, &stale):
		// A ref that names no element now is dead: stale_ref. not_found is
		// for a selector or a described target that matches nothing.
		return envelope.CodeStaleRef
	case errors.As(err, &notAct), errors.As(err, &misdir):
		return envelope.CodeNotActionable
	case errors.As(err, &mismatch), errors.As(err, &selOther):
		return envelope.CodeValueMismatch
	case errors.As(err, &status):
		return envelope.CodeHTTPStatus
	case errors.As(err, &dialog):
		return envelope.CodeDialogOpen
	case errors.As(err, &gone), errors.As(err, &noPage), errors.Is(err, playwright.ErrTargetClosed):
		return envelope.CodeBrowserGone
	case errors.As(err, &semantic):
		if semantic.Clicked != "" {
			return envelope.CodeNavigation
		}
		return envelope.CodeNotFound
	case errors.As(err, &jstatus), errors.As(err, &jconfig), errors.As(err, &jmal):
		return envelope.CodeModel
	case errors.Is(err, playwright.ErrTimeout), errors.Is(err, errDeadline), errors.As(err, &waitErr):
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

// errDeadline: the command's --timeout ran out.
var errDeadline = errors.New("the command's time (--timeout) ran out")

// isInstructionError: a do instruction that is not one action.
func isInstructionError(err error) bool {
	var c *instruct.CompoundError
	return errors.As(err, &c)
}
