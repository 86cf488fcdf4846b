// Package guard turns a panic in a goroutine of prima's own into the
// command's internal error, so that the daemon goes on.
package guard

import (
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
