package daemon_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/fixtures"
	"github.com/prima-dev/prima/prima/backend"
	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/daemon"
	"github.com/prima-dev/prima/prima/wire"
)

// serve runs a daemon over backend on a socket in a fresh home and
// returns a client for it; the daemon stops with the test.
func serve(t *testing.T, backend daemon.Backend) *client.Client {
	t.Helper()
	return serveWith(t, &daemon.Server{Backend: backend})
}

// serveWith is serve with the server's settings given.
func serveWith(t *testing.T, s *daemon.Server) *client.Client {
	t.Helper()
	home, err := os.MkdirTemp("", "primad")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	ln, err := net.Listen("unix", wire.SocketPath(home))
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	s.Home, s.Log = home, log.New(os.Stderr, "daemon: ", 0)
	go func() { s.Serve(ctx, ln); close(done) }()
	t.Cleanup(func() { cancel(); <-done })
	return &client.Client{Home: home}
}

// fake is a backend whose Run does what the test says.
type fake struct {
	run   func(ctx context.Context, req wire.Request) (any, error)
	calls atomic.Int32
}

func (f *fake) Run(ctx context.Context, req wire.Request) (any, error) {
	f.calls.Add(1)
	return f.run(ctx, req)
}
func (f *fake) Instances() []wire.Instance { return []wire.Instance{{Name: "fake", Kind: "owned"}} }
func (f *fake) Shutdown()                  {}

func okEnvelope() (any, error) {
	return wire.EnvelopeResponse{Envelope: &envelope.Envelope{OK: true, Command: "snapshot"}}, nil
}

func TestDaemonAnswersStatusWhileACommandRuns(t *testing.T) {
	release := make(chan struct{})
	started := make(chan struct{})
	c := serve(t, &fake{run: func(ctx context.Context, req wire.Request) (any, error) {
		close(started)
		<-release
		return okEnvelope()
	}})
	ctx := context.Background()
	done := make(chan error, 1)
	go func() { _, _, err := c.Run(ctx, &wire.SnapshotRequest{}); done <- err }()
	<-started
	st, err := c.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(st.Instances) != 1 || st.Instances[0].Name != "fake" {
		t.Errorf("status instances = %+v", st.Instances)
	}
	select {
	case <-done:
		t.Fatal("the command finished before it was released")
	default:
	}
	close(release)
	if err := <-done; err != nil {
		t.Fatal(err)
	}
}

func TestDaemonSurvivesAPanicAndRefusesBadRequests(t *testing.T) {
	var n atomic.Int32
	f := &fake{run: func(ctx context.Context, req wire.Request) (any, error) {
		if n.Add(1) == 1 {
			panic("boom")
		}
		if _, ok := ctx.Deadline(); !ok {
			return nil, errors.New("no deadline")
		}
		return okEnvelope()
	}}
	c := serve(t, f)
	ctx := context.Background()
	_, _, err := c.Run(ctx, &wire.SnapshotRequest{})
	var we *wire.Error
	if !errors.As(err, &we) || we.Reason != wire.ReasonInternal || !strings.Contains(we.Message, "boom") {
		t.Fatalf("a panicking command: err = %v, want an internal error naming it", err)
	}
	if _, _, err := c.Run(ctx, &wire.SnapshotRequest{}); err != nil {
		t.Fatalf("after the panic: %v", err)
	}
	calls := f.calls.Load()

	// The daemon validates what it is sent, whatever client sent it.
	hc := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, _, _ string) (net.Conn, error) {
		var d net.Dialer
		return d.DialContext(ctx, "unix", wire.SocketPath(c.Home))
	}}}
	for body, want := range map[string]string{
		`{"action":"smash","target":"e5"}`:  `pw: \"smash\" is not one of`,
		`{"action":"click"`:                 "bad request body",
		`{"action":"click","target":"f1e"}`: "f1e",
	} {
		resp, err := hc.Post("http://prima"+"/v0/pw", "application/json", strings.NewReader(body))
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		buf.ReadFrom(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusBadRequest || !strings.Contains(buf.String(), `"code":"usage"`) || !strings.Contains(buf.String(), want) {
			t.Errorf("%s: %d %s, want 400 usage naming %q", body, resp.StatusCode, buf.String(), want)
		}
	}
	if f.calls.Load() != calls {
		t.Errorf("the backend ran a request that failed validation")
	}
	if _, err := c.Status(ctx); err != nil {
		t.Fatalf("still serving: %v", err)
	}
}

