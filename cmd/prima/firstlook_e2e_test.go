package main

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"
)

var (
	collapsedCmd = regexp.MustCompile("`prima snapshot ((?:f\\d+)?e\\d+)( --full)?` lists them")
	buttonRef    = regexp.MustCompile(`button "([^"]+)" \[ref=((?:f\d+)?e\d+)\]`)
)

// snapshotSection is the body of an envelope's ### Snapshot section.
func snapshotSection(out string) string {
	i := strings.Index(out, "### Snapshot\n")
	if i < 0 {
		return ""
	}
	s := out[i+len("### Snapshot\n"):]
	if j := strings.Index(s, "\n### "); j >= 0 {
		s = s[:j]
	}
	return s
}

// A snapshot shows every element a command can act on, or a collapsed
// line with the command that lists it; following those commands yields
// every ref, and the refs act on their elements.
func TestSnapshotListsEveryButtonOrTheCommandThatDoes(t *testing.T) {
	h := newHarness(t)
	cases := []struct {
		name, path string
		buttons    int
		button     func(k int) string
		fx         func(k int) string
		whole      bool // small enough to print whole
	}{
		{"a 30-item list", "/items?n=30", 30, func(k int) string { return fmt.Sprintf("Pick item %d", k) }, func(k int) string { return fmt.Sprintf("pick-%d", k) }, true},
		{"a 500-row table", "/big?n=1250", 500, func(k int) string { return fmt.Sprintf("Edit row %d", k) }, func(k int) string { return fmt.Sprintf("edit-%d", k) }, false},
		{"a 10,000-row table", "/big?n=25000", 10000, func(k int) string { return fmt.Sprintf("Edit row %d", k) }, func(k int) string { return fmt.Sprintf("edit-%d", k) }, false},
	}
	h.primaOK("browser", "open")
	// A page of 25,000 rows on a loaded machine takes a minute or more to
	// read: the deadline is generous, since this test is about what the
	// snapshot lists, not how fast (speed is the benchmarks').
	big := func(args ...string) string {
		t.Helper()
		r := h.run(5*time.Minute, nil, primaBin, append(args, "--timeout", "4m")...)
		if r.code != 0 {
			t.Fatalf("prima %s: %s", strings.Join(args, " "), r)
		}
		return r.out
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			big("go", app.URL+c.path)
			first := snapshotSection(big("snapshot"))
			if len(first) > 12<<10 {
				t.Errorf("the default snapshot is %d bytes, over the 12 KB budget", len(first))
			}
			t.Logf("%s: default snapshot %d bytes", c.name, len(first))
			if c.whole && strings.Contains(first, "…") {
				t.Errorf("a page under the budget must print whole:\n%s", first)
			}
			found := map[string]string{} // button name -> ref
			queue, seen := []string{first}, map[string]bool{}
			for len(queue) > 0 {
				text := queue[0]
				queue = queue[1:]
				for _, m := range buttonRef.FindAllStringSubmatch(text, -1) {
					found[m[1]] = m[2]
				}
				for _, m := range collapsedCmd.FindAllStringSubmatch(text, -1) {
					args := []string{"snapshot", m[1]}
					if m[2] != "" {
						args = append(args, "--full")
					}
					key := strings.Join(args, " ")
					if !seen[key] {
						seen[key] = true
						queue = append(queue, snapshotSection(big(args...)))
					}
				}
			}
			for k := 1; k <= c.buttons; k++ {
				if found[c.button(k)] == "" {
					t.Fatalf("%q is neither in the snapshot nor under a collapsed line whose command lists it (%d commands followed)", c.button(k), len(seen))
				}
			}
			for _, k := range []int{1, c.buttons / 2, c.buttons} {
				app.Reset()
				big("pw", "click", found[c.button(k)])
				if got := ids(settledActions(t, 1)); strings.Join(got, ",") != c.fx(k) {
					t.Errorf("pw click %s (%s) touched %v", found[c.button(k)], c.button(k), got)
				}
			}
		})
	}
	out := snapshotSection(big("snapshot", "--grep", "Edit row 7421"))
	mustContain(t, "--grep on the 10,000-row table: the whole row", out, `button "Edit row 7421" [ref=`, `- row [ref=`, `link "Open row 7421"`, `textbox "Note 7421"`)
	if strings.Contains(out, "Edit row 7420") {
		t.Errorf("--grep shows other rows:\n%s", out)
	}
}
