package mcp

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/wire"
)

// fakeDaemon answers the daemon's routes with canned envelopes and
// records the requests, so the server's mapping is tested without a
// browser. The real thing is tested end to end in cmd/prima.
type fakeDaemon struct {
	mu   sync.Mutex
	reqs map[string][]json.RawMessage
	png  string
}

func (f *fakeDaemon) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	f.reqs[r.URL.Path] = append(f.reqs[r.URL.Path], body)
	f.mu.Unlock()
	reply := func(env *envelope.Envelope) { json.NewEncoder(w).Encode(wire.EnvelopeResponse{Envelope: env}) }
	switch r.URL.Path {
	case "/v0/snapshot":
		reply(&envelope.Envelope{OK: true, Command: "snapshot", Page: &envelope.Page{URL: "http://x/p", Title: "P"}, Snapshot: `- button "Save" [ref=e5]`})
	case "/v0/pw":
		reply(&envelope.Envelope{OK: true, Command: "pw", Used: "await page.goBack();", Changes: &envelope.Changes{}})
	case "/v0/back":
		reply(&envelope.Envelope{OK: true, Command: "back", Used: "await page.goBack();", Changes: &envelope.Changes{}})
	case "/v0/verify":
		reply(&envelope.Envelope{Command: "verify x", Verdict: &envelope.Verdict{Result: "inexpressible", Reason: "no assertion"}})
	case "/v0/screenshot":
		reply(&envelope.Envelope{OK: true, Command: "screenshot", Artifacts: []envelope.Artifact{{Name: "screenshot.png", Path: f.png}}})
	case "/v0/goal", "/v0/goal/run":
		reply(&envelope.Envelope{OK: true, Command: "goal", Answer: "passed"})
	case "/v0/go":
		w.WriteHeader(http.StatusConflict)
		json.NewEncoder(w).Encode(wire.ErrorResponse{Error: &wire.Error{Reason: wire.ReasonNoBrowser, Message: "no browser to attach to"}})
	default:
		w.WriteHeader(http.StatusInternalServerError)
		json.NewEncoder(w).Encode(wire.ErrorResponse{Error: wire.Errorf(wire.ReasonInternal, "not faked: %s", r.URL.Path)})
	}
}

func (f *fakeDaemon) last(route string) map[string]any {
	f.mu.Lock()
	defer f.mu.Unlock()
	rs := f.reqs[route]
	if len(rs) == 0 {
		return nil
	}
	var m map[string]any
	json.Unmarshal(rs[len(rs)-1], &m)
	return m
}

// connect serves New(o) in process and returns a connected client.
func connect(t *testing.T, o Options) *sdk.ClientSession {
	t.Helper()
	ct, st := sdk.NewInMemoryTransports()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- New(o).Run(ctx, st) }()
	cs, err := sdk.NewClient(&sdk.Implementation{Name: "test", Version: "0"}, nil).Connect(ctx, ct, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		cs.Close()
		cancel()
		if err := <-done; err != nil {
			t.Errorf("Run: %v", err)
		}
	})
	return cs
}

func withFake(t *testing.T) (*sdk.ClientSession, *fakeDaemon) {
	t.Helper()
	home, err := os.MkdirTemp("", "pm")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(home) })
	f := &fakeDaemon{reqs: map[string][]json.RawMessage{}, png: filepath.Join(home, "s.png")}
	os.WriteFile(f.png, []byte("\x89PNG\r\n\x1a\nfake"), 0o600)
	l, err := net.Listen("unix", wire.SocketPath(home))
	if err != nil {
		t.Fatal(err)
	}
	hs := &http.Server{Handler: f}
	go hs.Serve(l)
	t.Cleanup(func() { hs.Close() })
	cs := connect(t, Options{Client: &client.Client{Home: home}, Target: wire.Target{PwSession: "work"}})
	return cs, f
}

func call(t *testing.T, cs *sdk.ClientSession, name string, args any) *sdk.CallToolResult {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	res, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: name, Arguments: args})
	if err != nil {
		t.Fatalf("%s: protocol error %v", name, err)
	}
	return res
}

