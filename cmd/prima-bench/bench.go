package main

import (
	"context"
	"fmt"
	"strings"
	"time"
)

func ms(d time.Duration) float64 { return float64(d.Microseconds()) / 1000 }

func (h *harness) record(s Sample) { h.samples = append(h.samples, s) }

// fail records (and prints at once) a command that did not do its job.
func (h *harness) fail(size int, op, tool string, run int, what, reason string, r *cmdResult) {
	f := Failure{Size: size, Op: op, Tool: tool, Run: run, What: what, Reason: reason}
	if r != nil {
		f.Output, f.Stderr = string(r.Stdout), string(r.Stderr)
		if r.Err != nil {
			f.Reason += ": " + r.Err.Error()
		}
	}
	h.failures = append(h.failures, f)
	fmt.Fprintf(h.log, "FAIL n=%d %s %s run %d: %s: %s\n", size, op, tool, run, what, f.Reason)
	if f.Output != "" {
		fmt.Fprintf(h.log, "--- stdout (verbatim)\n%s\n---\n", strings.TrimRight(f.Output, "\n"))
	}
	if f.Stderr != "" {
		fmt.Fprintf(h.log, "--- stderr\n%s\n---\n", strings.TrimRight(f.Stderr, "\n"))
	}
}

// open starts the playwright-cli session on the first page, then lets
// prima attach to it (no flags: same XDG_CACHE_HOME, own --home).
func (h *harness) open(ctx context.Context, url string) error {
	h.cliOpen = true
	if err := mustOK("playwright-cli open "+url, h.cli(ctx, "open", url)); err != nil {
		return err
	}
	return mustOK("prima snapshot (attach)", h.prima(ctx, "snapshot"))
}

// measureSize navigates both tools to /big?n=size and measures every op,
// pairs interleaved prima, playwright-cli, prima, playwright-cli…
func (h *harness) measureSize(ctx context.Context, size int) error {
	url := fmt.Sprintf("%s/big?n=%d", h.baseURL, size)
	// Navigate there (both tools share the tab), then warm up (untimed):
	// both sides have read this page once. prima navigates, with a long
	// deadline: the first aria snapshot of a big fresh document is slow
	// (Blink's element.labels walks the whole document per field), and
	// playwright-cli's goto, which takes one, times out at 30 s from
	// 20,000 elements on. The navigate op still times both. A failed step
	// skips this size, not the whole run.
	steps := []struct {
		tool string
		args []string
	}{
		{toolPrima, []string{"--timeout", "5m", "go", url}},
		{toolPrima, []string{"--timeout", "5m", "snapshot"}},
		{toolCLI, []string{"snapshot"}},
	}
	for _, st := range steps {
		var r cmdResult
		if st.tool == toolPrima {
			r = h.prima(ctx, st.args...)
		} else {
			r = h.cli(ctx, st.args...)
		}
		if err := ctx.Err(); err != nil {
			return err
		}
		if r.failed() {
			h.fail(size, "setup", st.tool, 0, st.tool+" "+strings.Join(st.args, " "),
				fmt.Sprintf("exit %d; skipping n=%d", r.Exit, size), &r)
			return nil
		}
	}
	for _, op := range allOps {
		t0 := time.Now()
		for run := 1; run <= h.cfg.runs; run++ {
			if err := ctx.Err(); err != nil {
				return err
			}
			h.pair(ctx, size, op, run, url)
		}
		fmt.Fprintf(h.log, "n=%d %-8s %d pairs in %.1fs\n", size, op, h.cfg.runs, time.Since(t0).Seconds())
	}
	if h.cfg.floor {
		t0 := time.Now()
		if err := h.floorSize(ctx, size); err != nil {
			h.fail(size, opClick, toolFloor, 0, "floor", err.Error(), nil)
		} else {
			fmt.Fprintf(h.log, "n=%d floor    %d runs in %.1fs\n", size, h.cfg.runs, time.Since(t0).Seconds())
		}
	}
	return ctx.Err()
}

// primaRef takes a fresh prima snapshot (untimed) and finds a ref in it.
func (h *harness) primaRef(ctx context.Context, size int, op string, run int, role, name string) (string, bool) {
	r := h.prima(ctx, "snapshot")
	if p := envelopeProblem(r.Exit, string(r.Stdout), false); p != "" || r.Err != nil {
		h.fail(size, op, toolPrima, run, "prima snapshot (for the ref)", p, &r)
		return "", false
	}
	ref, err := findRef(string(r.Stdout), role, name)
	if err != nil {
		h.fail(size, op, toolPrima, run, "prima snapshot (for the ref)", err.Error(), &r)
		return "", false
	}
	return ref, true
}

