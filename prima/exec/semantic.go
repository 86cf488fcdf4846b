package exec

import (
	"context"
	"fmt"
	"math"
	"sort"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// navigating roles are the controls that can lead somewhere.
var navigating = map[string]bool{"link": true, "button": true, "tab": true, "menuitem": true, "treeitem": true}

// SemanticError: the judge did not approve any control for a go target,
// or did not confirm arrival. Nothing was clicked in the first case.
type SemanticError struct {
	Target     string
	Reason     string
	Candidates []judge.Scored
	Clicked    string // the control clicked, when arrival was not confirmed
}

func (e *SemanticError) Error() string {
	var cs []string
	for i, c := range e.Candidates {
		if i == 5 {
			break
		}
		cs = append(cs, fmt.Sprintf("%s (%.2f)", c.Option, c.Probability))
	}
	if e.Clicked != "" {
		return fmt.Sprintf("clicked %s, but arrival at %q is not confirmed: %s", e.Clicked, e.Target, e.Reason)
	}
	msg := fmt.Sprintf("no control confidently leads to %q (%s); nothing was clicked", e.Target, e.Reason)
	if len(cs) > 0 {
		msg += "; candidates: " + strings.Join(cs, ", ")
	}
	return msg
}

// FailureCode is the envelope code of the failure.
func (e *SemanticError) FailureCode() envelope.Code {
	if e.Clicked != "" {
		return envelope.CodeNavigation
	}
	return envelope.CodeNotFound
}

// PageText is what the judge reads of a page: title, URL and the compact
// tree without refs; go's judge and do's model's alike.
func PageText(v *engine.View) string {
	t := v.Tree.Clone()
	t.StripRefs()
	// Every item of a long list is kept: the judge's cap (judge.PageState)
	// keeps the ones the question names, where a collapsed run hides them.
	return fmt.Sprintf("title: %s\nurl: %s\n%s", v.Title, v.URL, t.Compact(ariadiff.CompactOptions{MaxValue: 80, RunLimit: math.MaxInt32}))
}

// goSemantic asks the judge which listed control leads to target, acts on
// it through the act path only when the judge approves, and reports ok
// only when the judge confirms the page now shows the target.
func (in *Instance) goSemantic(ctx context.Context, env *envelope.Envelope, page playwright.Page, before *engine.View, target string, j *judge.Judge) *envelope.Envelope {
	var options []string
	byOption := map[string]refs.Entry{}
	for ref, e := range before.Refs() {
		if !navigating[e.Role] || e.Name == "" {
			continue
		}
		opt := fmt.Sprintf("%s %q [%s]", e.Role, e.Name, ref)
		options = append(options, opt)
		byOption[opt] = e
	}
	sort.Strings(options)
	if len(options) == 0 {
		in.Fail(env, &SemanticError{Target: target, Reason: "the page has no named link, button, tab or menu item"}, before)
		return env
	}
	question := "Which listed control leads to " + target + "?"
	options, narrowed := judge.Narrow(question, options, judge.MaxOptions-1)
	d := j.Decide(ctx, question, options, judge.PageState(PageText(before), question, narrowed))
	if !d.Approved {
		in.Fail(env, &SemanticError{Target: target, Reason: d.Reason, Candidates: d.Candidates}, before)
		return env
	}
	e := byOption[d.Value]
	o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
		r, err := refs.Parse(e.Ref)
		if err != nil {
			return nil, err
		}
		res, err := browser.ResolveRef(ctx, in.eng.Within, page, before.Tree, r, e.Role, e.Name)
		if err != nil {
			return nil, err
		}
		return in.eng.OnElement(ctx, res.Handle, engine.Target{Role: e.Role, Name: e.Name, Code: res.Code}, pwline.Actions[pwline.Click], engine.Opts{})
	})
	if o.Err == nil && o.After != nil {
		if ev := arrivalEvidence(before, o.After, o.Changes); ev == "" {
			o.Err = &SemanticError{Target: target, Reason: "the page did not move: URL, title and content are as before", Clicked: d.Value}
		} else {
			q := "The page now shows " + target + "."
			if c := j.Decide(ctx, q, nil, judge.PageState(ev, q)); !c.Approved {
				o.Err = &SemanticError{Target: target, Reason: c.Reason, Clicked: d.Value}
			}
		}
	}
	in.fill(ctx, env, o)
	return env
}

// arrivalEvidence is what moved between two views: the URL and title when
// they changed, and the Changes. Words already on the page before (the
// link that was clicked) prove nothing, so the judge reads only this; ""
// when nothing moved.
func arrivalEvidence(before, after *engine.View, changes []ariadiff.Change) string {
	var b strings.Builder
	if after.URL != before.URL {
		fmt.Fprintf(&b, "url: %s\n", after.URL)
	}
	if after.Title != before.Title {
		fmt.Fprintf(&b, "title: %s\n", after.Title)
	}
	for _, c := range changes {
		if c.Kind != ariadiff.Removed {
			fmt.Fprintf(&b, "%s\n", c.Text)
		}
	}
	return b.String()
}
