package engine

import (
	"context"
	"time"
)

// ActionTimeout bounds one browser action when the command's own deadline
// is further away: a dead target must not cost Playwright's 30 s default.
const ActionTimeout = 5 * time.Second

// TimeoutMS is the per-action timeout in milliseconds under ctx.
func TimeoutMS(ctx context.Context) float64 {
	d := ActionTimeout
	if dl, ok := ctx.Deadline(); ok {
		if left := time.Until(dl); left < d {
			d = left
		}
	}
	if d < 50*time.Millisecond {
		d = 50 * time.Millisecond
	}
	return float64(d.Milliseconds())
}

// noDeadline is the time a command is given when its context has none,
// as the daemon gives one whose caller set none.
const noDeadline = 30 * time.Second

// LeftMS is the time left in the command, in milliseconds: what a
// snapshot may take, since a 10,000-element page needs seconds for it.
func LeftMS(ctx context.Context) float64 {
	d := noDeadline
	if dl, ok := ctx.Deadline(); ok {
		d = time.Until(dl)
	}
	if d < 100*time.Millisecond {
		d = 100 * time.Millisecond
	}
	return float64(d.Milliseconds())
}
