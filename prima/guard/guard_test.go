package guard

import (
	"errors"
	"strings"
	"testing"

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
