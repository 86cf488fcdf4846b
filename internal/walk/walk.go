package main

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
)

// An event is one line of a recorder's file: E (entry) or R (return).
type event struct {
	kind     byte
	g        uint64
	file, fn string
}

// origin is who started a goroutine (a G line).
type origin struct {
	parent  uint64
	creator string
}

// trace is one process's recording: its goroutines and its events.
type trace struct {
	args   string
	gs     map[uint64]origin
	events []event
}

// readTrace reads a recorder's file.
func readTrace(path string) (*trace, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	t := &trace{gs: map[uint64]origin{}}
	r := bufio.NewReader(f)
	for {
		line, err := r.ReadString('\n')
		if err == io.EOF {
			break // a last line without its newline was still being written
		}
		if err != nil {
			return nil, err
		}
		fs := strings.Fields(line)
		if len(fs) < 2 {
			continue
		}
		if fs[0] == "P" {
			if len(fs) > 2 {
				fs[2] = filepath.Base(fs[2])
			}
			t.args = strings.Join(fs[2:], " ")
			continue
		}
		g, _ := strconv.ParseUint(fs[1], 10, 64)
		switch {
		case fs[0] == "G" && len(fs) == 4:
			p, _ := strconv.ParseUint(fs[2], 10, 64)
			t.gs[g] = origin{p, fs[3]}
		case (fs[0] == "E" || fs[0] == "R") && len(fs) == 4:
			t.events = append(t.events, event{fs[0][0], g, fs[2], fs[3]})
		}
	}
	return t, nil
}

// A visit is a stretch of the walk in one file; how it began: the
// function entered, or "←" when a return came back into the file.
type visit struct {
	file, how string
}

// flow is the part of a process's events that a command's walk counts:
// the events of the root goroutines and of every goroutine they started
// (transitively), each goroutine's walk spliced into its parent's where
// its first event came, as if the `go` statement were a call: after it,
// the walk is back in the file the parent was in.
type flow struct {
	roots      []uint64
	members    map[uint64]bool
	walk       []visit // collapsed: no two neighbours in the same file
	timeWalk   []visit // the same events in time order, interleaved
	events     int
	background map[string]int // events of the other goroutines, by creator
	bgFiles    map[string]bool
}

// follow builds the flow of t's events from index start on, rooted at
// the goroutines isRoot accepts.
func follow(t *trace, start int, isRoot func(g uint64, o origin) bool) *flow {
	fl := &flow{members: map[uint64]bool{}, background: map[string]int{}, bgFiles: map[string]bool{}}
	in := func(g uint64) bool {
		for seen := 0; seen < 1000; seen++ {
			o, ok := t.gs[g]
			if !ok {
				return false
			}
			if isRoot(g, o) {
				return true
			}
			g = o.parent
		}
		return false
	}
	type item struct {
		v     visit
		child uint64 // a goroutine started here, when not 0; v is then where its parent was
	}
	items := map[uint64][]item{}
	stacks := map[uint64][]string{}
	var timeOrder []visit
	for _, e := range t.events[start:] {
		if !in(e.g) {
			fl.background[t.gs[e.g].creator]++
			fl.bgFiles[e.file] = true
			continue
		}
		fl.events++
		if !fl.members[e.g] {
			fl.members[e.g] = true
			if o := t.gs[e.g]; isRoot(e.g, o) {
				fl.roots = append(fl.roots, e.g)
			} else {
				back := visit{}
				if st := stacks[o.parent]; len(st) > 0 {
					back = visit{st[len(st)-1], "← (go)"}
				}
				items[o.parent] = append(items[o.parent], item{v: back, child: e.g})
			}
		}
		st := stacks[e.g]
		var v visit
		if e.kind == 'E' {
			st = append(st, e.file)
			v = visit{e.file, e.fn}
		} else if len(st) > 0 {
			st = st[:len(st)-1]
			if len(st) > 0 {
				v = visit{st[len(st)-1], "←"}
			}
		}
		stacks[e.g] = st
		if v.file != "" {
			items[e.g] = append(items[e.g], item{v: v})
			timeOrder = append(timeOrder, v)
		}
	}
	var flat []visit
	var walk func(g uint64)
	walk = func(g uint64) {
		for _, it := range items[g] {
			if it.child != 0 {
				walk(it.child)
			}
			if it.v.file != "" {
				flat = append(flat, it.v)
			}
		}
	}
	for _, r := range fl.roots {
		walk(r)
	}
	fl.walk, fl.timeWalk = collapse(flat), collapse(timeOrder)
	return fl
}

// collapse merges neighbouring visits to the same file into the first.
func collapse(vs []visit) []visit {
	var out []visit
	for _, v := range vs {
		if len(out) == 0 || out[len(out)-1].file != v.file {
			out = append(out, v)
		}
	}
	return out
}

// reentries counts the visits to a file already visited earlier in walk:
// main→a→b→a→c has one.
func reentries(walk []visit) int {
	return len(walk) - len(files(walk))
}

// files is the set of files walk visits.
func files(walk []visit) map[string]bool {
	m := map[string]bool{}
	for _, v := range walk {
		m[v.file] = true
	}
	return m
}

// cliFlow is the CLI process's walk: from main.main's entry on, goroutine
// 1 and all it started; what ran before main (package initialisation) is
// counted apart.
func cliFlow(t *trace) (fl *flow, initEvents int, initFiles map[string]bool, err error) {
	start := -1
	for i, e := range t.events {
		if e.kind == 'E' && e.g == 1 && e.file == "cmd/prima/main.go" && e.fn == "main" {
			start = i
			break
		}
	}
	if start < 0 {
		return nil, 0, nil, fmt.Errorf("no entry into cmd/prima/main.go main in the CLI's recording")
	}
	initFiles = map[string]bool{}
	for _, e := range t.events[:start] {
		initFiles[e.file] = true
	}
	fl = follow(t, start, func(g uint64, o origin) bool { return g == 1 })
	return fl, start, initFiles, nil
}

// daemonFlow is the daemon's walk in its recording window: each request
// goroutine (one net/http started for a connection) active in the window,
// and all it started.
func daemonFlow(t *trace) *flow {
	active := map[uint64]bool{}
	for _, e := range t.events {
		active[e.g] = true
	}
	return follow(t, 0, func(g uint64, o origin) bool { return active[g] && o.creator == "net/http.(*Server).Serve" })
}

// sortedKeys is m's keys, most events first.
func sortedKeys(m map[string]int) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Slice(ks, func(i, j int) bool {
		if m[ks[i]] != m[ks[j]] {
			return m[ks[i]] > m[ks[j]]
		}
		return ks[i] < ks[j]
	})
	return ks
}
