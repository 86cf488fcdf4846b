package prima

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// ActionTimeout bounds one browser action when the command's own deadline
// is further away: a dead target must not cost Playwright's 30 s default.
const ActionTimeout = 5 * time.Second

// MaxChanges caps `### Changes`; the rest is counted as `+N more`.
const MaxChanges = 30

// PwRequest is one direct action: Action on Target (a ref or a selector)
// with Value, or a whole Playwright line.
type PwRequest struct {
	Action, Target, Value string
	Line                  string
}

// UsageError is a request that can never succeed as written.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

// timeoutMS is the per-action timeout in milliseconds under ctx.
func timeoutMS(ctx context.Context) float64 {
	d := ActionTimeout
	if dl, ok := ctx.Deadline(); ok {
		if left := time.Until(dl); left < d {
			d = left
		}
	}
	if d < 50*time.Millisecond {
		d = 50 * time.Millisecond
	}
	return float64(d.Milliseconds())
}

// leftMS is the time left in the command, in milliseconds: what a
// snapshot may take, since a 10,000-element page needs seconds for it.
func leftMS(ctx context.Context) float64 {
	d := 30 * time.Second
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	if d < 100*time.Millisecond {
		d = 100 * time.Millisecond
	}
	return float64(d.Milliseconds())
}

// CheckPw validates a request before anything touches the browser.
func CheckPw(req PwRequest) (Action, *pwline.Line, error) {
	if strings.TrimSpace(req.Line) != "" {
		l, err := pwline.Parse(req.Line)
		if err != nil {
			return Action{}, nil, &UsageError{err.Error()}
		}
		for _, a := range Actions {
			if a.Method == l.Method {
				return a, &l, nil
			}
		}
		return Action{}, nil, &UsageError{fmt.Sprintf("unknown action %s", l.Method)}
	}
	req.Target = strings.TrimSpace(req.Target)
	a, ok := Actions[req.Action]
	if !ok {
		return Action{}, nil, &UsageError{(&UnknownActionError{req.Action}).Error()}
	}
	if strings.TrimSpace(req.Target) == "" {
		return Action{}, nil, &UsageError{fmt.Sprintf("pw %s needs a target: a ref like e5 or a Playwright selector", a.Name)}
	}
	if a.Value && req.Value == "" && a.Name != "fill" && a.Name != "type" {
		return Action{}, nil, &UsageError{fmt.Sprintf("pw %s needs a value, like: pw %s %s VALUE", a.Name, a.Name, req.Target)}
	}
	if !a.Value && req.Value != "" {
		return Action{}, nil, &UsageError{fmt.Sprintf("pw %s takes no value (got %q)", a.Name, req.Value)}
	}
	if looksLikeRef(req.Target) {
		if _, err := refs.Parse(req.Target); err != nil {
			return Action{}, nil, &UsageError{err.Error()}
		}
	}
	return a, nil, nil
}

// looksLikeRef tells a mistyped ref (e, f1e, e5x) from a selector: a
// selector of that shape would be a bare tag name no page uses.
func looksLikeRef(s string) bool {
	if refs.Is(s) {
		return true
	}
	if len(s) == 0 || (s[0] != 'e' && s[0] != 'f') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == 'e' || c == 'f') {
			return false
		}
	}
	return true
}

