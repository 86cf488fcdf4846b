package browser

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"time"

	"github.com/coder/websocket"
)

// NotAServerError: an endpoint that accepts a websocket but does not speak
// Playwright's protocol. playwright-go panics, in a goroutine of its own,
// on a peer that answers its first message with anything but Playwright's
// reply, so such a peer is refused before the driver ever connects.
type NotAServerError struct{ Endpoint, Why string }

func (e *NotAServerError) Error() string {
	return fmt.Sprintf("%s is not a Playwright server: %s", e.Endpoint, e.Why)
}

// MismatchError: a Playwright server that refuses clients of another
// minor (HTTP 428); Body is its message, naming both versions.
type MismatchError struct{ Endpoint, Body string }

func (e *MismatchError) Error() string {
	return fmt.Sprintf("the Playwright server at %s refuses this client: %s", e.Endpoint, e.Body)
}

// ProbeServer checks that a ws:// endpoint is a Playwright server of a
// version that accepts prima's driver, with a message no Playwright server
// acts on (an unknown method on the root object: no browser is launched,
// nothing changes). A server that stays silent is let through: the
// driver's own connection then times out cleanly.
func ProbeServer(ctx context.Context, endpoint string, timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(ctx, timeout)
	defer cancel()
	h := http.Header{}
	h.Set("User-Agent", "Playwright/"+DriverVersion+" (prima probe)")
	h.Set("x-playwright-browser", "chromium")
	c, resp, err := websocket.Dial(ctx, endpoint, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		if resp != nil && resp.StatusCode == http.StatusPreconditionRequired {
			body := ""
			if resp.Body != nil {
				b, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
				body = string(b)
			}
			return &MismatchError{Endpoint: endpoint, Body: body}
		}
		if resp != nil {
			return &NotAServerError{Endpoint: endpoint, Why: fmt.Sprintf("it answered HTTP %d, not a websocket upgrade", resp.StatusCode)}
		}
		return fmt.Errorf("cannot connect to %s: %w", endpoint, err)
	}
	defer c.CloseNow()
	probe := `{"id":1,"guid":"","method":"__primaProbe","params":{}}`
	if err := c.Write(ctx, websocket.MessageText, []byte(probe)); err != nil {
		return fmt.Errorf("cannot talk to %s: %w", endpoint, err)
	}
	_, b, err := c.Read(ctx)
	if errors.Is(ctx.Err(), context.DeadlineExceeded) {
		return nil
	}
	if err != nil {
		return &NotAServerError{Endpoint: endpoint, Why: "it closed the connection at the first message: " + err.Error()}
	}
	var reply struct {
		ID     int             `json:"id"`
		Method string          `json:"method"`
		Error  json.RawMessage `json:"error"`
	}
	if json.Unmarshal(b, &reply) != nil || reply.ID != 1 || reply.Method != "" || len(reply.Error) == 0 {
		return &NotAServerError{Endpoint: endpoint, Why: fmt.Sprintf("it answered a protocol message with %q", clipText(string(b), 80))}
	}
	return nil
}

func clipText(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
