package exec

import (
	"context"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
)

// act runs an action through the engine with what the command brings
// (its --dialog answer) and journals the step.
func (in *Instance) act(ctx context.Context, page playwright.Page, before *engine.View, prep engine.Prepare) engine.Outcome {
	o := in.eng.Act(ctx, page, before, prep, engine.Options{Dialog: requestOf(ctx).dialog})
	in.record(ctx, o)
	return o
}

// fill writes an outcome into an envelope: page, Changes (every action
// has them), Events, the failure with its code. A page blocked by a
// dialog has no after-snapshot: its Changes say so.
func (in *Instance) fill(ctx context.Context, env *envelope.Envelope, o engine.Outcome) {
	if o.Used != "" {
		env.Used = o.Used
	}
	env.Events = append(env.Events, browser.Texts(o.Events)...)
	switch {
	case o.After != nil:
		in.fillPage(env, o.Before, o.After)
		env.Page.Redirected = o.Redirected
		env.Changes = changes(o.Changes)
		if o.Before == nil {
			env.Changes = notObserved("prima has no view of the page from before this command")
		}
	case o.Blocked:
		env.Changes = blockedChanges()
		if o.Before != nil {
			in.fillPage(env, nil, o.Before)
		}
	case o.Ran && o.Unread != "":
		// Never `no change` for a page nobody looked at again.
		env.Changes = notObserved(o.Unread)
		if o.Before != nil {
			in.fillPage(env, nil, o.Before)
		}
	default:
		env.Changes = &envelope.Changes{}
		if o.Before != nil {
			in.fillPage(env, nil, o.Before)
		}
	}
	if len(o.Traffic) > 0 {
		if a, err := in.writeNetwork(o.Traffic, requestOf(ctx).secrets); err == nil {
			env.Artifacts = append(env.Artifacts, a)
		} else {
			env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "network.jsonl not written: " + err.Error()})
		}
	}
	if o.Err != nil {
		in.failWith(env, o.Err, o.After)
		return
	}
	env.OK = true
}

// failWith marks the envelope failed with err's code, and the page as it
// is (compact ARIA) when there is one.
func (in *Instance) failWith(env *envelope.Envelope, err error, page *engine.View) {
	env.OK = false
	env.Failure = failure(err)
	env.Code = codeOf(err)
	if page != nil {
		page = in.eng.Printable(page)
		out, _ := page.Tree.Outline(ariadiff.OutlineOptions{Budget: FailureBudget})
		env.CurrentPage = out.Text
	}
}

// notObserved is a Changes section that says why there is no diff.
func notObserved(why string) *envelope.Changes {
	return &envelope.Changes{Groups: []envelope.ChangeGroup{{Kind: "not observed", Items: []string{why}}}}
}
