package client

import (
	"fmt"
	"strings"

	"github.com/prima-dev/prima/prima/wire"
)

// Surface is how a front end names what a user or a model does next: the
// command line's commands, or the MCP server's tools.
type Surface struct {
	OpenOwn string // start prima's own browser
	List    string // see the browsers and instances
	Choose  string // pick one playwright-cli session
	// How what only a user can do is asked for ("" for the user at the
	// command line; "ask the user to " for a model).
	User string
}

// CLI and MCP are the two front ends' surfaces.
var (
	CLI = Surface{OpenOwn: "prima browser open URL", List: "prima browser list",
		Choose: "--pw-session TITLE or PLAYWRIGHT_CLI_SESSION=TITLE"}
	MCP = Surface{OpenOwn: "call browser_open with a url", List: "call browser_list",
		Choose: "prima mcp --pw-session TITLE (or PLAYWRIGHT_CLI_SESSION=TITLE)", User: "ask the user to "}
)

// Advice is the one place that turns a daemon error's code into what to do
// next, in the words of a front end; "" when the message says it all.
func Advice(e *wire.Error, s Surface) string {
	switch e.Reason {
	case wire.ReasonNoBrowser:
		if e.Session != "" {
			return fmt.Sprintf("the playwright-cli session %q is gone: %srestart it (playwright-cli -s=%s open URL), or use prima's own browser: %s", e.Session, s.User, e.Session, s.OpenOwn)
		}
		return fmt.Sprintf("use prima's own browser: %s (or %sstart a playwright-cli session: playwright-cli open URL)", s.OpenOwn, s.User)
	case wire.ReasonAmbiguousSession:
		return fmt.Sprintf("several playwright-cli sessions are live (%s): %schoose one with %s; or use prima's own browser: %s", strings.Join(e.Titles, ", "), s.User, s.Choose, s.OpenOwn)
	case wire.ReasonSessionNotFound:
		if len(e.Titles) > 0 {
			return fmt.Sprintf("that session is not live; live sessions: %s (%schoose one with %s)", strings.Join(e.Titles, ", "), s.User, s.Choose)
		}
		return fmt.Sprintf("%sstart it: playwright-cli -s=%s open URL", s.User, e.Session)
	case wire.ReasonVersion:
		return "use a playwright-cli or Playwright server on a Playwright version prima attaches to (prima version lists them; @playwright/cli 0.1.22 runs 1.64), or a prima release whose driver matches it"
	case wire.ReasonBrowserGone:
		return "the remote browser is down: once it is back, the next command reconnects (its pages are new)"
	case wire.ReasonNoInstance:
		return "see the instances: " + s.List
	case wire.ReasonAttach:
		return "check the endpoint is live: " + s.List
	case wire.ReasonOverran:
		return "look at the page (a snapshot) before repeating it; a longer --timeout gives a slow page more time"
	}
	return ""
}
