// Package backend owns the daemon's browsers: the instances by name,
// attaching in the documented order, and the dispatch of each request to
// the instance that runs it.
package backend

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/attach"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/emulate"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/locate"
	"github.com/prima-dev/prima/prima/steps"
	"github.com/prima-dev/prima/prima/wire"
)

// Backend owns the daemon's browsers: the Playwright driver, the instances
// by name, and attaching in the documented order (README: --endpoint, --pw-session, PLAYWRIGHT_CLI_SESSION, default, the only live one, prima's own). Its lock guards the
// maps only and is never held across a launch, an attach or a command, so
// `daemon status` and a command on another instance never wait behind one.
type Backend struct {
	Home string
	Log  *log.Logger

	driver *browser.Driver // prima's own, which launches and attaches
	// next are the other drivers (locate.DriverVersions), by version,
	// each started only when a server of its minor is attached to.
	next map[string]*browser.Driver

	mu        sync.Mutex
	reg       *attach.Registry        // the registry as the daemon's environment places it
	regs      map[string]*registryUse // by folder, as callers' environments place it
	instances map[string]*exec.Instance
	pending   map[string]chan struct{} // names being launched or attached
	lost      map[string]bool          // titles of attached sessions, and endpoint instances, that went away
	remotes   map[string]string        // endpoint instances by name, to reconnect after the browser came back

	// BeforeCommand, when set, runs under the instance lock just before
	// each command: the seam a test uses to stand for a command that
	// panics or hangs.
	BeforeCommand func(wire.Request)
}

// New is a backend for the daemon serving home.
func New(home string, logger *log.Logger) *Backend {
	if logger == nil {
		logger = log.New(io.Discard, "", 0)
	}
	return &Backend{
		Home: home, Log: logger,
		driver:    &browser.Driver{Log: logger.Writer()},
		next:      nextDrivers(logger.Writer()),
		reg:       attach.NewRegistry(attach.RegistryDirs()),
		regs:      map[string]*registryUse{},
		instances: map[string]*exec.Instance{},
		pending:   map[string]chan struct{}{},
		lost:      map[string]bool{},
		remotes:   map[string]string{},
	}
}

// Shutdown closes every instance and stops the driver.
func (b *Backend) Shutdown() {
	b.mu.Lock()
	ins := b.instances
	b.instances = map[string]*exec.Instance{}
	b.mu.Unlock()
	for _, in := range ins {
		in.Close()
	}
	b.reg.Close()
	b.mu.Lock()
	for _, e := range b.regs {
		e.r.Close()
	}
	b.mu.Unlock()
	b.driver.Stop()
	for _, d := range b.next {
		d.Stop()
	}
}

func nextDrivers(log io.Writer) map[string]*browser.Driver {
	m := map[string]*browser.Driver{}
	for _, v := range locate.DriverVersions[1:] {
		m[v] = &browser.Driver{Log: log, Version: v}
	}
	return m
}

// driverOf is the driver of version ("" is prima's own).
func (b *Backend) driverOf(version string) *browser.Driver {
	if d := b.next[version]; d != nil {
		return d
	}
	return b.driver
}