// Pw performs one direct action, with no AI and no healing, and returns
// the envelope that proves what it changed.
func (in *Instance) Pw(ctx context.Context, req PwRequest) *envelope.Envelope {
	req.Target = strings.TrimSpace(req.Target)
	command := "pw " + strings.TrimSpace(strings.Join(nonEmpty(req.Action, req.Target, quoteIfSpaced(req.Value)), " "))
	if req.Line != "" {
		command = "pw " + req.Line
	}
	action, line, err := CheckPw(req)
	if err == nil {
		req.Value, err = in.Secrets.Fill(req.Value)
	}
	if err != nil {
		return &envelope.Envelope{OK: false, Command: command, Failure: &envelope.Failure{Error: err.Error()}}
	}
	return in.run(ctx, command, true, func(page playwright.Page, before *pageView, t float64) (string, error) {
		if line != nil {
			value, err := in.Secrets.Fill(line.Value)
			if err != nil {
				return "", err
			}
			return in.actOnSelector(page, line.Selector, line.Locator, action, value, t)
		}
		if refs.Is(req.Target) {
			r, _ := refs.Parse(req.Target)
			entry, ok := before.refs()[r.String()]
			if !ok {
				// Fail fast: a ref missing from the snapshot just taken is
				// dead; waiting for aria-ref would cost the whole timeout.
				return "", &refs.NotFoundError{Ref: r}
			}
			res, err := resolveRef(page, before.Tree, r, entry.Role, entry.Name)
			if err != nil {
				return "", err
			}
			used := "await " + res.code + action.code(req.Value) + ";"
			return used, action.onHandle(res.handle, req.Value, t)
		}
		return in.actOnSelector(page, req.Target, "page.locator("+pwline.JSQuote(req.Target)+")", action, req.Value, t)
	})
}

// SelectorError: a selector matched no element, or several.
type SelectorError struct {
	Selector string
	Count    int
}

func (e *SelectorError) Error() string {
	if e.Count == 0 {
		return fmt.Sprintf("selector %s matches no element", clip(e.Selector))
	}
	return fmt.Sprintf("selector %s matches %d elements, not exactly one; make it unique (for example add .first() or .nth(i) in a Playwright line if you mean one of them)", clip(e.Selector), e.Count)
}

// actOnSelector waits for the selector to match, requires exactly one
// match, and acts through the locator.
func (in *Instance) actOnSelector(page playwright.Page, sel, code string, a Action, value string, t float64) (string, error) {
	loc := page.Locator(sel)
	used := "await " + code + a.code(value) + ";"
	if err := loc.First().WaitFor(playwright.LocatorWaitForOptions{State: playwright.WaitForSelectorStateAttached, Timeout: playwright.Float(t)}); err != nil {
		var te *playwright.Error
		if errors.As(err, &te) && strings.Contains(err.Error(), "Timeout") {
			return "", fmt.Errorf("%w\n%s", &SelectorError{Selector: sel}, clipN(err.Error(), 1000))
		}
		return "", err
	}
	n, err := loc.Count()
	if err != nil {
		return "", err
	}
	if n != 1 {
		return "", &SelectorError{Selector: sel, Count: n}
	}
	return used, a.onLocator(loc, value, t)
}

// run is the frame of every action command: a before-snapshot taken when
// the command needs it, the action, a settle, an after-snapshot, and the
// envelope with the diff between the two ref-free trees.
func (in *Instance) run(ctx context.Context, command string, diff bool, act func(playwright.Page, *pageView, float64) (string, error)) *envelope.Envelope {
	env := &envelope.Envelope{Command: command}
	page, err := in.currentPage()
	if err != nil {
		env.Failure = &envelope.Failure{Error: err.Error()}
		return env
	}
	before, err := in.view(ctx, page)
	if err != nil {
		env.Failure = failure(err)
		return env
	}
	in.states.observe(before.state().ID())
	in.net.start(before.URL)
	used, actErr := act(page, before, timeoutMS(ctx))
	env.Used = used
	in.net.settle(time.Second)
	if page.URL() != before.URL {
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(timeoutMS(ctx))})
	}
	traffic := in.net.stop()
	after, err := in.snap(ctx, page)
	if err != nil && !page.IsClosed() {
		// A navigation can destroy the context mid-snapshot; once more.
		page.WaitForLoadState(playwright.PageWaitForLoadStateOptions{State: playwright.LoadStateDomcontentloaded, Timeout: playwright.Float(timeoutMS(ctx))})
		after, err = in.snap(ctx, page)
	}
	if err != nil {
		if actErr == nil {
			actErr = fmt.Errorf("the action ran, but the page could not be read afterwards: %w", err)
		}
		env.Failure = failure(actErr)
		return env
	}
	in.fillPage(env, before, after)
	if diff {
		env.Changes = changes(diffViews(before, after))
	}
	if len(traffic) > 0 {
		if a, err := in.writeNetwork(traffic); err == nil {
			env.Artifacts = append(env.Artifacts, a)
		} else {
			env.Extra = append(env.Extra, envelope.KV{Key: "note", Value: "network.jsonl not written: " + err.Error()})
		}
	}
	if actErr != nil {
		env.Failure = failure(actErr)
		env.CurrentPage = after.Tree.Compact(ariadiff.CompactOptions{})
		return env
	}
	env.OK = true
	return env
}

