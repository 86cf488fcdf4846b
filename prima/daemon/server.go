// Package daemon is prima's per-user daemon: it serves the local API on a
// unix socket, holds the Playwright driver and the browser instances, and
// runs each command against the instance it targets.
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
	"net/url"
	"os"
	"path/filepath"
	"runtime/debug"
	"sort"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/attach"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima"
	"github.com/prima-dev/prima/prima/api"
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/model"
)

// DefaultIdle is how long the daemon waits without a request before it
// exits.
const DefaultIdle = 30 * time.Minute

// DefaultTimeout is a command's deadline when the CLI sets none.
const DefaultTimeout = 30 * time.Second

// Server is the daemon.
type Server struct {
	Home string        // PRIMA_HOME
	Idle time.Duration // idle exit; 0 means DefaultIdle
	Log  *log.Logger

	mu        sync.Mutex // guards everything below
	pw        *playwright.Playwright
	driverPID int // the driver's node process, to notice it die
	reg       *attach.Registry
	instances map[string]*prima.Instance
	lost      map[string]bool // titles of attached sessions that went away
	started   time.Time
	last      time.Time
	active    int
	stop      chan struct{}
	stopOnce  sync.Once
}

// ErrRunning means another daemon already serves this PRIMA_HOME.
var ErrRunning = errors.New("a prima daemon is already running")

// SocketPath is the daemon's socket under home.
func SocketPath(home string) string { return filepath.Join(home, "prima.sock") }

// Run serves until stopped, idle, or ctx ends. Two daemons racing to start
// settle on one: the loser returns ErrRunning.
func (s *Server) Run(ctx context.Context) error {
	if s.Idle <= 0 {
		s.Idle = DefaultIdle
	}
	if s.Log == nil {
		s.Log = log.New(io.Discard, "", 0)
	}
	if err := os.MkdirAll(s.Home, 0o700); err != nil {
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
	sock := SocketPath(s.Home)
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
	os.Chmod(sock, 0o600)

	s.instances = map[string]*prima.Instance{}
	s.lost = map[string]bool{}
	s.reg = attach.NewRegistry(attach.RegistryDirs())
	s.started, s.last = time.Now(), time.Now()
	s.stop = make(chan struct{})

	srv := &http.Server{
		Handler:     s.routes(),
		ConnContext: func(ctx context.Context, c net.Conn) context.Context { return context.WithValue(ctx, connKey{}, c) },
	}
	go srv.Serve(ln)
	s.Log.Printf("prima daemon %d serving on %s", os.Getpid(), sock)

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
		}
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	srv.Shutdown(shut)
	ln.Close()
	os.Remove(sock)
	s.shutdown()
	return nil
}

func (s *Server) shutdown() {
	s.mu.Lock()
	defer s.mu.Unlock()
	for name, in := range s.instances {
		in.Close()
		delete(s.instances, name)
	}
	if s.reg != nil {
		s.reg.Close()
	}
	if s.pw != nil {
		s.pw.Stop()
		s.pw = nil
	}
}

type connKey struct{}

// handler is one route: decode into req, execute, encode the response.
type handler func(ctx context.Context, body []byte) (any, error)

func (s *Server) routes() http.Handler {
	table := map[string]handler{
		api.RouteBrowserClose: s.browserClose,
		api.RouteBrowserList:  s.browserList,
		api.RouteBrowserOpen:  s.browserOpen,
		api.RouteDialog:       s.dialog,
		api.RouteDo:           s.do,
		api.RouteGo:           s.goTo,
		api.RoutePw:           s.pwAction,
		api.RouteSnapshot:     s.snapshot,
		api.RouteTab:          s.tab,
		api.RouteEval:         s.eval,
		api.RouteConsole:      s.console,
		api.RouteScreenshot:   s.screenshot,
		api.RouteWait:         s.wait,
		api.RouteResearch:     s.research,
		api.RouteStatus:       s.status,
		api.RouteStop:         s.stopRoute,
		api.RouteVerify:       s.verify,
	}
	mux := http.NewServeMux()
	for route, h := range table {
		mux.HandleFunc(route, s.wrap(h))
	}
	return mux
}

