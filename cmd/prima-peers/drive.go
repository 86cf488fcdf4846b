package main

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"
)

// tally is what one tool cost on one task: what the orchestrator ran and
// read, from its first look at the page (navigating there, and waiting for
// the page's libraries to load, is set-up, the same for both, and not
// counted) to the last output it read.
type tally struct {
	Cmds   int           // commands run
	Reads  int           // snapshot files read (playwright-cli)
	Bytes  int           // stdout of every command, plus every file read
	Wall   time.Duration // of the counted commands
	Trail  []string      // what ran, in order, with its bytes
	Extra  []string      // snapshots taken after the first one, and why
	Misses []string      // prima: a target that appeared but was not in ### New refs
	Status string        // the status line after the task, read through the tool's eval
	Solved bool          // ... matches the task's
	Seen   bool          // the last output the orchestrator read shows the solved status
	Err    string        // why the task stopped early, or could not be checked
	// NavRefs: prima's navigation envelope (set-up) already listed step
	// 1's target in its ### New refs.
	NavRefs bool
}

func (t tally) RT() int { return t.Cmds + t.Reads }

func (t tally) brief() string {
	s := "not solved"
	if t.Solved {
		s = "solved"
	}
	return fmt.Sprintf("%s, %d round trips, %d bytes, %.1f s", s, t.RT(), t.Bytes, t.Wall.Seconds())
}

type outcome struct {
	task       task
	prima, cli tally
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

// primaTask drives the task through prima as an orchestrator would: one
// snapshot, then each action on a ref it already has: for a target the
// step before made appear, from that step's ### New refs; for one that was
// there before, from the last snapshot (or a New refs list since). A new
// snapshot only when the ref is in neither, and then `snapshot --grep`
// when the snapshot was outlined and the target is behind a collapsed line.
func (b *bench) primaTask(ctx context.Context, tk task) (t tally) {
	url := b.cfg.url + tk.Path
	var nav result
	if !b.primaUp {
		nav = b.prima(ctx, "browser", "open", url)
	} else {
		nav = b.prima(ctx, "go", url)
	}
	if nav.failed() {
		t.Err = fmt.Sprintf("set-up: prima go: exit %d %v", nav.exit, nav.err)
		return t
	}
	if ref, _ := findRef(section(nav.out, "New refs"), tk.Steps[0].Target); ref != "" {
		t.NavRefs = true
	}
	if s, ok := ready(ctx, tk.Ready, func() (string, bool) { return b.primaStatus(ctx) }); !ok {
		t.Err = fmt.Sprintf("set-up: the status line reads %q, not %q", s, tk.Ready)
		return t
	}

	first := []string{"snapshot"}
	if tk.Lookup {
		first = []string{"snapshot", "--grep", tk.Steps[0].Target.Name}
	}
	snap := b.prima(ctx, first...)
	t.count(snap, strings.Join(first, " "))
	if snap.failed() {
		t.Err = fmt.Sprintf("snapshot: exit %d %v", snap.exit, snap.err)
		return t
	}
	known := []string{snap.out} // the last snapshot, then every New refs list since
	lastOutlined := outlined(snap.out)
	var last string // the previous action's envelope

	// look finds a target's ref, taking a snapshot when it must.
	look := func(i int, want target, appears bool) (string, error) {
		if appears {
			ref, err := findRef(section(last, "New refs"), want)
			if ref != "" || err != nil {
				return ref, err
			}
			held := "the envelope has no ### New refs"
			if fresh := strings.TrimSpace(section(last, "New refs")); fresh != "" {
				held = "its ### New refs list only " + clip(strings.Join(strings.Split(fresh, "\n"), "; "), 300)
			}
			t.Misses = append(t.Misses, fmt.Sprintf("step %d: %s appeared after step %d, but %s", i+1, want, i, held))
		} else {
			for k := len(known) - 1; k >= 0; k-- {
				if ref, err := findRef(known[k], want); ref != "" || err != nil {
					return ref, err
				}
			}
		}
		if !lastOutlined || appears {
			s := b.prima(ctx, "snapshot")
			t.count(s, "snapshot")
			t.Extra = append(t.Extra, fmt.Sprintf("step %d: snapshot to find %s", i+1, want))
			if s.failed() {
				return "", fmt.Errorf("snapshot: exit %d %v", s.exit, s.err)
			}
			known, lastOutlined = []string{s.out}, outlined(s.out)
			if ref, err := findRef(s.out, want); ref != "" || err != nil {
				return ref, err
			}
			if !lastOutlined {
				return "", fmt.Errorf("no %s with a ref in a new snapshot", want)
			}
		}
		g := b.prima(ctx, "snapshot", "--grep", want.Name)
		t.count(g, "snapshot --grep "+want.Name)
		t.Extra = append(t.Extra, fmt.Sprintf("step %d: `snapshot --grep` for %s (behind the outline's collapsed lines)", i+1, want))
		if g.failed() {
			return "", fmt.Errorf("snapshot --grep: exit %d %v", g.exit, g.err)
		}
		known = append(known, g.out)
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
			known, lastOutlined = nil, false
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
// would: a snapshot, then each action on a ref from the page as it last
// saw it, which after an action is the snapshot file the action's output
// links (read, and counted as a round trip and its bytes); a new
// `snapshot` only when that does not show the target.
func (b *bench) cliTask(ctx context.Context, tk task) (t tally) {
	url := b.cfg.url + tk.Path
	var nav result
	if !b.cliOpen {
		nav = b.cli(ctx, "open", url)
	} else {
		nav = b.cli(ctx, "goto", url)
	}
	if nav.failed() || strings.Contains(nav.out, "### Error") {
		t.Err = fmt.Sprintf("set-up: playwright-cli goto: exit %d %v %s", nav.exit, nav.err, firstLine(section(nav.out, "Error")))
		return t
	}
	if s, ok := ready(ctx, tk.Ready, func() (string, bool) { return b.cliStatus(ctx) }); !ok {
		t.Err = fmt.Sprintf("set-up: the status line reads %q, not %q", s, tk.Ready)
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

	// lookup is how the orchestrator looks for something it does not see:
	// a snapshot, or in the lookup variant `find TEXT`.
	lookup := func(text string) (string, error) {
		if tk.Lookup {
			return view("find "+text, true, "find", text)
		}
		return view("snapshot", true, "snapshot")
	}
	page, err := lookup(tk.Steps[0].Target.Name)
	if err != nil {
		t.Err = err.Error()
		return t
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
		if i := strings.LastIndex(v, " -> "); i >= 0 { // a change: before -> after
			v = unquote(strings.TrimSpace(v[i+4:]))
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