// Instances lists the instances without waiting for any command.
func (b *Backend) Instances() []wire.Instance {
	b.mu.Lock()
	defer b.mu.Unlock()
	out := []wire.Instance{}
	for _, in := range b.instances {
		out = append(out, info(in))
	}
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// Run performs one validated request under ctx's deadline.
func (b *Backend) Run(ctx context.Context, req wire.Request) (any, error) {
	switch r := req.(type) {
	case *wire.OpenRequest:
		return b.open(ctx, r)
	case *wire.ListRequest:
		return b.list(r.Registry), nil
	case *wire.CloseRequest:
		return b.close(ctx, r.Target)
	}
	t, ok := req.(interface{ Where() wire.Target })
	if !ok {
		return nil, wire.Errorf(wire.ReasonInternal, "no route runs %T", req)
	}
	run, err := b.command(req)
	if err != nil {
		return nil, err
	}
	in, err := b.instanceFor(ctx, t.Where())
	if err != nil {
		return nil, err
	}
	return b.with(ctx, in, req, t.Where(), run)
}

// command binds a request to the instance method that runs it, building
// the models it needs first (a bad model configuration is a usage error
// before any browser is touched).
func (b *Backend) command(req wire.Request) (func(context.Context, *exec.Instance) *envelope.Envelope, error) {
	switch r := req.(type) {
	case *wire.DoRequest:
		p, err := b.planner(r.Config)
		if err != nil {
			return nil, err
		}
		opts := steps.DoOptions{Planner: p, ResearchAfter: r.Config.ResearchAfter}
		return func(ctx context.Context, in *exec.Instance) *envelope.Envelope {
			return steps.Do(ctx, in, r.Instructions, opts)
		}, nil
	case *wire.GoRequest:
		j, err := b.judge(r.Config)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, in *exec.Instance) *envelope.Envelope {
			return in.Go(ctx, r.URL, r.AllowSchemes, j)
		}, nil
	case *wire.VerifyRequest:
		j, err := b.judge(r.Config)
		if err != nil {
			return nil, err
		}
		return func(ctx context.Context, in *exec.Instance) *envelope.Envelope { return in.Verify(ctx, r.Claim, j) }, nil
	case *wire.GoalRequest:
		return b.goal(r)
	case *wire.GoalRunRequest:
		return b.goal(&r.GoalRequest)
	case *wire.SetRequest:
		// The driver knows the devices: a name it does not list is the
		// caller's to fix before any browser is touched.
		if r.What == "device" && !r.NoDevice() {
			pw, err := b.driver.Start()
			if err != nil {
				return nil, driverError(err)
			}
			if _, _, err := emulate.Find(pw.Devices, r.Device()); err != nil {
				return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
			}
		}
	}
	if run, ok := exec.TableRun(req); ok {
		return run, nil
	}
	return nil, wire.Errorf(wire.ReasonInternal, "no command runs %T", req)
}

// with runs fn on in under the instance's lock, with the request's
// secrets, dialog policy and folder, and cleans the envelope of what must
// not leave the daemon (exec.Instance.Command). Bad secrets are a usage
// error before the lock is waited for.
func (b *Backend) with(ctx context.Context, in *exec.Instance, req wire.Request, t wire.Target, fn func(context.Context, *exec.Instance) *envelope.Envelope) (any, error) {
	if err := exec.Secrets(t.Secrets).Check(); err != nil {
		return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
	}
	if err := in.Lock(ctx); err != nil {
		return nil, wire.Errorf(wire.ReasonBusy, "%v", err)
	}
	defer in.Unlock()
	env := in.Command(ctx, t, func(ctx context.Context) *envelope.Envelope {
		if b.BeforeCommand != nil {
			b.BeforeCommand(req)
		}
		return fn(ctx, in)
	})
	return wire.EnvelopeResponse{Envelope: env}, nil
}

func (b *Backend) artifacts(name string) string {
	return filepath.Join(b.Home, "artifacts", url.PathEscape(name))
}

