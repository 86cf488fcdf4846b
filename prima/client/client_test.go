package client

import (
	"context"
	"encoding/json"
	"errors"
	"net"
	"net/http"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

// fakeDaemon serves handler on a unix socket in a temporary folder and
// returns a client that dials it (and never starts a daemon).
func fakeDaemon(t *testing.T, handler http.HandlerFunc) *Client {
	t.Helper()
	sock := filepath.Join(t.TempDir(), "d.sock")
	ln, err := net.Listen("unix", sock)
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: handler}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return &Client{Home: t.TempDir(), Dial: func(ctx context.Context) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", sock)
	}}
}

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestAnInvalidRequestFailsBeforeAnyDaemon(t *testing.T) {
	c := &Client{Home: t.TempDir(), Dial: func(context.Context) (net.Conn, error) {
		t.Fatal("the client dialled for a request that can never succeed")
		return nil, nil
	}}
	_, _, err := c.Run(ctx(t), &wire.PwRequest{})
	var we *wire.Error
	if !errors.As(err, &we) || we.Reason != wire.ReasonUsage {
		t.Fatalf("empty pw request: %v, want a usage wire.Error", err)
	}
}

func TestNoDaemonAndNoAutoStart(t *testing.T) {
	c := &Client{Home: t.TempDir()}
	if _, err := c.Status(ctx(t)); !errors.Is(err, ErrNoDaemon) {
		t.Fatalf("status with no daemon: %v, want ErrNoDaemon", err)
	}
}

func TestADaemonErrorComesBackTyped(t *testing.T) {
	c := fakeDaemon(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusConflict)
		json.NewEncoder(w).Encode(wire.ErrorResponse{Error: &wire.Error{Reason: wire.ReasonBusy, Message: "another command is still running"}})
	})
	_, _, err := c.Run(ctx(t), &wire.PwRequest{Action: "click", Ref: "e5"})
	var we *wire.Error
	if !errors.As(err, &we) || we.Reason != wire.ReasonBusy || we.Code() != envelope.CodeTimeout {
		t.Fatalf("daemon error: %v, want a busy wire.Error (envelope code timeout)", err)
	}
}

func TestTheEnvelopeIsDecoded(t *testing.T) {
	c := fakeDaemon(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/v0/pw" {
			t.Errorf("route %s, want %s", r.URL.Path, "/v0/pw")
		}
		var req wire.PwRequest
		if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.Ref != "e5" {
			t.Errorf("request body: %+v, %v", req, err)
		}
		json.NewEncoder(w).Encode(wire.EnvelopeResponse{Envelope: &envelope.Envelope{OK: true, Command: "pw click e5"}})
	})
	env, _, err := c.Run(ctx(t), &wire.PwRequest{Action: "click", Ref: "e5"})
	if err != nil || env == nil || !env.OK || env.Command != "pw click e5" {
		t.Fatalf("envelope: %+v, %v", env, err)
	}
}

// A connection closed before an answer is asked again only when asking
// twice cannot act twice; an action says its outcome is unknown.
func TestAClosedConnectionIsRetriedOnlyWhereThatActsOnce(t *testing.T) {
	var calls atomic.Int32
	c := fakeDaemon(t, func(w http.ResponseWriter, r *http.Request) {
		if calls.Add(1) == 1 {
			conn, _, _ := w.(http.Hijacker).Hijack()
			conn.Close()
			return
		}
		json.NewEncoder(w).Encode(wire.EnvelopeResponse{Envelope: &envelope.Envelope{OK: true, Command: "snapshot"}})
	})
	env, _, err := c.Run(ctx(t), &wire.SnapshotRequest{})
	if err != nil || !env.OK || calls.Load() != 2 {
		t.Fatalf("snapshot after a dropped connection: %+v, %v (%d calls), want one retry that answers", env, err, calls.Load())
	}
	calls.Store(0)
	_, _, err = c.Run(ctx(t), &wire.PwRequest{Action: "click", Ref: "e5"})
	if err == nil || !strings.Contains(err.Error(), "whether the command ran is unknown") || calls.Load() != 1 {
		t.Fatalf("pw after a dropped connection: %v (%d calls), want no retry and an unknown outcome", err, calls.Load())
	}
}
