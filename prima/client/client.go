// Package client talks to the prima daemon over its unix socket, starting
// the daemon when none answers.
package client

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

// Client calls the daemon serving Home.
type Client struct {
	Home string
	// AutoStart starts `Exe daemon run` when no daemon answers.
	AutoStart bool
	// Exe is the prima binary to start; os.Executable when empty.
	Exe string
	// Dial, when set, replaces the unix-socket dialer (tests).
	Dial func(ctx context.Context) (net.Conn, error)
}

// ErrNoDaemon means no daemon answered and none was to be started.
var ErrNoDaemon = errors.New("no prima daemon is running")

func (c *Client) dial(ctx context.Context) (net.Conn, error) {
	if c.Dial != nil {
		return c.Dial(ctx)
	}
	var d net.Dialer
	return d.DialContext(ctx, "unix", wire.SocketPath(c.Home))
}

// ensure makes sure a daemon answers, starting one if allowed, and waits
// for it within ctx.
func (c *Client) ensure(ctx context.Context) error {
	conn, err := c.dial(ctx)
	if err == nil {
		conn.Close()
		return nil
	}
	if !c.AutoStart {
		return ErrNoDaemon
	}
	if err := c.start(); err != nil {
		return fmt.Errorf("start the daemon: %w", err)
	}
	wait, cancel := context.WithTimeout(ctx, 20*time.Second)
	defer cancel()
	for {
		conn, err := c.dial(wait)
		if err == nil {
			conn.Close()
			return nil
		}
		select {
		case <-wait.Done():
			return fmt.Errorf("the daemon did not start (see %s): %w", filepath.Join(c.Home, "daemon.log"), err)
		case <-time.After(20 * time.Millisecond):
		}
	}
}

// start launches a detached daemon. Two CLIs starting one at once is
// safe: the daemon's lock lets one win, and the other exits.
func (c *Client) start() error {
	exe := c.Exe
	if exe == "" {
		var err error
		if exe, err = os.Executable(); err != nil {
			return err
		}
	}
	if err := os.MkdirAll(c.Home, 0o700); err != nil {
		return err
	}
	logf, err := os.OpenFile(filepath.Join(c.Home, "daemon.log"), os.O_CREATE|os.O_WRONLY|os.O_APPEND, 0o600)
	if err != nil {
		return err
	}
	defer logf.Close()
	cmd := exec.Command(exe, "daemon", "run", "--spawned")
	cmd.Env = append(os.Environ(), "PRIMA_HOME="+c.Home)
	cmd.Stdout, cmd.Stderr = logf, logf
	cmd.SysProcAttr = &syscall.SysProcAttr{Setsid: true}
	if err := cmd.Start(); err != nil {
		return err
	}
	return cmd.Process.Release()
}

// call posts req to route and decodes the answer into resp; a daemon
// error comes back as *wire.Error.
func (c *Client) call(ctx context.Context, route string, req, resp any) error {
	// A request that can never succeed fails here, before a daemon starts.
	if v, ok := req.(wire.Validator); ok {
		if err := v.Validate(); err != nil {
			return wire.Errorf(wire.ReasonUsage, "%v", err)
		}
	}
	err := c.once(ctx, route, req, resp)
	if errors.Is(err, errClosed) && wire.Rereadable(route) {
		// No answer came, and asking again changes nothing that asking
		// once would not: a daemon that was dying as we dialled is
		// replaced by ensure, and the request goes to the new one.
		time.Sleep(100 * time.Millisecond)
		err = c.once(ctx, route, req, resp)
	}
	if errors.Is(err, errClosed) {
		return fmt.Errorf("the daemon closed the connection before answering %s (killed or crashed?); whether the command ran is unknown: look with prima snapshot before repeating it", route)
	}
	return err
}

// errClosed: the daemon closed the connection without an answer.
var errClosed = errors.New("connection closed before an answer")

func (c *Client) once(ctx context.Context, route string, req, resp any) error {
	if err := c.ensure(ctx); err != nil {
		return err
	}
	body, err := json.Marshal(req)
	if err != nil {
		return err
	}
	hc := &http.Client{Transport: &http.Transport{
		DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) { return c.dial(ctx) },
	}}
	hreq, err := http.NewRequestWithContext(ctx, http.MethodPost, "http://prima"+route, bytes.NewReader(body))
	if err != nil {
		return err
	}
	hreq.Header.Set("Content-Type", "application/json")
	hresp, err := hc.Do(hreq)
	if err != nil {
		if errors.Is(err, syscall.ECONNRESET) || errors.Is(err, io.EOF) || errors.Is(err, io.ErrUnexpectedEOF) {
			return errClosed
		}
		return fmt.Errorf("daemon request %s: %w", route, err)
	}
	defer hresp.Body.Close()
	data, err := io.ReadAll(hresp.Body)
	if err != nil {
		return err
	}
	if hresp.StatusCode != http.StatusOK {
		var e wire.ErrorResponse
		if json.Unmarshal(data, &e) == nil && e.Error != nil {
			return e.Error
		}
		return fmt.Errorf("daemon answered %s: %s", hresp.Status, bytes.TrimSpace(data))
	}
	return json.Unmarshal(data, resp)
}

// envelope calls a route that answers with an envelope.
func (c *Client) envelope(ctx context.Context, route string, req any) (*envelope.Envelope, error) {
	var resp wire.EnvelopeResponse
	err := c.call(ctx, route, req, &resp)
	return resp.Envelope, err
}

// StartRoom is how long past a command's deadline a caller waits for
// its answer: room to start the daemon and its driver on first use.
const StartRoom = 30 * time.Second

// Run runs a command of the table (wire.Commands) with its request: its
// answer is an envelope, or the command's own Answer (with a nil
// envelope).
func (c *Client) Run(ctx context.Context, req wire.Request) (*envelope.Envelope, wire.Answer, error) {
	cmd, ok := wire.CommandOf(req)
	if !ok {
		return nil, nil, fmt.Errorf("%T is not the request of a command of the table", req)
	}
	if cmd.Local != nil {
		return nil, cmd.Local(req), nil
	}
	// The daemon keeps the command's deadline; the room past it is for
	// starting the daemon and its driver on first use.
	ctx, cancel := context.WithTimeout(ctx, req.Timeout()+StartRoom)
	defer cancel()
	if cmd.Answer == nil {
		env, err := c.envelope(ctx, cmd.Route(), req)
		return env, nil, err
	}
	a := cmd.Answer()
	if err := c.call(ctx, cmd.Route(), req, a); err != nil {
		return nil, nil, err
	}
	return nil, a, nil
}

// Status asks the daemon how it is.
func (c *Client) Status(ctx context.Context) (*wire.StatusResponse, error) {
	var resp wire.StatusResponse
	err := c.call(ctx, wire.RouteStatus, struct{}{}, &resp)
	return &resp, err
}

// Stop asks the daemon to exit and waits until its socket is gone.
func (c *Client) Stop(ctx context.Context) (*wire.StatusResponse, error) {
	var resp wire.StatusResponse
	if err := c.call(ctx, wire.RouteStop, struct{}{}, &resp); err != nil {
		return nil, err
	}
	for ctx.Err() == nil {
		if _, err := os.Stat(wire.SocketPath(c.Home)); err != nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	return &resp, nil
}
