package wire

import (
	"testing"
	"time"

	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/goal"
)

// A goal's budget: what the caller set wins, the configured budget fills
// what it left unset, one over the runner's maxima is a usage error, and
// the command's deadline is the caller's, else the budget's.
func TestGoalBudget(t *testing.T) {
	r := GoalRequest{Goal: "g", MaxActions: 5}
	r.Config.Goal = config.GoalBudget{Requests: 30, Actions: 20, Time: "90s"}
	if got, want := r.Budget(), (goal.Budget{Requests: 30, Actions: 5, Time: 90 * time.Second}); got != want {
		t.Errorf("Budget = %+v, want %+v", got, want)
	}
	if got := (GoalRequest{}).Budget(); got != (goal.Budget{}) {
		t.Errorf("nothing set anywhere = %+v, want unset (the runner's defaults)", got)
	}
	if d := r.Timeout(); d != 120*time.Second {
		t.Errorf("no --timeout: the deadline is %v, want the 90s budget and 30s to report", d)
	}
	r.TimeoutMS = 5000
	if d := r.Timeout(); d != 5*time.Second {
		t.Errorf("--timeout 5s: the deadline is %v", d)
	}
	for _, b := range []GoalRequest{{Goal: "g", MaxRequests: -1}, {Goal: "g", MaxActions: goal.MaxActions + 1}, {Goal: "g", MaxTime: "10m"}} {
		if err := b.Validate(); err == nil {
			t.Errorf("budget %+v validated", b)
		}
	}
	if err := (GoalRequest{Goal: "g", MaxActions: 3, MaxTime: "20s"}).Validate(); err != nil {
		t.Errorf("a budget of 3 actions in 20s: %v", err)
	}
}