// wrap checks the peer, decodes, runs the handler under the command's
// deadline, and encodes; a panic becomes an internal error, never a crash.
func (s *Server) wrap(h handler) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		if c, ok := r.Context().Value(connKey{}).(net.Conn); ok {
			if err := checkPeer(c); err != nil {
				writeJSON(w, http.StatusForbidden, api.ErrorResponse{Error: api.Errorf(api.CodeUsage, "%v", err)})
				return
			}
		}
		if r.Method != http.MethodPost {
			writeJSON(w, http.StatusMethodNotAllowed, api.ErrorResponse{Error: api.Errorf(api.CodeUsage, "use POST")})
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
			writeJSON(w, http.StatusBadRequest, api.ErrorResponse{Error: api.Errorf(api.CodeUsage, "read request: %v", err)})
			return
		}
		var resp any
		func() {
			defer func() {
				if p := recover(); p != nil {
					s.Log.Printf("panic: %v\n%s", p, debug.Stack())
					err = api.Errorf(api.CodeInternal, "internal error: %v (the daemon is still running)", p)
				}
			}()
			resp, err = h(r.Context(), body)
		}()
		if err != nil {
			var ae *api.Error
			if !errors.As(err, &ae) {
				ae = api.Errorf(api.CodeInternal, "%v", err)
			}
			status := http.StatusInternalServerError
			if ae.Code == api.CodeUsage {
				status = http.StatusBadRequest
			} else if ae.Code != api.CodeInternal {
				status = http.StatusConflict
			}
			writeJSON(w, status, api.ErrorResponse{Error: ae})
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

func decode(body []byte, v any) error {
	if err := json.Unmarshal(body, v); err != nil {
		return api.Errorf(api.CodeUsage, "bad request body: %v", err)
	}
	return nil
}

// deadline gives a command its context: the CLI's timeout, else the default.
func deadline(ctx context.Context, ms int64) (context.Context, context.CancelFunc) {
	d := DefaultTimeout
	if ms > 0 {
		d = time.Duration(ms) * time.Millisecond
	}
	return context.WithTimeout(ctx, d)
}

// driver starts the Playwright driver on first use, and again if it died.
func (s *Server) driver() (*playwright.Playwright, error) {
	s.checkDriver()
	if s.pw != nil {
		return s.pw, nil
	}
	before := driverProcs()
	pw, err := prima.StartPlaywright(s.Log.Writer())
	if err != nil {
		return nil, api.Errorf(api.CodeInternal, "%v", err)
	}
	s.pw = pw
	s.driverPID = 0
	for pid := range driverProcs() {
		if !before[pid] {
			s.driverPID = pid
		}
	}
	return pw, nil
}

// checkDriver notices a dead driver: every browser it held is gone with
// it, so the instances are dropped (attached sessions are remembered by
// title, to be named) and the next command starts a new driver.
func (s *Server) checkDriver() {
	if s.pw == nil || s.driverPID == 0 || processAlive(s.driverPID) {
		return
	}
	s.Log.Printf("the Playwright driver (pid %d) died; starting anew on the next command", s.driverPID)
	for name, in := range s.instances {
		if in.Title != "" {
			s.lost[in.Title] = true
		}
		delete(s.instances, name)
	}
	s.pw, s.driverPID = nil, 0
}

// driverProcs lists this process's children that run the Playwright driver.
func driverProcs() map[int]bool {
	out := map[int]bool{}
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	me := strconv.Itoa(os.Getpid())
	for _, st := range stats {
		b, err := os.ReadFile(st)
		if err != nil {
			continue
		}
		i := strings.LastIndexByte(string(b), ')')
		f := strings.Fields(string(b[i+1:]))
		if len(f) < 2 || f[1] != me {
			continue
		}
		dir := filepath.Dir(st)
		cmd, _ := os.ReadFile(filepath.Join(dir, "cmdline"))
		if strings.Contains(string(cmd), "run-driver") {
			pid, _ := strconv.Atoi(filepath.Base(dir))
			out[pid] = true
		}
	}
	return out
}

// processAlive: the process exists and is not a zombie.
func processAlive(pid int) bool {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return false
	}
	i := strings.LastIndexByte(string(b), ')')
	f := strings.Fields(string(b[i+1:]))
	return len(f) > 0 && f[0] != "Z" && f[0] != "X"
}

func (s *Server) artifacts(name string) string {
	return filepath.Join(s.Home, "artifacts", url.PathEscape(name))
}

