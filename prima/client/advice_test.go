package client

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/prima/wire"
)

// One table of advice, in each front end's words: the command line names
// its commands, the MCP server its tools and what only the user can do.
func TestAdviceSpeaksEachSurfacesWords(t *testing.T) {
	for _, c := range []struct {
		e        *wire.Error
		cli, mcp string
	}{
		{&wire.Error{Reason: wire.ReasonNoBrowser}, "prima browser open URL", "call browser_open with a url"},
		{&wire.Error{Reason: wire.ReasonNoBrowser, Session: "work"}, "restart it (playwright-cli -s=work open URL)", "ask the user to restart it"},
		{&wire.Error{Reason: wire.ReasonAmbiguousSession, Titles: []string{"a", "b"}}, "(a, b): choose one with --pw-session TITLE", "ask the user to choose one with prima mcp --pw-session TITLE"},
		{&wire.Error{Reason: wire.ReasonSessionNotFound, Session: "x"}, "start it: playwright-cli -s=x open URL", "ask the user to start it"},
		{&wire.Error{Reason: wire.ReasonNoInstance}, "prima browser list", "call browser_list"},
		{&wire.Error{Reason: wire.ReasonAttach}, "prima browser list", "call browser_list"},
	} {
		if got := Advice(c.e, CLI); !strings.Contains(got, c.cli) {
			t.Errorf("%s: the command line's advice %q lacks %q", c.e.Reason, got, c.cli)
		}
		if got := Advice(c.e, MCP); !strings.Contains(got, c.mcp) {
			t.Errorf("%s: the MCP advice %q lacks %q", c.e.Reason, got, c.mcp)
		}
	}
	if got := Advice(&wire.Error{Reason: "usage"}, CLI); got != "" {
		t.Errorf("a code whose message says it all got advice %q", got)
	}
}
