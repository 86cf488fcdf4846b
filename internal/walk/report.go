package main

import (
	"fmt"
	"io"
	"os"
	"path"
	"path/filepath"
	"strconv"
	"strings"
)

// run is one measured commit: what scripts/walk left in its folder.
type run struct {
	commit             string
	cli, daemon        *flow
	initEvents         int
	initFiles          map[string]bool
	daemonArgs, output string
}

// load reads a folder scripts/walk wrote: commit, cli.walk, daemon.walk
// and click.txt.
func load(dir string) (*run, error) {
	read := func(name string) string {
		b, _ := os.ReadFile(filepath.Join(dir, name))
		return strings.TrimSpace(string(b))
	}
	r := &run{commit: read("commit"), output: read("click.txt")}
	ct, err := readTrace(filepath.Join(dir, "cli.walk"))
	if err != nil {
		return nil, err
	}
	if r.cli, r.initEvents, r.initFiles, err = cliFlow(ct); err != nil {
		return nil, err
	}
	dt, err := readTrace(filepath.Join(dir, "daemon.walk"))
	if err != nil {
		return nil, err
	}
	r.daemon, r.daemonArgs = daemonFlow(dt), dt.args
	if len(r.daemon.roots) == 0 {
		return nil, fmt.Errorf("%s: no request goroutine in the daemon's window", dir)
	}
	return r, nil
}

// short is a commit line's hash.
func short(commit string) string {
	h, _, _ := strings.Cut(commit, " ")
	if len(h) > 7 {
		h = h[:7]
	}
	return h
}

func report(w io.Writer, runs []*run) {
	p := func(format string, a ...any) { fmt.Fprintf(w, format+"\n", a...) }
	p("# The walk of `prima pw click`")
	p("")
	p("Which source files one `prima pw click eN` passes through, from `main` to the envelope and back, and how often it")
	p("comes back into a file it was already in. Measured by `scripts/walk` (rerun: `scripts/walk [BEFORE [AFTER]]`, by")
	p("default `ae7e32e` and main's HEAD; it writes this file).")
	p("")
	p("Commits:")
	p("")
	for _, r := range runs {
		p("- `%s`", r.commit)
	}
	p("")
	p("## What is counted")
	p("")
	p(rules)
	p("")
	p("## The numbers")
	p("")
	head := "| |"
	sep := "|---|"
	for _, r := range runs {
		head += " " + short(r.commit) + " |"
		sep += "---:|"
	}
	p("%s", head)
	p("%s", sep)
	row := func(name string, f func(r *run) string) {
		line := "| " + name + " |"
		for _, r := range runs {
			line += " " + f(r) + " |"
		}
		p("%s", line)
	}
	row("**CLI re-entries**", func(r *run) string { return fmt.Sprintf("**%d**", reentries(r.cli.walk)) })
	row("CLI visits / distinct files", func(r *run) string { return fmt.Sprintf("%d / %d", len(r.cli.walk), len(files(r.cli.walk))) })
	row("**daemon re-entries**", func(r *run) string { return fmt.Sprintf("**%d**", reentries(r.daemon.walk)) })
	row("daemon visits / distinct files", func(r *run) string {
		return fmt.Sprintf("%d / %d", len(r.daemon.walk), len(files(r.daemon.walk)))
	})
	row("**total re-entries** (CLI + daemon)", func(r *run) string {
		return fmt.Sprintf("**%d**", reentries(r.cli.walk)+reentries(r.daemon.walk))
	})
	row("total visits / distinct files (union)", func(r *run) string {
		u := files(r.cli.walk)
		for f := range files(r.daemon.walk) {
			u[f] = true
		}
		return fmt.Sprintf("%d / %d", len(r.cli.walk)+len(r.daemon.walk), len(u))
	})
	row("re-entries with back-and-forth runs folded: CLI / daemon / total", func(r *run) string {
		c, d := foldedReentries(r.cli.walk), foldedReentries(r.daemon.walk)
		return fmt.Sprintf("%d / %d / %d", c, d, c+d)
	})
	row("re-entries by package (a folder's files are one place): CLI / daemon / total", func(r *run) string {
		c, d := reentries(byPackage(r.cli.walk)), reentries(byPackage(r.daemon.walk))
		return fmt.Sprintf("%d / %d / %d", c, d, c+d)
	})
	row("CLI visits / re-entries before its first call into prima/client/ (building the command line)", func(r *run) string {
		pre := r.cli.walk
		for i, v := range r.cli.walk {
			if strings.HasPrefix(v.file, "prima/client/") {
				pre = r.cli.walk[:i]
				break
			}
		}
		return fmt.Sprintf("%d / %d", len(pre), reentries(pre))
	})
	row("events counted (CLI + daemon)", func(r *run) string { return fmt.Sprintf("%d + %d", r.cli.events, r.daemon.events) })
	row("goroutines counted (CLI + daemon)", func(r *run) string {
		return fmt.Sprintf("%d + %d", len(r.cli.members), len(r.daemon.members))
	})
	row("daemon re-entries, events in time order (check)", func(r *run) string { return strconv.Itoa(reentries(r.daemon.timeWalk)) })
	row("CLI before main: events / files (not counted)", func(r *run) string {
		return fmt.Sprintf("%d / %d", r.initEvents, len(r.initFiles))
	})
	row("daemon background in the window: events (not counted)", func(r *run) string {
		n := 0
		for _, c := range r.daemon.background {
			n += c
		}
		return strconv.Itoa(n)
	})
	row("CLI background: events (not counted)", func(r *run) string {
		n := 0
		for _, c := range r.cli.background {
			n += c
		}
		return strconv.Itoa(n)
	})
	p("")
	for _, r := range runs {
		if len(r.daemon.background) == 0 {
			continue
		}
		var bs []string
		for _, k := range sortedKeys(r.daemon.background) {
			bs = append(bs, fmt.Sprintf("`%s` %d", k, r.daemon.background[k]))
		}
		p("Daemon background at %s (events by the function that started the goroutine): %s.", short(r.commit), strings.Join(bs, ", "))
		p("")
	}
	last := runs[len(runs)-1]
	p("## Visits per file")
	p("")
	head, sep = "| file |", "|---|"
	for _, proc := range []string{"CLI", "daemon"} {
		for _, r := range runs {
			head += fmt.Sprintf(" %s %s |", proc, short(r.commit))
			sep += "---:|"
		}
	}
	p("%s", head)
	p("%s", sep)
	var counts []map[string]int
	all := map[string]int{}
	for _, which := range []func(r *run) []visit{func(r *run) []visit { return r.cli.walk }, func(r *run) []visit { return r.daemon.walk }} {
		for _, r := range runs {
			c := count(which(r))
			for f, n := range c {
				all[f] += n
			}
			counts = append(counts, c)
		}
	}
	for _, f := range sortedKeys(all) {
		line := "| `" + f + "` |"
		for _, c := range counts {
			line += " " + blank(c[f]) + " |"
		}
		p("%s", line)
	}
	p("")
	p("## The walk at %s, visit by visit", short(last.commit))
	p("")
	p("One line a visit: its number, the file, which visit of the file it is (k/n), and how it began: `→ F` entered")
	p("function F of the file (a function literal is `Outer.funcN`), `←` came back into it from a return, `← (go)` back")
	p("from a goroutine's walk spliced in where it was started.")
	p("A run of back-and-forths between the same two files (`a b a b …`, a loop calling into another file) is shown")
	p("as its first pair, each line with the range of visits it stands for (k-m/n) and `×N`, the times the pair repeats.")
	for _, part := range []struct {
		name string
		walk []visit
	}{{"CLI (`prima pw click`)", last.cli.walk}, {"daemon (`" + last.daemonArgs + "`)", last.daemon.walk}} {
		p("")
		p("### %s", part.name)
		p("")
		p("```")
		list(w, part.walk)
		p("```")
	}
	p("")
	p("The click's output at %s:", short(last.commit))
	p("")
	p("```")
	p("%s", last.output)
	p("```")
}

