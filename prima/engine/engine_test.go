package engine

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// Work handed to the engine is joined in order, and a join that runs out
// of time says so with a BusyError and keeps what is left for the next.
func TestHandedWorkIsJoined(t *testing.T) {
	e := New(nil)
	first, second := make(chan struct{}), make(chan struct{})
	e.Hand(first)
	e.Hand(second)
	close(first)
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	err := e.Join(ctx)
	var busy *BusyError
	if !errors.As(err, &busy) || busy.FailureCode() != envelope.CodeTimeout {
		t.Fatalf("joining work still running: %v, want a BusyError with code timeout", err)
	}
	if e.Pending() != 1 {
		t.Fatalf("after the finished work was joined: %d pending, want 1", e.Pending())
	}
	close(second)
	if err := e.Join(context.Background()); err != nil || e.Pending() != 0 {
		t.Fatalf("join after the work ended: %v, %d pending", err, e.Pending())
	}
}

func TestTargetNames(t *testing.T) {
	for _, c := range []struct {
		t          Target
		head, what string
	}{
		{Target{Role: "button", Name: "Save", Code: "page.getByRole('button', { name: 'Save' })"}, `button "Save"`, `button "Save"`},
		{Target{Role: "textbox", Code: "page.getByRole('textbox')"}, "textbox", "textbox"},
		{Target{Code: "page.locator('#pay')"}, "", "page.locator('#pay')"},
	} {
		if h, w := c.t.Head(), c.t.What(); h != c.head || w != c.what {
			t.Errorf("%+v: Head %q What %q, want %q %q", c.t, h, w, c.head, c.what)
		}
	}
}