// cliRef takes a fresh playwright-cli snapshot (untimed) and finds a ref in it.
func (h *harness) cliRef(ctx context.Context, size int, op string, run int, role, name string) (string, bool) {
	r := h.cli(ctx, "snapshot")
	if r.failed() {
		h.fail(size, op, toolCLI, run, "playwright-cli snapshot (for the ref)", fmt.Sprintf("exit %d", r.Exit), &r)
		return "", false
	}
	text, err := h.cliText(r)
	if err == nil {
		var ref string
		if ref, err = findRef(text, role, name); err == nil {
			return ref, true
		}
	}
	h.fail(size, op, toolCLI, run, "playwright-cli snapshot (for the ref)", err.Error(), &r)
	return "", false
}

// primaTimed runs one measured prima command and records it when its
// envelope is ok (with ### Changes for actions).
func (h *harness) primaTimed(ctx context.Context, size int, op string, run int, args ...string) {
	r := h.prima(ctx, args...)
	if p := envelopeProblem(r.Exit, string(r.Stdout), op != opSnapshot); p != "" || r.Err != nil {
		h.fail(size, op, toolPrima, run, "prima "+strings.Join(args, " "), p, &r)
		return
	}
	h.record(Sample{Size: size, Op: op, Tool: toolPrima, Run: run, WallMS: ms(r.Wall), Bytes: len(r.Stdout)})
}

// cliTimed runs one measured playwright-cli action (nil for none) and the
// snapshot that shows its effect; it records the action alone and the sum.
func (h *harness) cliTimed(ctx context.Context, size int, op string, run int, action []string) {
	var wall time.Duration
	var n int
	if action != nil {
		a := h.cli(ctx, action...)
		if a.failed() {
			h.fail(size, op, toolCLI, run, "playwright-cli "+strings.Join(action, " "), fmt.Sprintf("exit %d", a.Exit), &a)
			return
		}
		// The action's own output counts; a .yml it links is not read: the
		// snapshot below is how a caller sees the effect.
		wall, n = a.Wall, len(a.Stdout)
		h.record(Sample{Size: size, Op: op, Tool: toolCLIAction, Run: run, WallMS: ms(a.Wall), Bytes: len(a.Stdout)})
	}
	s := h.cli(ctx, "snapshot")
	if s.failed() {
		h.fail(size, op, toolCLI, run, "playwright-cli snapshot", fmt.Sprintf("exit %d", s.Exit), &s)
		return
	}
	text, err := h.cliText(s)
	if err != nil {
		h.fail(size, op, toolCLI, run, "playwright-cli snapshot", err.Error(), &s)
		return
	}
	h.record(Sample{Size: size, Op: op, Tool: toolCLI, Run: run, WallMS: ms(wall + s.Wall), Bytes: n + len(text)})
}

// pair measures one A/B pair: prima first, then playwright-cli. Refs come
// from a fresh snapshot of the same tool, outside the timed section.
// prima clicks "Edit row 1" and playwright-cli "Edit row 2", so every click
// changes the status line (two clicks on the same button would leave the
// second one with nothing to show).
func (h *harness) pair(ctx context.Context, size int, op string, run int, url string) {
	switch op {
	case opSnapshot:
		h.primaTimed(ctx, size, op, run, "snapshot")
		h.cliTimed(ctx, size, op, run, nil)
	case opClick:
		if ref, ok := h.primaRef(ctx, size, op, run, "button", "Edit row 1"); ok {
			h.primaTimed(ctx, size, op, run, "pw", "click", ref)
		}
		if ref, ok := h.cliRef(ctx, size, op, run, "button", "Edit row 2"); ok {
			h.cliTimed(ctx, size, op, run, []string{"click", ref})
		}
	case opFill:
		if ref, ok := h.primaRef(ctx, size, op, run, "textbox", "Note 1"); ok {
			h.primaTimed(ctx, size, op, run, "pw", "fill", ref, fmt.Sprintf("x%d", run))
		}
		if ref, ok := h.cliRef(ctx, size, op, run, "textbox", "Note 1"); ok {
			h.cliTimed(ctx, size, op, run, []string{"fill", ref, fmt.Sprintf("y%d", run)})
		}
	case opNavigate:
		h.primaTimed(ctx, size, op, run, "go", url)
		h.cliTimed(ctx, size, op, run, []string{"goto", url})
	}
}
