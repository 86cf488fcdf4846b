package guard

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// A panic in an action's goroutine fails the command as a bug of prima's,
// with its stack for the log; it never ends the daemon.
func TestGuardTurnsAPanicIntoAnInternalError(t *testing.T) {
	err := Run("the action", func() error {
		var m map[string]int
		m["x"]++ // a nil map: panics
		return nil
	})
	var pe *PanicError
	if !errors.As(err, &pe) {
		t.Fatalf("Run returned %v, want a *PanicError", err)
	}
	if pe.FailureCode() != envelope.CodeInternal {
		t.Errorf("code %q, want %q", pe.FailureCode(), envelope.CodeInternal)
	}
	if !strings.Contains(pe.Error(), "internal error in the action") || !strings.Contains(pe.Error(), "whether the action reached the page is unknown") {
		t.Errorf("message %q does not say what panicked and what is unknown", pe.Error())
	}
	if !strings.Contains(string(pe.Stack), "guard_test.go") {
		t.Errorf("the stack does not show where it panicked:\n%s", pe.Stack)
	}
	want := errors.New("not actionable")
	if got := Run("the action", func() error { return want }); got != want {
		t.Errorf("Run changed an error: %v", got)
	}
}

// A bounded read answers with the read's own answer in time; a read that
// panics is the command's internal error; one asked for once the time is
// up never starts; one the deadline cuts is late and handed on, still
// running, with a channel that closes once it ends.
func TestWithinBoundsAReadAndGuardsIt(t *testing.T) {
	late := errors.New("the command's time ran out")
	bg := context.Background()
	if v, err := Within(bg, late, nil, func() (int, error) { return 7, nil }); v != 7 || err != nil {
		t.Errorf("a read in time: %v, %v", v, err)
	}
	refused := errors.New("Execution context was destroyed")
	if _, err := Within(bg, late, nil, func() (int, error) { return 0, refused }); err != refused {
		t.Errorf("a read that failed: %v, want its own error", err)
	}
	var pe *PanicError
	if _, err := Within(bg, late, nil, func() (int, error) { panic("driver gone") }); !errors.As(err, &pe) || pe.In != "a page read" {
		t.Errorf("a read that panicked: %v, want a PanicError of a page read", err)
	}

	ended, cancel := context.WithCancel(bg)
	cancel()
	ran := false
	if _, err := Within(ended, late, nil, func() (int, error) { ran = true; return 1, nil }); !errors.Is(err, late) || ran || !strings.Contains(err.Error(), "before") {
		t.Errorf("a read past the deadline: ran %v, %v", ran, err)
	}

	var handed []<-chan struct{}
	hold := make(chan struct{})
	short, cancel2 := context.WithTimeout(bg, 30*time.Millisecond)
	defer cancel2()
	v, err := Within(short, late, func(done <-chan struct{}) { handed = append(handed, done) }, func() (int, error) { <-hold; return 1, nil })
	if v != 0 || !errors.Is(err, late) || !strings.Contains(err.Error(), "while") || len(handed) != 1 {
		t.Fatalf("a read the deadline cut: %v, %v, handed %d", v, err, len(handed))
	}
	select {
	case <-handed[0]:
		t.Fatal("the handed read was over before it ended")
	default:
	}
	close(hold)
	select {
	case <-handed[0]:
	case <-time.After(5 * time.Second):
		t.Error("the handed read never said it ended")
	}
}