// registry is the Playwright registry in folder dir, as the caller's
// environment places it; the daemon's own when dir is empty or the same.
func (b *Backend) registry(dir string) *attach.Registry {
	if dir == "" || slices.Equal([]string{dir}, attach.RegistryDirs()) {
		return b.reg
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	e := b.regs[dir]
	if e == nil {
		if len(b.regs) >= maxRegistries {
			b.forgetOldestRegistry()
		}
		e = &registryUse{r: attach.NewRegistry([]string{dir})}
		b.regs[dir] = e
	}
	e.used = time.Now()
	return e.r
}

// versionAt is the Playwright version a session descriptor gives for
// endpoint, "" when none names it: a playwright-cli session's socket
// takes clients of any minor, so the descriptor alone says which driver
// (and injected script) fits its pages.
func (b *Backend) versionAt(dir, endpoint string) string {
	if strings.Contains(endpoint, "://") {
		return "" // a server's own answer names its version
	}
	for _, d := range b.registry(dir).List() {
		if d.Endpoint == endpoint {
			return d.Version
		}
	}
	return ""
}

// maxRegistries bounds the folders' watchers a daemon keeps (each holds
// an inotify instance, of which a user has few): a client names any
// folder it likes.
const maxRegistries = 8

// registryUse is a caller's registry and when it was last asked for.
type registryUse struct {
	r    *attach.Registry
	used time.Time
}

// forgetOldestRegistry closes the registry asked for longest ago; a
// caller still holding it lists by scanning (b.mu held).
func (b *Backend) forgetOldestRegistry() {
	var oldest string
	for dir, e := range b.regs {
		if oldest == "" || e.used.Before(b.regs[oldest].used) {
			oldest = dir
		}
	}
	b.regs[oldest].r.Close()
	delete(b.regs, oldest)
}

// reserve waits until no launch or attach of name is under way and marks
// one as started; the caller must release, with the instance it made, if
// any. It returns the instance name holds now (nil when none), and fails
// when ctx ends first.
func (b *Backend) reserve(ctx context.Context, name string) (have *exec.Instance, release func(*exec.Instance), err error) {
	for {
		b.mu.Lock()
		ch, busy := b.pending[name]
		if !busy {
			done := make(chan struct{})
			b.pending[name] = done
			have = b.instances[name]
			b.mu.Unlock()
			return have, func(in *exec.Instance) {
				b.mu.Lock()
				defer b.mu.Unlock()
				if in != nil {
					b.instances[name] = in
				}
				delete(b.pending, name)
				close(done)
			}, nil
		}
		b.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return nil, nil, wire.Errorf(wire.ReasonAttach, "still attaching to %s when the command's time ran out", name)
		}
	}
}

// instanceFor resolves a target to an instance, attaching when needed, in
// the documented attach order.
func (b *Backend) instanceFor(ctx context.Context, t wire.Target) (*exec.Instance, error) {
	if b.driver.Died() {
		b.dropAll("")
	}
	for v, d := range b.next {
		if d.Died() {
			b.dropAll(v)
		}
	}
	b.mu.Lock()
	for name, in := range b.instances {
		if !in.Owned && !in.Connected() {
			// An attached session that went away: forget it, and remember
			// its title (or endpoint) to name it in the error.
			b.lost[lostKey(in)] = true
			delete(b.instances, name)
		}
	}
	if t.Instance != "" {
		in, ep := b.instances[t.Instance], b.remotes[t.Instance]
		b.mu.Unlock()
		switch {
		case in != nil:
			return in, nil
		case ep != "":
			return b.attach(ctx, t.Instance, ep, "", b.versionAt(t.Registry, ep))
		}
		return nil, wire.Errorf(wire.ReasonNoInstance, "no instance %q in the daemon", t.Instance)
	}
	b.mu.Unlock()
	if t.Endpoint != "" {
		return b.attach(ctx, endpointName(t.Endpoint), t.Endpoint, "", b.versionAt(t.Registry, t.Endpoint))
	}
	ds := b.registry(t.Registry).List()
	d, err := attach.Select(ds, t.PwSession)
	if err == nil {
		newest := locate.DriverVersions[len(locate.DriverVersions)-1]
		if err := attach.CheckVersion(d.Version, newest, d.Endpoint); err != nil {
			return nil, &wire.Error{Reason: wire.ReasonVersion, Message: err.Error(), Session: d.Title}
		}
		b.mu.Lock()
		delete(b.lost, d.Title)
		b.mu.Unlock()
		return b.attach(ctx, "pw:"+d.Title, d.Endpoint, d.Title, d.Version)
	}
	var nf *attach.SessionNotFoundError
	if errors.As(err, &nf) {
		return nil, &wire.Error{Reason: wire.ReasonSessionNotFound, Message: err.Error(), Titles: nf.Live, Session: nf.Title}
	}
	b.mu.Lock()
	defer b.mu.Unlock()
	if in := b.owned(); in != nil {
		return in, nil
	}
	var amb *attach.AmbiguousError
	if errors.As(err, &amb) {
		return nil, &wire.Error{Reason: wire.ReasonAmbiguousSession, Message: err.Error(), Titles: amb.Live}
	}
	msg := "no browser to act on: no live playwright-cli session and no prima-owned browser"
	if t.Registry != "" && !slices.Equal([]string{t.Registry}, attach.RegistryDirs()) {
		msg += fmt.Sprintf(" (looked for sessions in %s, as this command's environment places them)", t.Registry)
	}
	var lost []string
	for title := range b.lost {
		if !strings.HasPrefix(title, "endpoint:") {
			lost = append(lost, title)
		}
	}
	sort.Strings(lost)
	session := ""
	if len(lost) > 0 {
		session = lost[0]
		msg = fmt.Sprintf("the playwright-cli session %q that prima was attached to is no longer running, and no other browser is open", session)
	}
	return nil, &wire.Error{Reason: wire.ReasonNoBrowser, Message: msg, Session: session}
}