// instanceFor resolves a target to an instance, attaching when needed, in
// the order DESIGN.md fixes.
func (s *Server) instanceFor(t api.Target) (*prima.Instance, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.checkDriver()
	for name, in := range s.instances {
		if !in.Owned && !in.Connected() {
			// An attached session that went away: forget it, and remember
			// its title to name it in the error.
			if in.Title != "" {
				s.lost[in.Title] = true
			}
			delete(s.instances, name)
		}
	}
	if t.Instance != "" {
		in := s.instances[t.Instance]
		if in == nil {
			return nil, api.Errorf(api.CodeNoInstance, "no instance %q in the daemon", t.Instance)
		}
		return in, nil
	}
	if t.Endpoint != "" {
		return s.attach(t.Endpoint, "", "")
	}
	ds := s.reg.List()
	d, err := attach.Select(ds, t.PwSession)
	if err == nil {
		if err := attach.CheckVersion(d.Version, prima.DriverVersion, d.Endpoint); err != nil {
			return nil, &api.Error{Code: api.CodeVersion, Message: err.Error()}
		}
		delete(s.lost, d.Title)
		return s.attach(d.Endpoint, d.Title, d.Version)
	}
	var nf *attach.SessionNotFoundError
	if errors.As(err, &nf) {
		return nil, &api.Error{Code: api.CodeSessionNotFound, Message: err.Error(), Titles: nf.Live, Session: nf.Title}
	}
	if in := s.owned(); in != nil {
		return in, nil
	}
	var amb *attach.AmbiguousError
	if errors.As(err, &amb) {
		return nil, &api.Error{Code: api.CodeAmbiguousSession, Message: err.Error(), Titles: amb.Live}
	}
	msg := "no browser to act on: no live playwright-cli session and no prima-owned browser"
	var lost []string
	for title := range s.lost {
		lost = append(lost, title)
	}
	sort.Strings(lost)
	if len(lost) > 0 {
		msg = fmt.Sprintf("the playwright-cli session %q that prima was attached to is no longer running, and no other browser is open", lost[0])
	}
	return nil, &api.Error{Code: api.CodeNoBrowser, Message: msg, Session: firstOr(lost)}
}

func firstOr(s []string) string {
	if len(s) == 0 {
		return ""
	}
	return s[0]
}

// owned returns the prima-owned instance to fall back on: "prima" if it
// exists, else the first by name.
func (s *Server) owned() *prima.Instance {
	if in := s.instances["prima"]; in != nil && in.Owned {
		return in
	}
	var names []string
	for name, in := range s.instances {
		if in.Owned {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil
	}
	return s.instances[names[0]]
}

// attach connects to a browser server (unix socket or ws://) or a CDP
// endpoint (http://), reusing a live connection.
func (s *Server) attach(endpoint, title, version string) (*prima.Instance, error) {
	name := "endpoint:" + endpoint
	if title != "" {
		name = "pw:" + title
	}
	if in := s.instances[name]; in != nil && in.Connected() && in.Endpoint == endpoint {
		return in, nil
	}
	pw, err := s.driver()
	if err != nil {
		return nil, err
	}
	var b playwright.Browser
	if u, perr := url.Parse(endpoint); perr == nil && (u.Scheme == "http" || u.Scheme == "https") {
		b, err = pw.Chromium.ConnectOverCDP(endpoint, playwright.BrowserTypeConnectOverCDPOptions{Timeout: playwright.Float(10000)})
	} else {
		if perr == nil && u.Scheme == "" {
			if _, serr := os.Stat(endpoint); serr != nil {
				return nil, &api.Error{Code: api.CodeAttach, Message: fmt.Sprintf("cannot attach to %s: %v", endpoint, serr), Session: title}
			}
		}
		b, err = pw.Chromium.Connect(endpoint, playwright.BrowserTypeConnectOptions{Timeout: playwright.Float(10000)})
	}
	if err != nil {
		msg := fmt.Sprintf("cannot attach to %s: %v", endpoint, err)
		if version != "" {
			msg += fmt.Sprintf(" (server Playwright %s, driver %s)", version, prima.DriverVersion)
		}
		return nil, &api.Error{Code: api.CodeAttach, Message: msg, Session: title}
	}
	in := prima.NewAttached(name, b, endpoint, title, s.artifacts(name))
	in.ResearchDir = filepath.Join(s.Home, "research")
	s.instances[name] = in
	return in, nil
}

func info(in *prima.Instance) api.Instance {
	kind := "attached"
	if in.Owned {
		kind = "owned"
	}
	return api.Instance{Name: in.Name, Kind: kind, Endpoint: in.Endpoint, Title: in.Title, URL: in.URL(), Connected: in.Connected()}
}

// withInstance runs fn on the target's instance under its lock.
func (s *Server) withInstance(ctx context.Context, t api.Target, fn func(context.Context, *prima.Instance) *envelope.Envelope) (any, error) {
	in, err := s.instanceFor(t)
	if err != nil {
		return nil, err
	}
	secrets := prima.Secrets(t.Secrets)
	if err := secrets.Check(); err != nil {
		return nil, api.Errorf(api.CodeUsage, "%v", err)
	}
	ctx, cancel := deadline(ctx, t.TimeoutMS)
	defer cancel()
	in.Lock()
	defer in.Unlock()
	in.Secrets, in.Dialog, in.Dir = secrets, prima.ParseDialogPolicy(t.Dialog), t.Dir
	defer func() { in.Secrets, in.Dialog, in.Dir = nil, prima.DialogPolicy{}, "" }()
	env := fn(ctx, in)
	secrets.RedactEnvelope(env)
	in.MaskEnvelope(env)
	prima.ClipEchoes(env)
	return api.EnvelopeResponse{Envelope: env}, nil
}

func (s *Server) pwAction(ctx context.Context, body []byte) (any, error) {
	var req api.PwRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	preq := prima.PwRequest{Action: req.Action, Target: req.Ref, Values: req.Values, Button: req.Button, Modifiers: req.Modifiers, Count: req.Count, Line: req.Line}
	if _, _, err := prima.CheckPw(preq); err != nil {
		return nil, api.Errorf(api.CodeUsage, "%v", err)
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Pw(ctx, preq)
	})
}

