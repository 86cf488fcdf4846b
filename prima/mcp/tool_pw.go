package mcp

import (
	"context"
	"strings"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addPwTool registers the pw tool.
func (s *Server) addPwTool() {
	c := s.o.Client
	actions := "click, dblclick, hover, fill, type, press, check, uncheck, select, focus, clear, upload, drag"
	actionSchema := str("The action (with target). One of: " + actions + ".")
	if len(s.o.Actions) > 0 {
		actions = strings.Join(s.o.Actions, ", ")
		actionSchema = enum("The action (with target).", s.o.Actions...)
	}
	add(s, &sdk.Tool{
		Name: "pw",
		Description: "Do one direct action on exactly one element: no AI, no healing, never a substitute element. Give exactly one of two forms: " +
			"{action, target, values?} or {line}. action: " + actions + ". " +
			"target: a ref from the latest snapshot (e5, f1e3) or any Playwright selector (#email, text=Save, role=button[name=\"Save\"]). " +
			"values: the text for fill and type, the key for press (Enter, Control+a), one or more options for select, files for upload, the drop target for drag. " +
			"line: one Playwright statement such as page.getByRole('button', { name: 'Save' }).click(); every used: line prima prints is accepted back. " +
			"Failures name their cause: not_found, ambiguous (with the candidates' refs), stale_ref, not_actionable (disabled, covered: why), value_mismatch (what the field holds)." + acts,
		InputSchema: object(
			opt("action", actionSchema),
			opt("target", str("A ref (e5, f1e3) or a Playwright selector; with action.")),
			opt("values", strs("With action: fill/type text, press key, select options (several for a multi-select), upload files (absolute paths, or relative to the server's folder), drag's drop target.", 0)),
			opt("line", str("Instead of action/target: one Playwright line, e.g. page.getByLabel('Name').fill('Ada').")),
			opt("button", enum("Click with this mouse button (default left).", "left", "right", "middle")),
			opt("modifiers", modifiers()),
			opt("count", integer("Click this many times (default 1).", 1, 10)),
		),
		Annotations: acting("Act on one element"),
	}, func(ctx context.Context, in pwIn) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		line := strings.TrimSpace(in.Line) != ""
		form := in.Action != "" || in.Target != "" || len(in.Values) > 0
		switch {
		case line && form:
			return nil, usagef("pw: give either {action, target, values?} or {line}, not both")
		case !line && !form:
			return nil, usagef("pw: give {action, target, values?} (e.g. {\"action\":\"click\",\"target\":\"e5\"}) or {line} (a Playwright line)")
		case !line && (in.Action == "" || strings.TrimSpace(in.Target) == ""):
			return nil, usagef("pw: action and target go together: an action (%s) and a ref or selector", actions)
		}
		return envelopeResult(c.Pw(ctx, wire.PwRequest{Target: t, Action: in.Action, Ref: in.Target, Values: in.Values,
			Line: in.Line, Button: in.Button, Modifiers: in.Modifiers, Count: in.Count}))
	})
}
