package engine

import (
	"context"
	_ "embed"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/own"
)

// A page that changes on its own (a clock, a feed, a carousel) changes
// while an action runs, and a diff cannot tell that change from the
// action's answer: a click that did nothing would be proven by the next
// tick. The settle tracker tells them apart in the page. It opens a
// window when it is armed and tags each DOM mutation with the work that
// made it: the action's input events and whatever they scheduled
// (timers, frames, requests and the responses read from them, messages,
// a socket's, worker's or database's answer), or work
// the page scheduled while no action ran, or work it cannot trace (a
// timer set before prima came). It keeps the elements each side changed.
//
//go:embed js/own.js
var ownJS string

// controlMS is how long a page whose untraced work changed it during an
// action is watched, no action running, for that work changing it again:
// a clock ticking each 100 ms to 300 ms shows itself within it. Only such
// a page pays it, and only until it has shown itself.
const controlMS = 400

// attributed reads and closes the tracker's window of the document doc.
func (e *Engine) attributed(ctx context.Context, page playwright.Page, doc string) *own.Attribution {
	control := controlMS
	if dl, ok := ctx.Deadline(); ok && time.Until(dl)-readReserve < controlMS*time.Millisecond {
		control = 0 // the command's time is kept for reading the page
	}
	v, err := e.Evaluate(ctx, page, ownJS, []any{doc, control})
	if err != nil {
		return nil
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	strs := func(k string) []string {
		l, _ := m[k].([]any)
		out := make([]string, 0, len(l))
		for _, x := range l {
			if s, ok := x.(string); ok {
				out = append(out, s)
			}
		}
		return out
	}
	seen, _ := m["seen"].(bool)
	return &own.Attribution{Acts: jsInt(m["acts"]), Act: jsInt(m["act"]), Own: jsInt(m["own"]), Unk: jsInt(m["unk"]),
		Seen: seen, Self: strs("self"), Caused: strs("caused"), Hit: strs("hit"), SelfOver: m["selfOver"] == true}
}
