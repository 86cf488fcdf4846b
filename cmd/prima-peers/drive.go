package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// accounting is where the count of a task starts. Waiting for the page's
// libraries to load, right after the navigation, is set-up in both.
type accounting int

const (
	// fromLook: navigating to the page is set-up; the count starts with
	// the first look (prima snapshot, playwright-cli snapshot).
	fromLook accounting = iota
	// fromNav: the navigation (prima go, playwright-cli goto and the
	// snapshot file it links) is counted, and is the first look.
	fromNav
)

// tally is what one tool cost on one task in one accounting: what the
// orchestrator ran and read, up to the last output it read.
type tally struct {
	Cmds   int           // commands run
	Reads  int           // snapshot files read (playwright-cli)
	Bytes  int           // stdout of every command, plus every file read
	Wall   time.Duration // of the counted commands
	Trail  []string      // what ran, in order, with its bytes
	Extra  []string      // snapshots taken after the first look, and why
	Misses []string      // prima: a target on the page that was not in the ### New refs it looked in
	Status string        // the status line after the task, read through the tool's eval
	Solved bool          // ... matches the task's
	Seen   bool          // the last output the orchestrator read shows the solved status
	Err    string        // why the task stopped early, or could not be checked
}

func (t tally) RT() int { return t.Cmds + t.Reads }

func (t tally) brief() string {
	s := "not solved"
	if t.Solved {
		s = "solved"
	}
	return fmt.Sprintf("%s, %d round trips, %d bytes, %.1f s", s, t.RT(), t.Bytes, t.Wall.Seconds())
}

// pair is both tools on one task in one accounting.
type pair struct{ prima, cli tally }

type outcome struct {
	task      task
	look, nav pair // from the first look; from navigation
}

func kb(n int) string {
	if n < 1024 {
		return fmt.Sprintf("%d B", n)
	}
	return fmt.Sprintf("%.1f KB", float64(n)/1024)
}

// count runs one counted command.
func (t *tally) count(r result, what string) {
	t.Cmds++
	t.Bytes += len(r.out)
	t.Wall += r.wall
	t.Trail = append(t.Trail, fmt.Sprintf("`%s` %s", what, kb(len(r.out))))
}

const statusJS = `document.querySelector('[role=status]').textContent`

// ready polls the page's status line through get (not counted) until it
// reads want, for up to 30 s; it returns the last it read.
func ready(ctx context.Context, want string, get func() (string, bool)) (string, bool) {
	deadline := time.Now().Add(30 * time.Second)
	var last string
	for {
		s, ok := get()
		if ok && s == want {
			return s, true
		}
		last = s
		if time.Now().After(deadline) || ctx.Err() != nil {
			return last, false
		}
		time.Sleep(300 * time.Millisecond)
	}
}

func (b *bench) primaStatus(ctx context.Context) (string, bool) {
	return evalAnswer(b.prima(ctx, "eval", statusJS).out)
}

func (b *bench) cliStatus(ctx context.Context) (string, bool) {
	return evalAnswer(b.cli(ctx, "eval", "() => "+statusJS).out)
}

// blank is where every task's navigation starts from, for both tools
// (set-up, not counted): a fresh document, so that prima's go envelope
// does not list what the previous task's page removed, and a run does not
// start on the page the run before it left.
const blank = "about:blank"

