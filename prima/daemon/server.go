// Package daemon serves prima's local API on a unix socket: it checks the
// peer, decodes and validates each request, gives it its deadline, and
// hands it to a Backend that owns the browsers. It holds no browser state.
package daemon

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"runtime/debug"
	"sync"
	"syscall"
	"time"

	"github.com/prima-dev/prima/prima/wire"
)

// DefaultIdle is how long the daemon waits without a request before it
// exits.
const DefaultIdle = 30 * time.Minute

// Backend runs the commands. Run gets a validated request under its
// deadline and answers with an envelope or the command's own answer
// (wire.OpenResponse, wire.ListResponse, wire.Closed); a failure that
// produced no envelope is a *wire.Error. Instances must answer at once,
// whatever a command or an attach is doing.
type Backend interface {
	Run(ctx context.Context, req wire.Request) (any, error)
	Instances() []wire.Instance
	Shutdown()
}

// Server is the daemon.
type Server struct {
	Home string        // PRIMA_HOME
	Idle time.Duration // idle exit; 0 means DefaultIdle
	// Spawned: a client made Home and started this daemon. A Home gone
	// by the time the daemon starts means that client (a test, a
	// throwaway folder) has left: the daemon exits rather than make the
	// folder again and serve it as an orphan.
	Spawned bool
	Log     *log.Logger
	Backend Backend
	// Overrun is how long past a command's deadline the daemon waits for
	// the backend before it answers; 0 means DefaultOverrun.
	Overrun time.Duration

	mu       sync.Mutex // guards the activity counters
	started  time.Time
	last     time.Time
	active   int
	stop     chan struct{}
	stopOnce sync.Once
}

// HomeGoneError: a daemon a client started found its home folder gone.
type HomeGoneError struct{ Home string }

func (e *HomeGoneError) Error() string {
	return fmt.Sprintf("the home folder %s was removed before this daemon started: the client that started it has left, so it exits", e.Home)
}

// ErrRunning means another daemon already serves this PRIMA_HOME.
var ErrRunning = errors.New("a prima daemon is already running")

// Run takes the daemon lock of Home, listens on its socket and serves
// until stopped, idle, or ctx ends. Two daemons racing to start settle on
// one: the loser returns ErrRunning.
func (s *Server) Run(ctx context.Context) error {
	if s.Spawned {
		if _, err := os.Stat(s.Home); err != nil {
			return &HomeGoneError{Home: s.Home}
		}
	} else if err := os.MkdirAll(s.Home, 0o700); err != nil {
		return err
	}
	if err := os.Chmod(s.Home, 0o700); err != nil {
		return err
	}
	lock, err := os.OpenFile(filepath.Join(s.Home, "daemon.lock"), os.O_CREATE|os.O_RDWR, 0o600)
	if err != nil {
		return err
	}
	defer lock.Close()
	sock := wire.SocketPath(s.Home)
	// The lock decides who serves. A held lock with no answering socket is
	// a daemon still starting or shutting down: wait for it to settle.
	for wait := time.Now().Add(15 * time.Second); ; {
		if syscall.Flock(int(lock.Fd()), syscall.LOCK_EX|syscall.LOCK_NB) == nil {
			break
		}
		if c, err := net.DialTimeout("unix", sock, 200*time.Millisecond); err == nil {
			c.Close()
			return ErrRunning
		}
		if time.Now().After(wait) {
			return ErrRunning
		}
		time.Sleep(50 * time.Millisecond)
	}
	// Holding the lock, any socket file left is stale (a daemon killed
	// with -9 cannot remove it).
	os.Remove(sock)
	old := syscall.Umask(0o177)
	ln, err := net.Listen("unix", sock)
	syscall.Umask(old)
	if err != nil {
		return err
	}
	defer os.Remove(sock)
	os.Chmod(sock, 0o600)
	return s.Serve(ctx, ln)
}

// Serve answers requests on ln until stopped, idle, or ctx ends, then
// shuts the backend down.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	if s.Idle <= 0 {
		s.Idle = DefaultIdle
	}
	if s.Log == nil {
		s.Log = log.New(io.Discard, "", 0)
	}
	s.started, s.last = time.Now(), time.Now()
	s.stop = make(chan struct{})
	srv := &http.Server{
		Handler:     s.routes(),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, connKey{}, c) },
	}
	// A daemon whose socket (or home folder) was removed can never be
	// reached again: it exits rather than run on as an orphan. The socket
	// is looked at before the first request is served, so a caller that
	// got an answer and then removed the folder is always noticed.
	sockPath := ln.Addr().String()
	sockInfo, sockErr := os.Stat(sockPath)
	go srv.Serve(ln)
	s.Log.Printf("prima daemon %d serving on %s", os.Getpid(), ln.Addr())
	tick := time.NewTicker(time.Second)
	defer tick.Stop()
loop:
	for {
		select {
		case <-ctx.Done():
			break loop
		case <-s.stop:
			break loop
		case <-tick.C:
			s.mu.Lock()
			idle := s.active == 0 && time.Since(s.last) > s.Idle
			s.mu.Unlock()
			if idle {
				s.Log.Printf("idle for %s, exiting", s.Idle)
				break loop
			}
			if sockErr == nil {
				if now, err := os.Stat(sockPath); err != nil || !os.SameFile(now, sockInfo) {
					s.Log.Printf("socket %s is gone, exiting", sockPath)
					break loop
				}
			}
		}
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	ln.Close()
	s.Backend.Shutdown()
	return nil
}