func (s *Server) do(ctx context.Context, body []byte) (any, error) {
	var req api.DoRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if len(req.Instructions) == 0 {
		return nil, api.Errorf(api.CodeUsage, "do needs at least one instruction")
	}
	var planner *prima.Planner
	if req.Config.Model.Enabled() {
		planner = &prima.Planner{Chat: model.New(req.Config.Model), MaxModelCalls: req.Config.MaxModelCalls, MaxActions: req.Config.MaxActions}
		if req.Config.Vision.Enabled() {
			planner.Vision = model.New(req.Config.Vision)
		}
		if req.Config.Judge.Tool {
			j, err := s.judge(req.Config)
			if err != nil {
				return nil, err
			}
			planner.Judge = j
		}
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Do(ctx, req.Instructions, prima.DoOptions{Planner: planner, ResearchAfter: req.Config.ResearchAfter})
	})
}

func (s *Server) goTo(ctx context.Context, body []byte) (any, error) {
	var req api.GoRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if err := prima.CheckGo(req.URL, req.AllowSchemes); err != nil {
		return nil, api.Errorf(api.CodeUsage, "%v", err)
	}
	j, err := s.judge(req.Config)
	if err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Go(ctx, req.URL, req.AllowSchemes, j)
	})
}

// judge builds the decision model a command's config names; the offline
// local scorer when it names none.
func (s *Server) judge(c config.Config) (*judge.Judge, error) {
	p, err := judge.FromConfig(c.Judge.Provider, c.Judge.Model, c.Judge.BaseURL, func(string) string { return c.Judge.APIKey })
	if err != nil {
		return nil, api.Errorf(api.CodeUsage, "%v", err)
	}
	return &judge.Judge{Provider: p, Direct: c.Judge.DirectJudge(), Tool: c.Judge.Tool, TracePath: judge.TracePath(s.Home)}, nil
}

func (s *Server) verify(ctx context.Context, body []byte) (any, error) {
	var req api.VerifyRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if strings.TrimSpace(req.Claim) == "" {
		return nil, api.Errorf(api.CodeUsage, "verify needs a claim")
	}
	j, err := s.judge(req.Config)
	if err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Verify(ctx, req.Claim, j)
	})
}

func (s *Server) research(ctx context.Context, body []byte) (any, error) {
	var req api.SnapshotRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Research(ctx)
	})
}

func (s *Server) dialog(ctx context.Context, body []byte) (any, error) {
	var req api.DialogRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.AnswerDialog(ctx, req.Accept, req.Text)
	})
}