func textOf(res *sdk.CallToolResult) string {
	var b strings.Builder
	for _, c := range res.Content {
		if tc, ok := c.(*sdk.TextContent); ok {
			b.WriteString(tc.Text)
		}
	}
	return b.String()
}

func TestToolsAndTheirSchemas(t *testing.T) {
	cs, _ := withFake(t)
	res, err := cs.ListTools(context.Background(), nil)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string][]string{
		"browser_open": nil, "browser_list": nil, "browser_close": nil, "snapshot": nil, "pw": nil,
		"do": {"instructions"}, "go": {"target"}, "back": nil, "forward": nil, "reload": nil,
		"verify": {"claim"}, "research": nil, "tab": {"op"}, "dialog": {"op"}, "wait": {"for"},
		"screenshot": nil, "eval": {"js"}, "console": nil, "export": nil, "goal": {"goal"}, "goal_run": {"file"}, "goal_validate": {"file"},
		"get": {"target", "what"}, "is": {"state", "target"}, "cookies": {"op"}, "storage": {"op"}, "state": {"file", "op"},
		"set": {"values", "what"}, "pdf": nil, "route": {"pattern"}, "unroute": nil, "network": nil,
		"trace": {"op"}, "video": {"op"},
	}
	got := map[string]bool{}
	for _, tool := range res.Tools {
		got[tool.Name] = true
		req, ok := want[tool.Name]
		if !ok {
			t.Errorf("unexpected tool %s", tool.Name)
			continue
		}
		b, _ := json.Marshal(tool.InputSchema)
		var s struct {
			Type                 string                     `json:"type"`
			Required             []string                   `json:"required"`
			Properties           map[string]json.RawMessage `json:"properties"`
			AdditionalProperties *bool                      `json:"additionalProperties"`
		}
		if err := json.Unmarshal(b, &s); err != nil {
			t.Fatalf("%s schema %s: %v", tool.Name, b, err)
		}
		sort.Strings(s.Required)
		if s.Type != "object" || strings.Join(s.Required, ",") != strings.Join(req, ",") || s.AdditionalProperties == nil || *s.AdditionalProperties {
			t.Errorf("%s schema: %s (want required %v, closed)", tool.Name, b, req)
		}
		if _, has := s.Properties["instance"]; has == (tool.Name == "browser_list") {
			t.Errorf("%s: instance property %v (every tool but browser_list takes one)", tool.Name, has)
		}
		if strings.Contains(string(b), `"type":[`) {
			t.Errorf("%s schema has a type list: %s", tool.Name, b)
		}
		if len(tool.Description) < 80 {
			t.Errorf("%s: description too thin for a model: %q", tool.Name, tool.Description)
		}
	}
	for name := range want {
		if !got[name] {
			t.Errorf("tool %s missing", name)
		}
	}
	for _, tool := range res.Tools {
		if tool.Name == "pw" {
			b, _ := json.Marshal(tool.InputSchema)
			for _, p := range []string{"action", "target", "values", "line", "button", "modifiers", "count"} {
				if !strings.Contains(string(b), `"`+p+`":`) {
					t.Errorf("pw schema lacks %s: %s", p, b)
				}
			}
			if !strings.Contains(string(b), `"enum":["check","clear","click",`) {
				t.Errorf("pw action is not an enum of the actions: %s", b)
			}
		}
	}
	if in := cs.InitializeResult().Instructions; !strings.Contains(in, "snapshot") || !strings.Contains(in, "dialog_open") || !strings.Contains(in, "isError is true exactly when the envelope's ok is false") || !strings.Contains(in, "inexpressible") {
		t.Errorf("instructions: %s", in)
	}
}

