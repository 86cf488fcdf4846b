package exec

import (
	"context"
	"errors"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/wire"
)

// Go navigates to a URL, or a path relative to the current page; a
// target that is neither is resolved semantically by the judge.
func (in *Instance) Go(ctx context.Context, target string, allowSchemes bool, j *judge.Judge) *envelope.Envelope {
	env := &envelope.Envelope{Command: "go " + target}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	u, err := wire.ResolveURL(before.URL, target, allowSchemes)
	if errors.Is(err, wire.ErrSemantic) {
		// Only a semantic target reads refs (the links on the page).
		return in.goSemantic(ctx, env, page, in.eng.WithRefs(ctx, page, before), target, j)
	}
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	in.fill(ctx, env, in.Act(ctx, page, before, engine.Goto(page, u, engine.NavOpts{})))
	return env
}
