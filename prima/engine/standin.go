package engine

import (
	"context"
	_ "embed"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/pwline"
)

// unseenJS tells whether a user sees a field, and what the page shows in
// its place: inspectJS refuses to set a field no user sees, and StandIn
// reaches it through that widget.
//
//go:embed js/unseen.js
var unseenJS string

//go:embed js/stand_in.js
var standInSrc string

var standInJS = strings.Replace(standInSrc, "(UNSEEN)", "("+strings.TrimSpace(unseenJS)+")", 1)

//go:embed js/editor_document.js
var editorDocumentSrc string

// editorDocumentJS tells whether an element that takes no value is an
// editor's document, whose keys go to an input the editor hides.
var editorDocumentJS = strings.Replace(editorDocumentSrc, "(UNSEEN)", "("+strings.TrimSpace(unseenJS)+")", 1)

// shownTextJS is what an editor's document shows.
//
//go:embed js/shown_text.js
var shownTextJS string

// StandIn is the widget a page draws in place of a field it hides from
// the user (a custom select over its native <select>, an editor over its
// <textarea>): what a user acts on when a label names the field.
type StandIn struct {
	Widget playwright.ElementHandle // what a user opens: the widget's combobox, or the widget
	Doc    playwright.ElementHandle // what shows the widget's text: an editor's document
	// Editable: Doc takes text itself (contenteditable); else its keys go
	// to an input proxy the editor keeps hidden.
	Editable bool
	Shown    string // the widget, as a message names it
}

// Dispose releases the stand-in's handles.
func (s *StandIn) Dispose() {
	s.Widget.Dispose()
	s.Doc.Dispose()
}

// Seen tells whether a user sees the element h (or reaches it: an
// invisible native control laid over its custom face), by the rule a
// field is refused by when no user sees it.
func (e *Engine) Seen(ctx context.Context, h playwright.ElementHandle) (bool, error) {
	v, err := e.Evaluate(ctx, h, seenJS)
	if err != nil {
		return false, err
	}
	seen, _ := v.(bool)
	return seen, nil
}

//go:embed js/seen.js
var seenSrc string

var seenJS = strings.Replace(seenSrc, "(UNSEEN)", "("+strings.TrimSpace(unseenJS)+")", 1)

// StandIn finds the widget shown in place of the field h is (or labels):
// nil when a user sees the field, or when no widget stands for it.
func (e *Engine) StandIn(ctx context.Context, h playwright.ElementHandle) (*StandIn, error) {
	v, err := e.EvaluateHandle(ctx, h, standInJS)
	if err != nil {
		return nil, err
	}
	defer v.Dispose()
	el := func(name string) playwright.ElementHandle {
		p, err := v.GetProperty(name)
		if err != nil {
			return nil
		}
		if x := p.AsElement(); x != nil {
			return x
		}
		p.Dispose()
		return nil
	}
	w, d := el("widget"), el("doc")
	if w == nil || d == nil {
		for _, x := range []playwright.ElementHandle{w, d} {
			if x != nil {
				x.Dispose()
			}
		}
		return nil, nil
	}
	s := &StandIn{Widget: w, Doc: d}
	if p, err := v.GetProperty("shown"); err == nil {
		x, _ := p.JSONValue()
		s.Shown, _ = x.(string)
	}
	if p, err := v.GetProperty("editable"); err == nil {
		x, _ := p.JSONValue()
		s.Editable, _ = x.(bool)
	}
	return s, nil
}

