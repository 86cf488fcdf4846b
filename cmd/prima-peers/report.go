package main

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"time"
)

// The team's targets, prima / playwright-cli.
const (
	targetRT       = 0.5  // round trips per solved task, widget pages
	targetBytes    = 0.3  // bytes per solved task, widget pages
	targetBigBytes = 0.01 // bytes per solved task, the big table
)

func median(xs []float64) (float64, bool) {
	if len(xs) == 0 {
		return 0, false
	}
	s := slices.Clone(xs)
	slices.Sort(s)
	n := len(s)
	if n%2 == 1 {
		return s[n/2], true
	}
	return (s[n/2-1] + s[n/2]) / 2, true
}

func ratio(a, b float64) string {
	if b == 0 {
		return "–"
	}
	return fmt.Sprintf("%.2fx", a/b)
}

func ratio3(a, b float64) string {
	if b == 0 {
		return "–"
	}
	r := a / b
	if r < 0.01 {
		return fmt.Sprintf("%.4fx", r)
	}
	return fmt.Sprintf("%.2fx", r)
}

func yes(b bool) string {
	if b {
		return "yes"
	}
	return "**no**"
}

func verdict(r, target float64) string {
	if r <= target {
		return fmt.Sprintf("met (≤ %gx)", target)
	}
	return fmt.Sprintf("**missed** (target ≤ %gx)", target)
}

// group is the medians over a set of tasks.
type group struct {
	name                        string
	nPrima, nCLI, nBoth, nTasks int
	rtP, rtC, byP, byC          float64 // medians per solved task, each tool over the tasks it solved
	rtR, byR                    float64 // medians of the per-task ratios, tasks both solved
	okP, okC, okR               bool
}

func medians(name string, ps []pair) group {
	g := group{name: name, nTasks: len(ps)}
	var rtP, rtC, byP, byC, rtR, byR []float64
	for _, o := range ps {
		if o.prima.Solved {
			g.nPrima++
			rtP = append(rtP, float64(o.prima.RT()))
			byP = append(byP, float64(o.prima.Bytes))
		}
		if o.cli.Solved {
			g.nCLI++
			rtC = append(rtC, float64(o.cli.RT()))
			byC = append(byC, float64(o.cli.Bytes))
		}
		if o.prima.Solved && o.cli.Solved {
			g.nBoth++
			rtR = append(rtR, float64(o.prima.RT())/float64(o.cli.RT()))
			byR = append(byR, float64(o.prima.Bytes)/float64(o.cli.Bytes))
		}
	}
	g.rtP, g.okP = median(rtP)
	g.byP, _ = median(byP)
	g.rtC, g.okC = median(rtC)
	g.byC, _ = median(byC)
	g.rtR, g.okR = median(rtR)
	g.byR, _ = median(byR)
	return g
}

// acctView is one accounting, as the report shows it.
type acctView struct {
	title, short string
	of           func(outcome) pair
	formula      string // the round trips of a task done with no snapshot after the first look
}

var acctViews = []acctView{
	{"From the first look (navigation not counted)", "from the first look", func(o outcome) pair { return o.look },
		"With one first look each and no snapshot in between, a task of s steps costs prima 1 + s round trips and " +
			"playwright-cli 1 + 2s (an action, then its file), so the round-trip ratio is (1 + s) / (1 + 2s): 0.67 at one step, " +
			"0.60 at two, 0.57 at three."},
	{"From navigation (navigation counted, as the first look)", "from navigation", func(o outcome) pair { return o.nav },
		"With the navigation as the only look before the first action and no snapshot after it, a task of s steps costs " +
			"prima 1 + s round trips (`go`, then an action per step) and playwright-cli 2 + 2s (`goto` and its file, then an " +
			"action and its file per step), so the round-trip ratio is 0.50 at any s: the target's bound, met only when prima " +
			"needs no snapshot at all."},
}