// stall is a browser server that accepts connections and never answers:
// an attach to it hangs until its timeout or until the stall ends.
type stall struct {
	ln    net.Listener
	mu    sync.Mutex
	conns []net.Conn
}

func newStall(t *testing.T, path string) *stall {
	ln, err := net.Listen("unix", path)
	if err != nil {
		t.Fatal(err)
	}
	s := &stall{ln: ln}
	go func() {
		for {
			c, err := ln.Accept()
			if err != nil {
				return
			}
			s.mu.Lock()
			s.conns = append(s.conns, c)
			s.mu.Unlock()
		}
	}()
	return s
}

func (s *stall) end() {
	s.ln.Close()
	s.mu.Lock()
	defer s.mu.Unlock()
	for _, c := range s.conns {
		c.Close()
	}
}

// The real executor behind the daemon: an attach that hangs on one
// instance delays neither `daemon status` nor a command on another
// instance, and a command that panics leaves its instance usable.
func TestBackendSlowAttachBlocksNothingElseAndAPanicFreesTheInstance(t *testing.T) {
	if testing.Short() {
		t.Skip("needs Chromium and the driver: run without -short")
	}
	app, err := fixtures.Start()
	if err != nil {
		t.Fatal(err)
	}
	defer app.Close()
	home := t.TempDir()
	b := backend.New(home, nil)
	var panicked atomic.Bool
	b.BeforeCommand = func(req wire.Request) {
		if r, ok := req.(*wire.PwRequest); ok && r.Action == "hover" && panicked.CompareAndSwap(false, true) {
			panic("a bug in a command")
		}
	}
	c := serve(t, b)
	ctx := context.Background()

	_, open, err := c.Run(ctx, &wire.OpenRequest{Target: wire.Target{Instance: "other"}, URL: app.URL + "/"})
	if err != nil || open.(*wire.OpenResponse).Envelope == nil || !open.(*wire.OpenResponse).Envelope.OK {
		if err == nil && open.(*wire.OpenResponse).Envelope != nil {
			t.Fatalf("open failed:\n%s", open.(*wire.OpenResponse).Envelope.Markdown())
		}
		t.Fatalf("open: %v %+v", err, open)
	}

	st := newStall(t, filepath.Join(home, "stalled.sock"))
	attached := make(chan error, 1)
	go func() {
		_, _, err := c.Run(ctx, &wire.SnapshotRequest{Target: wire.Target{Endpoint: filepath.Join(home, "stalled.sock"), TimeoutMS: 60000}})
		attached <- err
	}()
	// Let the attach reach the stalled server.
	for i := 0; i < 200; i++ {
		st.mu.Lock()
		n := len(st.conns)
		st.mu.Unlock()
		if n > 0 {
			break
		}
		time.Sleep(10 * time.Millisecond)
	}
	status, err := c.Status(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(status.Instances) != 1 || status.Instances[0].Name != "other" {
		t.Errorf("status during the attach: %+v", status.Instances)
	}
	env, _, err := c.Run(ctx, &wire.SnapshotRequest{Target: wire.Target{Instance: "other"}})
	if err != nil || !env.OK {
		t.Fatalf("a command on another instance during the attach: %v\n%s", err, env.Markdown())
	}
	select {
	case err := <-attached:
		t.Fatalf("the attach ended before the other commands were checked (%v): the test proves nothing", err)
	default:
	}
	st.end()
	var we *wire.Error
	if err := <-attached; !errors.As(err, &we) || we.Reason != wire.ReasonAttach {
		t.Errorf("the stalled attach: %v, want an attach error", err)
	}

	other := wire.Target{Instance: "other"}
	if _, _, err := c.Run(ctx, &wire.PwRequest{Target: other, Action: "hover", Ref: "body"}); err == nil || !strings.Contains(err.Error(), "a bug in a command") {
		t.Fatalf("the panicking command: %v", err)
	}
	env, _, err = c.Run(ctx, &wire.SnapshotRequest{Target: other})
	if err != nil || !env.OK {
		t.Fatalf("the instance after a panic: %v\n%s", err, env.Markdown())
	}
}

// A daemon whose home folder was removed (a test's temp dir, a user's
// rm -rf) exits by itself instead of running on as an orphan.
func TestDaemonExitsWhenItsSocketIsGone(t *testing.T) {
	home, err := os.MkdirTemp("", "primad")
	if err != nil {
		t.Fatal(err)
	}
	ln, err := net.Listen("unix", wire.SocketPath(home))
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	s := &daemon.Server{Home: home, Backend: &fake{run: func(context.Context, wire.Request) (any, error) { return okEnvelope() }}, Log: log.New(os.Stderr, "daemon: ", 0)}
	go func() { s.Serve(context.Background(), ln); close(done) }()
	if _, err := (&client.Client{Home: home}).Status(context.Background()); err != nil {
		t.Fatalf("status: %v", err)
	}
	os.RemoveAll(home)
	select {
	case <-done:
	case <-time.After(10 * time.Second):
		t.Fatal("the daemon still runs 10 s after its home folder was removed")
	}
}

// A daemon a client started whose home folder was removed before it got
// going (a test that ended while its daemon was still starting) exits,
// and does not make the folder again to serve it as an orphan. One run by
// hand makes its folder.
func TestASpawnedDaemonWhoseHomeIsGoneExits(t *testing.T) {
	root := t.TempDir()
	gone := filepath.Join(root, "gone")
	s := &daemon.Server{Home: gone, Spawned: true, Backend: &fake{}, Log: log.New(io.Discard, "", 0)}
	err := s.Run(context.Background())
	var hg *daemon.HomeGoneError
	if !errors.As(err, &hg) {
		t.Fatalf("Run with its home gone: %v, want a HomeGoneError", err)
	}
	if _, err := os.Stat(gone); !os.IsNotExist(err) {
		t.Errorf("the daemon made its removed home again: %v", err)
	}
	made := filepath.Join(root, "made")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- (&daemon.Server{Home: made, Backend: &fake{}, Log: log.New(io.Discard, "", 0)}).Run(ctx)
	}()
	for i := 0; i < 100; i++ {
		if _, err := os.Stat(wire.SocketPath(made)); err == nil {
			break
		}
		time.Sleep(20 * time.Millisecond)
	}
	cancel()
	if err := <-done; err != nil {
		t.Errorf("a daemon run by hand: %v", err)
	}
	if _, err := os.Stat(made); err != nil {
		t.Errorf("a daemon run by hand did not make its home: %v", err)
	}
}