func (in *Instance) fillPage(env *envelope.Envelope, before, after *pageView) {
	st := after.state()
	env.Page = &envelope.Page{URL: after.URL, Title: after.Title, State: st.ID(), Visit: in.states.observe(st.ID())}
	if before != nil {
		env.Page.PrevURL = before.URL
	}
}

// changes turns diff entries into the envelope's groups, capped.
func changes(cs []ariadiff.Change) *envelope.Changes {
	kept, more := ariadiff.Cap(cs, MaxChanges)
	out := &envelope.Changes{More: more}
	for _, k := range ariadiff.Kinds {
		var items []string
		for _, c := range kept {
			if c.Kind == k {
				items = append(items, c.Text)
			}
		}
		if len(items) > 0 {
			out.Groups = append(out.Groups, envelope.ChangeGroup{Kind: string(k), Items: items})
		}
	}
	return out
}

// failure splits Playwright's "Call log:" from the error text.
func failure(err error) *envelope.Failure {
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

// writeNetwork stores the captured requests as JSON lines, only ever
// called with at least one.
func (in *Instance) writeNetwork(traffic []netEntry) (envelope.Artifact, error) {
	dir := filepath.Join(in.ArtifactsDir, time.Now().UTC().Format("20060102T150405.000000000"))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return envelope.Artifact{}, err
	}
	var b strings.Builder
	for _, e := range traffic {
		j, _ := json.Marshal(e)
		b.Write(j)
		b.WriteByte('\n')
	}
	path := filepath.Join(dir, "network.jsonl")
	if err := os.WriteFile(path, []byte(in.Secrets.Redact(b.String())), 0o600); err != nil {
		return envelope.Artifact{}, err
	}
	return envelope.Artifact{Name: "network.jsonl", Path: path}, nil
}

// Go navigates to a URL, or a path relative to the current page, and
// confirms arrival. A redirect that keeps origin and path is arrival.
func (in *Instance) Go(ctx context.Context, target string, allowSchemes bool, j *judge.Judge) *envelope.Envelope {
	command := "go " + target
	var want *url.URL
	return in.run(ctx, command, true, func(page playwright.Page, before *pageView, t float64) (string, error) {
		u, err := resolveTarget(before.URL, target, allowSchemes)
		if errors.Is(err, errSemantic) {
			return in.goSemantic(ctx, page, before, target, j)
		}
		if err != nil {
			return "", err
		}
		want = u
		used := "await page.goto(" + pwline.JSQuote(u.String()) + ");"
		resp, err := page.Goto(u.String(), playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateLoad, Timeout: playwright.Float(t)})
		if err != nil {
			return used, err
		}
		got, err := url.Parse(page.URL())
		if err != nil {
			return used, err
		}
		if got.Scheme != want.Scheme || got.Host != want.Host || cleanPath(got.Path) != cleanPath(want.Path) {
			return used, &NotArrivedError{Want: want.String(), Got: page.URL()}
		}
		if resp != nil && resp.Status() >= 400 {
			return used, fmt.Errorf("arrived at %s, but the server answered HTTP %d", page.URL(), resp.Status())
		}
		return used, nil
	})
}

// errSemantic marks a go target that is neither a URL nor a path: a
// description of where to go, for the judge.
var errSemantic = errors.New("a semantic target")

// NotArrivedError: navigation ended somewhere other than asked.
type NotArrivedError struct{ Want, Got string }

func (e *NotArrivedError) Error() string {
	return fmt.Sprintf("did not arrive: asked for %s, the page is at %s", e.Want, e.Got)
}

