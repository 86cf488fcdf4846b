package wire

import (
	"testing"
	"time"

	"github.com/prima-dev/prima/prima/config"
)

// A goal's budget: what the caller set wins, the configured budget fills
// what it left unset, and a negative one is a usage error.
func TestGoalBudget(t *testing.T) {
	cfg := config.GoalBudget{Requests: 30, Actions: 20, Time: "90s"}
	got := GoalBudget{Actions: 5}.Or(cfg)
	if want := (GoalBudget{Requests: 30, Actions: 5, TimeMS: 90000}); got != want {
		t.Errorf("Or = %+v, want %+v", got, want)
	}
	if got.Time() != 90*time.Second {
		t.Errorf("Time = %v", got.Time())
	}
	if got := (GoalBudget{}).Or(config.GoalBudget{}); got != (GoalBudget{}) || got.Time() != 0 {
		t.Errorf("nothing set anywhere = %+v, want unset (the goal's defaults)", got)
	}
	for _, b := range []GoalBudget{{Requests: -1}, {Actions: -2}, {TimeMS: -5}} {
		if err := (GoalRequest{Goal: "g", Budget: b}).Validate(); err == nil {
			t.Errorf("budget %+v validated", b)
		}
	}
	if err := (GoalRequest{Goal: "g", Budget: GoalBudget{Actions: 3}}).Validate(); err != nil {
		t.Errorf("a budget of 3 actions: %v", err)
	}
}