// A command whose backend runs on past its deadline, deaf to it (work that
// holds a starved CPU): the daemon answers for it by the deadline plus the
// overrun, saying whether it acted is unknown, and goes on serving.
func TestDaemonAnswersByTheDeadlineWhenACommandOverruns(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	c := serveWith(t, &daemon.Server{Overrun: 200 * time.Millisecond, Backend: &fake{run: func(ctx context.Context, req wire.Request) (any, error) {
		if _, ok := req.(*wire.SnapshotRequest); ok {
			<-release
		}
		return okEnvelope()
	}}})
	start := time.Now()
	_, _, err := c.Run(context.Background(), &wire.SnapshotRequest{Target: wire.Target{TimeoutMS: 300}})
	took := time.Since(start)
	var we *wire.Error
	if !errors.As(err, &we) || we.Reason != wire.ReasonOverran || !strings.Contains(we.Message, "whether it acted is unknown") {
		t.Fatalf("an overrunning command: err = %v, want code %s", err, wire.ReasonOverran)
	}
	// 0.5 s in-process: a loaded machine's scheduling adds a fraction of
	// a second. A daemon deaf to Overrun would answer after the default
	// 10 s, twice the bound (one that waited for the backend would not
	// answer before the client gave up).
	if took > 5*time.Second {
		t.Errorf("the answer took %s, past the deadline and the overrun (0.5 s) by far", took)
	}
	if we.Code() != envelope.CodeTimeout {
		t.Errorf("overran maps to %s, want timeout", we.Code())
	}
	if _, err := c.Status(context.Background()); err != nil {
		t.Errorf("the daemon stopped serving: %v", err)
	}
	if _, _, err := c.Run(context.Background(), &wire.ConsoleRequest{}); err != nil {
		t.Errorf("another command after the overrun: %v", err)
	}
}
