package exec

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/outline"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/refs"
	"github.com/prima-dev/prima/shown"
)

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
		in.FillPage(env, o.Before, o.After)
		env.Page.Redirected = o.Redirected
		env.Changes = Changes(o.Changes)
		if o.Before == nil {
			env.Changes = NotObserved("prima has no view of the page from before this command")
		}
	case o.Blocked:
		env.Changes = BlockedChanges()
		if o.Before != nil {
			in.FillPage(env, nil, o.Before)
		}
	case o.Ran && o.Unread != "":
		// Never `no change` for a page nobody looked at again.
		env.Changes = NotObserved(o.Unread)
		if o.Before != nil {
			in.FillPage(env, nil, o.Before)
		}
	default:
		env.Changes = &envelope.Changes{}
		if o.Before != nil {
			in.FillPage(env, nil, o.Before)
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
		in.Fail(env, o.Err, o.After)
		return
	}
	env.OK = true
	env.NewRefs, env.MoreRefs = NewRefs(o.NewRefs), o.MoreRefs
}

// NewRefs are the New refs section's entries, a one-step command's or a
// do run's.
func NewRefs(lines []refs.RefLine) []envelope.NewRef {
	var out []envelope.NewRef
	for _, l := range lines {
		out = append(out, envelope.NewRef{Ref: l.Line, In: l.In, Role: l.Role, Name: l.Name, ID: l.Ref})
	}
	return out
}

// Fail marks the envelope failed with err's code, and the page as it is
// (compact ARIA) when there is one; exported so that every command's
// failure, prima/steps' too, carries its code the one way.
func (in *Instance) Fail(env *envelope.Envelope, err error, page *engine.View) {
	env.OK = false
	env.Failure = Failure(err)
	env.Code = codeOf(err)
	if page != nil {
		page = in.eng.Printable(page)
		out, _ := outline.Of(page.Tree, outline.Options{Budget: FailureBudget})
		env.CurrentPage = out.Text
	}
}

// NotObserved is a Changes section that says why there is no diff, for
// every command that may have none (goal's too).
func NotObserved(why string) *envelope.Changes {
	return &envelope.Changes{Groups: []envelope.ChangeGroup{{Kind: "not observed", Items: []envelope.ChangeItem{{Note: why}}}}}
}

// BlockedChanges is what Changes say while a dialog blocks the page: a
// one-step command's, and a do run's that a step's dialog ended.
func BlockedChanges() *envelope.Changes {
	return NotObserved("a dialog blocks the page; answer it (prima dialog accept|dismiss) and its envelope shows the Changes")
}

// MaxChanges caps `### Changes`; the rest is counted as `+N more`.
const MaxChanges = 30

// FillPage writes the envelope's Page section, counting the visit to the
// state after; exported for the commands made of several steps, whose
// page runs from before the first to after the last.
func (in *Instance) FillPage(env *envelope.Envelope, before, after *engine.View) {
	st := after.State()
	env.Page = &envelope.Page{URL: after.URL, Title: after.Title, State: st.ID(), Visit: in.states.observe(st.ID())}
	if before != nil {
		env.Page.PrevURL, env.Page.PrevTitle, env.Page.PrevState = before.URL, before.Title, before.State().ID()
	}
}

// Changes turns diff entries into the envelope's groups, capped: the
// one writing of Changes, for exec's commands and prima/steps'.
func Changes(cs []ariadiff.Change) *envelope.Changes {
	kept, more := ariadiff.Cap(cs, MaxChanges)
	out := &envelope.Changes{More: more}
	for _, k := range ariadiff.Kinds {
		var items []envelope.ChangeItem
		for _, c := range kept {
			if c.Kind == k {
				items = append(items, Item(c))
			}
		}
		if len(items) > 0 {
			out.Groups = append(out.Groups, envelope.ChangeGroup{Kind: string(k), Items: items})
		}
	}
	return out
}

// Item is a change as the envelope carries it, typed: a change written
// only as text (one the engine words itself) is all words.
func Item(c ariadiff.Change) envelope.ChangeItem {
	l := c.Parts
	if l == nil {
		l = shown.Words(c.Text)
	}
	return envelope.ChangeItem{Line: l, Own: c.Own}
}

// ChangeTexts are the Changes' lines, as do's judge is shown them.
func ChangeTexts(cs []ariadiff.Change) []string {
	var out []string
	for _, c := range cs {
		out = append(out, c.String())
	}
	return out
}

// proves reports whether any of the Changes can prove the action: one
// the page made on its own cannot.
func proves(cs []ariadiff.Change) bool {
	for _, c := range cs {
		if !c.Own {
			return true
		}
	}
	return false
}

// Failure splits Playwright's "Call log:" from the error text; for a
// failure with no code of its own (research's map not stored).
func Failure(err error) *envelope.Failure {
	msg := err.Error()
	f := &envelope.Failure{Error: msg}
	if i := strings.Index(msg, "Call log:"); i >= 0 {
		f.Error = strings.TrimSpace(msg[:i])
		for _, l := range strings.Split(msg[i+len("Call log:"):], "\n") {
			if l = strings.TrimRight(l, " "); strings.TrimSpace(l) != "" {
				f.CallLog = append(f.CallLog, l)
			}
		}
	}
	return f
}

// artifactPath is where a command writes its artifact name: a folder of
// its own, named by the time, in the instance's artifacts.
func (in *Instance) artifactPath(name string) (string, error) {
	dir := filepath.Join(in.ArtifactsDir, time.Now().UTC().Format("20060102T150405.000000000"))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return "", err
	}
	return filepath.Join(dir, name), nil
}

// writeNetwork stores the captured requests as JSON lines, only ever
// called with at least one.
func (in *Instance) writeNetwork(traffic []browser.NetEntry, secrets Secrets) (envelope.Artifact, error) {
	path, err := in.artifactPath("network.jsonl")
	if err != nil {
		return envelope.Artifact{}, err
	}
	var b strings.Builder
	for _, e := range traffic {
		j, _ := json.Marshal(e)
		b.Write(j)
		b.WriteByte('\n')
	}
	if err := os.WriteFile(path, []byte(secrets.Redact(b.String())), 0o600); err != nil {
		return envelope.Artifact{}, err
	}
	return envelope.Artifact{Name: "network.jsonl", Path: path}, nil
}
