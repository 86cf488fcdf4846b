package exec

import (
	"context"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
)

// UsablePage is the page a command reads or acts on, unless the browser is
// gone or a dialog blocks it (rule 12: fail at once, naming the dialog);
// exported for goal's page, which observes without Begin.
func (in *Instance) UsablePage() (playwright.Page, error) {
	page, err := in.CurrentPage()
	if err != nil {
		return nil, err
	}
	if d := in.Obs.Dialog(); d != nil {
		return nil, &DialogOpenError{Dialog: d.Describe()}
	}
	return page, nil
}

// Begin starts every command that reads or acts on the page, exec's and
// prima/steps': the page and how it looks now, unless the browser is gone
// or a dialog blocks the page (rule 12: fail at once, naming the dialog).
// needRefs: the command reads refs from the view (a ref-free view from the
// incremental renderer would not do).
func (in *Instance) Begin(ctx context.Context, env *envelope.Envelope, needRefs bool) (playwright.Page, *engine.View, bool) {
	page, err := in.UsablePage()
	if err != nil {
		in.Fail(env, err, nil)
		return nil, nil, false
	}
	before, err := in.eng.Observe(ctx, page, needRefs)
	if err != nil {
		in.Fail(env, err, nil)
		return nil, nil, false
	}
	in.states.observe(before.State().ID())
	return page, before, true
}
