package exec

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/export"
	"github.com/prima-dev/prima/prima/guard"
	"github.com/prima-dev/prima/prima/wire"
)

func init() { Runs((*Instance).Export) }

// maxJournal bounds the steps an instance keeps for export; the oldest
// go first.
const maxJournal = 2000

// record keeps one pass of the act path as a step of the session, when it
// ran a Playwright line (answering a dialog, waiting and eval print none
// and are not replayed).
func (in *Instance) record(ctx context.Context, o engine.Outcome) {
	dialog := requestOf(ctx).dialog
	if o.Line == nil {
		return
	}
	// An action that raised a dialog ran: it is exported, with how the
	// dialog was answered (now by --dialog, or later by `prima dialog`).
	s := export.Step{Kind: export.Action, Line: o.Line, Lead: o.Lead, OK: o.Err == nil, Proven: proves(o.Changes), Editable: o.Typed != nil}
	// While a dialog is open no action runs, so any action but the one
	// that raised it means that dialog is gone.
	in.raised = -1
	switch {
	case o.Blocked:
		s.Dialog = &export.Dialog{}
		in.raised = len(in.journal) + len(in.pending)
	case dialog.Answer != "" && raisedDialog(o.Events):
		s.Dialog = &export.Dialog{Answer: dialog.Answer, Text: dialog.Text}
	}
	if o.Load {
		s.Kind = export.Goto
	}
	if o.Before != nil {
		s.URLBefore = o.Before.URL
	}
	if o.After != nil {
		s.URLAfter = o.After.URL
	}
	s.Changes = append([]ariadiff.Change(nil), o.Changes...)
	in.pending = append(in.pending, s)
}

// commit cleans the running command's steps the way its envelope was
// cleaned (secrets to {{NAME}}, passwords to ••••) and adds them to the
// journal.
func (in *Instance) commit(command string, secrets Secrets) {
	names := make([]string, 0, len(secrets))
	for n := range secrets {
		names = append(names, n)
	}
	sort.Strings(names)
	clean := func(s string) string { return in.eng.Masks().Text(secrets.Redact(s)) }
	field := func(s string) string { return in.eng.Masks().Field(secrets.Redact(s)) }
	for _, s := range in.pending {
		s.Command = clean(command)
		if s.Line != nil {
			c := s.Line.Rewrite(clean)
			s.Line = &c
		}
		for i := range s.Lead {
			s.Lead[i] = s.Lead[i].Rewrite(clean)
		}
		s.URLBefore, s.URLAfter = clean(s.URLBefore), clean(s.URLAfter)
		for i := range s.Changes {
			s.Changes[i].Rewrite(clean, field)
		}
		if s.Dialog != nil {
			s.Dialog.Text = clean(s.Dialog.Text)
		}
		for i := range s.Checks {
			s.Checks[i].Locator, s.Checks[i].Text = clean(s.Checks[i].Locator), clean(s.Checks[i].Text)
		}
		if len(names) > 0 {
			s.Secrets = names
		}
		in.journal = append(in.journal, s)
	}
	in.pending = nil
	if n := len(in.journal) - maxJournal; n > 0 {
		in.journal = append([]export.Step(nil), in.journal[n:]...)
		in.raised -= n
	}
}

// answered notes how the dialog an earlier action left open was answered,
// on that action's step.
func (in *Instance) answered(ctx context.Context, accept bool, text string) {
	var step *export.Step
	switch i := in.raised; {
	case i < 0:
		return
	case i < len(in.journal):
		step = &in.journal[i]
	case i-len(in.journal) < len(in.pending):
		step = &in.pending[i-len(in.journal)] // raised by this same command (do)
	default:
		return
	}
	in.raised = -1
	if step.Dialog == nil {
		return
	}
	step.Dialog = &export.Dialog{Answer: "dismiss"}
	if accept {
		step.Dialog = &export.Dialog{Answer: "accept", Text: in.eng.Masks().Text(requestOf(ctx).secrets.Redact(text))}
	}
}

// raisedDialog reports whether an action's events name a dialog it raised.
func raisedDialog(events []browser.Event) bool {
	for _, e := range events {
		if e.Kind == browser.EventDialog {
			return true
		}
	}
	return false
}

// Export renders the instance's proven session as a @playwright/test
// spec (the last r.Since steps when that is above 0) as the answer, or
// into the file r.Out.
func (in *Instance) Export(ctx context.Context, r *wire.ExportRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "export"}
	spec, err := export.Render(in.journal, export.Options{Since: r.Since})
	if errors.Is(err, export.ErrNoSteps) {
		in.Fail(env, &NothingToExportError{}, nil)
		return env
	}
	if err != nil {
		in.Fail(env, err, nil)
		return env
	}
	env.OK = true
	env.Answer = spec
	if r.Out == "" {
		return env
	}
	path := requestOf(ctx).path(r.Out)
	if err := os.WriteFile(path, []byte(spec), 0o644); err != nil {
		env.Answer = ""
		in.Fail(env, err, nil)
		return env
	}
	env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: filepath.Base(path), Path: path})
	env.Answer = fmt.Sprintf("wrote %s (%d lines); run it with: npx playwright test %s\n", path, strings.Count(spec, "\n"), filepath.Base(path))
	return env
}

// NothingToExportError: no command of this instance has run an action
// that could be exported.
type NothingToExportError struct{}

func (e *NothingToExportError) Error() string {
	return "nothing to export: no action of this browser instance ran since prima opened or attached it"
}

func (e *NothingToExportError) FailureCode() envelope.Code { return envelope.CodeUsage }

// Act runs an action through the engine with what the command brings
// (its --dialog answer) and journals the step: the one way any command,
// exec's or prima/steps', acts on the page.
func (in *Instance) Act(ctx context.Context, page playwright.Page, before *engine.View, prep engine.Prepare) engine.Outcome {
	o := in.eng.Act(ctx, page, before, prep, engine.Options{Dialog: requestOf(ctx).dialog, Downloads: in.downloadDir()})
	var bug *guard.PanicError
	if errors.As(o.Err, &bug) {
		in.Log.Printf("%v\n%s", bug, bug.Stack)
	}
	in.record(ctx, o)
	return o
}

// downloadDir makes, once, the folder the downloads of one action go to:
// the one `set download-dir` named, else the command's artifacts folder.
func (in *Instance) downloadDir() func() (string, error) {
	if set := in.downloads; set != "" {
		return func() (string, error) { return set, os.MkdirAll(set, 0o755) }
	}
	var dir string
	return func() (string, error) {
		if dir != "" {
			return dir, nil
		}
		p, err := in.artifactPath("downloads")
		if err != nil {
			return "", err
		}
		if err := os.MkdirAll(p, 0o700); err != nil {
			return "", err
		}
		dir = p
		return dir, nil
	}
}
