package exec

import (
	"context"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.DialogRequest) *envelope.Envelope {
		return in.AnswerDialog(ctx, r.Accept(), r.Text)
	})
}

// dialogQuiet is how long the page answering a dialog must stay quiet:
// past the 400 ms a page may wait before it redraws.
const dialogQuiet = 450 * time.Millisecond

// AnswerDialog accepts (with text, for a prompt) or dismisses the open
// dialog through the act path: its Changes run from the page as it was
// before the action that raised the dialog to the page after the answer.
func (in *Instance) AnswerDialog(ctx context.Context, accept bool, text string) *envelope.Envelope {
	env := &envelope.Envelope{Command: "dialog dismiss"}
	if accept {
		env.Command = "dialog accept"
		if text != "" {
			env.Command += " " + QuoteIfSpaced(text)
		}
	}
	d := in.Obs.Dialog()
	if d == nil {
		in.Fail(env, &NoDialogError{}, nil)
		return env
	}
	before, shown := in.eng.Last()
	if shown != d.Page {
		before = nil
	}
	answer := "dismissed"
	if accept {
		answer = "accepted"
		if text != "" {
			answer = "accepted with " + browser.QuoteShort(text)
		}
	}
	desc := d.Describe()
	o := in.Act(ctx, d.Page, before, func(context.Context) (*engine.Action, error) {
		// The page resumes the handler that asked, and what it set going
		// then (a refresh a moment later) no tracker saw start.
		return &engine.Action{Quiet: dialogQuiet, Run: func(context.Context) error {
			if accept {
				if text != "" {
					return d.Dialog.Accept(text)
				}
				return d.Dialog.Accept()
			}
			return d.Dialog.Dismiss()
		}}, nil
	})
	o.Events = append([]browser.Event{{Kind: browser.EventDialog, Text: "dialog: " + desc + " -> " + answer}}, o.Events...)
	in.fill(ctx, env, o)
	if env.OK {
		in.answered(ctx, accept, text)
	}
	return env
}
