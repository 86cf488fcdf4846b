// Command walk measures the walk of `prima pw click` for scripts/walk: it instruments a copy of prima so each function records its entry and return, and reports the files a click passes through and its re-entries.
//
//	go run ./internal/walk instrument DIR         mark every function of the copy at DIR
//	go run ./internal/walk report RUN [RUN]       results/walk.md from scripts/walk's run folders
package main

import (
	_ "embed"
	"fmt"
	"os"
	"path/filepath"
)

//go:embed rec/rec.go
var recSource []byte

// rules is what results/walk.md says is counted.
const rules = `- **Instrumented**: every non-test .go file of the module at that commit, except ` + "`fixtures/`, `cmd/prima-*`" + ` (the
  benches) and ` + "`internal/`" + ` (test support, and this tool); no dependency. Each function and method with a body, and
  each function literal, gets ` + "`defer rec.Enter(file, name)()`" + ` on its opening line: an entry event now, a return
  event when it returns or unwinds. A function literal counts as the file it is written in (a callback written in
  ` + "`a.go`" + ` and called from ` + "`b.go`" + ` is a visit to ` + "`a.go`" + `).
- **The walk of a goroutine**: the file it is in after each event: on an entry the entered function's file, on a
  return the file of the function below it on that goroutine's stack of recorded calls (code outside the module,
  the standard library or playwright-go, is not a place: a callback from it returns to the module function that
  called into it). A return that empties the stack adds nothing.
- **Which goroutines**: the CLI: goroutine 1 from the entry into ` + "`main`" + ` (package initialisation before it is
  counted apart), and every goroutine it started, transitively. The daemon: the events recorded while the harness turned its
  recording on (from half a second before the click's CLI starts to a second after it exits; a function entered
  then has its return recorded whenever it comes), of each goroutine net/http started for a connection in that window (the request handler: peer check, decode,
  validate, deadline) and every goroutine it started, transitively (the goroutine ` + "`runWithin`" + ` runs the
  command in, and any the command starts). Everything else in the window (playwright-go's event callbacks into
  the observers, timers, work an earlier command left running) is background: listed, not counted. A goroutine
  started by code outside the module (e.g. a ` + "`time.AfterFunc`" + ` callback) has no recorded parent and so is
  background too.
- **One walk per process**: a goroutine's walk is spliced into its parent's where its first event came, as if the
  ` + "`go`" + ` statement were a call (after it, the walk is back in the file of the ` + "`go`" + ` statement), so the walk does not depend on how the scheduler interleaved them (the table
  also gives the daemon's count over its events in time order, as a check).
- **Visits and re-entries**: consecutive steps in the same file are one visit; a **re-entry** is a visit to a file
  the walk already visited earlier (` + "`main→a→b→a→c`" + ` has one): visits − distinct files. Returns count: coming back
  into a file after a call into another is a visit, so the walk is "from main to the envelope and back". The
  total is the CLI's plus the daemon's (each process its own walk; a file both processes visit is not a re-entry
  across them). Loops make many: a callback written in one file that another file's tree walk calls per node is
  two visits a node, so the table also gives the count with each such back-and-forth run (` + "`a b a b …`" + ` between
  the same two files, the ` + "`×N`" + ` lines of the listing below) walked once.
- **The command**: a fresh daemon (its own PRIMA_HOME) opens the fixture app's ` + "`/controls`" + ` (that commit's fixture
  app), ` + "`prima snapshot`" + ` gives the ref of the button "Bold", then ` + "`prima pw click REF`" + ` is the one recorded:
  a toggle, one change in its envelope.`

func main() {
	if err := run1(os.Args[1:]); err != nil {
		fmt.Fprintln(os.Stderr, "walk:", err)
		os.Exit(1)
	}
}

func run1(args []string) error {
	if len(args) >= 2 && args[0] == "instrument" && len(args) == 2 {
		dir := filepath.Join(args[1], "internal", "walk", "rec")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			return err
		}
		if err := os.WriteFile(filepath.Join(dir, "rec.go"), recSource, 0o644); err != nil {
			return err
		}
		n, err := instrument(args[1])
		if err != nil {
			return err
		}
		fmt.Fprintf(os.Stderr, "walk: marked %d functions\n", n)
		return nil
	}
	if len(args) >= 2 && len(args) <= 3 && args[0] == "report" {
		var runs []*run
		for _, dir := range args[1:] {
			r, err := load(dir)
			if err != nil {
				return err
			}
			runs = append(runs, r)
		}
		report(os.Stdout, runs)
		return nil
	}
	return fmt.Errorf("usage: walk instrument DIR | walk report RUN [RUN]")
}
