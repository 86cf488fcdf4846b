package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"os/exec"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// mcpSession starts `prima mcp` with the harness's environment and
// connects the go-sdk's own client to it over its stdin and stdout. The
// server's stderr is for reading once it has exited.
func mcpSession(t *testing.T, h *harness, ctx context.Context) (*sdk.ClientSession, *bytes.Buffer) {
	t.Helper()
	cmd := exec.Command(primaBin, "mcp")
	cmd.Dir, cmd.Env = h.cwd, h.env
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "prima-e2e", Version: "0"}, nil).Connect(ctx, &sdk.CommandTransport{Command: cmd}, nil)
	if err != nil {
		t.Fatalf("connect to prima mcp: %v\n%s", err, stderr.String())
	}
	return cs, &stderr
}

// mcpCall calls a tool and requires an answer (not a protocol error).
func mcpCall(t *testing.T, cs *sdk.ClientSession, ctx context.Context, name string, args any) (*sdk.CallToolResult, string, map[string]any) {
	t.Helper()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error: %v", name, err)
	}
	var text strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			text.WriteString(tc.Text)
		}
	}
	sc, _ := res.StructuredContent.(map[string]any)
	return res, text.String(), sc
}

func TestMCPServesTheCommandsAsTools(t *testing.T) {
	h := newHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cs, stderr := mcpSession(t, h, ctx)

	// The tools, and which of their fields are required.
	list, err := cs.ListTools(ctx, nil)
	if err != nil {
		t.Fatal(err)
	}
	required := map[string]string{}
	for _, tool := range list.Tools {
		b, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Required []string `json:"required"`
		}
		json.Unmarshal(b, &s)
		sort.Strings(s.Required)
		required[tool.Name] = strings.Join(s.Required, ",")
	}
	want := map[string]string{
		"browser_open": "", "browser_list": "", "browser_close": "", "snapshot": "", "pw": "",
		"do": "instructions", "go": "target", "back": "", "forward": "", "reload": "",
		"verify": "claim", "research": "", "tab": "op", "dialog": "op", "wait": "for",
		"screenshot": "", "eval": "js", "console": "", "export": "", "goal": "goal", "goal_run": "file", "goal_validate": "file",
		"get": "target,what", "is": "state,target", "cookies": "op", "storage": "op", "state": "file,op",
		"set": "values,what", "pdf": "", "route": "pattern", "unroute": "", "network": "",
		"trace": "op", "video": "op",
	}
	if len(required) != len(want) {
		t.Errorf("tools %v, want %v", required, want)
	}
	for name, req := range want {
		if got, ok := required[name]; !ok || got != req {
			t.Errorf("tool %s: required %q (present %v), want %q", name, got, ok, req)
		}
	}

	// No browser yet: the daemon's error is an error result that says what to do.
	res, text, _ := mcpCall(t, cs, ctx, "snapshot", nil)
	if !res.IsError || !strings.Contains(text, "browser_open") {
		t.Errorf("snapshot without a browser: %v %s", res.IsError, text)
	}

	res, text, _ = mcpCall(t, cs, ctx, "browser_open", map[string]any{"url": app.URL + "/profile"})
	if res.IsError || !strings.Contains(text, "url: "+app.URL+"/profile") {
		t.Fatalf("browser_open: %s", text)
	}
	app.Reset()

	res, text, _ = mcpCall(t, cs, ctx, "snapshot", map[string]any{})
	if res.IsError {
		t.Fatalf("snapshot: %s", text)
	}
	name, save := ref(t, text, "textbox", "Name"), ref(t, text, "button", "Save")

	res, text, sc := mcpCall(t, cs, ctx, "pw", map[string]any{"action": "fill", "target": name, "values": []string{"Ada"}})
	if res.IsError || sc["ok"] != true {
		t.Fatalf("pw fill: %s", text)
	}
	mustContain(t, "pw fill", text, `textbox "Name": "" -> "Ada"`)
	if sc["command"] != "pw fill "+name+" Ada" {
		t.Errorf("pw fill: the structured result names the command %v", sc["command"])
	}

	res, text, sc = mcpCall(t, cs, ctx, "pw", map[string]any{"action": "click", "target": save})
	if res.IsError || sc["command"] != "pw click "+save || sc["changes"] == nil {
		t.Fatalf("pw click: %s\n%v", text, sc)
	}
	mustContain(t, "pw click", text, "### Changes", "Profile saved")
	// The text and the structured content both carry the line that acted.
	if want := "await page.getByRole('button', { name: 'Save', exact: true }).click();"; sc["used"] != want || !strings.Contains(text, "used: "+want) {
		t.Errorf("pw click: used %q in the structured content, want %q, and the same in the text:\n%s", sc["used"], want, text)
	}

	res, text, sc = mcpCall(t, cs, ctx, "do", map[string]any{"instructions": []string{"fill Bio with Engineer"}})
	if res.IsError {
		t.Fatalf("do: %s", text)
	}
	mustContain(t, "do", text, "proven: 1/1", "1. ok        fill Bio with Engineer")
	if steps, _ := sc["steps"].([]any); len(steps) != 1 {
		t.Errorf("do structured steps: %v", sc)
	}

	res, text, sc = mcpCall(t, cs, ctx, "verify", map[string]any{"claim": `"Profile saved" is visible`})
	if v, _ := sc["verdict"].(map[string]any); res.IsError || v["result"] != "passed" {
		t.Errorf("verify passed: %v %s", res.IsError, text)
	}

	// Failing calls are error results carrying the envelope.
	res, text, sc = mcpCall(t, cs, ctx, "verify", map[string]any{"claim": `"Order placed" is visible`})
	if v, _ := sc["verdict"].(map[string]any); !res.IsError || v["result"] != "failed" {
		t.Errorf("verify failed: %v %s", res.IsError, text)
	}
	res, text, sc = mcpCall(t, cs, ctx, "pw", map[string]any{"action": "click", "target": "#no-such-button"})
	if !res.IsError || sc["ok"] != false || sc["code"] == nil || !strings.Contains(text, "### Failure") {
		t.Errorf("pw click on nothing: %v %s", res.IsError, text)
	}

	// The session so far as a Playwright test: the fill and the click
	// that succeeded, not the failed click.
	res, text, _ = mcpCall(t, cs, ctx, "export", map[string]any{})
	if res.IsError || !strings.Contains(text, "@playwright/test") || strings.Contains(text, "no-such-button") {
		t.Errorf("export: %v %s", res.IsError, text)
	}

	// Bad input: an answer, never a crash.
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "teleport", Arguments: map[string]any{"goal": "x"}}); err == nil || !strings.Contains(err.Error(), `unknown tool "teleport"`) {
		t.Errorf("unknown tool: %v", err)
	}
	for _, c := range []struct {
		tool string
		args any
		want string
	}{
		{"pw", map[string]any{"action": 5, "target": save}, `/properties/action`},
		{"do", map[string]any{"instructions": "click Save"}, `want "array"`},
		{"verify", map[string]any{}, `missing properties: ["claim"]`},
		{"verify", map[string]any{"claim": strings.Repeat("a", 1<<20)}, "at most 256 KB"},
		{"pw", map[string]any{"action": "click", "target": save, "line": "page.goBack()"}, "not both"},
	} {
		res, text, _ := mcpCall(t, cs, ctx, c.tool, c.args)
		if !res.IsError || !strings.Contains(text, c.want) {
			t.Errorf("%s bad input: %v %.300s (want %q)", c.tool, res.IsError, text, c.want)
		}
	}

	// Still serving, on the same page.
	res, text, _ = mcpCall(t, cs, ctx, "snapshot", nil)
	if res.IsError || !strings.Contains(text, "Profile saved") {
		t.Errorf("snapshot after the failures: %s", text)
	}
	res, text, _ = mcpCall(t, cs, ctx, "screenshot", nil)
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("screenshot: %s", text)
	}
	if img, ok := res.Content[1].(*sdk.ImageContent); !ok || img.MIMEType != "image/png" || !bytes.HasPrefix(img.Data, []byte("\x89PNG")) {
		t.Errorf("screenshot content: %T", res.Content[1])
	}

	// Each action reached the page once, and nothing else did.
	var acted []string
	for _, a := range settledActions(t, 3) {
		if a.Kind == "click" || a.Kind == "input" {
			acted = append(acted, a.Kind+":"+a.ID)
		}
	}
	if strings.Join(acted, ",") != "input:name,click:save,input:bio" {
		t.Errorf("the page saw %v, want input:name, click:save, input:bio once each", acted)
	}

	if err := cs.Close(); err != nil {
		t.Errorf("prima mcp did not end cleanly when its client left: %v\n%s", err, stderr)
	}
}

