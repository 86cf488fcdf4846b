package main

import (
	"encoding/json"
	"strings"
	"sync"
	"testing"
	"time"
)

// changesOf returns the body of an envelope's ### Changes section.
func changesOf(envelope string) string {
	_, after, ok := strings.Cut(envelope, "### Changes\n")
	if !ok {
		return ""
	}
	if i := strings.Index(after, "\n### "); i >= 0 {
		after = after[:i]
	}
	return after
}

func TestEightCLIsOnOneInstance(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/controls")
	snap := h.primaOK("snapshot")

	// Eight actions on eight elements, refs from the one snapshot above.
	// names are the accessible names the action may change; proof is the
	// diff entry its own envelope must carry. Clicking "Enabled one" has no
	// visible effect, so its only true proof is "no change": any entry
	// there would belong to another command.
	type job struct {
		fx    string // data-fx id in the fixture log
		args  []string
		names []string
		proof string
	}
	jobs := []job{
		{"agree", []string{"pw", "check", ref(t, snap, "checkbox", "Agree")}, []string{"Agree"}, `toggled:
  - checkbox "Agree": unchecked -> checked`},
		{"enabled-one", []string{"pw", "click", ref(t, snap, "button", "Enabled one")}, []string{"Enabled one"}, "no change"},
		{"bold", []string{"pw", "click", ref(t, snap, "button", "Bold")}, []string{"Bold"}, `toggled:
  - button "Bold": unpressed -> pressed`},
		{"details", []string{"pw", "click", ref(t, snap, "button", "Details")}, []string{"Details"}, `changed:
  - button "Details": collapsed -> expanded`},
		{"size", []string{"pw", "select", ref(t, snap, "combobox", "Size"), "Large"}, []string{"Size"}, `selected:
  - combobox "Size": "Medium" -> "Large"`},
		{"tab-history", []string{"pw", "click", ref(t, snap, "tab", "History")}, []string{"History", "Overview"}, `  - tab "History": unselected -> selected`},
		{"color-green", []string{"pw", "check", ref(t, snap, "radio", "Green")}, []string{"Green"}, `toggled:
  - radio "Green": unchecked -> checked`},
		{"subscribed", []string{"pw", "click", ref(t, snap, "checkbox", "Subscribed")}, []string{"Subscribed"}, `toggled:
  - checkbox "Subscribed": checked -> unchecked`},
	}
	app.Reset()

	results := make([]result, len(jobs))
	var wg sync.WaitGroup
	start := make(chan struct{})
	for i, j := range jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			results[i] = h.prima(j.args...)
		}()
	}
	close(start)
	wg.Wait()

	for i, j := range jobs {
		r := results[i]
		command := strings.Join(j.args, " ")
		if r.code != 0 {
			t.Errorf("%s: %s", command, r)
			continue
		}
		// used: names the command's own element: an envelope of another
		// command would name another.
		if !strings.Contains(r.out, "used: ") || !strings.Contains(r.out, "{ name: '"+j.names[0]+"', exact: true })") {
			t.Errorf("%s: used: is not its own element:\n%s", command, r.out)
		}
		changes := changesOf(r.out)
		if !strings.Contains(changes, j.proof) {
			t.Errorf("%s: ### Changes lacks its own proof %q:\n%s", command, j.proof, r.out)
		}
		// Each before-snapshot is taken under the instance lock, so a
		// command that ran beside another would show that one's element
		// changed too.
		for k, other := range jobs {
			if k == i {
				continue
			}
			for _, n := range other.names {
				if strings.Contains(changes, `"`+n+`"`) {
					t.Errorf("%s: ### Changes shows %q, which another command changed:\n%s", command, n, changes)
				}
			}
		}
	}
	// The fixture saw each element acted on exactly once, and nothing else.
	acts := settledActions(t, 15)
	clicks, changes := map[string]int{}, map[string]int{}
	want := map[string]bool{}
	for _, j := range jobs {
		want[j.fx] = true
	}
	for _, a := range acts {
		if !want[a.ID] {
			t.Errorf("acted on %q, which no command named: %+v", a.ID, a)
		}
		switch a.Kind {
		case "click":
			clicks[a.ID]++
		case "change":
			changes[a.ID]++
		}
	}
	for _, j := range jobs {
		switch {
		case j.fx == "size":
			if clicks[j.fx] != 0 || changes[j.fx] != 1 {
				t.Errorf("size: %d clicks, %d changes; want one change", clicks[j.fx], changes[j.fx])
			}
		case clicks[j.fx] != 1:
			t.Errorf("%s clicked %d times, want once", j.fx, clicks[j.fx])
		}
	}
	if t.Failed() {
		t.Logf("fixture log: %+v", acts)
	}
}

