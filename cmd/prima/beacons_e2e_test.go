package main

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// epochMS is t as the page's clock reads it: ms since the epoch.
func epochMS(t time.Time) float64 { return float64(t.UnixNano()) / 1e6 }

// since keeps the actions the page made at or after start (ms since the
// epoch); one with no time is kept.
func since(as []fixtures.Action, start float64) []fixtures.Action {
	return slices.DeleteFunc(slices.Clone(as), func(e fixtures.Action) bool { return e.Before(start) })
}

// On a loaded machine the beacons of one task of the page arrive apart: a
// checkbox's click in time, its input and change after the next action
// began. Read by arrival, the next action "acted on" the checkbox too: the
// wrong hits the reliability suites counted on loaded machines (CI's
// "click Share" with an input and a change on a live-strip checkbox, and
// the same shape in both suites under scripts/reliability --stress) were
// this, each after an action that had clicked that very checkbox, and no
// envelope showed the checkbox change. The suites read the page's clock:
// what the page did before an action began is never that action's.
func TestLateBeaconsBelongToTheActionThatCausedThem(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/rel/truth?max=0") // no live strip
	app.HoldReports(500*time.Millisecond, "input", "change")
	defer app.HoldReports(0)
	snap := h.primaOK("snapshot")

	app.Reset()
	h.primaOK("pw", "click", ref(t, snap, "checkbox", "Notify me"))
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Second)
	defer cancel()
	first, _ := app.WaitActions(ctx, 1) // the click, in time, as an oracle's wait sees it
	app.Reset()
	start := epochMS(time.Now())
	h.primaOK("pw", "click", ref(t, snap, "button", "Ping"))
	second := settledActions(t, 3)

	if got := acted(first, "click"); !strings.HasSuffix(got, ":notify") {
		t.Fatalf("the first window does not hold the checkbox's click: %q", got)
	}
	// By arrival, the second window holds the checkbox's input and change.
	if got := acted(second, "input", "change"); !strings.Contains(got, ":notify") {
		t.Fatalf("the held reports did not arrive during the second action: %q", got)
	}
	// By the page's clock, the second action acted on Ping alone.
	var got []string
	for _, id := range ids(since(second, start)) {
		got = append(got, id[strings.Index(id, ":")+1:])
	}
	if strings.Join(got, ",") != "ping" {
		t.Errorf("the page's clock gives the second action %v, want [ping]", got)
	}
}
