package browser

import (
	"strings"
	"testing"

	"github.com/mxschmitt/playwright-go"
)

// fakeDialog is a dialog as the observer sees it; an answer waits for
// release, as a browser's answer takes a round trip.
type fakeDialog struct {
	playwright.Dialog
	asked, release chan struct{}
}

func (d *fakeDialog) Type() string    { return "confirm" }
func (d *fakeDialog) Message() string { return "Sure?" }
func (d *fakeDialog) Accept(...string) error {
	close(d.asked)
	<-d.release
	return nil
}

// Each armed action has its own record: a dialog answered by one
// action's policy never reaches the next action's record, even when the
// answer lands after the next one armed, and a late Disarm of the first
// leaves the second armed.
func TestTwoArmedActionsDoNotSeeEachOthersDialogs(t *testing.T) {
	o := NewObserver()
	first := o.Arm(DialogPolicy{Answer: "accept"})
	d := &fakeDialog{asked: make(chan struct{}), release: make(chan struct{})}
	answered := make(chan struct{})
	go func() {
		defer close(answered)
		o.dialog(nil, d)
	}()
	<-d.asked
	// The first action ends (its time ran out) while the answer is on its
	// way; the next one arms with no policy.
	if rec := first.Disarm(nil); len(rec.Events) != 0 {
		t.Errorf("the first action saw %v before its dialog was answered", rec.Events)
	}
	second := o.Arm(DialogPolicy{})
	close(d.release)
	<-answered
	if rec := first.Disarm(nil); len(rec.Events) != 0 {
		t.Errorf("a second Disarm of the first action returned %v", rec.Events)
	}
	// A dialog of the second action's is left open by its policy, not
	// answered by the first's.
	o.dialog(nil, &fakeDialog{})
	select {
	case <-second.DialogOpened():
	default:
		t.Error("the second action's dialog was not left open")
	}
	select {
	case <-first.DialogOpened():
		t.Error("the first action was told of the second's dialog")
	default:
	}
	rec := second.Disarm(nil)
	if len(rec.Events) != 1 || !strings.Contains(rec.Events[0].Text, "left open") {
		t.Errorf("the second action's events: %v, want its own dialog left open only", rec.Events)
	}
}

// A late Disarm of an earlier action leaves the armed one armed.
func TestALateDisarmLeavesTheNextActionArmed(t *testing.T) {
	o := NewObserver()
	first := o.Arm(DialogPolicy{})
	second := o.Arm(DialogPolicy{})
	first.Disarm(nil)
	o.dialog(nil, &fakeDialog{})
	if rec := second.Disarm(nil); len(rec.Events) != 1 {
		t.Errorf("the second action's events: %v, want the dialog it met", rec.Events)
	}
}
