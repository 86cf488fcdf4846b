package wire

import (
	"slices"
	"strings"
	"time"
)

// WaitRequest is `prima wait text TEXT | gone TEXT | DURATION |
// visible|hidden|attached|detached TARGET | url PATTERN | load [STATE] | js EXPRESSION |
// download`.
type WaitRequest struct {
	Target
	For   string `json:"for"`
	Value string `json:"value,omitempty"`
}

// waitStates are the element states a wait takes, as Playwright names them.
var waitStates = []string{"visible", "hidden", "attached", "detached"}

// LoadStates are the load states `wait load` takes; load is the default.
var LoadStates = []string{"load", "domcontentloaded", "networkidle"}

// Duration is how long a bare wait waits (valid after Validate; 0 for
// the other waits).
func (r WaitRequest) Duration() time.Duration {
	d, err := time.ParseDuration(r.For)
	if err != nil {
		return 0
	}
	return d
}

// ElementState is the state an element wait waits for, "" for the
// other waits.
func (r WaitRequest) ElementState() string {
	if slices.Contains(waitStates, r.For) {
		return r.For
	}
	return ""
}

// Validate: each wait takes the value it needs; a bare wait is a
// duration shorter than the command's own time.
func (r WaitRequest) Validate() error {
	switch r.For {
	case "text", "gone", "url", "js":
		if strings.TrimSpace(r.Value) == "" {
			return usagef("%s needs %s", r.For, map[string]string{"text": "a TEXT", "gone": "a TEXT", "url": "a URL PATTERN (a glob like **/orders/*)", "js": "a JavaScript EXPRESSION"}[r.For])
		}
	case "visible", "hidden", "attached", "detached":
		if strings.TrimSpace(r.Value) == "" {
			return usagef("%s needs a TARGET: a ref (e5) or a Playwright selector", r.For)
		}
	case "download":
		if r.Value != "" {
			return usagef("download takes nothing after it (got %q): it saves where prima set download-dir says, else into the command's artifacts folder", r.Value)
		}
	case "load":
		if r.Value != "" && !slices.Contains(LoadStates, r.Value) {
			return usagef("load takes %s (default load), not %q", strings.Join(LoadStates, ", "), r.Value)
		}
	default:
		d, err := time.ParseDuration(r.For)
		if err != nil || d <= 0 {
			return usagef("%q is not a duration (like 1500ms or 2s), nor text, gone, visible, hidden, attached, detached, url, load, js or download", r.For)
		}
		if r.Value != "" {
			return usagef("a duration takes nothing after it (got %q)", r.Value)
		}
		if limit := r.Timeout(); d >= limit {
			return usagef("wait %s is not shorter than the command's time (--timeout %s)", d, limit)
		}
	}
	return nil
}

func init() {
	register(Command{
		Name: "wait",
		Usage: "Wait (bounded by --timeout) for a text, for a text to go, for a duration, for an element's state, " +
			"for the URL, for a load state, for a JavaScript condition or for a download, and report the Changes",
		Detail: "text TEXT, gone TEXT: whole words, visible ones only. visible|hidden|attached|detached TARGET: a ref or a " +
			"Playwright selector (hidden and detached also hold for an element that is not there). url PATTERN: the selected " +
			"tab's URL matches the glob. load [load|domcontentloaded|networkidle]. js EXPRESSION: a JavaScript expression that " +
			"becomes truthy. DURATION: 1500ms, 2s. download: the downloads started and not saved yet (one a page began after its " +
			"action settled, one still running when its action's time ran out), else the next to start; each is saved like an " +
			"action's (prima set download-dir, else the artifacts folder) and named in Events with its path, size and sha256; " +
			"one that fails is named failed (code navigation). The envelope's Changes run to after the wait from prima's last view of " +
			"the page while the tab holds the same document (what the page did since the previous command too; a note says so), " +
			"else from before the wait; what does not happen in time is a timeout naming what was waited for.",
		Title: "Wait",
		Params: []Param{
			{Key: "for", Kind: KindText, Word: true, Required: true, Help: "text, gone, visible, hidden, attached, detached, url, load, js, download, or a DURATION (1500ms)."},
			{Key: "value", Kind: KindString, Word: true, Help: "The text, target, URL pattern, load state or expression it waits for."},
		},
		New: func() Request { return &WaitRequest{} },
	})
}
