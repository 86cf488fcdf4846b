package engine

import (
	"errors"
	"fmt"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
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

func (e *NotActionableError) FailureCode() string { return envelope.CodeNotActionable }

// ValueMismatchError: a fill or type ran, but the field holds something
// else than asked (maxlength, a mask, a script that rewrites it).
type ValueMismatchError struct {
	Field     string
	Want, Got string
}

func (e *ValueMismatchError) Error() string {
	return fmt.Sprintf("%s holds %s after the action, not %s as asked", e.Field, browser.QuoteShort(e.Got), browser.QuoteShort(e.Want))
}

func (e *ValueMismatchError) FailureCode() string { return envelope.CodeValueMismatch }

// HTTPStatusError: the main document answered with an error status.
type HTTPStatusError struct {
	URL    string
	Status int
}

func (e *HTTPStatusError) Error() string {
	return fmt.Sprintf("arrived at %s, but the server answered HTTP %d", e.URL, e.Status)
}

func (e *HTTPStatusError) FailureCode() string { return envelope.CodeHTTPStatus }

// ErrDeadline: the command's --timeout ran out.
var ErrDeadline = errors.New("the command's time (--timeout) ran out")
