package exec

import (
	"context"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.ScreenshotRequest) *envelope.Envelope {
		return in.Screenshot(ctx, r.Ref, r.Full)
	})
}

// Screenshot writes a PNG of the page (the whole page with full), or of
// one element, into the artifacts folder. It acts on nothing.
func (in *Instance) Screenshot(ctx context.Context, target string, full bool) *envelope.Envelope {
	env := &envelope.Envelope{Command: "screenshot"}
	if target != "" {
		env.Command += " " + target
	}
	if full {
		env.Command += " --full"
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	readOnly(env)
	in.FillPage(env, nil, before)
	path, err := in.artifactPath("screenshot.png")
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	t := playwright.Float(engine.TimeoutMS(ctx))
	if target != "" {
		var h playwright.ElementHandle
		if h, _, err = in.bind(ctx, page, before, target); err == nil {
			_, err = h.Screenshot(playwright.ElementHandleScreenshotOptions{Path: playwright.String(path), Timeout: t})
		}
	} else {
		_, err = page.Screenshot(playwright.PageScreenshotOptions{Path: playwright.String(path), FullPage: playwright.Bool(full), Timeout: t})
	}
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: "screenshot.png", Path: path})
	env.OK = true
	return env
}