func TestResultsCarryTheEnvelope(t *testing.T) {
	cs, f := withFake(t)

	res := call(t, cs, "snapshot", map[string]any{})
	if res.IsError || !strings.Contains(textOf(res), `button "Save" [ref=e5]`) {
		t.Errorf("snapshot: %+v %s", res, textOf(res))
	}
	sc, _ := res.StructuredContent.(map[string]any)
	if sc["ok"] != true || sc["snapshot"] != `- button "Save" [ref=e5]` {
		t.Errorf("snapshot structured content: %#v", res.StructuredContent)
	}
	// No --timeout: the daemon gives each command its own deadline.
	if got := f.last("/v0/snapshot"); got["pw_session"] != "work" || got["timeout_ms"] != nil {
		t.Errorf("snapshot request: %v", got)
	}

	// An inexpressible verdict is not ok: an error result, with the envelope.
	res = call(t, cs, "verify", map[string]any{"claim": "the page looks nice"})
	if !res.IsError || !strings.Contains(textOf(res), "inexpressible") {
		t.Errorf("verify: %+v %s", res, textOf(res))
	}
	if sc, _ := res.StructuredContent.(map[string]any); sc["ok"] != false {
		t.Errorf("verify structured: %#v", res.StructuredContent)
	}

	res = call(t, cs, "back", nil)
	if res.IsError || !strings.Contains(textOf(res), "used: await page.goBack();") {
		t.Errorf("back: %s", textOf(res))
	}
	if sc, _ := res.StructuredContent.(map[string]any); sc["command"] != "back" {
		t.Errorf("back structured: %#v", res.StructuredContent)
	}
	if got := f.last("/v0/back"); got == nil {
		t.Errorf("back sent no request to its route")
	}

	res = call(t, cs, "screenshot", map[string]any{"full": true})
	if res.IsError || len(res.Content) != 2 {
		t.Fatalf("screenshot: %+v", res)
	}
	if img, ok := res.Content[1].(*sdk.ImageContent); !ok || img.MIMEType != "image/png" || !strings.HasPrefix(string(img.Data), "\x89PNG") {
		t.Errorf("screenshot image: %#v", res.Content[1])
	}

	// A daemon error: an error result with advice a model can follow.
	res = call(t, cs, "go", map[string]any{"target": "http://x/"})
	if !res.IsError || !strings.Contains(textOf(res), "no_browser") || !strings.Contains(textOf(res), "browser_open") {
		t.Errorf("go with no browser: %s", textOf(res))
	}
}

func TestBadInputIsAnErrorAndTheServerKeepsServing(t *testing.T) {
	cs, f := withFake(t)
	ctx := context.Background()
	if _, err := cs.CallTool(ctx, &sdk.CallToolParams{Name: "frobnicate", Arguments: map[string]any{}}); err == nil || !strings.Contains(err.Error(), "unknown tool") {
		t.Errorf("unknown tool: %v", err)
	}
	cases := []struct {
		tool string
		args any
		want string
	}{
		{"pw", map[string]any{"action": 5, "target": "e5"}, "action"},
		{"pw", map[string]any{"action": "frob", "target": "e5"}, "action"},
		{"pw", map[string]any{"action": "click", "target": "e5", "line": "page.goBack()"}, "not both"},
		{"pw", map[string]any{}, "pw takes an action and a target"},
		{"pw", map[string]any{"action": "click"}, "pw click needs a target"},
		{"pw", map[string]any{"action": "click", "target": "e5", "count": 11}, "from 1 to 10"},
		{"do", map[string]any{"instructions": "click Save"}, "instructions"},
		{"do", map[string]any{"instructions": []string{}}, "instructions"},
		{"do", map[string]any{"instructions": []string{"click Save", " "}}, "instruction 2 is empty"},
		{"verify", map[string]any{}, "claim"},
		{"verify", map[string]any{"claim": ""}, "claim"},
		{"verify", map[string]any{"claim": strings.Repeat("a", 1<<20)}, "at most 256 KB"},
		{"snapshot", map[string]any{"htm": true}, "htm"},
		{"tab", map[string]any{"op": "select"}, "select needs N"},
		{"tab", map[string]any{"op": "open"}, "op"},
		{"wait", map[string]any{"for": "soon"}, "not a duration"},
		{"wait", map[string]any{"for": "60s"}, "not shorter"},
		{"wait", map[string]any{"for": "text"}, "text needs a TEXT"},
		{"dialog", map[string]any{"op": "dismiss", "text": "x"}, "no TEXT"},
		{"eval", map[string]any{"js": "  "}, "blank"},
		{"get", map[string]any{"what": "attr", "target": "e5"}, "attribute's NAME"},
		{"cookies", map[string]any{"op": "set", "name": "sid"}, "NAME and a VALUE"},
		{"storage", map[string]any{"op": "get", "key": "a", "value": "b"}, "at most a KEY"},
		{"pw", map[string]any{"action": "click", "target": "e5", "instance": " "}, "instance is empty"},
		{"eval", map[string]any{"js": "1", "instance": "a\nb"}, "not a name"},
	}
	for _, c := range cases {
		res := call(t, cs, c.tool, c.args)
		sc, _ := res.StructuredContent.(map[string]any)
		if !res.IsError || !strings.Contains(textOf(res), c.want) || sc["ok"] != false || !strings.HasPrefix(textOf(res), "error (usage): "+c.tool) {
			b, _ := json.Marshal(c.args)
			if len(b) > 200 {
				b = b[:200]
			}
			t.Errorf("%s %s: isError %v, %q (want %q)", c.tool, b, res.IsError, textOf(res), c.want)
		}
	}
	if n := len(f.reqs["/v0/pw"]) + len(f.reqs["/v0/do"]) + len(f.reqs["/v0/verify"]); n != 0 {
		t.Errorf("bad input reached the daemon %d times", n)
	}
	if res := call(t, cs, "snapshot", nil); res.IsError {
		t.Errorf("after bad input: %s", textOf(res))
	}
}