func (s *Server) tab(ctx context.Context, body []byte) (any, error) {
	var req api.TabRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Tabs(ctx, req.Op, req.Index, req.URL)
	})
}

func (s *Server) eval(ctx context.Context, body []byte) (any, error) {
	var req api.EvalRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Eval(ctx, req.JS, req.Ref)
	})
}

func (s *Server) console(ctx context.Context, body []byte) (any, error) {
	var req api.ConsoleRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Console(req.Errors)
	})
}

func (s *Server) screenshot(ctx context.Context, body []byte) (any, error) {
	var req api.ScreenshotRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Screenshot(ctx, req.Ref, req.Full)
	})
}

func (s *Server) wait(ctx context.Context, body []byte) (any, error) {
	var req api.WaitRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Wait(ctx, req.Text, req.Gone, time.Duration(req.MS)*time.Millisecond)
	})
}

func (s *Server) snapshot(ctx context.Context, body []byte) (any, error) {
	var req api.SnapshotRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	return s.withInstance(ctx, req.Target, func(ctx context.Context, in *prima.Instance) *envelope.Envelope {
		return in.Snapshot(ctx, req.HTML)
	})
}

func (s *Server) browserOpen(ctx context.Context, body []byte) (any, error) {
	var req api.OpenRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	if req.Instance == "" {
		req.Instance = "prima"
	}
	if req.URL != "" {
		if err := prima.CheckGo(req.URL, false); err != nil {
			return nil, api.Errorf(api.CodeUsage, "%v", err)
		}
	}
	s.mu.Lock()
	in := s.instances[req.Instance]
	if in != nil && !in.Owned {
		s.mu.Unlock()
		return nil, api.Errorf(api.CodeUsage, "instance %q is an attached session, not a prima-owned browser", req.Instance)
	}
	if in == nil || !in.Connected() {
		if in != nil {
			in.Close()
		}
		pw, err := s.driver()
		if err != nil {
			s.mu.Unlock()
			return nil, err
		}
		in, err = prima.NewOwned(pw, req.Instance, req.Headed, s.artifacts(req.Instance))
		if err != nil {
			s.mu.Unlock()
			return nil, api.Errorf(api.CodeInternal, "launch Chromium: %v", err)
		}
		in.ResearchDir = filepath.Join(s.Home, "research")
		s.instances[req.Instance] = in
	}
	s.mu.Unlock()
	resp := api.OpenResponse{}
	if req.URL != "" {
		ctx, cancel := deadline(ctx, req.TimeoutMS)
		defer cancel()
		in.Lock()
		resp.Envelope = in.Go(ctx, req.URL, false, nil)
		in.Unlock()
	}
	resp.Instance = info(in)
	return resp, nil
}

func (s *Server) browserList(ctx context.Context, body []byte) (any, error) {
	var resp api.ListResponse
	for _, d := range s.reg.List() {
		resp.Browsers = append(resp.Browsers, api.Browser{Title: d.Title, Endpoint: d.Endpoint, Version: d.Version, Status: string(d.Status), Problem: d.Problem, Path: d.Path})
	}
	resp.Instances = s.instanceList()
	return resp, nil
}

func (s *Server) instanceList() []api.Instance {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := []api.Instance{}
	for _, in := range s.instances {
		out = append(out, info(in))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

func (s *Server) browserClose(ctx context.Context, body []byte) (any, error) {
	var req api.CloseRequest
	if err := decode(body, &req); err != nil {
		return nil, err
	}
	in, err := s.instanceFor(req.Target)
	if err != nil {
		return nil, err
	}
	in.Lock()
	in.Close()
	in.Unlock()
	s.mu.Lock()
	delete(s.instances, in.Name)
	s.mu.Unlock()
	return info(in), nil
}

func (s *Server) status(ctx context.Context, body []byte) (any, error) {
	return api.StatusResponse{
		PID: os.Getpid(), Socket: SocketPath(s.Home),
		UptimeMS: time.Since(s.started).Milliseconds(), IdleMS: s.Idle.Milliseconds(),
		Instances: s.instanceList(),
	}, nil
}

func (s *Server) stopRoute(ctx context.Context, body []byte) (any, error) {
	s.stopOnce.Do(func() { close(s.stop) })
	return api.StatusResponse{PID: os.Getpid(), Socket: SocketPath(s.Home)}, nil
}
