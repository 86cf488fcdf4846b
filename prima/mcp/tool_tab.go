package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addTabTool registers the tab tool.
func (s *Server) addTabTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "tab",
		Description: "The tabs of the browser: list them ([N] title url, the selected one marked), open a new one (with url), select one, or close one " +
			"(the selected one without index). prima acts on the selected tab; a tab an action opens is reported under Events, not selected. " +
			"list works while a dialog is open." + proves + refsDie,
		InputSchema: object(
			req("op", enum("What to do.", "list", "new", "select", "close")),
			opt("index", integer("The tab number as list prints it (1-based): required for select, optional for close.", 1, 0)),
			opt("url", str("For new: the page to open (default blank).")),
		),
		Annotations: acting("Tabs"),
	}, func(ctx context.Context, in tabIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		switch {
		case in.Op == "select" && in.Index == 0:
			return nil, usagef("tab: select needs index: the tab number as tab list prints it")
		case in.Index != 0 && in.Op != "select" && in.Op != "close":
			return nil, usagef("tab: %s takes no index", in.Op)
		case in.URL != "" && in.Op != "new":
			return nil, usagef("tab: %s takes no url (only new does)", in.Op)
		}
		return envelopeResult(c.Tab(ctx, wire.TabRequest{Target: t, Op: in.Op, Index: in.Index, URL: in.URL}))
	})
}
