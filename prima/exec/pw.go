package exec

import (
	"context"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

func init() {
	Runs(func(in *Instance, ctx context.Context, r *wire.PwRequest) *envelope.Envelope { return in.Pw(ctx, *r) })
}

// Pw performs one direct action, with no AI and no healing, and returns
// the envelope that proves what it changed.
func (in *Instance) Pw(ctx context.Context, req wire.PwRequest) *envelope.Envelope {
	req.Ref = strings.TrimSpace(req.Ref)
	parts := []string{req.Action, req.Ref}
	for _, v := range req.Values {
		parts = append(parts, QuoteIfSpaced(v))
	}
	if req.Button != "" {
		parts = append(parts, "--button", req.Button)
	}
	if len(req.Modifiers) > 0 {
		parts = append(parts, "--modifiers", strings.Join(req.Modifiers, ","))
	}
	if req.Count != 0 {
		parts = append(parts, "--count", fmt.Sprint(req.Count))
	}
	command := "pw " + strings.TrimSpace(strings.Join(nonEmpty(parts...), " "))
	if req.Line != "" {
		command = "pw " + req.Line
	}
	env := &envelope.Envelope{Command: command}
	if req.Line == "" && refs.Is(req.Ref) {
		env.Ref = req.Ref
	}
	action, line, err := req.Parse()
	if err == nil {
		for i := range req.Values {
			if req.Values[i], err = requestOf(ctx).secrets.Fill(req.Values[i]); err != nil {
				break
			}
		}
	}
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	// A ref target is resolved against the last view with refs (bind); a
	// Playwright line may name refs anywhere in it.
	page, before, ok := in.Begin(ctx, env, line != nil)
	if !ok {
		return env
	}
	o := in.Act(ctx, page, before, func(ctx context.Context) (*engine.Action, error) {
		if line != nil {
			return in.prepLine(ctx, page, before, *line, action)
		}
		opts := engine.Opts{Button: req.Button, Modifiers: req.Modifiers, Count: req.Count}
		switch action.Name {
		case pwline.Select:
			opts.Values = req.Values
		case pwline.Upload:
			for _, f := range req.Values {
				opts.Values = append(opts.Values, requestOf(ctx).path(f))
			}
			if err := CheckFiles(opts.Values); err != nil {
				return nil, err
			}
		case pwline.Drag:
		default:
			if len(req.Values) == 1 {
				opts.Value = req.Values[0]
			}
		}
		h, target, err := in.bind(ctx, page, before, req.Ref)
		if err != nil {
			return nil, err
		}
		if action.Name == pwline.Drag {
			h2, to, err := in.bind(ctx, page, before, strings.TrimSpace(req.Values[0]))
			if err != nil {
				return nil, err
			}
			return in.eng.Drag(ctx, page, h, h2, target.What(), to.What(), target.Code, to.Code, engine.DragOpts{})
		}
		return in.eng.OnElement(ctx, h, target, action, opts)
	})
	in.fill(ctx, env, o)
	if o.Note != "" {
		env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: o.Note})
	}
	return env
}

// prepLine prepares a Playwright line: a page-level one (keyboard,
// navigation) or an action on its one locator.
func (in *Instance) prepLine(ctx context.Context, page playwright.Page, before *engine.View, l pwline.Line, a pwline.Action) (*engine.Action, error) {
	r := requestOf(ctx)
	value, err := r.secrets.Fill(l.Value)
	if err != nil {
		return nil, err
	}
	if l.PageLevel() {
		l.Value = value
		return in.PrepPage(ctx, page, before, l)
	}
	h, err := in.bindSelector(ctx, page, l.Selector)
	if err != nil {
		return nil, err
	}
	if a.Name == pwline.Drag {
		h2, err := in.bindSelector(ctx, page, l.Target2Selector)
		if err != nil {
			return nil, err
		}
		return in.eng.Drag(ctx, page, h, h2, l.Locator, l.Target2Locator, l.Locator, l.Target2Locator,
			engine.DragOpts{Steps: l.Steps, From: l.SourcePosition, To: l.TargetPosition})
	}
	o := engine.Opts{Value: value, Button: l.Button, Modifiers: l.Modifiers, Count: l.ClickCount, Position: l.Position,
		DelayMS: l.DelayMS, Steps: l.Steps, Scroll: l.Scroll, Trial: l.Trial, NoWaitAfter: l.NoWaitAfter}
	for _, v := range l.Values {
		if v, err = r.secrets.Fill(v); err != nil {
			return nil, err
		}
		if a.Name == pwline.Upload {
			v = r.path(v)
		}
		o.Values = append(o.Values, v)
	}
	if a.Name == pwline.Upload {
		if err := CheckFiles(o.Values); err != nil {
			return nil, err
		}
	}
	return in.eng.OnElement(ctx, h, engine.Target{Code: l.Locator}, a, o)
}

// PrepPage prepares a page-level action (a key, typed text, a
// navigation) with its options; l.Value is the value to use, secrets
// filled in. Exported for do's `press KEY` with no target.
func (in *Instance) PrepPage(ctx context.Context, page playwright.Page, before *engine.View, l pwline.Line) (*engine.Action, error) {
	value := l.Value
	var delay *float64
	if l.DelayMS > 0 {
		delay = playwright.Float(float64(l.DelayMS))
	}
	switch l.Method {
	case "keyboard.press":
		return in.eng.OnFocused(ctx, page, l, func() error { return page.Keyboard().Press(value, playwright.KeyboardPressOptions{Delay: delay}) })
	case "keyboard.type":
		return in.eng.OnFocused(ctx, page, l, func() error { return page.Keyboard().Type(value, playwright.KeyboardTypeOptions{Delay: delay}) })
	case "keyboard.insertText":
		return in.eng.OnFocused(ctx, page, l, func() error { return page.Keyboard().InsertText(value) })
	case "goto":
		u, err := wire.ResolveURL(before.URL, value, false)
		if err != nil {
			return nil, err
		}
		return engine.Goto(page, u, engine.NavOpts{WaitUntil: l.WaitUntil, Referer: l.Referer})(ctx)
	}
	return engine.History(page, l.Method, engine.NavOpts{WaitUntil: l.WaitUntil})
}
