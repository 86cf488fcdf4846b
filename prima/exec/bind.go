package exec

import (
	"context"
	"errors"
	"fmt"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// bind resolves a pw target, a ref or a selector, to its one element,
// and names it: the role and name a snapshot gave it, and its unique
// locator's code.
func (in *Instance) bind(ctx context.Context, page playwright.Page, before *engine.View, target string) (playwright.ElementHandle, engine.Target, error) {
	if refs.Is(target) {
		res, entry, err := in.resolveRef(ctx, page, before, target)
		if err != nil {
			return nil, engine.Target{}, err
		}
		return res.Handle, engine.Target{Role: entry.Role, Name: entry.Name, Code: res.Code}, nil
	}
	code := "page.locator(" + pwline.JSQuote(target) + ")"
	h, err := in.bindSelector(ctx, page, target)
	return h, engine.Target{Code: code}, err
}

// resolveRef binds a ref to its element and its unique locator: a ref of
// prima's last view with refs, or of a newer playwright-cli snapshot.
func (in *Instance) resolveRef(ctx context.Context, page playwright.Page, before *engine.View, target string) (*browser.Resolved, refs.Entry, error) {
	r, _ := refs.Parse(target)
	if before.RefFree {
		before = in.eng.RefsOf(ctx, page, false)
		if _, ok := before.Refs()[r.String()]; !ok {
			// Not in prima's last view with refs: a newer snapshot
			// (playwright-cli's) may have given it.
			before = in.eng.RefsOf(ctx, page, true)
		}
	}
	entry, ok := before.Refs()[r.String()]
	if !ok {
		// Fail fast: a ref missing from the snapshot just taken is
		// dead; waiting for aria-ref would cost the whole timeout.
		return nil, entry, &refs.NotFoundError{Ref: r}
	}
	res, err := browser.ResolveRef(ctx, in.eng.Within, page, before.Tree, r, entry.Role, entry.Name)
	return res, entry, err
}

// bindSelector waits for a selector to match, within the time an element
// may take (engine.TimeoutMS), and requires exactly one match.
func (in *Instance) bindSelector(ctx context.Context, page playwright.Page, sel string) (playwright.ElementHandle, error) {
	loc := page.Locator(sel)
	// One query when the element is there already: each Playwright query
	// walks the whole DOM (its CSS engine pierces shadow roots), some
	// 80 ms on a 20,000-element page.
	if hs, err := loc.ElementHandles(); err == nil && len(hs) > 0 {
		if len(hs) == 1 {
			return hs[0], nil
		}
		for _, h := range hs {
			h.Dispose()
		}
		return nil, &SelectorError{Selector: sel, Count: len(hs)}
	}
	if err := loc.First().WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateAttached, Timeout: playwright.Float(engine.TimeoutMS(ctx))}); err != nil {
		if errors.Is(err, playwright.ErrTimeout) {
			return nil, &SelectorError{Selector: sel}
		}
		return nil, err
	}
	return BindLocator(loc, sel)
}

// BindLocator binds the one element a locator matches; do binds what its
// research map and the page's markup name with it too.
func BindLocator(loc playwright.Locator, sel string) (playwright.ElementHandle, error) {
	n, err := loc.Count()
	if err != nil {
		return nil, err
	}
	if n != 1 {
		return nil, &SelectorError{Selector: sel, Count: n}
	}
	return loc.ElementHandle(playwright.LocatorElementHandleOptions{Timeout: playwright.Float(1000)})
}

// SelectorError: a selector matched no element, or several.
type SelectorError struct {
	Selector string
	Count    int
}

func (e *SelectorError) Error() string {
	if e.Count == 0 {
		return fmt.Sprintf("selector %s matches no element", clip(e.Selector))
	}
	return fmt.Sprintf("selector %s matches %d elements, not exactly one; make it unique (for example add .first() or .nth(i) in a Playwright line if you mean one of them)", clip(e.Selector), e.Count)
}

// FailureCode is the envelope code of the failure.
func (e *SelectorError) FailureCode() envelope.Code {
	if e.Count > 1 {
		return envelope.CodeAmbiguous
	}
	return envelope.CodeNotFound
}

// PrepLocator prepares an action on the one element a locator matches;
// exported for do's model, which may act on a selector from markup.
func (in *Instance) PrepLocator(ctx context.Context, loc playwright.Locator, sel, code string, a pwline.Action, o engine.Opts) (*engine.Action, error) {
	h, err := BindLocator(loc, sel)
	if err != nil {
		return nil, err
	}
	return in.eng.OnElement(ctx, h, engine.Target{Code: code}, a, o)
}
