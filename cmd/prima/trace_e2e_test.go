package main

import (
	"archive/zip"
	"io"
	"path/filepath"
	"strings"
	"testing"
)

// prima trace records what happened between start and stop into the zip
// Playwright's trace viewer opens: the click prima made, and the request
// it caused, on prima's own browser and on an attached playwright-cli
// session. Stop without start, and start twice, say what to do.
func TestATraceHoldsTheActionsBetweenStartAndStop(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "traced", "/surface/save", func(name string, p func(...string) string, q func(...string) result) {
		load := ref(t, p("snapshot"), "button", "Load")

		wantFailure(t, name+": stop before start", q("trace", "stop"), "usage")
		mustContain(t, name+": trace start", p("trace", "start"), "recording a trace", "read-only: nothing on the page was acted on")
		again := q("trace", "start")
		wantFailure(t, name+": start twice", again, "usage")
		mustContain(t, name+": start twice", again.out, "already recording")
		acts(t, name+": click Load", q("pw", "click", load), "Loaded: draft 7")
		file := strings.ReplaceAll(strings.TrimPrefix(name, "prima's "), " ", "-") + ".zip"
		out := p("trace", "stop", file)
		path := filepath.Join(h.cwd, file)
		mustContain(t, name+": trace stop", out, "npx playwright show-trace "+path, "### Artifacts")

		zr, err := zip.OpenReader(path)
		if err != nil {
			t.Fatalf("%s: the trace is not a zip: %v", name, err)
		}
		entries := map[string]string{}
		for _, f := range zr.File {
			rc, err := f.Open()
			if err != nil {
				t.Fatal(err)
			}
			b, _ := io.ReadAll(rc)
			rc.Close()
			entries[f.Name] = string(b)
		}
		zr.Close()
		if !strings.Contains(entries["trace.trace"], `"method":"click"`) {
			t.Errorf("%s: the trace holds no click; its entries: %v", name, keys(entries))
		}
		if !strings.Contains(entries["trace.network"], "/surface/ok") {
			t.Errorf("%s: the trace's network holds no request to /surface/ok", name)
		}
		wantFailure(t, name+": stop after stop", q("trace", "stop"), "usage")
	})
}