func TestTwoInstancesDoNotBlockEachOther(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", "--instance", "a", app.URL+"/controls")
	h.primaOK("browser", "open", "--instance", "b", app.URL+"/profile")
	name := ref(t, h.primaOK("snapshot", "--instance", "b"), "textbox", "Name")
	app.Reset()

	// slowOnA runs a command that waits in the page for its whole 20 s
	// timeout on instance a, then, 2 s later, runs fast once a is busy
	// with it, and returns both results with the moments each finished.
	// Far from a loaded machine's noise both ways: the slow command's CLI
	// has 2 s to reach the daemon (it takes milliseconds), and the fast
	// one some 18 s to end before it (it takes a second or two).
	slowOnA := func(fast ...string) (slow, quick result, slowEnd, quickEnd time.Time) {
		done := make(chan struct{})
		go func() {
			defer close(done)
			slow = h.prima("wait", "visible", "#never", "--timeout", "20s", "--instance", "a")
			slowEnd = time.Now()
		}()
		time.Sleep(2 * time.Second)
		quick = h.prima(fast...)
		quickEnd = time.Now()
		<-done
		return
	}
	checkSlow := func(r result) {
		t.Helper()
		if r.code != 1 || !strings.Contains(r.out, "#never is not visible within") {
			t.Errorf("the slow command on a: %s", r)
		}
		// A lower bound: the wait ends 0.3 s before the 20 s deadline,
		// which runs from when the daemon got the command.
		if r.took < 19*time.Second {
			t.Errorf("the slow command took %s; it should wait its 20 s timeout", r.took)
		}
	}

	// A fast action on b while a is busy: served at once.
	slow, fast, slowEnd, fastEnd := slowOnA("pw", "fill", name, "Ada", "--instance", "b")
	checkSlow(slow)
	if fast.code != 0 {
		t.Fatalf("the fast command on b: %s", fast)
	}
	mustContain(t, "fill on b", fast.out, `typed:
  - textbox "Name": "" -> "Ada"`)
	// Order, not speed: b's command ends while a's is still waiting.
	if !fastEnd.Before(slowEnd) {
		t.Errorf("the command on b took %s beside %s on a: b waited for a", fast.took, slow.took)
	}
	if got := ids(settledActions(t, 1)); strings.Join(got, ",") != "name" {
		t.Errorf("acted on %v, want name on b only", got)
	}

	// The control: a second command on a itself waits for the first, so
	// the test above measures per-instance locking, not a fast machine.
	slow, same, slowEnd, sameEnd := slowOnA("snapshot", "--instance", "a")
	checkSlow(slow)
	if same.code != 0 || !strings.Contains(same.out, "url: "+app.URL+"/controls") {
		t.Fatalf("snapshot on a: %s", same)
	}
	// It started 2 s into a's 20 s command: waiting for it takes 17 s at
	// least; alone it takes a second or two on a loaded machine. The end
	// order is no proof: the daemon frees the instance before the slow
	// command's CLI has read and printed its answer.
	if same.took < 10*time.Second {
		t.Errorf("a snapshot on busy instance a took %s (ended %s before the slow command): not serialized", same.took, slowEnd.Sub(sameEnd))
	}
	t.Logf("beside a 20 s command on a: an action on b took %s, a snapshot on a took %s", fast.took, same.took)
}

// A command queued behind another on the same browser gives up at its
// own deadline, with code timeout (as JSON on stdout with --json), and
// nothing of it runs; the command it waited for finishes unharmed.
func TestAQueuedCommandGivesUpAtItsOwnDeadline(t *testing.T) {
	h := newHarness(t)
	h.primaOK("browser", "open", app.URL+"/profile")
	long := make(chan result, 1)
	go func() { long <- h.prima("wait", "15s") }()
	// Give the wait time to take the browser: its CLI reaches the daemon
	// in milliseconds, 3 s on a loaded machine is plenty; the queued
	// command then has 12 s to arrive while the wait still holds it.
	time.Sleep(3 * time.Second)
	// Save is disabled: had the click run, it would fail not_actionable.
	r := h.prima("--timeout", "1s", "--json", "pw", "click", "#save")
	if r.code != 1 {
		t.Fatalf("a command queued behind a 15 s wait with --timeout 1s: want exit 1:\n%s", r)
	}
	var got struct {
		OK   bool   `json:"ok"`
		Code string `json:"code"`
	}
	if err := json.Unmarshal([]byte(r.out), &got); err != nil || got.OK || got.Code != "timeout" {
		t.Fatalf("want JSON on stdout with ok false and code timeout (%v):\n%s", err, r)
	}
	if !strings.Contains(r.out, "still running") || !strings.Contains(r.out, "nothing was done") {
		t.Fatalf("the failure should say what held the browser and that nothing was done:\n%s", r)
	}
	if w := <-long; w.code != 0 {
		t.Fatalf("the wait the queued command stood behind:\n%s", w)
	}
}
