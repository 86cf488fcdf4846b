package mcp

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addBrowserOpenTool registers the browser_open tool.
func (s *Server) addBrowserOpenTool() {
	c := s.o.Client
	add(s, &sdk.Tool{
		Name: "browser_open",
		Description: "Start prima's own headless Chromium (the open one is reused) and, with url, load that page. " +
			"Use it when a tool says there is no browser. With a url the result is the navigation's envelope: Page shows where it landed " +
			"(redirects included), and a main document answering 400 or more is a failure (http_status). " +
			"While a playwright-cli session is live, the other tools attach to that session rather than to this browser (browser_list shows what is there)." + proves,
		InputSchema: object(
			opt("url", str("The page to load: http(s) URL. Optional: without it the browser opens on a blank page; then call go.")),
			opt("headed", boolean("Show the browser window (default: headless).")),
			opt("profile", str("A folder the browser keeps its profile in (cookies, storage, logins) from one launch to the next; relative to the server's folder. Default: a fresh profile.")),
		),
		Annotations: acting("Open prima's browser"),
	}, func(ctx context.Context, in openIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		req := wire.OpenRequest{Target: t, URL: strings.TrimSpace(in.URL), Headed: in.Headed}
		if in.Profile != "" {
			abs, err := filepath.Abs(in.Profile)
			if err != nil {
				return nil, usagef("browser_open: profile %q: %v", in.Profile, err)
			}
			req.Profile = abs
		}
		if s.o.Browser != nil && t.Endpoint == "" {
			path, err := s.o.Browser(ctx, req.Headed)
			if err != nil {
				return nil, err
			}
			req.BrowserPath = path
		}
		resp, err := c.Open(ctx, req)
		if err != nil {
			return nil, err
		}
		if resp.Envelope != nil {
			return envelopeResult(resp.Envelope, nil)
		}
		return jsonResult(fmt.Sprintf("opened prima-owned Chromium: instance %s (blank page: call go with a URL)", resp.Instance.Name), resp)
	})
}
