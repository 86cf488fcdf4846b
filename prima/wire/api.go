// Package wire is the one schema the prima CLI, the MCP server, the client
// and the daemon share: versioned routes, requests that validate
// themselves, responses, error codes, and where the daemon's socket is.
package wire

import (
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

// Error codes on the wire.
const (
	CodeUsage            = "usage"             // the request can never succeed as written
	CodeNoBrowser        = "no_browser"        // nothing to attach to
	CodeAmbiguousSession = "ambiguous_session" // several live sessions, none chosen
	CodeSessionNotFound  = "session_not_found" // the named session is not live
	CodeVersion          = "version_mismatch"  // browser server and driver cannot work together
	CodeAttach           = "attach_failed"     // the endpoint did not accept prima
	CodeNoInstance       = "no_instance"       // --instance names nothing
	CodeBrowserGone      = "browser_gone"      // the attached browser went away and does not answer
	CodeBusy             = "busy"              // the browser was busy with an earlier command past this one's deadline
	CodeOverran          = "overran"           // the command ran past its deadline; the daemon answered for it
	CodeInternal         = "internal"
)

// EnvelopeCode is the documented failure code (envelope.Code*) a wire
// error code belongs to: every way of not reaching a browser is attach.
func EnvelopeCode(code string) envelope.Code {
	switch code {
	case CodeUsage:
		return envelope.CodeUsage
	case CodeBrowserGone:
		return envelope.CodeBrowserGone
	case CodeBusy, CodeOverran:
		return envelope.CodeTimeout
	case CodeNoBrowser, CodeAmbiguousSession, CodeSessionNotFound, CodeVersion, CodeAttach, CodeNoInstance:
		return envelope.CodeAttach
	}
	return envelope.CodeInternal
}

// Error is the wire form of a failure that produced no envelope.
type Error struct {
	Code    string   `json:"code"`
	Message string   `json:"message"`
	Titles  []string `json:"titles,omitempty"` // live session titles, when relevant
	Session string   `json:"session,omitempty"`
}

func (e *Error) Error() string { return e.Message }

// Errorf builds an Error.
func Errorf(code, format string, a ...any) *Error {
	return &Error{Code: code, Message: fmt.Sprintf(format, a...)}
}

// ErrorResponse wraps Error on the wire: {"error": {...}}.
type ErrorResponse struct {
	Error *Error `json:"error"`
}