// IntoDocument prepares a fill or clear of an editor whose document takes
// no value of its own (its keys go to an input proxy it keeps hidden), as
// a hand does it: a click into the document, its text selected, the value
// typed over it. used: is the keyboard's line, the click and the
// select-all its Lead; what the document shows afterwards proves it (rule
// 11), and keys that reached anything but the document and its proxy
// (nil: inside the document) fail it. It releases doc and proxy.
func (e *Engine) IntoDocument(ctx context.Context, doc, proxy playwright.ElementHandle, t Target, a pwline.Action, o Opts) (*Action, error) {
	release := func() {
		doc.Dispose()
		if proxy != nil {
			proxy.Dispose()
		}
	}
	what := t.What()
	if !a.Is(pwline.Fill, pwline.Clear) {
		release()
		return nil, &NotActionableError{Target: what, Why: "is an editor's document that takes keys through an input it hides: prima fills or clears it, as a hand does, and types into it only by `fill`"}
	}
	ins, err := e.inspect(ctx, doc, true, true)
	if err != nil {
		release()
		return nil, err
	}
	if ins.cover != "" && ins.point == nil {
		release()
		return nil, &NotActionableError{Target: what, Why: "is covered by " + ins.cover}
	}
	was, err := e.Evaluate(ctx, doc, shownTextJS)
	if err != nil {
		release()
		return nil, err
	}
	before, _ := was.(string)
	want := o.Value
	if a.Name == pwline.Clear {
		want = ""
	}
	click := pwline.Line{Locator: t.Code, Method: "click"}
	var at *playwright.Position
	if ins.point != nil {
		click.Position = ins.point
		at = &playwright.Position{X: float64(ins.point.X), Y: float64(ins.point.Y)}
	}
	p := &Action{Doc: ins.doc, Target: t, Typing: true, Field: t,
		Lead: []pwline.Line{click, {Method: "keyboard.press", Value: "ControlOrMeta+a"}},
		Line: pwline.Line{Method: "keyboard.insertText", Value: want},
		Note: "prima clicked into the editor's document " + what + ", selected its text and typed over it, as a hand does (its keys go to an input it hides)"}
	if want == "" {
		p.Line = pwline.Line{Method: "keyboard.press", Value: "Delete"}
	}
	p.Run = func(ctx context.Context) error {
		if err := doc.Click(playwright.ElementHandleClickOptions{Timeout: playwright.Float(LeftMS(ctx)), Position: at}); err != nil {
			return err
		}
		f, err := doc.OwnerFrame()
		if err != nil {
			return err
		}
		kb := f.Page().Keyboard()
		if err := kb.Press("ControlOrMeta+a"); err != nil {
			return err
		}
		if want == "" {
			return kb.Press("Delete")
		}
		return kb.InsertText(want)
	}
	p.Check = func() error {
		if err := e.landed(ctx, doc, t); err != nil {
			return err
		}
		v, err := e.Evaluate(ctx, doc, shownTextJS)
		if err != nil {
			return deadlineOnly(err)
		}
		got, ok := v.(string)
		if !ok {
			return &LeftPageError{Target: what, Role: t.Role, Name: t.Name, Want: want}
		}
		got = unDrawn.Replace(got)
		p.Value = &[2]string{before, got}
		if got != before {
			c := ariadiff.Change{Kind: ariadiff.Typed, Text: what + ": " + browser.QuoteShort(before) + " -> " + browser.QuoteShort(got)}
			p.Typed = &c
		}
		if sameText(got, want) {
			return nil
		}
		return &ValueMismatchError{Field: what, Want: want, Got: got}
	}
	p.Strays = func() error { return e.strays(ctx, doc, []playwright.ElementHandle{proxy}, true, true, what) }
	p.Release = release
	return p, nil
}

// sameText: a document shows the text asked, its spaces as a browser
// renders them (no-break spaces, the blank line an editor keeps last).
func sameText(got, want string) bool {
	norm := func(s string) string {
		return strings.TrimSpace(strings.ReplaceAll(unDrawn.Replace(s), "\u00a0", " "))
	}
	return norm(got) == norm(want)
}

// unDrawn drops the characters an editor puts in its document that show
// nothing (the zero-width space that keeps an empty line's height).
var unDrawn = strings.NewReplacer("\u200b", "", "\ufeff", "")
