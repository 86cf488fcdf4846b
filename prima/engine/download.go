package engine

import (
	"context"

	"github.com/prima-dev/prima/prima/downloads"
)

// WaitDownload prepares `wait download` (downloads.Await). Act saves the
// downloads it got as an action's, and fails the wait when one is not
// saved whole.
func (e *Engine) WaitDownload(ctx context.Context) Prepare {
	return func(context.Context) (*Action, error) {
		return &Action{Downloads: true, Run: func(context.Context) error { return downloads.Await(ctx, e.b.Obs) }}, nil
	}
}