// Two agents share one MCP server, each on an instance of its own: their
// calls interleave (concurrent on one connection), and every click lands
// on its own agent's page, proven there, and nowhere else.
func TestTwoAgentsOnOneMCPServerEachKeepToTheirOwnBrowser(t *testing.T) {
	h := newHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Minute)
	defer cancel()
	cs, stderr := mcpSession(t, h, ctx)
	agents := []string{"agent-a", "agent-b"}
	adds := map[string]string{}
	for _, a := range agents {
		res, text, _ := mcpCall(t, cs, ctx, "browser_open", map[string]any{"instance": a, "url": app.URL + "/surface/tally?who=" + a})
		if res.IsError || !strings.Contains(text, "Tally of "+a) {
			t.Fatalf("browser_open %s: %s", a, text)
		}
		adds[a] = ref(t, text, "button", "Add one")
	}
	const clicks = 25
	errs := make(chan string, 2*clicks)
	var wg sync.WaitGroup
	for _, a := range agents {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := 1; i <= clicks; i++ {
				res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "pw", Arguments: map[string]any{"instance": a, "action": "click", "target": adds[a]}})
				if err != nil {
					errs <- fmt.Sprintf("%s click %d: protocol error %v", a, i, err)
					return
				}
				text := ""
				for _, c := range res.Content {
					if tc, ok := c.(*sdk.TextContent); ok {
						text += tc.Text
					}
				}
				if want := fmt.Sprintf("Count: %d for %s", i, a); res.IsError || !strings.Contains(text, want) {
					errs <- fmt.Sprintf("%s click %d: want %q in its proof:\n%s", a, i, want, text)
				}
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	// What each page holds at the end, read by each instance's own eval.
	for _, a := range agents {
		res, text, _ := mcpCall(t, cs, ctx, "eval", map[string]any{"instance": a, "js": "document.getElementById('count').textContent"})
		if want := fmt.Sprintf("Count: %d for %s", clicks, a); res.IsError || !strings.Contains(text, want) {
			t.Errorf("%s's page: want %q, got %s", a, want, text)
		}
	}
	if t.Failed() {
		t.Logf("server stderr:\n%s", stderr.String())
	}
}
