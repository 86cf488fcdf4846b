package engine

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
)

// fakePage is a page as the settle sees it: each page script answers as
// given, a blocked one waits for release, and what was waited for is
// recorded. What the settle does not reach panics through the nil
// interface.
type fakePage struct {
	playwright.Page
	mu      sync.Mutex
	answers map[string]any
	block   map[string]chan struct{}
	ran     []string
	loads   int
}

func (p *fakePage) Evaluate(js string, _ ...any) (any, error) {
	p.mu.Lock()
	p.ran = append(p.ran, js)
	ch, v := p.block[js], p.answers[js]
	p.mu.Unlock()
	if ch != nil {
		<-ch
	}
	return v, nil
}

func (p *fakePage) IsClosed() bool { return false }

func (p *fakePage) WaitForLoadState(...playwright.PageWaitForLoadStateOptions) error {
	p.mu.Lock()
	p.loads++
	p.mu.Unlock()
	return nil
}

func (p *fakePage) evaluated(js string) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, r := range p.ran {
		if r == js {
			return true
		}
	}
	return false
}

func engineOnNothing() *Engine {
	return New(&browser.Instance{Net: &browser.NetLog{}, Obs: browser.NewObserver()})
}

// The settle reads the page's tracker once: the same document with
// nothing in flight is settled; requests the action left in flight at the
// cap are waited for, and those still pending counted; another document
// is a new page, whose load is waited for and whose tracker is armed.
func TestTheSettleReadsThePagesTracker(t *testing.T) {
	for _, c := range []struct {
		name   string
		probe  []any // id, navigating, capped, popup, requests, failed
		answer any   // answerJS: requests still in flight
		busy   int
		failed bool
		newDoc bool
	}{
		{"quiet", []any{"d1", false, false, false, 0.0, 0.0}, nil, 0, false, false},
		{"a failed request of its own", []any{"d1", false, false, false, 0.0, 1.0}, nil, 0, true, false},
		{"requests in flight at the cap", []any{"d1", false, true, false, 3.0, 0.0}, 1.0, 1, true, false},
		{"another document", []any{"d2", false, false, false, 0.0, 0.0}, nil, 0, false, true},
	} {
		e := engineOnNothing()
		p := &fakePage{answers: map[string]any{probeJS: c.probe, answerJS: c.answer}}
		ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		busy, failed, err := e.settle(ctx, p, "d1", e.b.Obs.Arm(browser.DialogPolicy{}), 0)
		cancel()
		if err != nil || busy != c.busy || failed != c.failed {
			t.Errorf("%s: busy %d, failed %v, %v; want %d, %v", c.name, busy, failed, err, c.busy, c.failed)
		}
		if got := p.loads > 0 && p.evaluated(trackJS); got != c.newDoc {
			t.Errorf("%s: waited for a new document's load and armed its tracker: %v, want %v", c.name, got, c.newDoc)
		}
	}
}

// A page read the deadline cut off is not left running: the engine
// holds it, and the next command joins it before it touches the page.
func TestAReadTheDeadlineCutIsJoinedByTheNextCommand(t *testing.T) {
	e := engineOnNothing()
	release := make(chan struct{})
	p := &fakePage{answers: map[string]any{}, block: map[string]chan struct{}{probeJS: release}}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	busy, failed, err := e.settle(ctx, p, "d1", e.b.Obs.Arm(browser.DialogPolicy{}), 0)
	if err != nil || busy != 0 || failed {
		t.Errorf("a settle the deadline cut: busy %d, failed %v, %v", busy, failed, err)
	}
	if e.Pending() != 1 {
		t.Fatalf("the abandoned read: %d pending, want it held", e.Pending())
	}
	short, cancel2 := context.WithTimeout(context.Background(), 20*time.Millisecond)
	defer cancel2()
	if err := e.Join(short); err == nil {
		t.Error("the next command joined a read still running")
	}
	close(release)
	if err := e.Join(context.Background()); err != nil || e.Pending() != 0 {
		t.Errorf("joining the finished read: %v, %d pending", err, e.Pending())
	}
}

// A read asked for after the command's time ran out starts nothing in
// the page (it could only be cut, and would queue behind what holds the
// page), and is the command's timeout, never an answer.
func TestNoReadStartsPastTheDeadline(t *testing.T) {
	e := engineOnNothing()
	p := &fakePage{answers: map[string]any{probeJS: []any{"d1"}}}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	v, err := e.Evaluate(ctx, p, probeJS)
	if !errors.Is(err, ErrDeadline) || v != nil {
		t.Errorf("a read past the deadline: %v, %v; want ErrDeadline and no answer", v, err)
	}
	if p.evaluated(probeJS) || e.Pending() != 0 {
		t.Errorf("the read ran in the page (%v) or was handed on (%d)", p.evaluated(probeJS), e.Pending())
	}
}

// The page's answer to a script is what tells that what holds it (an
// action's handler past the deadline) is over: answered closes only then.
func TestAnsweredWaitsForThePageToRunAScriptAgain(t *testing.T) {
	e := engineOnNothing()
	release := make(chan struct{})
	p := &fakePage{answers: map[string]any{}, block: map[string]chan struct{}{"1": release}}
	done := e.answered(p)
	select {
	case <-done:
		t.Fatal("answered closed while the page was held")
	case <-time.After(30 * time.Millisecond):
	}
	close(release)
	select {
	case <-done:
	case <-time.After(5 * time.Second):
		t.Fatal("answered did not close once the page ran the script")
	}
}

// A read the browser half makes for a command (ref resolution) is bounded
// as the engine's own are: cut at the deadline with the browser half's
// ErrDeadline and handed on for the next command to join, and none is
// started once the time is up.
func TestWithinBoundsTheBrowserHalfsReads(t *testing.T) {
	e := engineOnNothing()
	release := make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	err := e.Within(ctx, func() error { <-release; return nil })
	if !errors.Is(err, browser.ErrDeadline) {
		t.Fatalf("a read the deadline cut: %v, want the browser half's ErrDeadline", err)
	}
	if e.Pending() != 1 {
		t.Fatalf("the cut read: %d pending, want it handed on", e.Pending())
	}
	ran := false
	if err := e.Within(ctx, func() error { ran = true; return nil }); !errors.Is(err, ErrDeadline) || ran {
		t.Errorf("a read asked for past the deadline: ran %v, %v", ran, err)
	}
	close(release)
	if err := e.Join(context.Background()); err != nil || e.Pending() != 0 {
		t.Errorf("joining the finished read: %v, %d pending", err, e.Pending())
	}
}
