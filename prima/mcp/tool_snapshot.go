package mcp

import (
	"context"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addSnapshotTool registers the snapshot tool.
func (s *Server) addSnapshotTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "snapshot",
		Description: "The current page as a compact accessibility (ARIA) tree with refs ([ref=e5]; [ref=f1e3] inside iframes), with its url and title. Acts on nothing. " +
			"Call it when you start, after a navigation, or when you need refs for a part of the page that changed; not after every action, since each action's Changes already says what changed. " +
			"Refs belong to the page as this snapshot saw it and die when it changes; a dead ref fails with stale_ref and never acts on another element. " +
			"A big page is outlined within a byte budget: long lists and deep parts collapse into one line each that says how many elements it holds and the snapshot call that lists them (ref, grep, full). " +
			"html: true gives compact markup instead, for controls the tree does not show (act on those with a Playwright selector, not a ref)." + looks,
		InputSchema: object(
			opt("html", boolean("Compact markup instead of the ARIA tree (default false).")),
			opt("ref", str("Only this element's subtree (a ref from an earlier snapshot or a collapsed line).")),
			opt("grep", str("Only the elements whose line holds this text, with their ancestors and their own subtrees (e.g. a table row's text).")),
			opt("depth", integer("Show this many levels; 0 or absent: all.", 0, 1000)),
			opt("full", boolean("Everything, past the byte budget (large on big pages).")),
			opt("interactive", boolean("Only the elements you can act on, each with its ref and its container: the cheapest look (grep narrows it).")),
		),
		Annotations: readOnly("Snapshot the page"),
	}, func(ctx context.Context, in snapshotIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		return envelopeResult(c.Snapshot(ctx, wire.SnapshotRequest{Target: t, HTML: in.HTML, Ref: in.Ref, Grep: in.Grep, Depth: in.Depth, Full: in.Full, Interactive: in.Interactive}))
	})
}
