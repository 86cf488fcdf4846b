package exec

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"strconv"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/view"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// Where the time of `snapshot`, `go` and `pw click` goes on a big page
// Chromium's AI snapshot, its transfer to the daemon, and each
// of prima's own steps, on the fixture's /big?n=N page in an owned
// Chromium. The snapshot text is captured from the page in the benchmark
// (a 5,000-row page's text is about a megabyte: too big for testdata).
//
//	go test ./prima/exec -run '^$' -bench BigPage -benchtime 5x
//
// PRIMA_BIG_N sets N (default 12500: 5,000 rows, 12,500 interactive
// elements: 5,000 links, 5,000 buttons, 2,500 textboxes).
func BenchmarkBigPage(b *testing.B) {
	n := 12500
	if s := os.Getenv("PRIMA_BIG_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	in, err := NewOwned(testPW, "bench-big", testLaunch, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	root, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	ctx := func() context.Context { return root }
	url := fmt.Sprintf("%s/big?n=%d", testApp.URL, n)
	if env := in.Go(ctx(), url, false, nil); !env.OK {
		b.Fatalf("go:\n%s", env.Markdown())
	}
	page, err := in.UsablePage()
	if err != nil {
		b.Fatal(err)
	}
	ai := playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi}
	snapText := func() string {
		t, err := page.Locator("body").AriaSnapshot(ai)
		if err != nil {
			b.Fatal(err)
		}
		return t
	}
	// A click pair: before, and after "Edit row 1" set the status line.
	before := snapText()
	if err := page.Locator("#row-1 button").Click(); err != nil {
		b.Fatal(err)
	}
	after := snapText()
	tb, ta := ariadiff.Parse(before), ariadiff.Parse(after)
	if d := ariadiff.Diff(tb, ta); len(d) != 1 {
		b.Fatalf("click diff = %v", d)
	}
	b.Logf("n=%d: snapshot %d bytes, %d lines", n, len(after), countLines(after))

	// Chromium: the AI snapshot as prima takes it, end to end (in-page
	// rendering, the driver, the JSON to Go).
	b.Run("chromium_ai_snapshot", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			snapText()
		}
	})
	// Transfer alone: the same text handed back from a page global, so
	// page -> driver -> Go costs the same and nothing is rendered.
	if _, err := page.Evaluate(`t => { window.__benchText = t; }`, after); err != nil {
		b.Fatal(err)
	}
	b.Run("transfer_same_text", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			v, err := page.Evaluate(`() => window.__benchText`)
			if s, _ := v.(string); err != nil || len(s) != len(after) {
				b.Fatal("transfer", err)
			}
		}
	})
	// The change detector: a view of a page it proves unchanged since the
	// last snapshot with refs.
	if _, err := in.eng.Snap(ctx(), page); err != nil {
		b.Fatal(err)
	}
	b.Run("detector_unchanged_view", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := in.eng.Observe(ctx(), page, true); err != nil {
				b.Fatal(err)
			}
		}
	})
	// prima's pure steps on the captured text.
	b.Run("parse", func(b *testing.B) {
		b.SetBytes(int64(len(after)))
		for i := 0; i < b.N; i++ {
			ariadiff.Parse(after)
		}
	})
	b.Run("compact", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ta.Compact(ariadiff.CompactOptions{})
		}
	})
	b.Run("state_hash", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ariadiff.StateHash(url, ta)
		}
	})
	b.Run("refs_index", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			refs.Index(ta)
		}
	})
	b.Run("diff_click", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ariadiff.Diff(tb, ta)
		}
	})
	b.Run("diff_same", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			ariadiff.Diff(ta, ta)
		}
	})
	// The envelope a snapshot command returns: markdown (the CLI prints
	// it) and JSON (the daemon sends it; the CLI decodes it).
	env := in.Snapshot(ctx(), wire.SnapshotRequest{})
	if !env.OK {
		b.Fatal(env.Markdown())
	}
	b.Run("envelope_markdown", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			env.Markdown()
		}
	})
	wireJSON, _ := json.Marshal(wire.EnvelopeResponse{Envelope: env})
	b.Run("envelope_json_roundtrip", func(b *testing.B) {
		b.SetBytes(int64(len(wireJSON)))
		for i := 0; i < b.N; i++ {
			data, err := json.Marshal(wire.EnvelopeResponse{Envelope: env})
			if err != nil {
				b.Fatal(err)
			}
			var back wire.EnvelopeResponse
			if err := json.Unmarshal(data, &back); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Logf("snapshot envelope: markdown %d bytes, wire JSON %d bytes", len(env.Markdown()), len(wireJSON))
	// Whole commands in the daemon (no CLI process, no socket).
	b.Run("cmd_snapshot", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if e := in.Snapshot(ctx(), wire.SnapshotRequest{}); !e.OK {
				b.Fatal(e.Markdown())
			}
		}
	})
	b.Run("cmd_go_same_url", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if e := in.Go(ctx(), url, false, nil); !e.OK {
				b.Fatal(e.Markdown())
			}
		}
	})
	// A navigation's phases, timed one by one: the document (Goto to
	// DOMContentLoaded), then the first AI snapshot of the new document,
	// then a second one.
	b.Run("goto_phases", func(b *testing.B) {
		var nav, first, second time.Duration
		for i := 0; i < b.N; i++ {
			t0 := time.Now()
			if _, err := page.Goto(url, playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateDomcontentloaded}); err != nil {
				b.Fatal(err)
			}
			t1 := time.Now()
			snapText()
			t2 := time.Now()
			snapText()
			nav, first, second = nav+t1.Sub(t0), first+t2.Sub(t1), second+time.Since(t2)
		}
		k := time.Duration(b.N)
		b.Logf("N=%d: goto %v, first AI snapshot %v, second %v (means)", b.N, nav/k, first/k, second/k)
	})
	// prima's view engine (prima/view): a whole render, and the
	// update after a click that changes the status line; each with the
	// ref-free tree made from it (parsed whole, or spliced).
	eng := view.New(page, "", nil)
	noMask := func(s string) string { return s }
	b.Run("engine_whole_render", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			eng.Forget()
			if r, err := eng.Update(ctx()); err != nil || !r.Whole {
				b.Fatal("engine", err)
			}
			eng.Tree(noMask, nil)
		}
	})
	b.Run("engine_update_click", func(b *testing.B) {
		b.StopTimer()
		for i := 0; i < b.N; i++ {
			if err := page.Locator(fmt.Sprintf("#row-%d button", 1+i%2)).Click(); err != nil {
				b.Fatal(err)
			}
			b.StartTimer()
			r, err := eng.Update(ctx())
			eng.Tree(noMask, nil)
			b.StopTimer()
			if err != nil || !r.Changed || r.Whole {
				b.Fatal("engine", err, r.Changed, r.Whole)
			}
		}
	})
	eng.Close()
	// The clicks below start on row 1: leave the status on row 2.
	if err := page.Locator("#row-2 button").Click(); err != nil {
		b.Fatal(err)
	}
	in.eng.Forget() // the page moved under the instance
	clicks := 0
	b.Run("cmd_pw_click", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			clicks++ // across the runs Go makes: every click changes the status
			e := in.Pw(ctx(), wire.PwRequest{Action: "click", Ref: fmt.Sprintf("#row-%d button", 2-clicks%2)})
			if !e.OK || e.Changes == nil || len(e.Changes.Groups) == 0 {
				b.Fatal(e.Markdown())
			}
		}
	})
}

func countLines(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' {
			n++
		}
	}
	return n
}