func cleanPath(p string) string {
	if p == "" {
		return "/"
	}
	return p
}

// resolveTarget turns a go target into an absolute http(s) URL.
func resolveTarget(current, target string, allowSchemes bool) (*url.URL, error) {
	target = strings.TrimSpace(target)
	if target == "" {
		return nil, &UsageError{"go needs a URL or a path"}
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil, &UsageError{fmt.Sprintf("go: %q is not a URL: %v", target, err)}
	}
	if u.Scheme != "" {
		if u.Scheme != "http" && u.Scheme != "https" && !allowSchemes {
			return nil, &UsageError{fmt.Sprintf("go refuses %s: URLs (only http and https are allowed)", u.Scheme)}
		}
		if (u.Scheme == "http" || u.Scheme == "https") && (u.Host == "" || !strings.HasPrefix(target[len(u.Scheme)+1:], "//")) {
			return nil, &UsageError{fmt.Sprintf("go %s: the URL has no host; write it like %s://host/path", clip(target), u.Scheme)}
		}
		return u, nil
	}
	if !strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "./") && !strings.HasPrefix(target, "../") && !strings.HasPrefix(target, "?") {
		if strings.Contains(target, ".") && !strings.Contains(target, " ") {
			if h, err := url.Parse("http://" + target); err == nil && strings.Contains(h.Host, ".") {
				return h, nil
			}
		}
		return nil, errSemantic
	}
	base, err := url.Parse(current)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") {
		return nil, &UsageError{fmt.Sprintf("go %s: a relative path needs a current http(s) page, and the page is at %q; give a full URL", target, current)}
	}
	return base.ResolveReference(u), nil
}

// Snapshot returns the page with refs (tier 2), or compact markup (tier 3).
func (in *Instance) Snapshot(ctx context.Context, html bool) *envelope.Envelope {
	env := &envelope.Envelope{Command: "snapshot"}
	if html {
		env.Command = "snapshot --html"
	}
	page, err := in.currentPage()
	if err != nil {
		env.Failure = &envelope.Failure{Error: err.Error()}
		return env
	}
	view, err := in.snap(ctx, page)
	if err != nil {
		env.Failure = failure(err)
		return env
	}
	in.fillPage(env, nil, view)
	if html {
		m, err := compactMarkup(page, 24000)
		if err != nil {
			env.Failure = failure(err)
			return env
		}
		env.Snapshot = m
	} else {
		env.Snapshot = view.Tree.Compact(ariadiff.CompactOptions{})
	}
	env.OK = true
	return env
}

// ClipEchoes shortens the parts of an envelope that echo the caller's
// input (command, used line, step instructions, the error), so an
// oversized argument costs its reader a name, not its size.
func ClipEchoes(e *envelope.Envelope) {
	if e == nil {
		return
	}
	e.Command, e.Used = clip(e.Command), clip(e.Used)
	for i := range e.Steps {
		e.Steps[i].Instruction = clip(e.Steps[i].Instruction)
	}
	if e.Failure != nil {
		e.Failure.Error = clipN(e.Failure.Error, 4000)
	}
}

// clip shortens untrusted or oversized text for a message: a 100 KB
// argument is named, not echoed.
func clip(s string) string { return clipN(s, 200) }

func clipN(s string, max int) string {
	if len(s) <= max {
		return s
	}
	cut := max
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return fmt.Sprintf("%s…(+%d bytes)", s[:cut], len(s)-cut)
}

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

func quoteIfSpaced(s string) string {
	if strings.ContainsAny(s, " \t\n\"") {
		return fmt.Sprintf("%q", s)
	}
	return s
}

// CheckGo validates a go target that can be checked without a page.
func CheckGo(target string, allowSchemes bool) error {
	_, err := resolveTarget("about:blank", target, allowSchemes)
	if errors.Is(err, errSemantic) {
		return nil
	}
	var ue *UsageError
	if errors.As(err, &ue) && strings.Contains(ue.Msg, "relative path needs a current") {
		return nil
	}
	return err
}