// primaTask drives the task through prima as an orchestrator would. The
// first look is one snapshot (fromLook), or the envelope of the counted
// `prima go` (fromNav), whose ### New refs list the page's controls. Then
// each action on a ref it already has: for a target the step before made
// appear, from that step's ### New refs; for one that was there before,
// from the first look (or a New refs list since). A new snapshot only
// when the ref is in neither, and then `snapshot --grep` when the snapshot
// was outlined and the target is behind a collapsed line; the lookup
// variant goes to `snapshot --grep` at once.
func (b *bench) primaTask(ctx context.Context, tk task, acc accounting) (t tally) {
	url := b.cfg.url + tk.Path
	var reset result
	if !b.up[b.instance] {
		b.up[b.instance] = true
		reset = b.prima(ctx, "browser", "open")
	} else {
		reset = b.prima(ctx, "go", "--allow-scheme", blank)
	}
	if reset.failed() {
		t.Err = fmt.Sprintf("set-up: prima to %s: exit %d %v", blank, reset.exit, reset.err)
		return t
	}
	nav := b.prima(ctx, "go", url)
	if acc == fromNav {
		t.count(nav, "go "+tk.Path)
	}
	if nav.failed() {
		t.Err = fmt.Sprintf("prima go: exit %d %v", nav.exit, nav.err)
		return t
	}
	if s, ok := ready(ctx, tk.Ready, func() (string, bool) { return b.primaStatus(ctx) }); !ok {
		t.Err = fmt.Sprintf("set-up: the status line reads %q, not %q", s, tk.Ready)
		return t
	}

	var known []string // the first look, then every New refs list since
	var lastOutlined bool
	if acc == fromNav {
		known = []string{section(nav.out, "New refs")}
	} else {
		// The cheapest first look, as `help agents` advises: only what
		// can be acted on; a full snapshot later when it lacks a target.
		first := []string{"snapshot", "-i"}
		if tk.Lookup {
			first = []string{"snapshot", "--grep", tk.Steps[0].Target.Name}
		}
		snap := b.prima(ctx, first...)
		t.count(snap, strings.Join(first, " "))
		if snap.failed() {
			t.Err = fmt.Sprintf("snapshot: exit %d %v", snap.exit, snap.err)
			return t
		}
		known, lastOutlined = []string{snap.out}, outlined(snap.out)
	}
	navOnly := acc == fromNav // no snapshot yet: known is go's New refs and the actions' since
	var last string           // the previous action's envelope

	// look finds a target's ref, taking a snapshot when it must.
	look := func(i int, want target, appears bool) (string, error) {
		why := ""
		if appears {
			ref, err := findRef(section(last, "New refs"), want)
			if ref != "" || err != nil {
				return ref, err
			}
			why = fmt.Sprintf("not in step %d's New refs", i)
			t.Misses = append(t.Misses, fmt.Sprintf("step %d: %s appeared after step %d, but %s", i+1, want, i, heldRefs(last)))
		} else {
			for k := len(known) - 1; k >= 0; k-- {
				if ref, err := findRef(known[k], want); ref != "" || err != nil {
					return ref, err
				}
			}
			if navOnly {
				why = "not in `go`'s New refs"
				t.Misses = append(t.Misses, fmt.Sprintf("step %d: %s was on the page `go` opened, but %s", i+1, want, heldRefs(nav.out)))
			}
		}
		if !tk.Lookup && (!lastOutlined || appears) {
			s := b.prima(ctx, "snapshot")
			t.count(s, "snapshot")
			t.Extra = append(t.Extra, fmt.Sprintf("step %d: snapshot to find %s%s", i+1, want, paren(why)))
			if s.failed() {
				return "", fmt.Errorf("snapshot: exit %d %v", s.exit, s.err)
			}
			known, lastOutlined, navOnly = []string{s.out}, outlined(s.out), false
			if ref, err := findRef(s.out, want); ref != "" || err != nil {
				return ref, err
			}
			if !lastOutlined {
				return "", fmt.Errorf("no %s with a ref in a new snapshot", want)
			}
		}
		if lastOutlined {
			why = "behind the outline's collapsed lines"
		}
		g := b.prima(ctx, "snapshot", "--grep", want.Name)
		t.count(g, "snapshot --grep "+want.Name)
		t.Extra = append(t.Extra, fmt.Sprintf("step %d: `snapshot --grep` for %s%s", i+1, want, paren(why)))
		if g.failed() {
			return "", fmt.Errorf("snapshot --grep: exit %d %v", g.exit, g.err)
		}
		known, navOnly = append(known, g.out), false
		ref, err := findRef(g.out, want)
		if ref == "" && err == nil {
			err = fmt.Errorf("no %s with a ref in `snapshot --grep`", want)
		}
		return ref, err
	}

	for i, st := range tk.Steps {
		args, err := stepArgs(st, func(w target, appears bool) (string, error) { return look(i, w, appears) })
		if err != nil {
			t.Err = fmt.Sprintf("step %d: %v", i+1, err)
			break
		}
		r := b.prima(ctx, append([]string{"pw"}, args...)...)
		t.count(r, "pw "+strings.Join(args, " "))
		if failureCode(r.out) == "stale_ref" {
			// A ref the orchestrator had is dead: it must look again.
			t.Extra = append(t.Extra, fmt.Sprintf("step %d: stale_ref on %s, snapshot and again", i+1, args[1]))
			known, lastOutlined, navOnly = nil, false, false
			if args, err = stepArgs(st, func(w target, _ bool) (string, error) { return look(i, w, false) }); err != nil {
				t.Err = fmt.Sprintf("step %d: %v", i+1, err)
				break
			}
			r = b.prima(ctx, append([]string{"pw"}, args...)...)
			t.count(r, "pw "+strings.Join(args, " "))
		}
		if r.failed() {
			t.Err = fmt.Sprintf("step %d: pw %s: exit %d, code %q %v", i+1, strings.Join(args, " "), r.exit, failureCode(r.out), r.err)
			break
		}
		last = r.out
		known = append(known, section(r.out, "New refs"))
	}
	t.Seen = tk.Solved != nil && last != "" && seen(section(last, "Changes"), tk)
	t.Status, _ = b.primaStatus(ctx)
	t.Solved = tk.Solved.MatchString(t.Status)
	return t
}

