package exec

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os"
	osexec "os/exec"
	"path/filepath"
	"strconv"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// Where the time of `snapshot`, `go` and `pw click` goes on a big page
// (issue 14): Chromium's AI snapshot, its transfer to the daemon, and each
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
	in, err := NewOwned(testPW, "bench-big", false, b.TempDir())
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
	page, err := in.usablePage()
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
	b.Run("detector_watchJS", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := page.Evaluate(watchJS, true); err != nil {
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
	env := in.Snapshot(ctx(), false)
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
			if e := in.Snapshot(ctx(), false); !e.OK {
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
	in.last = nil // the page moved under the instance
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

// injectedSource is Playwright's own injected script (the source the
// driver evaluates in every frame), read from the driver's coreBundle.js.
func injectedSource(b *testing.B) string {
	dir, err := browser.DriverDir()
	if err != nil {
		b.Skip(err)
	}
	script := `const fs = require("fs"); const lines = fs.readFileSync(process.argv[1], "utf8").split("\n");
const i = lines.findIndex(l => /^\s*source5 = '/.test(l)); const l = lines[i];
process.stdout.write(eval(l.slice(l.indexOf("=") + 1).trim().replace(/;$/, "")));`
	out, err := osexec.Command("node", "-e", script, filepath.Join(dir, "node_modules/playwright-core/lib/coreBundle.js")).Output()
	if err != nil || !bytes.Contains(out, []byte("generateAriaTree")) {
		b.Skipf("could not read the injected script: %v", err)
	}
	return string(out)
}

// BenchmarkBigPageMainWorldCopy is a feasibility probe for incremental
// perception (issue 14): a copy of Playwright's injected script, evaluated
// in the page's main world, renders AI-mode aria text for the whole body or
// for one subtree without touching the injected script's ref map in
// Playwright's utility world. It checks (1) the copy's ref-free text equals
// Playwright's, (2) a ref printed before the copy ran still resolves and
// clicks, and times the copy on the whole body and on one changed element.
//
//	go test ./prima/exec -run '^$' -bench BigPageMainWorldCopy -benchtime 5x
func BenchmarkBigPageMainWorldCopy(b *testing.B) {
	n := 12500
	if s := os.Getenv("PRIMA_BIG_N"); s != "" {
		n, _ = strconv.Atoi(s)
	}
	src := injectedSource(b)
	in, err := NewOwned(testPW, "bench-copy", false, b.TempDir())
	if err != nil {
		b.Fatal(err)
	}
	defer in.Close()
	root, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	defer cancel()
	url := fmt.Sprintf("%s/big?n=%d", testApp.URL, n)
	if env := in.Go(root, url, false, nil); !env.OK {
		b.Fatalf("go:\n%s", env.Markdown())
	}
	page, _ := in.usablePage()
	ai := playwright.LocatorAriaSnapshotOptions{Mode: playwright.AriaSnapshotModeAi}
	real, err := page.Locator("body").AriaSnapshot(ai)
	if err != nil {
		b.Fatal(err)
	}
	ref := ""
	for _, e := range refs.Index(ariadiff.Parse(real)) {
		if e.Role == "button" && e.Name == "Edit row 3" {
			ref = e.Ref
		}
	}
	if ref == "" {
		b.Fatal("no ref for Edit row 3")
	}
	loadCopy := func() {
		if _, err := page.Evaluate(`src => { const module = {}; const f = new Function("module", src + "\nreturn module.exports.InjectedScript();");
  window.__primaCopy = new (f(module))(window, { isUnderTest: false, sdkLanguage: "javascript", frameSeq: 0, testIdAttributeName: "data-testid", stableRafCount: 1, browserName: "chromium", shouldPrependErrorPrefix: true, isUtilityWorld: false, customEngines: [] }); }`, src); err != nil {
			b.Fatal(err)
		}
	}
	t0 := time.Now()
	loadCopy()
	b.Logf("loading the copy (%d KB of source) took %v", len(src)/1024, time.Since(t0))
	copyText := func(sel string) string {
		v, err := page.Evaluate(`sel => { const c = window.__primaCopy; const el = sel ? document.querySelector(sel) : document.body; return c.ariaSnapshot(el, { mode: "ai" }); }`, sel)
		if err != nil {
			b.Fatal(err)
		}
		s, _ := v.(string)
		return s
	}
	same := ariadiff.StripRefs(copyText("")) == ariadiff.StripRefs(real)
	b.Logf("copy's ref-free whole-body text equals Playwright's: %v", same)
	if c, err := page.Locator("aria-ref=" + ref).Count(); err != nil || c != 1 {
		b.Fatalf("the user's ref %s no longer resolves after the copy ran (count %d, %v)", ref, c, err)
	}
	if err := page.Locator("aria-ref=" + ref).Click(playwright.LocatorClickOptions{Timeout: playwright.Float(5000)}); err != nil {
		b.Fatalf("the user's ref %s does not click after the copy ran: %v", ref, err)
	}
	again, _ := page.Locator("body").AriaSnapshot(ai)
	kept := false
	for _, e := range refs.Index(ariadiff.Parse(again)) {
		kept = kept || (e.Role == "button" && e.Name == "Edit row 3" && e.Ref == ref)
	}
	b.Logf("user's ref %s still resolves and clicks after the copy; the next real snapshot gives it the same ref: %v", ref, kept)
	status := copyText("#big-status")
	b.Logf("copy of the status subtree: %q", status)
	// Why the first snapshot of a new document is slow: layout, or the
	// first pass over the document (wrappers, expandos, style caches)?
	b.Run("after_navigation", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := page.Goto(url, playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateLoad}); err != nil {
				b.Fatal(err)
			}
			t0 := time.Now()
			page.Evaluate(`() => document.body.getBoundingClientRect().height + document.body.offsetHeight`)
			t1 := time.Now()
			loadCopy()
			t2 := time.Now()
			page.Evaluate(`() => window.__primaCopy.ariaSnapshot(document.body, { mode: "ai" }).length`)
			t3 := time.Now()
			page.Evaluate(`() => window.__primaCopy.ariaSnapshot(document.body, { mode: "ai" }).length`)
			t4 := time.Now()
			page.Locator("body").AriaSnapshot(ai)
			t5 := time.Now()
			page.Locator("body").AriaSnapshot(ai)
			t6 := time.Now()
			b.Logf("after load: force layout %v; copy: load %v, first %v, second %v; Playwright: first %v, second %v",
				t1.Sub(t0), t2.Sub(t1), t3.Sub(t2), t4.Sub(t3), t5.Sub(t4), t6.Sub(t5))
		}
	})
	// Which per-element call pays the first-pass cost of a new document?
	b.Run("first_pass_probe", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			for _, probe := range []string{
				`() => { let n = 0; for (const el of document.querySelectorAll('*')) n += getComputedStyle(el).display.length; return n; }`,
				`() => { let n = 0; for (const el of document.querySelectorAll('*')) n += getComputedStyle(el, '::before').content.length + getComputedStyle(el, '::after').content.length; return n; }`,
				`() => { let n = 0; for (const el of document.querySelectorAll('*')) n += el.getBoundingClientRect().width > 0 ? 1 : 0; return n; }`,
				`() => { let n = 0; for (const el of document.querySelectorAll('*')) n += el.checkVisibility() ? 1 : 0; return n; }`,
			} {
				if _, err := page.Goto(url, playwright.PageGotoOptions{WaitUntil: playwright.WaitUntilStateLoad}); err != nil {
					b.Fatal(err)
				}
				page.Evaluate(`() => document.body.getBoundingClientRect().height`)
				t0 := time.Now()
				page.Evaluate(probe)
				t1 := time.Now()
				page.Evaluate(probe)
				t2 := time.Now()
				page.Locator("body").AriaSnapshot(ai)
				b.Logf("probe %.60s…: first %v, second %v; Playwright snapshot after it %v", probe, t1.Sub(t0), t2.Sub(t1), time.Since(t2))
			}
		}
	})
	loadCopy()
	b.Run("copy_whole_body_in_page_only", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := page.Evaluate(`() => window.__primaCopy.ariaSnapshot(document.body, { mode: "ai" }).length`); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("copy_whole_body_with_transfer", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			copyText("")
		}
	})
	b.Run("copy_changed_subtree", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			copyText("#big-status")
		}
	})
	b.Run("playwright_ai_snapshot", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := page.Locator("body").AriaSnapshot(ai); err != nil {
				b.Fatal(err)
			}
		}
	})
}
