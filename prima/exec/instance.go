// Package exec is prima's executor of one instance: the Instance (a
// browser prima drives, its lock, its journal) and its commands, every
// acting one through the one act-and-observe path of prima/engine.
package exec

import (
	"context"
	"errors"
	"io"
	"log"
	"sync"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/emulate"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/export"
	"github.com/prima-dev/prima/prima/video"
)

// Instance is one browser prima drives: its own Chromium or an attached
// one. Commands on an instance are serialized by its lock.
type Instance struct {
	*browser.Instance
	// ArtifactsDir receives per-command files such as network.jsonl.
	ArtifactsDir string
	// ResearchDir holds research maps, one file per state id.
	ResearchDir string
	// Log is the daemon's log: a bug's stack goes there, not to the caller.
	Log *log.Logger
	// Devices are the driver's device descriptors, by name: the names
	// `set device` takes.
	Devices map[string]*playwright.DeviceDescriptor

	// lock is held by the command running on the instance (a channel, so
	// that a command waiting for it gives up at its own deadline).
	lock   chan struct{}
	states states
	// eng acts on the instance's pages and keeps its views.
	eng *engine.Engine

	// verified holds the claims verify's assertions proved on the page
	// as verifiedOn shows it, values and text included; a page that shows
	// anything else forgets them.
	verified   []string
	verifiedOn *engine.View

	// journal is what the instance's commands proved since it opened or
	// attached, masked and redacted, for `prima export`; pending holds
	// the running command's steps until its envelope is cleaned.
	journal []export.Step
	pending []export.Step
	// routes are prima's routes (`prima route`), on the contexts they
	// were added to.
	routes []*route
	// trace is the Playwright trace `prima trace start` began, nil when
	// none is recording.
	trace *tracing
	// video holds the recording `prima video start` began.
	video video.Recorder
	// tabs are the tabs' DevTools sessions that hold a locale, time zone
	// or device prima set.
	tabs emulate.Tabs
	// raised is the journal index of the action whose dialog is open, -1
	// when none is.
	raised int
	// downloads is the folder `set download-dir` named, "" for each
	// command's artifacts folder.
	downloads string
}

// NewOwned launches prima's own Chromium as an instance.
func NewOwned(pw *playwright.Playwright, name string, o browser.LaunchOptions, artifacts string) (*Instance, error) {
	b, err := browser.Launch(pw, name, o)
	if err != nil {
		return nil, err
	}
	return newInstance(b, artifacts), nil
}

// NewAttached wraps a browser prima connected to.
func NewAttached(name string, b playwright.Browser, endpoint, title, artifacts string) (*Instance, error) {
	in, err := browser.Attach(name, b, endpoint, title)
	if err != nil {
		return nil, err
	}
	return newInstance(in, artifacts), nil
}

func newInstance(b *browser.Instance, artifacts string) *Instance {
	return &Instance{
		Instance: b, ArtifactsDir: artifacts,
		lock:   make(chan struct{}, 1),
		states: states{visits: map[string]int{}},
		eng:    engine.New(b),
		Log:    log.New(io.Discard, "", 0),
		raised: -1,
	}
}

// Lock serializes commands on the instance: it waits for the command
// holding it, then for what an earlier command left running in the page
// (unless a dialog holds that: answering it is a command too), both
// within ctx. A command that cannot start in its time gets a BusyError.
func (in *Instance) Lock(ctx context.Context) error {
	select {
	case in.lock <- struct{}{}:
	case <-ctx.Done():
		return &engine.BusyError{What: "another command is still running on this browser"}
	}
	if in.Obs.Dialog() != nil {
		return nil
	}
	if err := in.eng.Join(ctx); err != nil {
		<-in.lock
		return err
	}
	return nil
}

// Unlock lets the next command run.
func (in *Instance) Unlock() { <-in.lock }

// Engine is the instance's act-and-observe engine: the commands made of
// several steps (prima/steps) read views and act on elements through it,
// as exec's own do.
func (in *Instance) Engine() *engine.Engine { return in.eng }

// Visits is how many times the instance arrived at state id: do's ladder
// prefers a state's research map from the visit its config names.
func (in *Instance) Visits(id string) int { return in.states.count(id) }

// CountVisit counts an arrival at state id when it is not the state seen
// last, as Begin does; for goal's page, which observes without Begin.
func (in *Instance) CountVisit(id string) { in.states.observe(id) }

// states counts visits per state id. A visit is an arrival: the state
// differs from the one seen last.
type states struct {
	mu     sync.Mutex
	visits map[string]int
	last   string
}

func (s *states) count(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.visits[id]
}

func (s *states) observe(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id != s.last {
		s.visits[id]++
		s.last = id
	}
	return s.visits[id]
}

var errNoTarget = errors.New("no target given")
