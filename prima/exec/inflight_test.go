package exec

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

// bareInstance is an instance with no browser: enough for its lock.
func bareInstance() *Instance {
	return newInstance(&browser.Instance{Obs: browser.NewObserver()}, "")
}

func TestLockHonoursTheWaitingCommandsDeadline(t *testing.T) {
	in := bareInstance()
	if err := in.Lock(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	start := time.Now()
	err := in.Lock(ctx)
	var busy *engine.BusyError
	if !errors.As(err, &busy) || codeOf(err) != envelope.CodeTimeout {
		t.Fatalf("a second command while the first holds the lock: %v (code %q), want a BusyError with code timeout", err, codeOf(err))
	}
	if waited := time.Since(start); waited > 5*time.Second {
		t.Fatalf("the waiting command gave up after %v, not at its deadline", waited)
	}
	in.Unlock()
	if err := in.Lock(context.Background()); err != nil {
		t.Fatalf("the lock after Unlock: %v", err)
	}
	in.Unlock()
}

func TestLockJoinsWhatAnEarlierCommandLeftRunning(t *testing.T) {
	in := bareInstance()
	left := make(chan struct{})
	in.eng.Hand(left)
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if err := in.Lock(ctx); err == nil {
		t.Fatal("a command started while an earlier action still ran in the page")
	}
	// The failed attempt released the lock and kept the work to join.
	got := make(chan error, 1)
	go func() { got <- in.Lock(context.Background()) }()
	select {
	case err := <-got:
		t.Fatalf("Lock returned (%v) before the earlier action ended", err)
	case <-time.After(50 * time.Millisecond):
	}
	close(left)
	if err := <-got; err != nil {
		t.Fatal(err)
	}
	if in.eng.Pending() != 0 {
		t.Fatalf("joined work is still listed: %d", in.eng.Pending())
	}
	in.Unlock()
}

// An action still running when its command's time ran out is joined by
// the next command before that one touches the page. The handler holds the
// page 6 s; the click gets 3 s, ample to land on a loaded machine, and the
// next command must not start before the handler let the page go, by the
// page's own word (the same wall clock as the test's).
func TestAnActionPastItsDeadlineIsJoined(t *testing.T) {
	in := newTestInstance(t, "/busy")
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	env := in.Pw(ctx, wire.PwRequest{Action: "click", Ref: "#slow"})
	if env.OK || env.Code != envelope.CodeTimeout {
		t.Fatalf("a click held 6 s by its handler, with 3 s to run: want a timeout:\n%s", env.Markdown())
	}
	if in.eng.Pending() != 1 { // the page, busy until the handler ends
		t.Fatalf("the click still running was not handed on: %d left\n%s", in.eng.Pending(), env.Markdown())
	}
	if err := in.Lock(ctxT(t)); err != nil {
		t.Fatal(err)
	}
	locked := time.Now()
	defer in.Unlock()
	page, err := in.UsablePage()
	if err != nil {
		t.Fatal(err)
	}
	v, err := page.Evaluate("[window.log.join(','), window.ended || 0]")
	got, _ := v.([]any)
	if err != nil || len(got) != 2 || got[0] != "recalculated" {
		t.Fatalf("page log = %v, %v", v, err)
	}
	if ended := toMS(got[1]); locked.UnixMilli() < ended {
		t.Fatalf("the next command started %d ms before the click's handler let the page go", ended-locked.UnixMilli())
	}
}

// toMS reads a number of ms Playwright returned (an int or a float64).
func toMS(v any) int64 {
	switch n := v.(type) {
	case int:
		return int64(n)
	case int64:
		return n
	case float64:
		return int64(n)
	}
	return 0
}
