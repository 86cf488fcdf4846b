package exec

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

// A wait diffs from prima's last view only when it is of the tab's
// document now: one of another document or another tab, or one whose
// document prima could not name, is never reused, and the tab's document
// is read only when it decides.
func TestSinceReusesOnlyAViewOfTheSameDocument(t *testing.T) {
	before := &engine.View{Doc: "L2"}
	same := &engine.View{Doc: "L2"}
	for _, c := range []struct {
		what     string
		prev     *engine.View
		sameTab  bool
		now      string
		want     *engine.View
		reloaded bool
		reads    int
	}{
		{"no earlier view", nil, true, "L2", before, false, 0},
		{"the wait's own view is the last", before, true, "L2", before, false, 0},
		{"the same document", same, true, "L2", same, false, 1},
		{"a reload or a navigation since", &engine.View{Doc: "L1"}, true, "L2", before, true, 1},
		{"another tab", same, false, "L2", before, false, 0},
		{"an earlier view whose document is not known", &engine.View{}, true, "", before, false, 0},
		{"the tab's document cannot be read", same, true, "", before, false, 1},
	} {
		reads := 0
		got, reloaded := since(c.prev, before, c.sameTab, func() string { reads++; return c.now })
		if got != c.want || reloaded != c.reloaded || reads != c.reads {
			t.Errorf("%s: since gave %p, reloaded %v, after %d reads of the document; want %p, %v after %d", c.what, got, reloaded, reads, c.want, c.reloaded, c.reads)
		}
	}
}

// A wait's Changes run from prima's last view of the page while the page
// holds the same document (a history push keeps it), and from the wait's
// own start once it holds another (a reload at the same address): the
// kept view is never re-rendered in place, and a view of the old document
// never shows a reloaded page's as removals.
func TestWaitDiffsFromTheLastViewOfTheSameDocument(t *testing.T) {
	in := newTestInstance(t, "/surface/wait")
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	ctx := ctxT(t)
	wait := func(text string) *envelope.Envelope {
		return in.Wait(ctx, &wire.WaitRequest{For: "text", Value: text})
	}
	note := func(env *envelope.Envelope) string {
		for _, kv := range env.Extra {
			if kv.Key == "note" {
				return kv.Value
			}
		}
		return ""
	}
	kept, _ := in.eng.Last()
	keptText := kept.Tree.String()

	// Between two commands, the page pushes history and shows a text.
	if _, err := page.Evaluate(`() => { history.pushState(null, '', '?pushed=1'); document.getElementById('results').textContent = 'Pushed between commands'; }`); err != nil {
		t.Fatal(err)
	}
	env := wait("Pushed between commands")
	if !env.OK || !hasChange(env, "added", `status: Pushed between commands`) || !strings.HasPrefix(note(env), "Changes since prima last saw this page, ") {
		t.Errorf("a wait after a history push: want ok, the text added and the note; got:\n%s", env.Markdown())
	}
	if kept.Tree.String() != keptText {
		t.Errorf("the view prima kept changed as the page was rendered again")
	}

	// The same address loads again: the old document's text is gone, and
	// the wait shows no change of its own, and says the document changed.
	if _, err := page.Reload(); err != nil {
		t.Fatal(err)
	}
	env = wait("Order search")
	if !env.OK || len(env.Changes.Groups) > 0 || !strings.HasPrefix(note(env), "the tab loaded another document since prima last saw it") {
		t.Errorf("a wait after a reload between commands: want ok, no change and the reload's note; got:\n%s", env.Markdown())
	}
}

// Playwright reads a timeout of 0 as none: a wait whose command's time is
// already spent is given 1 ms, never 0 or less.
func TestAWaitWithItsTimeSpentIsGivenAMillisecondNotForever(t *testing.T) {
	for _, left := range []time.Duration{-time.Second, 0, 300 * time.Millisecond, 300*time.Millisecond + 500*time.Microsecond} {
		ctx, cancel := context.WithTimeout(context.Background(), left)
		got := -1.0
		err := waiting(ctx, func(ctx context.Context) error { got = *waitMS(ctx); return playwright.ErrTimeout }, func() string { return "#never" }).Run(ctx)
		cancel()
		if got < 1 {
			t.Errorf("a deadline %s away: the wait was given %v ms", left, got)
		}
		var we *WaitTimeoutError
		if !errors.As(err, &we) || we.For < 0 {
			t.Errorf("a deadline %s away: %v, want a timeout naming no negative time", left, err)
		}
	}
}
