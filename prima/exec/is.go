package exec

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

func init() { Runs((*Instance).Is) }

// Is answers whether an element is in a state now, true or false in the
// Answer; it acts on nothing and waits for nothing. Visible and hidden
// ask whether a user sees it, so nothing there is hidden: a selector that
// matches nothing, a ref a snapshot gave whose element is gone. The other
// states are the one element's, which must be there.
func (in *Instance) Is(ctx context.Context, r *wire.IsRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "is " + r.State + " " + r.Ref}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	yes, gone, err := in.is(ctx, page, before, r)
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	env.Answer = strconv.FormatBool(yes)
	if gone {
		// The answer is of the element the ref named; a copy the page
		// rendered in its place (same role and name, a new ref) may show.
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: r.Ref + "'s element is gone from the page, not only hidden; another may stand in its place: take a snapshot for its ref"})
	}
	env.OK = true
	return env
}

// is answers r; gone: the ref's element is no longer on the page.
func (in *Instance) is(ctx context.Context, page playwright.Page, before *engine.View, r *wire.IsRequest) (yes, gone bool, err error) {
	seen := r.State == "visible" || r.State == "hidden"
	var h playwright.ElementHandle
	if refs.Is(r.Ref) {
		res, entry, err := in.resolveRef(ctx, page, before, r.Ref)
		var nf *refs.NotFoundError
		var stale *browser.StaleRefError
		switch {
		case seen && entry.Role != "" && (errors.As(err, &stale) || errors.As(err, &nf)):
			return r.State == "hidden", true, nil
		case err != nil:
			return false, false, err
		}
		h = res.Handle
	} else {
		hs, err := page.Locator(r.Ref).ElementHandles()
		if err != nil {
			return false, false, err
		}
		if len(hs) != 1 {
			for _, h := range hs {
				h.Dispose()
			}
			if len(hs) == 0 && seen {
				return r.State == "hidden", false, nil
			}
			return false, false, &SelectorError{Selector: r.Ref, Count: len(hs)}
		}
		h = hs[0]
	}
	defer h.Dispose()
	yes, err = state(h, r)
	return yes, false, err
}

// state reads r's state of the one element h.
func state(h playwright.ElementHandle, r *wire.IsRequest) (bool, error) {
	switch r.State {
	case "visible":
		return h.IsVisible()
	case "hidden":
		v, err := h.IsVisible()
		return !v, err
	case "enabled":
		return h.IsEnabled()
	case "disabled":
		return h.IsDisabled()
	case "checked":
		v, err := h.IsChecked()
		return v, noState(err, r, "Not a checkbox or radio button", "a checkbox, a radio button or a switch")
	}
	v, err := h.IsEditable()
	return v, noState(err, r, "Element is not an <input>", "a field (an input, a textarea, a select or an editable element)")
}

// noState turns Playwright's error for an element that has no such
// state (its message starts with says) into a NoStateError.
func noState(err error, r *wire.IsRequest, says, kind string) error {
	if err != nil && strings.Contains(err.Error(), says) {
		return &NoStateError{Target: r.Ref, State: r.State, Kind: kind}
	}
	return err
}

// NoStateError: `is checked` or `is editable` of an element that has no
// such state: it is neither checked nor unchecked, neither editable nor
// read-only.
type NoStateError struct{ Target, State, Kind string }

func (e *NoStateError) Error() string {
	return fmt.Sprintf("%s is not %s: it is neither %s nor not", e.Target, e.Kind, e.State)
}

func (e *NoStateError) FailureCode() envelope.Code { return envelope.CodeNotActionable }
