package exec

import (
	"context"
	"fmt"
	"os"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/wire"
)

// WaitTimeoutError: what a wait waited for did not happen in time.
type WaitTimeoutError struct {
	What string
	For  time.Duration
}

func (e *WaitTimeoutError) Error() string {
	return fmt.Sprintf("%s within %s (--timeout)", e.What, e.For.Round(time.Millisecond))
}

func (e *WaitTimeoutError) FailureCode() string { return envelope.CodeTimeout }

// Wait waits for a text to show (gone: to go), or for a duration, bounded
// by the command's deadline, through the act path: its Changes run from
// before the wait to after it, and what happened meanwhile (a dialog, a
// tab) is in its Events.
func (in *Instance) Wait(ctx context.Context, text string, gone bool, d time.Duration) *envelope.Envelope {
	env := &envelope.Envelope{Command: waitCommand(text, gone, d)}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.fill(ctx, env, in.Act(ctx, page, before, PrepWait(ctx, page, text, gone, d)))
	return env
}

func waitCommand(text string, gone bool, d time.Duration) string {
	switch {
	case text == "":
		return "wait " + d.String()
	case gone:
		return "wait gone " + QuoteIfSpaced(text)
	}
	return "wait text " + QuoteIfSpaced(text)
}

// PrepWait prepares a wait; whole words only (rule 10), visible only. The
// wait command and do's wait steps share it.
func PrepWait(ctx context.Context, page playwright.Page, text string, gone bool, d time.Duration) engine.Prepare {
	return func(float64) (*engine.Action, error) {
		if text == "" {
			return &engine.Action{Run: func(float64) error {
				select {
				case <-time.After(d):
					return nil
				case <-ctx.Done():
					return fmt.Errorf("%w during the wait", engine.ErrDeadline)
				}
			}}, nil
		}
		loc := page.Locator("internal:text=/" + instruct.TextPattern(text) + "/iu >> visible=true").First()
		state, what := playwright.WaitForSelectorStateVisible, fmt.Sprintf("no visible text %q appeared", text)
		if gone {
			state, what = playwright.WaitForSelectorStateHidden, fmt.Sprintf("the text %q is still visible", text)
		}
		return &engine.Action{Run: func(float64) error {
			left := time.Until(deadlineOf(ctx))
			if err := loc.WaitFor(playwright.LocatorWaitForOptions{State: state, Timeout: playwright.Float(float64(left.Milliseconds()))}); err != nil {
				return &WaitTimeoutError{What: what, For: left}
			}
			return nil
		}}, nil
	}
}

func deadlineOf(ctx context.Context) time.Time {
	if dl, ok := ctx.Deadline(); ok {
		return dl.Add(-300 * time.Millisecond) // room to snapshot
	}
	return time.Now().Add(wire.DefaultTimeout)
}

// FileError: a file to upload that is not there.
type FileError struct{ Path, Why string }

func (e *FileError) Error() string {
	return fmt.Sprintf("cannot upload %s: %s; nothing was uploaded", e.Path, e.Why)
}

func (e *FileError) FailureCode() string { return envelope.CodeUsage }

// CheckFiles requires every file to upload to be a readable regular file,
// for pw's upload and do's.
func CheckFiles(files []string) error {
	for _, f := range files {
		st, err := os.Stat(f)
		switch {
		case err != nil:
			return &FileError{Path: f, Why: strings.TrimPrefix(err.Error(), "stat "+f+": ")}
		case !st.Mode().IsRegular():
			return &FileError{Path: f, Why: "it is not a regular file"}
		}
	}
	return nil
}
