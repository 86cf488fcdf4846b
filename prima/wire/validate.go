package wire

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"strings"
	"time"

	"github.com/prima-dev/prima/envelope"
)

// UsageError is a request that can never succeed as written. The client
// returns it before anything is sent, the daemon before anything runs.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func (e *UsageError) FailureCode() envelope.Code { return envelope.CodeUsage }

func usagef(format string, a ...any) error { return &UsageError{fmt.Sprintf(format, a...)} }

// Validator is a request that can check itself without a browser.
type Validator interface{ Validate() error }

// ErrSemantic marks a go target that is neither a URL nor a path: a
// description of where to go, for the judge.
var ErrSemantic = errors.New("a semantic target")

// NeedsPageError is a relative go target with no http(s) page to resolve
// it against.
type NeedsPageError struct{ Target, Current string }

func (e *NeedsPageError) Error() string {
	return fmt.Sprintf("go %s: a relative path needs a current http(s) page, and the page is at %q; give a full URL", e.Target, e.Current)
}

func (e *NeedsPageError) FailureCode() envelope.Code { return envelope.CodeUsage }

// hostPort is a bare host and port: localhost:3000, 127.0.0.1:8080/a.
var hostPort = regexp.MustCompile(`^[A-Za-z0-9.-]+:[0-9]{1,5}([/?#]|$)`)

// ResolveURL turns a go target into an absolute http(s) URL against the
// current page's URL. It returns ErrSemantic for a description, a
// *NeedsPageError for a relative path without a page, a *UsageError for
// anything that can never be a target.
func ResolveURL(current, target string, allowSchemes bool) (*url.URL, error) {
	target = strings.TrimSpace(target)
	if target == "" {
		return nil, &UsageError{"go needs a URL or a path"}
	}
	if hostPort.MatchString(target) {
		// localhost:3000 is a host and a port, as a browser's address bar
		// takes it, not a localhost: scheme.
		target = "http://" + target
	}
	u, err := url.Parse(target)
	if err != nil {
		return nil, usagef("go: %q is not a URL: %v", target, err)
	}
	if u.Scheme != "" {
		if u.Scheme != "http" && u.Scheme != "https" && !allowSchemes {
			return nil, usagef("go refuses %s: URLs (only http and https are allowed)", u.Scheme)
		}
		if (u.Scheme == "http" || u.Scheme == "https") && (u.Host == "" || !strings.HasPrefix(target[len(u.Scheme)+1:], "//")) {
			return nil, usagef("go %s: the URL has no host; write it like %s://host/path", envelope.Clip(target, 200), u.Scheme)
		}
		return u, nil
	}
	if !strings.HasPrefix(target, "/") && !strings.HasPrefix(target, "./") && !strings.HasPrefix(target, "../") && !strings.HasPrefix(target, "?") {
		if strings.Contains(target, ".") && !strings.Contains(target, " ") {
			if h, err := url.Parse("http://" + target); err == nil && strings.Contains(h.Host, ".") {
				return h, nil
			}
		}
		return nil, ErrSemantic
	}
	base, err := url.Parse(current)
	if err != nil || (base.Scheme != "http" && base.Scheme != "https") {
		return nil, &NeedsPageError{Target: target, Current: current}
	}
	return base.ResolveReference(u), nil
}

// checkURL accepts what may still succeed once a page is known: a URL, a
// relative path, a semantic target.
func checkURL(target string, allowSchemes bool) error {
	_, err := ResolveURL("about:blank", target, allowSchemes)
	var np *NeedsPageError
	if errors.Is(err, ErrSemantic) || errors.As(err, &np) {
		return nil
	}
	return err
}

// Request is every command request the daemon runs: it checks itself
// and names the command's deadline.
type Request interface {
	Validator
	Timeout() time.Duration
}

// DefaultTimeout is a command's deadline when the caller sets none.
const DefaultTimeout = 30 * time.Second

// Validate: a target alone needs no check.
func (t Target) Validate() error { return nil }

// Timeout is the command's deadline as the caller set it, else
// DefaultTimeout.
func (t Target) Timeout() time.Duration {
	if t.TimeoutMS <= 0 {
		return DefaultTimeout
	}
	return time.Duration(t.TimeoutMS) * time.Millisecond
}

// Requests maps each command route to a new request of its type: the
// daemon decodes into it, validates it, and hands it to its backend.
var Requests = map[string]func() Request{}

// Where is the browser the request is for.
func (t Target) Where() Target { return t }
