package exec

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.EvalRequest) *envelope.Envelope {
		return in.Eval(ctx, r.JS, r.Ref)
	})
	Runs(func(in *Instance, _ context.Context, r *wire.ConsoleRequest) *envelope.Envelope {
		return in.Console(r.Errors)
	})
}

// MaxAnswer caps an eval result in the envelope.
const MaxAnswer = 2048

// EvalError: the page's JavaScript threw, or its result is not JSON.
type EvalError struct{ Err error }

func (e *EvalError) Error() string { return "the JavaScript failed: " + e.Err.Error() }

func (e *EvalError) FailureCode() envelope.Code { return envelope.CodeUsage }
func (e *EvalError) Unwrap() error              { return e.Err }

// Eval runs a JavaScript expression or function in the page (on the
// target's element when given) through the act path, since JavaScript
// can change the page: the result, as JSON capped at MaxAnswer bytes, is
// in `### Answer`, beside the Changes.
func (in *Instance) Eval(ctx context.Context, js, target string) *envelope.Envelope {
	env := &envelope.Envelope{Command: "eval " + js}
	if target != "" {
		env.Command += " " + target
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	var result any
	o := in.Act(ctx, page, before, func(ctx context.Context) (*engine.Action, error) {
		var h playwright.ElementHandle
		if target != "" {
			var err error
			if h, _, err = in.bind(ctx, page, before, target); err != nil {
				return nil, err
			}
		}
		return &engine.Action{Run: func(context.Context) error {
			var err error
			if h != nil {
				result, err = in.eng.Evaluate(ctx, h, js)
			} else {
				result, err = in.eng.Evaluate(ctx, page, js)
			}
			if err != nil {
				return &EvalError{Err: err}
			}
			return nil
		}}, nil
	})
	in.fill(ctx, env, o)
	if o.Err == nil && !o.Blocked {
		b, err := json.Marshal(result)
		if err != nil {
			b = []byte(fmt.Sprintf("%q", fmt.Sprint(result)))
		}
		env.Answer = clipN(string(b), MaxAnswer)
	}
	return env
}

// Console shows and forgets the console messages since the previous
// `console`: all of them, or only errors. It works while a dialog is open.
func (in *Instance) Console(errorsOnly bool) *envelope.Envelope {
	env := &envelope.Envelope{Command: "console"}
	if errorsOnly {
		env.Command += " --errors"
	}
	readOnly(env)
	msgs, dropped := in.Obs.TakeConsole()
	var lines []string
	for _, m := range msgs {
		if errorsOnly && m.Type != "error" && m.Type != "pageerror" {
			continue
		}
		lines = append(lines, fmt.Sprintf("[%s] %s", m.Type, clipN(browser.OneLine(m.Text), 300)))
	}
	if len(lines) > 50 {
		dropped += len(lines) - 50
		lines = lines[len(lines)-50:]
	}
	if dropped > 0 {
		lines = append([]string{fmt.Sprintf("(%d earlier messages not shown)", dropped)}, lines...)
	}
	env.Answer = "no messages"
	if len(lines) > 0 {
		env.Answer = strings.Join(lines, "\n")
	}
	env.OK = true
	return env
}