// dropAll forgets every instance of the driver of version ("" is prima's
// own) after it died: every browser it held is gone with it (attached
// sessions are remembered by title, to be named), and the next command
// starts a new driver.
func (b *Backend) dropAll(version string) {
	b.mu.Lock()
	defer b.mu.Unlock()
	for name, in := range b.instances {
		if in.Driver != version {
			continue
		}
		if !in.Owned {
			b.lost[lostKey(in)] = true
		}
		delete(b.instances, name)
	}
}

// lostKey names an attached instance that went away: its session title,
// or its instance name (an endpoint's).
func lostKey(in *exec.Instance) string {
	if in.Title != "" {
		return in.Title
	}
	return in.Name
}

// endpointName is the instance name of an endpoint nobody named.
func endpointName(endpoint string) string { return "endpoint:" + endpoint }

// owned returns the prima-owned instance to fall back on: "prima" if it
// exists, else the first by name. The caller holds b.mu.
func (b *Backend) owned() *exec.Instance {
	if in := b.instances["prima"]; in != nil && in.Owned {
		return in
	}
	var names []string
	for name, in := range b.instances {
		if in.Owned {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	if len(names) == 0 {
		return nil
	}
	return b.instances[names[0]]
}

// attach connects to a browser server (unix socket or ws://) or a CDP
// endpoint (http://), reusing a live connection. The connection is made
// without the backend's lock: only commands for the same name wait.
func (b *Backend) attach(ctx context.Context, name, endpoint, title, version string) (*exec.Instance, error) {
	in, release, err := b.reserve(ctx, name)
	if err != nil {
		return nil, err
	}
	if in != nil && in.Owned {
		release(nil)
		return nil, wire.Errorf(wire.ReasonUsage, "instance %q is prima's own browser, not %s: name the remote browser otherwise", name, endpoint)
	}
	if in != nil && in.Connected() && in.Endpoint == endpoint {
		release(nil)
		return in, nil
	}
	in, err = b.connect(ctx, name, endpoint, title, version)
	release(in)
	if title == "" {
		b.mu.Lock()
		wasLost := b.lost[name]
		if err == nil {
			delete(b.lost, name)
			b.remotes[name] = endpoint
		}
		b.mu.Unlock()
		var we *wire.Error
		if wasLost && errors.As(err, &we) && we.Reason == wire.ReasonAttach {
			return nil, &wire.Error{Reason: wire.ReasonBrowserGone, Message: fmt.Sprintf("the browser at %s that prima was attached to went away, and it does not answer now: %s", endpoint, we.Message)}
		}
	}
	return in, err
}

func (b *Backend) connect(ctx context.Context, name, endpoint, title, version string) (*exec.Instance, error) {
	u, perr := url.Parse(endpoint)
	if perr == nil && u.Scheme == "" {
		if _, serr := os.Stat(endpoint); serr != nil {
			return nil, &wire.Error{Reason: wire.ReasonAttach, Message: fmt.Sprintf("cannot attach to %s: %v", endpoint, serr), Session: title}
		}
	}
	// The driver: prima's own, unless the server is of the minor of
	// another of prima's drivers (a descriptor says its version; a ws://
	// server names it in its refusal of prima's own, HTTP 428). Only then
	// is that driver started: an attach of prima's own minor pays nothing.
	drv := ""
	if v := locate.DriverFor(version); v != browser.DriverVersion {
		drv = v
	}
	if perr == nil && (u.Scheme == "ws" || u.Scheme == "wss") {
		if err := browser.ProbeServer(ctx, endpoint, 2*time.Second); err != nil {
			var me *browser.MismatchError
			if !errors.As(err, &me) {
				return nil, &wire.Error{Reason: wire.ReasonAttach, Message: err.Error(), Session: title}
			}
			m := serverMismatch.FindStringSubmatch(me.Body)
			if m == nil || locate.DriverFor(m[1]) == "" {
				return nil, &wire.Error{Reason: wire.ReasonVersion, Message: attachFailure(endpoint, version, errors.New(me.Body)), Session: title}
			}
			drv, version = locate.DriverFor(m[1]), m[1]
		}
	}
	pw, err := b.driverOf(drv).Start()
	if err != nil {
		var nf *locate.NotFoundError
		if drv != "" && errors.As(err, &nf) {
			return nil, &wire.Error{Reason: wire.ReasonVersion, Session: title, Message: fmt.Sprintf(
				"the Playwright server at %s runs Playwright %s, which prima attaches to through its driver playwright-core %s, and that driver is not installed: %s",
				endpoint, locate.Minor(version), drv, nf.Error())}
		}
		return nil, driverError(err)
	}
	timeout := playwright.Float(float64(browser.AttachTimeout(ctx).Milliseconds()))
	var br playwright.Browser
	if perr == nil && (u.Scheme == "http" || u.Scheme == "https") {
		br, err = pw.Chromium.ConnectOverCDP(endpoint, playwright.BrowserTypeConnectOverCDPOptions{Timeout: timeout})
	} else {
		br, err = pw.Chromium.Connect(endpoint, playwright.BrowserTypeConnectOptions{Timeout: timeout})
	}
	if err != nil {
		reason := wire.ReasonAttach
		if serverMismatch.MatchString(err.Error()) {
			reason = wire.ReasonVersion
		}
		return nil, &wire.Error{Reason: reason, Message: attachFailure(endpoint, version, err), Session: title}
	}
	in, err := exec.NewAttached(name, br, endpoint, title, b.artifacts(name))
	if err != nil {
		br.Close()
		return nil, &wire.Error{Reason: wire.ReasonAttach, Message: fmt.Sprintf("attached to %s but could not open a page there: %v", endpoint, err), Session: title}
	}
	in.Driver = drv
	in.ResearchDir = filepath.Join(b.Home, "research")
	in.Log = b.Log
	in.Devices = pw.Devices
	return in, nil
}

// serverMismatch is how a Playwright server words a client of another
// minor (HTTP 428): "Playwright version mismatch: - server version: v1.65
// - client version: v1.64", in a box.
var serverMismatch = regexp.MustCompile(`server(?: version:)? v(\d+\.\d+)[\s\S]*?client(?: version:)? v(\d+\.\d+)`)

// attachFailure says why a connection failed, without Playwright's call
// log, and for a server of another minor the server command that fits.
func attachFailure(endpoint, version string, err error) string {
	text := err.Error()
	if m := serverMismatch.FindStringSubmatch(text); m != nil {
		return fmt.Sprintf("the Playwright server at %s runs Playwright %s and refuses prima's driver (Playwright %s): a Playwright server accepts clients of its own minor only, and prima has drivers of Playwright %s. "+
			"Run a server of prima's version: npx -y playwright-core@%s run-server --port PORT (or the Playwright %s container image)",
			endpoint, m[1], browser.DriverVersion, minors(), browser.DriverVersion, m[2])
	}
	if i := strings.Index(text, "Call log:"); i > 0 {
		text = strings.TrimSpace(text[:i])
	}
	msg := fmt.Sprintf("cannot attach to %s: %s", endpoint, text)
	if version != "" {
		msg += fmt.Sprintf(" (server Playwright %s, driver %s)", version, browser.DriverVersion)
	}
	return msg
}

// minors names the minors of prima's drivers: "1.64 and 1.65".
func minors() string {
	var ms []string
	for _, v := range locate.DriverVersions {
		ms = append(ms, locate.Minor(v))
	}
	return strings.Join(ms, " and ")
}

// driverError words a driver that cannot start: an attach failure (no
// browser can be reached without it), naming the folder and the fix.
func driverError(err error) error {
	return &wire.Error{Reason: wire.ReasonAttach, Message: err.Error()}
}

func info(in *exec.Instance) wire.Instance {
	kind := "attached"
	if in.Owned {
		kind = "owned"
	}
	driver := in.Driver
	if driver == "" {
		driver = browser.DriverVersion
	}
	return wire.Instance{Name: in.Name, Kind: kind, Program: in.Program, Endpoint: in.Endpoint, Title: in.Title, URL: in.URL(), Connected: in.Connected(), Driver: driver}
}

// open starts (or reuses) a prima-owned Chromium, launching it without
// the backend's lock, and goes to the request's URL. With an endpoint it
// opens the remote browser there instead, never prima's own in its place.
func (b *Backend) open(ctx context.Context, req *wire.OpenRequest) (any, error) {
	var in *exec.Instance
	var err error
	if req.Endpoint != "" {
		name := req.Instance
		if name == "" {
			name = endpointName(req.Endpoint)
		}
		in, err = b.attach(ctx, name, req.Endpoint, "", "")
	} else {
		in, err = b.ownedFor(ctx, req)
	}
	if err != nil {
		return nil, err
	}
	resp := wire.OpenResponse{}
	if req.URL != "" {
		t := req.Target
		t.Instance, t.Endpoint = "", ""
		v, err := b.with(ctx, in, req, t, func(ctx context.Context, in *exec.Instance) *envelope.Envelope {
			return in.Go(ctx, req.URL, false, nil)
		})
		if err != nil {
			return nil, err
		}
		resp.Envelope = v.(wire.EnvelopeResponse).Envelope
	}
	resp.Instance = info(in)
	if req.Endpoint == "" && req.PwSession == "" {
		resp.Later = b.sessionFirst(req.Registry)
	}
	return resp, nil
}

// sessionFirst is the live playwright-cli session that comes before a
// prima-owned browser in the attach order, if any: the one titled
// default, else the only live one.
func (b *Backend) sessionFirst(registry string) string {
	var live []string
	for _, br := range b.list(registry).Browsers {
		if br.Status == "live" {
			live = append(live, br.Title)
		}
	}
	switch {
	case slices.Contains(live, "default"):
		return "default"
	case len(live) == 1:
		return live[0]
	}
	return ""
}

// ownedFor returns the prima-owned instance the request names, launching
// it when it is not running.
func (b *Backend) ownedFor(ctx context.Context, req *wire.OpenRequest) (*exec.Instance, error) {
	name := req.Instance
	if name == "" {
		name = "prima"
	}
	in, release, err := b.reserve(ctx, name)
	if err != nil {
		return nil, err
	}
	if in != nil && !in.Owned {
		release(nil)
		return nil, wire.Errorf(wire.ReasonUsage, "instance %q is an attached session, not a prima-owned browser", name)
	}
	if in != nil && in.Connected() && req.Profile != "" && in.Profile != req.Profile {
		release(nil)
		return nil, wire.Errorf(wire.ReasonUsage, "instance %q runs on %s; close it first (prima browser close --instance %s), or open another --instance", name, profileName(in.Profile), name)
	}
	if in != nil && in.Connected() {
		release(nil)
		return in, nil
	}
	if in != nil {
		in.Close()
	}
	in, err = b.launch(ctx, name, req)
	release(in)
	return in, err
}

// profileName names an instance's profile in a message.
func profileName(dir string) string {
	if dir == "" {
		return "a fresh profile"
	}
	return "the profile " + dir
}

// launch starts a browser: the one the caller found (its flags and
// environment), else the first the daemon's environment finds.
func (b *Backend) launch(ctx context.Context, name string, req *wire.OpenRequest) (*exec.Instance, error) {
	pw, err := b.driver.Start()
	if err != nil {
		return nil, driverError(err)
	}
	path := req.BrowserPath
	if path == "" {
		found, err := locate.FindBrowser(ctx, "", "", os.Getenv)
		if err != nil {
			return nil, &wire.Error{Reason: wire.ReasonAttach, Message: err.Error()}
		}
		path = found.Launched(req.Headed)
	}
	timeout := 30 * time.Second
	if dl, ok := ctx.Deadline(); ok && time.Until(dl) < timeout {
		timeout = max(time.Until(dl), time.Second)
	}
	in, err := exec.NewOwned(pw, name, browser.LaunchOptions{Path: path, Headed: req.Headed, Timeout: timeout, Profile: req.Profile}, b.artifacts(name))
	if err != nil {
		text := err.Error()
		if i := strings.Index(text, "Call log:"); i > 0 {
			text = strings.TrimSpace(text[:i])
		}
		return nil, &wire.Error{Reason: wire.ReasonAttach, Message: fmt.Sprintf("could not launch the browser %s: %s", path, text)}
	}
	in.ResearchDir = filepath.Join(b.Home, "research")
	in.Log = b.Log
	in.Devices = pw.Devices
	return in, nil
}

func (b *Backend) list(registry string) wire.ListResponse {
	resp := wire.ListResponse{Browsers: []wire.Browser{}}
	for _, d := range b.registry(registry).List() {
		resp.Browsers = append(resp.Browsers, wire.Browser{Title: d.Title, Endpoint: d.Endpoint, Version: d.Version, Status: string(d.Status), Problem: d.Problem, Path: d.Path})
	}
	resp.Instances = b.Instances()
	resp.Drivers = locate.DriverVersions
	return resp
}

func (b *Backend) close(ctx context.Context, t wire.Target) (any, error) {
	in, err := b.instanceFor(ctx, t)
	if err != nil {
		return nil, err
	}
	if err := in.Lock(ctx); err != nil {
		return nil, wire.Errorf(wire.ReasonBusy, "%v", err)
	}
	in.Close()
	in.Unlock()
	b.mu.Lock()
	delete(b.instances, in.Name)
	delete(b.remotes, in.Name)
	b.mu.Unlock()
	return wire.Closed{Instance: info(in)}, nil
}

// goal runs r's goal (from the caller's words or a goal file) on an
// instance, from the goal file's URL when it names one.
func (b *Backend) goal(r *wire.GoalRequest) (func(context.Context, *exec.Instance) *envelope.Envelope, error) {
	m, err := b.goalModel(r.Config)
	if err != nil {
		return nil, err
	}
	data := map[string]string{}
	for k, v := range r.Secrets {
		data[k] = v
	}
	for k, v := range r.Data {
		data[k] = v
	}
	spec := goal.Spec{Goal: r.Goal, Verify: r.Verify, Data: data, Seed: r.Seed, NoGenerate: r.NoGenerate, Budget: r.Budget()}
	if err := spec.Check(); err != nil {
		return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
	}
	return func(ctx context.Context, in *exec.Instance) *envelope.Envelope {
		if r.URL != "" {
			if env := in.Go(ctx, r.URL, false, nil); !env.OK {
				return env
			}
		}
		return steps.Goal(ctx, in, spec, m)
	}, nil
}
