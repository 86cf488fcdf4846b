package exec

import (
	"context"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.BackRequest) *envelope.Envelope {
		return in.history(ctx, r.Target, "back", "goBack")
	})
	Runs(func(in *Instance, ctx context.Context, r *wire.ForwardRequest) *envelope.Envelope {
		return in.history(ctx, r.Target, "forward", "goForward")
	})
	Runs(func(in *Instance, ctx context.Context, r *wire.ReloadRequest) *envelope.Envelope {
		return in.history(ctx, r.Target, "reload", "reload")
	})
}

// history runs back, forward or reload: the page's own Playwright line,
// proven like any action.
func (in *Instance) history(ctx context.Context, t wire.Target, name, method string) *envelope.Envelope {
	env := in.Pw(ctx, wire.PwRequest{Target: t, Line: "page." + method + "()"})
	env.Command = name
	return env
}
