package engine

import (
	"context"
	"fmt"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// inflight is work a command started in the page that outlived the
// command: an action still running at its deadline, a render the
// deadline cut short, an action a dialog holds until it is answered.
// The next command joins it, within its own time, before it touches the
// page: no two of prima's actions ever run in a page at once, and
// nothing prima started is left running unjoined. It is used under the
// instance's lock only.
type inflight struct{ left []<-chan struct{} }

// joinGrace is how long a command that ran out of time still waits for
// its own action: Playwright's wait had the same deadline, so the call
// is about to return.
const joinGrace = 500 * time.Millisecond

// add hands over work still running when its command returns (nil: an
// engine used on its own, by a benchmark, has nobody to hand it to).
func (f *inflight) add(done <-chan struct{}) {
	if f != nil {
		f.left = append(f.left, done)
	}
}

// join waits for what is left, or gives up when ctx ends.
func (f *inflight) join(ctx context.Context) error {
	for len(f.left) > 0 {
		select {
		case <-f.left[0]:
			f.left = f.left[1:]
		case <-ctx.Done():
			return &BusyError{What: "an action or render of an earlier command that ran out of time is still running in the page"}
		}
	}
	return nil
}

// BusyError: the command's time ran out before it could start: the
// browser was still busy with an earlier command. Nothing was done.
type BusyError struct{ What string }

func (e *BusyError) Error() string {
	return fmt.Sprintf("%s, and this command's time (--timeout) ran out waiting for it; nothing was done", e.What)
}

// FailureCode is the envelope code of the failure.
func (e *BusyError) FailureCode() envelope.Code { return envelope.CodeTimeout }
