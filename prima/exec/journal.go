package exec

import (
	"errors"
	"sort"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/export"
)

// maxJournal bounds the steps an instance keeps for export; the oldest
// go first.
const maxJournal = 2000

// record keeps one pass of the act path as a step of the session, when it
// ran a Playwright line (answering a dialog, waiting and eval print none
// and are not replayed).
func (in *Instance) record(o outcome) {
	if o.used == "" {
		return
	}
	s := export.Step{Kind: export.Action, Used: o.used, OK: o.err == nil && !o.blocked, Proven: len(o.changes) > 0, Editable: o.typed != nil}
	if strings.HasPrefix(o.used, "await page.goto(") {
		s.Kind = export.Goto
	}
	if o.before != nil {
		s.URLBefore = o.before.URL
	}
	if o.after != nil {
		s.URLAfter = o.after.URL
	}
	s.Changes = append([]ariadiff.Change(nil), o.changes...)
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
	clean := func(s string) string { return in.mask(secrets.Redact(s)) }
	for _, s := range in.pending {
		s.Command = clean(command)
		s.Used = clean(s.Used)
		s.URLBefore, s.URLAfter = clean(s.URLBefore), clean(s.URLAfter)
		for i := range s.Changes {
			s.Changes[i].Text = clean(s.Changes[i].Text)
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
	}
}

// Export renders the instance's proven session as a @playwright/test
// spec, the last since steps when since > 0.
func (in *Instance) Export(since int) *envelope.Envelope {
	env := &envelope.Envelope{Command: "export"}
	spec, err := export.Render(in.journal, export.Options{Since: since})
	if errors.Is(err, export.ErrNoSteps) {
		in.failWith(env, &NothingToExportError{}, nil)
		return env
	}
	if err != nil {
		in.failWith(env, err, nil)
		return env
	}
	env.OK = true
	env.Answer = spec
	return env
}

// NothingToExportError: no command of this instance has run an action
// that could be exported.
type NothingToExportError struct{}

func (e *NothingToExportError) Error() string {
	return "nothing to export: no action of this browser instance ran since prima opened or attached it"
}
