package exec

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/wire"
)

func init() { Runs((*Instance).Trace) }

// tracing is the trace prima is recording: the context it records and
// since when.
type tracing struct {
	on    playwright.BrowserContext
	since time.Time
}

// Trace starts a Playwright trace of the selected page's browser context,
// or stops it and writes the zip. It acts on nothing.
func (in *Instance) Trace(ctx context.Context, r *wire.TraceRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: "trace " + r.Op}
	if r.File != "" {
		env.Command += " " + r.File
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	in.looked(env, before)
	bc := page.Context()
	if in.trace != nil && in.trace.on != bc {
		in.trace = nil // its context is gone, and the trace with it
	}
	if r.Op == "start" {
		if in.trace != nil {
			in.Fail(env, &TraceError{Why: fmt.Sprintf("a trace is already recording (since %s ago): prima trace stop FILE writes it", time.Since(in.trace.since).Round(time.Second))}, before)
			return env
		}
		err := bc.Tracing().Start(playwright.TracingStartOptions{Screenshots: playwright.Bool(true), Snapshots: playwright.Bool(true), Title: playwright.String("prima")})
		if err != nil {
			in.Fail(env, &TraceError{Why: "Playwright did not start it (the browser may be recording a trace of its own): " + err.Error()}, before)
			return env
		}
		in.trace = &tracing{on: bc, since: time.Now()}
		env.Answer, env.OK = "recording a trace of every tab: prima trace stop FILE writes it", true
		return env
	}
	if in.trace == nil {
		in.Fail(env, &TraceError{Why: "no trace is recording: prima trace start begins one"}, before)
		return env
	}
	path := requestOf(ctx).path(r.File)
	if r.File == "" {
		var err error
		if path, err = in.artifactPath("trace.zip"); err != nil {
			in.Fail(env, err, nil)
			return env
		}
	}
	took := time.Since(in.trace.since)
	in.trace = nil
	if err := bc.Tracing().Stop(path); err != nil {
		in.Fail(env, &TraceError{Why: "the trace could not be written to " + path + ": " + err.Error()}, before)
		return env
	}
	st, err := os.Stat(path)
	if err != nil {
		in.Fail(env, &TraceError{Why: "the trace was not written to " + path + ": " + err.Error()}, before)
		return env
	}
	env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: filepath.Base(path), Path: path})
	env.Answer = fmt.Sprintf("a trace of %s, %d bytes: npx playwright show-trace %s", took.Round(time.Second), st.Size(), path)
	env.OK = true
	return env
}

// TraceError: a trace could not be started, was not recording, or could
// not be written.
type TraceError struct{ Why string }

func (e *TraceError) Error() string { return "trace: " + e.Why }

// FailureCode: each is the caller's to fix (stop before start, a folder
// that cannot be written).
func (e *TraceError) FailureCode() envelope.Code { return envelope.CodeUsage }
