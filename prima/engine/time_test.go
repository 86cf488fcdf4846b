package engine

import (
	"context"
	"testing"
	"time"
)

// A browser action waits the command's time left, up to ActionTimeout:
// --timeout 1s bounds the wait for a target that is not there yet to 1 s,
// not to the 5 s cap. The end-to-end tests cannot tell 1 s from 5 s on a
// loaded machine; this tells it without a clock's noise.
func TestTimeoutMSIsTheTimeLeftUpToTheCap(t *testing.T) {
	if ms := TimeoutMS(context.Background()); ms != float64(ActionTimeout.Milliseconds()) {
		t.Errorf("no deadline: %v ms, want the cap, %v", ms, ActionTimeout)
	}
	long, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	if ms := TimeoutMS(long); ms != float64(ActionTimeout.Milliseconds()) {
		t.Errorf("a 2 min deadline: %v ms, want the cap, %v", ms, ActionTimeout)
	}
	short, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	if ms := TimeoutMS(short); ms > 1000 || ms <= 50 {
		t.Errorf("a 1 s deadline: %v ms, want the time left, under 1,000", ms)
	}
	spent, cancel3 := context.WithTimeout(context.Background(), time.Millisecond)
	defer cancel3()
	<-spent.Done()
	if ms := TimeoutMS(spent); ms != 50 {
		t.Errorf("a spent deadline: %v ms, want the 50 ms floor", ms)
	}
}
