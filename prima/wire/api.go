// Package wire is the one schema the prima CLI, the MCP server, the client
// and the daemon share: versioned routes, requests that validate
// themselves, responses, error codes, and where the daemon's socket is.
package wire

import (
	"encoding/json"
	"fmt"
	"path/filepath"

	"github.com/prima-dev/prima/envelope"
)

// Routes, sorted. Every request is a POST with a JSON body.
const (
	RouteStatus = "/v0/status"
	RouteStop   = "/v0/stop"
)

// SocketPath is the daemon's socket under home.
func SocketPath(home string) string { return filepath.Join(home, "prima.sock") }

// Target says which browser a command is for. Empty fields follow the
// attach order: endpoint, playwright-cli session, the session titled
// "default", the only live session, a prima-owned browser.
type Target struct {
	Endpoint  string `json:"endpoint,omitempty"`
	PwSession string `json:"pw_session,omitempty"` // from --pw-session or PLAYWRIGHT_CLI_SESSION (read by the CLI)
	Instance  string `json:"instance,omitempty"`
	TimeoutMS int64  `json:"timeout_ms,omitempty"` // the whole command's deadline
	// Secrets bind {{NAME}} in values and instructions; envelopes,
	// artifacts and model messages show only the names.
	Secrets map[string]string `json:"secrets,omitempty"`
	// Dialog answers a dialog the command raises: accept, dismiss, or a
	// text to accept a prompt with; empty leaves it open and reports it.
	Dialog string `json:"dialog,omitempty"`
	// Dir is the caller's working folder: relative file names are its.
	Dir string `json:"dir,omitempty"`
	// Registry is the Playwright browser-server registry folder as the
	// caller's environment places it (XDG_CACHE_HOME, HOME): the daemon
	// may have been started from another environment.
	Registry string `json:"registry,omitempty"`
}

// EnvelopeResponse carries a command's envelope.
type EnvelopeResponse struct {
	Envelope *envelope.Envelope `json:"envelope"`
}

// Browser is one attachable browser server.
type Browser struct {
	Title    string `json:"title"`
	Endpoint string `json:"endpoint"`
	Version  string `json:"version"`
	Status   string `json:"status"` // live | stale | corrupt
	Problem  string `json:"problem,omitempty"`
	Path     string `json:"path"`
}

// Instance is a browser the daemon holds.
type Instance struct {
	Name      string `json:"name"`
	Kind      string `json:"kind"`              // owned | attached
	Program   string `json:"program,omitempty"` // owned: the executable prima launched
	Endpoint  string `json:"endpoint,omitempty"`
	Title     string `json:"title,omitempty"`
	URL       string `json:"url,omitempty"`
	Connected bool   `json:"connected"`
	Driver    string `json:"driver,omitempty"` // the playwright-core version it was reached through
}

// StatusResponse is `prima daemon status`.
type StatusResponse struct {
	PID       int        `json:"pid"`
	Socket    string     `json:"socket"`
	UptimeMS  int64      `json:"uptime_ms"`
	IdleMS    int64      `json:"idle_exit_ms"`
	Instances []Instance `json:"instances"`
}

// The reasons a request failed with no envelope: each is one failure
// code of the one list (envelope.Codes, by EnvelopeCode), which the wire
// carries as the error's code; the reason says which way it failed.
const (
	ReasonUsage            = "usage"             // the request can never succeed as written
	ReasonNoBrowser        = "no_browser"        // nothing to attach to
	ReasonAmbiguousSession = "ambiguous_session" // several live sessions, none chosen
	ReasonSessionNotFound  = "session_not_found" // the named session is not live
	ReasonVersion          = "version_mismatch"  // browser server and driver cannot work together
	ReasonAttach           = "endpoint_refused"  // the endpoint did not accept prima
	ReasonNoInstance       = "no_instance"       // --instance names nothing
	ReasonBrowserGone      = "browser_gone"      // the attached browser went away and does not answer
	ReasonBusy             = "busy"              // the browser was busy with an earlier command past this one's deadline
	ReasonOverran          = "overran"           // the command ran past its deadline; the daemon answered for it
	ReasonInternal         = "internal"
)

// EnvelopeCode is the failure code of the one list (envelope.Codes) a
// reason belongs to: every way of not reaching a browser is attach.
func EnvelopeCode(reason string) envelope.Code {
	switch reason {
	case ReasonUsage:
		return envelope.CodeUsage
	case ReasonBrowserGone:
		return envelope.CodeBrowserGone
	case ReasonBusy, ReasonOverran:
		return envelope.CodeTimeout
	case ReasonNoBrowser, ReasonAmbiguousSession, ReasonSessionNotFound, ReasonVersion, ReasonAttach, ReasonNoInstance:
		return envelope.CodeAttach
	}
	return envelope.CodeInternal
}

// Error is the wire form of a failure that produced no envelope: its code
// is one of the envelope's (the one list), its reason which way it failed
// ({"code": "attach", "reason": "no_browser", …}).
type Error struct {
	Reason  string   `json:"reason"`
	Message string   `json:"message"`
	Titles  []string `json:"titles,omitempty"` // live session titles, when relevant
	Session string   `json:"session,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// Code is the error's failure code, one of envelope.Codes.
func (e *Error) Code() envelope.Code { return EnvelopeCode(e.Reason) }

// MarshalJSON writes the error with its code beside its reason.
func (e *Error) MarshalJSON() ([]byte, error) {
	type plain Error
	return json.Marshal(struct {
		Code envelope.Code `json:"code"`
		*plain
	}{e.Code(), (*plain)(e)})
}

// Errorf builds an Error.
func Errorf(reason, format string, a ...any) *Error {
	return &Error{Reason: reason, Message: fmt.Sprintf(format, a...)}
}

// ErrorResponse wraps Error on the wire: {"error": {...}}.
type ErrorResponse struct {
	Error *Error `json:"error"`
}