// cliTask drives the task through playwright-cli as an orchestrator
// would: a first look, which is a snapshot (fromLook), or the counted
// `goto` and the snapshot file its output links, read (fromNav); then each
// action on a ref from the page as it last saw it, which after an action
// is the snapshot file the action's output links (read, and counted as a
// round trip and its bytes); a new `snapshot` only when that does not show
// the target. The lookup variant reads no snapshot file: it runs `find`.
func (b *bench) cliTask(ctx context.Context, tk task, acc accounting) (t tally) {
	url := b.cfg.url + tk.Path
	var reset result
	if !b.cliOpen {
		reset = b.cli(ctx, "open", blank)
	} else {
		reset = b.cli(ctx, "goto", blank)
	}
	if reset.failed() || strings.Contains(reset.out, "### Error") {
		t.Err = fmt.Sprintf("set-up: playwright-cli to %s: exit %d %v %s", blank, reset.exit, reset.err, firstLine(section(reset.out, "Error")))
		return t
	}

	// view runs a counted command and returns the page as the
	// orchestrator then sees it: its output, and the snapshot files it
	// links, read.
	view := func(what string, read bool, args ...string) (string, error) {
		r := b.cli(ctx, args...)
		t.count(r, what)
		if r.failed() || strings.Contains(r.out, "### Error") {
			return "", fmt.Errorf("%s: exit %d %v %s", what, r.exit, r.err, firstLine(section(r.out, "Error")))
		}
		page := r.out
		for _, l := range ymlLinks(r.out) {
			if !read {
				break
			}
			p := l
			if !filepath.IsAbs(p) {
				p = filepath.Join(b.ws, p)
			}
			data, err := os.ReadFile(p)
			if err != nil {
				return "", fmt.Errorf("read the snapshot file %s links: %w", what, err)
			}
			t.Reads++
			t.Bytes += len(data)
			t.Trail = append(t.Trail, fmt.Sprintf("read its snapshot %s", kb(len(data))))
			page += "\n" + string(data)
		}
		return page, nil
	}

	var page string // what the orchestrator last saw of the page
	var err error
	if acc == fromNav {
		if page, err = view("goto "+tk.Path, !tk.Lookup, "goto", url); err != nil {
			t.Err = err.Error()
			return t
		}
	} else if nav := b.cli(ctx, "goto", url); nav.failed() || strings.Contains(nav.out, "### Error") {
		t.Err = fmt.Sprintf("set-up: playwright-cli goto: exit %d %v %s", nav.exit, nav.err, firstLine(section(nav.out, "Error")))
		return t
	}
	if s, ok := ready(ctx, tk.Ready, func() (string, bool) { return b.cliStatus(ctx) }); !ok {
		t.Err = fmt.Sprintf("set-up: the status line reads %q, not %q", s, tk.Ready)
		return t
	}

	// lookup is how the orchestrator looks for something it does not see:
	// a snapshot, or in the lookup variant `find TEXT`.
	lookup := func(text string) (string, error) {
		if tk.Lookup {
			return view("find "+text, true, "find", text)
		}
		return view("snapshot", true, "snapshot")
	}
	if acc == fromLook {
		if page, err = lookup(tk.Steps[0].Target.Name); err != nil {
			t.Err = err.Error()
			return t
		}
	}
	var acted bool
	for i, st := range tk.Steps {
		look := func(want target, appears bool) (string, error) {
			ref, err := findRef(page, want)
			if ref != "" || err != nil {
				return ref, err
			}
			how := "snapshot"
			if tk.Lookup {
				how = "find"
			}
			t.Extra = append(t.Extra, fmt.Sprintf("step %d: %s to find %s", i+1, how, want))
			if page, err = lookup(want.Name); err != nil {
				return "", err
			}
			ref, err = findRef(page, want)
			if ref == "" && err == nil {
				err = fmt.Errorf("no %s with a ref in a new snapshot", want)
			}
			return ref, err
		}
		args, err := stepArgs(st, look)
		if err != nil {
			t.Err = fmt.Sprintf("step %d: %v", i+1, err)
			break
		}
		if page, err = view(strings.Join(args, " "), !tk.Lookup, args...); err != nil {
			t.Err = fmt.Sprintf("step %d: %v", i+1, err)
			break
		}
		acted = true
	}
	if tk.Lookup && acted && t.Err == "" {
		// The action's output says nothing of the page: look the outcome up.
		if page, err = view("find "+tk.Want, true, "find", tk.Want); err != nil {
			t.Err = err.Error()
		}
	}
	t.Seen = acted && t.Err == "" && seen(page, tk)
	t.Status, _ = b.cliStatus(ctx)
	t.Solved = tk.Solved.MatchString(t.Status)
	return t
}