type connKey struct{}

func (s *Server) routes() http.Handler {
	mux := http.NewServeMux()
	for route, mk := range wire.Requests {
		mux.HandleFunc(route, s.wrap(func(ctx context.Context, body []byte) (any, error) {
			req := mk()
			if err := json.Unmarshal(body, req); err != nil {
				return nil, wire.Errorf(wire.ReasonUsage, "bad request body: %v", err)
			}
			if err := wire.Check(req); err != nil {
				return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
			}
			d := req.Timeout()
			if d <= 0 {
				d = wire.DefaultTimeout
			}
			ctx, cancel := context.WithTimeout(ctx, d)
			defer cancel()
			return s.runWithin(ctx, d, req)
		}))
	}
	mux.HandleFunc(wire.RouteStatus, s.wrap(s.status))
	mux.HandleFunc(wire.RouteStop, s.wrap(s.stopRoute))
	return mux
}

// DefaultOverrun is how long past a command's deadline the daemon waits for
// its backend before it answers for it.
const DefaultOverrun = 10 * time.Second

type ran struct {
	resp any
	err  error
}

// runWithin runs req on the backend and answers by its deadline (d from
// now) plus the overrun: a step the deadline cannot stop (work that holds
// the CPU on a starved machine) must not keep the caller waiting past the
// --timeout it set. The command goes on in the background, holding its
// instance until it ends (the next command on it waits or is busy); the
// caller is told that whether it acted is unknown.
func (s *Server) runWithin(ctx context.Context, d time.Duration, req wire.Request) (any, error) {
	over := s.Overrun
	if over <= 0 {
		over = DefaultOverrun
	}
	done := make(chan ran, 1)
	go func() {
		defer func() {
			if p := recover(); p != nil {
				s.Log.Printf("panic: %v\n%s", p, debug.Stack())
				done <- ran{err: wire.Errorf(wire.ReasonInternal, "internal error: %v (the daemon is still running)", p)}
			}
		}()
		resp, err := s.Backend.Run(ctx, req)
		done <- ran{resp, err}
	}()
	t := time.NewTimer(d + over)
	defer t.Stop()
	select {
	case r := <-done:
		return r.resp, r.err
	case <-t.C:
		s.Log.Printf("%T ran past its deadline (%s) by %s; answered for it, it goes on in the background", req, d, over)
		return nil, wire.Errorf(wire.ReasonOverran, "the command ran %s past its deadline (--timeout %s) and was still running when prima answered; whether it acted is unknown", over, d)
	}
}

// wrap checks the peer, reads the body and runs h; a panic becomes an
// internal error, never a crash, and the daemon goes on serving.
func (s *Server) wrap(h func(ctx context.Context, body []byte) (any, error)) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(net.Conn); ok {
			if err := checkPeer(c); err != nil {
				writeJSON(w, http.StatusForbidden, wire.ErrorResponse{Error: wire.Errorf(wire.ReasonUsage, "%v", err)})
				return
			}
		}
		if r.Method != http.MethodPost {
			writeJSON(w, http.StatusMethodNotAllowed, wire.ErrorResponse{Error: wire.Errorf(wire.ReasonUsage, "use POST")})
			return
		}
		s.mu.Lock()
		s.active++
		s.last = time.Now()
		s.mu.Unlock()
		defer func() {
			s.mu.Lock()
			s.active--
			s.last = time.Now()
			s.mu.Unlock()
		}()
		body, err := io.ReadAll(io.LimitReader(r.Body, 8<<20))
		if err != nil {
			writeJSON(w, http.StatusBadRequest, wire.ErrorResponse{Error: wire.Errorf(wire.ReasonUsage, "read request: %v", err)})
			return
		}
		var resp any
		func() {
			defer func() {
				if p := recover(); p != nil {
					s.Log.Printf("panic: %v\n%s", p, debug.Stack())
					err = wire.Errorf(wire.ReasonInternal, "internal error: %v (the daemon is still running)", p)
				}
			}()
			resp, err = h(r.Context(), body)
		}()
		if err != nil {
			var ae *wire.Error
			if !errors.As(err, &ae) {
				ae = wire.Errorf(wire.ReasonInternal, "%v", err)
			}
			status := http.StatusInternalServerError
			if ae.Reason == wire.ReasonUsage {
				status = http.StatusBadRequest
			} else if ae.Reason != wire.ReasonInternal {
				status = http.StatusConflict
			}
			writeJSON(w, status, wire.ErrorResponse{Error: ae})
			return
		}
		writeJSON(w, http.StatusOK, resp)
	}
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	json.NewEncoder(w).Encode(v)
}

func (s *Server) status(ctx context.Context, body []byte) (any, error) {
	return wire.StatusResponse{
		PID: os.Getpid(), Socket: wire.SocketPath(s.Home),
		UptimeMS: time.Since(s.started).Milliseconds(), IdleMS: s.Idle.Milliseconds(),
		Instances: s.Backend.Instances(),
	}, nil
}

func (s *Server) stopRoute(ctx context.Context, body []byte) (any, error) {
	s.stopOnce.Do(func() { close(s.stop) })
	return wire.StatusResponse{PID: os.Getpid(), Socket: wire.SocketPath(s.Home)}, nil
}
