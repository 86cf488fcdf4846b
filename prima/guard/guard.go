// Package guard turns a panic in a goroutine of prima's own into the
// command's internal error, so that the daemon goes on, and runs a page
// read in one, bounded by the command's deadline.
package guard

import (
	"context"
	"fmt"
	"runtime/debug"

	"github.com/prima-dev/prima/envelope"
)

// PanicError: a bug in prima (or in the driver under it) panicked in a
// goroutine of the action's own; the command fails with it, and the
// daemon goes on. Stack is for the daemon's log, never the envelope.
type PanicError struct {
	In    string // what panicked: "the action", "a page read"
	Value any
	Stack []byte
}

func (e *PanicError) Error() string {
	return fmt.Sprintf("internal error in %s: %v (a bug in prima; the daemon is still running, and whether the action reached the page is unknown)", e.In, e.Value)
}

func (e *PanicError) FailureCode() envelope.Code { return envelope.CodeInternal }

// Run runs f, turning a panic in it into a PanicError: f runs in a
// goroutine of its own, where a panic would end the daemon.
func Run(in string, f func() error) (err error) {
	defer func() {
		if v := recover(); v != nil {
			err = &PanicError{In: in, Value: v, Stack: debug.Stack()}
		}
	}()
	return f()
}

// Within makes one read in a goroutine of its own, a panic in it made its
// PanicError (see Run), and returns when the read answers or ctx ends,
// whichever comes first: Playwright's calls take no context, and a page
// whose navigation waits for a slow server, or whose script loops, can
// hold a read past the command's deadline. It starts none once ctx has
// ended (it could only be cut, and would queue behind what holds the
// page). A read ctx cut is handed, still running, to hand (nil: to
// nobody), whose channel closes once it ends, for the next command to
// join before it touches the page. A read cut or not started is late,
// wrapped to say which, and never an answer.
func Within[T any](ctx context.Context, late error, hand func(done <-chan struct{}), read func() (T, error)) (T, error) {
	var zero T
	if ctx.Err() != nil {
		return zero, fmt.Errorf("%w before prima could read the page", late)
	}
	type answer struct {
		v   T
		err error
	}
	ch := make(chan answer, 1)
	finished := make(chan struct{})
	go func() {
		defer close(finished)
		var v T
		err := Run("a page read", func() (err error) {
			v, err = read()
			return err
		})
		ch <- answer{v, err}
	}()
	select {
	case a := <-ch:
		return a.v, a.err
	case <-ctx.Done():
		if hand != nil {
			hand(finished)
		}
		return zero, fmt.Errorf("%w while prima waited for the page to answer", late)
	}
}