// heldRefs says what an envelope's ### New refs held, for a miss: the
// list, or when it is long its first and last refs and its `… more` line.
func heldRefs(out string) string {
	fresh := strings.TrimSpace(section(out, "New refs"))
	if fresh == "" {
		return "the envelope has no ### New refs"
	}
	lines := strings.Split(fresh, "\n")
	if len(fresh) <= 300 {
		return "its ### New refs list only " + strings.Join(lines, "; ")
	}
	var refs []string
	more := ""
	for _, l := range lines {
		if p, ok := parseLine(l); ok && p.ref != "" {
			refs = append(refs, strings.TrimSpace(l))
		} else if strings.HasPrefix(l, "- … ") {
			more = l
		}
	}
	if len(refs) == 0 {
		return "its ### New refs list no ref"
	}
	s := fmt.Sprintf("its ### New refs list only %d refs, `%s` to `%s`", len(refs), refs[0], refs[len(refs)-1])
	if more != "" {
		s += ", then `" + more + "`"
	}
	return s
}

func paren(s string) string {
	if s == "" {
		return ""
	}
	return " (" + s + ")"
}

// stepArgs is a step as the words both tools take: VERB REF [REF|ARGS…].
func stepArgs(st step, look func(target, bool) (string, error)) ([]string, error) {
	ref, err := look(st.Target, st.Appears)
	if err != nil {
		return nil, err
	}
	args := []string{st.Verb, ref}
	if st.To != nil {
		to, err := look(*st.To, false)
		if err != nil {
			return nil, err
		}
		args = append(args, to)
	}
	return append(args, st.Args...), nil
}

// seen: text shows the page's status line reading what solves the task.
func seen(text string, tk task) bool {
	for _, l := range strings.Split(text, "\n") {
		p, ok := parseLine(l)
		if !ok || p.role != "status" {
			continue
		}
		v := p.text
		if _, raw, ok := strings.Cut(l, ": "); ok {
			if i := strings.LastIndex(raw, " -> "); i >= 0 { // a change: "before" -> "after"
				v = unquote(strings.TrimSpace(raw[i+4:]))
			}
		}
		if tk.Solved.MatchString(v) {
			return true
		}
	}
	return false
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
