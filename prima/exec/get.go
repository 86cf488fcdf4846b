package exec

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

func init() { Runs((*Instance).Get) }

//go:embed js/read_element.js
var readElementJS string

// Get reads one thing of an element (its text, value or an attribute, how
// many elements a selector matches, its box) into the Answer as JSON. It
// acts on nothing; a target must resolve as an action's would (exactly
// one element), except for count.
func (in *Instance) Get(ctx context.Context, r *wire.GetRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "get " + r.What}
	if r.Name != "" {
		env.Command += " " + r.Name
	}
	env.Command += " " + r.Ref
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	answer, err := in.read(ctx, page, before, r)
	if err != nil {
		in.Fail(env, err, before)
		return env
	}
	b, err := json.Marshal(answer)
	if err != nil {
		b = []byte(fmt.Sprintf("%q", fmt.Sprint(answer)))
	}
	env.Answer = clipN(string(b), MaxAnswer)
	env.OK = true
	return env
}

func (in *Instance) read(ctx context.Context, page playwright.Page, before *engine.View, r *wire.GetRequest) (any, error) {
	if r.What == "count" && !refs.Is(r.Ref) {
		return page.Locator(r.Ref).Count()
	}
	h, _, err := in.bind(ctx, page, before, r.Ref)
	if err != nil {
		return nil, err
	}
	defer h.Dispose()
	switch r.What {
	case "count":
		return 1, nil // a ref names one element, or fails above
	case "box":
		return h.BoundingBox()
	}
	v, err := in.eng.Evaluate(ctx, h, readElementJS, []string{r.What, r.Name})
	if err != nil {
		return nil, &EvalError{Err: err}
	}
	return v, nil
}