func TestNoDaemonIsAnErrorResult(t *testing.T) {
	home, _ := os.MkdirTemp("", "pm")
	defer os.RemoveAll(home)
	cs := connect(t, Options{Client: &client.Client{Home: home}})
	res := call(t, cs, "snapshot", nil)
	if !res.IsError || !strings.Contains(textOf(res), "no prima daemon") {
		t.Errorf("no daemon: %+v %s", res, textOf(res))
	}
}

func TestStrayLinesAreAnsweredAndTheSessionLives(t *testing.T) {
	home, _ := os.MkdirTemp("", "pm")
	defer os.RemoveAll(home)
	inR, inW := io.Pipe()
	outR, outW := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- New(Options{Client: &client.Client{Home: home}}).Run(context.Background(), Stdio(inR, outW))
	}()
	lines := make(chan string)
	go func() {
		sc := bufio.NewScanner(outR)
		sc.Buffer(nil, 1<<20)
		for sc.Scan() {
			lines <- sc.Text()
		}
		close(lines)
	}()
	next := func() string {
		select {
		case l := <-lines:
			return l
		case <-time.After(10 * time.Second):
			t.Fatal("no answer")
		}
		return ""
	}
	send := func(l string) { inW.Write([]byte(l + "\n")) }
	for _, bad := range []string{"garbage{", "42", `{"foo":1}`, "[]", `{"jsonrpc":"2.0"}`, `{"jsonrpc":"2.0","method":5}`, `{"jsonrpc":"1.0","id":3,"method":"ping"}`} {
		send(bad)
		if got := next(); !strings.Contains(got, `"error":{"code":-32`) || !strings.Contains(got, "keeps serving") {
			t.Errorf("%s: %s", bad, got)
		}
	}
	send(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`)
	if got := next(); !strings.Contains(got, `"id":1,"result":{`) {
		t.Errorf("initialize after stray lines: %s", got)
	}
	send(`{"jsonrpc":"2.0","method":"notifications/initialized"}`)
	send(`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`)
	if got := next(); !strings.Contains(got, `"id":2,`) || !strings.Contains(got, `"tools":[{`) {
		t.Errorf("tools/list: %.300s", got)
	}
	inW.Close()
	if err := <-done; err != nil {
		t.Errorf("Run after the client closed: %v", err)
	}
}

// Agents sharing one server each name their instance: the call's own
// reaches the daemon, a call without one keeps the server's target, and a
// table tool's request carries it too.
func TestEachCallNamesItsOwnInstance(t *testing.T) {
	cs, f := withFake(t)
	for _, c := range []struct{ instance, want string }{{"agent-a", "agent-a"}, {"", ""}, {"agent-b", "agent-b"}} {
		args := map[string]any{"action": "click", "target": "e5"}
		if c.instance != "" {
			args["instance"] = c.instance
		}
		if res := call(t, cs, "pw", args); res.IsError {
			t.Fatalf("pw: %s", textOf(res))
		}
		got := f.last("/v0/pw")
		if got["instance"] != nil && got["instance"] != c.want || got["instance"] == nil && c.want != "" {
			t.Errorf("instance %q: the daemon got %v", c.instance, got["instance"])
		}
		if got["pw_session"] != "work" {
			t.Errorf("instance %q: the server's target was lost: %v", c.instance, got)
		}
	}
	call(t, cs, "snapshot", map[string]any{"instance": "agent-c"})
	if got := f.last("/v0/snapshot"); got["instance"] != "agent-c" {
		t.Errorf("snapshot: the daemon got %v", got)
	}
	call(t, cs, "eval", map[string]any{"js": "1", "instance": "agent-d"})
	if got := f.last("/v0/eval"); got["instance"] != "agent-d" || got["js"] != "1" {
		t.Errorf("eval: the daemon got %v", got)
	}
}

// The goal tools come from the table: goal's budget and data reach the
// daemon as the CLI sends them (no deadline of the caller's: the daemon
// gives a goal its budget's), goal_run reads its file and $NAME data
// where the caller runs, and goal_validate is answered without the
// daemon.
func TestGoalToolsCarryTheirBudgetAndReadTheirFileHere(t *testing.T) {
	cs, f := withFake(t)
	res := call(t, cs, "goal", map[string]any{"goal": "Sign in as {{user}}", "data": map[string]any{"user": "ada"}, "max_time": "90s", "max_actions": 5})
	if res.IsError {
		t.Fatalf("goal: %s", textOf(res))
	}
	got := f.last("/v0/goal")
	if d, _ := got["data"].(map[string]any); d["user"] != "ada" || got["max_time"] != "90s" || got["max_actions"] != float64(5) || got["timeout_ms"] != nil {
		t.Errorf("goal request: %v", got)
	}
	if res := call(t, cs, "goal", map[string]any{"goal": "g", "max_time": "soon"}); !res.IsError || !strings.Contains(textOf(res), `--max-time "soon": give a time above 0`) {
		t.Errorf("goal with max_time soon: %s", textOf(res))
	}

	dir := t.TempDir()
	file := filepath.Join(dir, "signin.goal.yaml")
	os.WriteFile(file, []byte("url: /login\ndata:\n  user: ada\n  password: $PRIMA_TEST_GOAL_PW\ngoal: Sign in as {{user}} with {{password}}\nverify: The page says \"Welcome\"\n"), 0o600)
	t.Setenv("PRIMA_TEST_GOAL_PW", "s3cret-pw")
	if res := call(t, cs, "goal_run", map[string]any{"file": file}); res.IsError {
		t.Fatalf("goal_run: %s", textOf(res))
	}
	got = f.last("/v0/goal/run")
	if d, _ := got["data"].(map[string]any); d["password"] != "s3cret-pw" || got["goal"] != "Sign in as {{user}} with {{password}}" || got["url"] != "/login" {
		t.Errorf("goal_run request: %v", got)
	}

	res = call(t, cs, "goal_validate", map[string]any{"file": file})
	if res.IsError || !strings.Contains(textOf(res), "ok: "+file+" (goal, verify, 2 data bindings)") {
		t.Errorf("goal_validate: %s", textOf(res))
	}
	os.WriteFile(file, []byte("goal: g\nsteps: []\n"), 0o600)
	if res := call(t, cs, "goal_validate", map[string]any{"file": file}); !res.IsError || !strings.Contains(textOf(res), "a goal file has url, data, goal and verify only") {
		t.Errorf("goal_validate of a file with steps: %s", textOf(res))
	}
	if got := f.last("/v0/goal/validate"); got != nil {
		t.Errorf("goal_validate reached the daemon: %v", got)
	}
}