// count is the number of visits of each file in walk.
func count(walk []visit) map[string]int {
	m := map[string]int{}
	for _, v := range walk {
		m[v.file]++
	}
	return m
}

func blank(n int) string {
	if n == 0 {
		return ""
	}
	return strconv.Itoa(n)
}

// A span is a stretch of a walk that list writes as one line a file:
// one visit (times 1), or a back-and-forth between the same two files,
// a b a b …, repeated times (a loop calling into another file, say).
type span struct{ at, end, times int }

// spans cuts walk into its spans, first to last.
func spans(walk []visit) []span {
	var out []span
	for i := 0; i < len(walk); {
		j := i + 2
		for j+1 < len(walk) && walk[j].file == walk[i].file && walk[j+1].file == walk[i+1].file {
			j += 2
		}
		if times := (j - i) / 2; i+1 < len(walk) && times > 1 {
			out = append(out, span{i, j, times})
			i = j
			continue
		}
		out = append(out, span{i, i + 1, 1})
		i++
	}
	return out
}

// foldedReentries counts re-entries as if each back-and-forth run were
// walked once: the lines list writes, less the distinct files.
func foldedReentries(walk []visit) int {
	n := 0
	for _, s := range spans(walk) {
		n += min(s.end-s.at, 2)
	}
	return n - len(files(walk))
}

// list writes walk one visit a line, folding a run of back-and-forths
// between the same two files (a b a b …) into one line of each with ×N.
func list(w io.Writer, walk []visit) {
	total := count(walk)
	nth := make([]int, len(walk))
	seen := map[string]int{}
	for i, v := range walk {
		seen[v.file]++
		nth[i] = seen[v.file]
	}
	line := func(i, last, times int) {
		v := walk[i]
		k := strconv.Itoa(nth[i])
		if last != i {
			k += "-" + strconv.Itoa(nth[last])
		}
		how := v.how
		if !strings.HasPrefix(how, "←") {
			how = "→ " + how
		}
		fold := ""
		if times > 1 {
			fold = fmt.Sprintf("  ×%d", times)
		}
		fmt.Fprintf(w, "%4d  %-40s %9s  %s%s\n", i+1, v.file, k+"/"+strconv.Itoa(total[v.file]), how, fold)
	}
	for _, s := range spans(walk) {
		if s.times == 1 {
			line(s.at, s.at, 1)
			continue
		}
		line(s.at, s.end-2, s.times)
		line(s.at+1, s.end-1, s.times)
	}
}

// byPackage is walk with each file replaced by its folder, collapsed.
func byPackage(walk []visit) []visit {
	out := make([]visit, len(walk))
	for i, v := range walk {
		out[i] = visit{path.Dir(v.file), v.how}
	}
	return collapse(out)
}