func report(cfg config, versions string, rs []outcome) string {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("# prima vs playwright-cli: the same tasks, driven as an orchestrator would\n\n")
	w("`scripts/bench-peers` on %d CPUs (shared), %s; %s; the big table is `/big?n=%d`.\n\n",
		runtime.NumCPU(), time.Now().UTC().Format("2006-01-02T15:04Z"), versions, cfg.bigN)
	w(`Each tool runs each task twice in the same run, once for each of two accountings, which differ only in
where the count starts. prima drives each accounting on an instance of its own (` + "`--instance look|nav`" + `), as a new
orchestrator would: an instance counts the visits of a page, and the other accounting's visit would show as a return
(a ` + "`state:`" + ` line).

- **from the first look** (navigation not counted): navigating to the page (` + "`prima go URL`" + `,
  ` + "`playwright-cli goto URL`" + `) is set-up; the orchestrator's first look is ` + "`prima snapshot -i`" + ` (only what
  can be acted on, each with its ref: the first look prima's ` + "`help agents`" + ` advises; a full ` + "`snapshot`" + `
  after it, counted, when a target is not in it) and ` + "`playwright-cli snapshot`" + ` (it prints the snapshot), counted.
- **from navigation**: the navigation is counted, and is the first look, for both tools: ` + "`prima go URL`" + ` (its
  envelope, whose ` + "`### New refs`" + ` list the controls of the new page) and ` + "`playwright-cli goto URL`" + ` plus
  reading the snapshot file its output links (two round trips and both outputs' bytes). Both tools' navigation
  outputs are counted, whole. A ` + "`snapshot`" + ` only when a target is not in what the navigation printed,
  counted, and listed below with the reason.

In both, every navigation starts from ` + "`about:blank`" + ` (set-up, not counted), and waiting for the page's
libraries to load (its status line polled through each tool's ` + "`eval`" + `, right after the navigation and before
the first action) is set-up, not counted. Starting from a blank page is the same for both tools, but it
spares prima's ` + "`go`" + ` envelope the lines of what a previous page removed, which an orchestrator coming from
another page would read too; playwright-cli's ` + "`goto`" + ` output does not list the page before.

Then, per step, in both accountings:

- **prima**: ` + "`prima pw VERB REF…`" + `. A target the step before made appear (a list's options) is taken from that
  envelope's ` + "`### New refs`" + `; a target that was on the page before, from the first look (or a New refs list
  since). A new snapshot only when the ref is in neither (listed below as a miss when it should have been in
  New refs), ` + "`snapshot --grep`" + ` when the target is behind a collapsed line of an outlined snapshot.
- **playwright-cli**: ` + "`playwright-cli VERB REF…`" + `; each action's output links a snapshot file, which the
  orchestrator reads to find the next ref (and, after the last action, to see what happened: playwright-cli's
  output alone does not say). A new ` + "`snapshot`" + ` only when the file does not show the target.
- **round trips**: commands run, plus for playwright-cli each snapshot file read (one more tool call for an
  agent). **bytes**: every counted command's stdout, plus the files read. Both are per task; the medians are
  over the tasks each tool solved.
- **solved**: the page's ` + "`<p role=\"status\">`" + ` line (the widget's state through its library's API), read
  after the task through each tool's own ` + "`eval`" + ` (not counted), matches the task's.

The looked-up variant of the big table (prima ` + "`snapshot --grep`" + `, playwright-cli ` + "`find`" + ` instead of reading
snapshots; from navigation, playwright-cli does not read ` + "`goto`" + `'s file there) is outside the medians: it shows
what the bytes are when a playwright-cli orchestrator uses ` + "`find`" + `.

`)
	var widgets, big []outcome
	for _, o := range rs {
		if o.task.Lookup {
			continue // a variant, outside the medians
		} else if o.task.Big {
			big = append(big, o)
		} else {
			widgets = append(widgets, o)
		}
	}
	pairs := func(in []outcome, v acctView) []pair {
		var ps []pair
		for _, o := range in {
			ps = append(ps, v.of(o))
		}
		return ps
	}
	for _, v := range acctViews {
		w("## %s\n\n", v.title)
		w("| task | solved prima | solved playwright-cli | round trips prima | round trips playwright-cli (cmds + reads) | round trips ratio | bytes prima | bytes playwright-cli | bytes ratio |\n")
		w("|---|---|---|---:|---:|---:|---:|---:|---:|\n")
		for _, o := range rs {
			p := v.of(o)
			rr, br := "–", "–"
			if p.prima.Solved && p.cli.Solved {
				rr = ratio(float64(p.prima.RT()), float64(p.cli.RT()))
				br = ratio3(float64(p.prima.Bytes), float64(p.cli.Bytes))
			}
			w("| %s | %s | %s | %d | %d (%d + %d) | %s | %s | %s | %s |\n", o.task.Title, yes(p.prima.Solved), yes(p.cli.Solved),
				p.prima.RT(), p.cli.RT(), p.cli.Cmds, p.cli.Reads, rr, kb(p.prima.Bytes), kb(p.cli.Bytes), br)
		}
		w("\n### Medians per solved task, %s (prima / playwright-cli)\n\n", v.short)
		w("| pages | solved prima / playwright-cli / both (of) | round trips prima | round trips playwright-cli | ratio | target | bytes prima | bytes playwright-cli | ratio | target |\n")
		w("|---|---|---:|---:|---:|---|---:|---:|---:|---|\n")
		for _, g := range []struct {
			g       group
			rt, byt float64
		}{{medians("widget pages", pairs(widgets, v)), targetRT, targetBytes}, {medians("big table", pairs(big, v)), 0, targetBigBytes}} {
			if g.g.nTasks == 0 {
				continue
			}
			rtv, byv := "–", "–"
			if g.g.okP && g.g.okC {
				if g.rt > 0 {
					rtv = verdict(g.g.rtP/g.g.rtC, g.rt)
				} else {
					rtv = "none"
				}
				byv = verdict(g.g.byP/g.g.byC, g.byt)
			}
			w("| %s | %d / %d / %d (%d) | %g | %g | %s | %s | %s | %s | %s | %s |\n", g.g.name, g.g.nPrima, g.g.nCLI, g.g.nBoth, g.g.nTasks,
				g.g.rtP, g.g.rtC, ratio(g.g.rtP, g.g.rtC), rtv, kb(int(g.g.byP)), kb(int(g.g.byC)), ratio3(g.g.byP, g.g.byC), byv)
		}
		w("\n%s\n", v.formula)
		if g := medians("widget pages", pairs(widgets, v)); g.okR {
			w("\nOn the widget tasks both tools solved (%d), the median of the per-task ratios: round trips %.2fx, bytes %.2fx.\n", g.nBoth, g.rtR, g.byR)
		}
		w("\n")
	}

	w("## Where prima needed a snapshot after the first look\n")
	for _, v := range acctViews {
		w("\n%s:\n\n", strings.ToUpper(v.short[:1])+v.short[1:])
		any := false
		for _, o := range rs {
			t := v.of(o).prima
			if len(t.Extra) == 0 && len(t.Misses) == 0 {
				continue
			}
			any = true
			w("- **%s**:", o.task.Title)
			for _, m := range t.Misses {
				w(" **New refs missing**: %s.", m)
			}
			for _, e := range t.Extra {
				w(" %s.", e)
			}
			w("\n")
		}
		if !any {
			w("None: every ref prima acted on came from its first look or the previous envelope's `### New refs`.\n")
		}
	}

	w("\n## What each tool ran\n\n")
	for _, o := range rs {
		w("**%s** (solved when the status reads `%s`)\n\n", o.task.Title, o.task.Want)
		for _, v := range acctViews {
			p := v.of(o)
			for _, side := range []struct {
				name string
				t    tally
			}{{"prima", p.prima}, {"playwright-cli", p.cli}} {
				t := side.t
				w("- %s, %s: %s; status `%s`", side.name, v.short, strings.Join(t.Trail, " → "), t.Status)
				if t.Seen {
					w("; the last output it read shows it")
				} else if t.Solved {
					w("; the last output it read does not show it")
				}
				w("; %.1f s", t.Wall.Seconds())
				if t.Err != "" {
					w("; stopped: %s", strings.ReplaceAll(t.Err, "\n", " "))
				}
				w("\n")
			}
		}
		w("\n")
	}
	return b.String()
}
