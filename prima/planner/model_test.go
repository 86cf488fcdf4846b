package planner

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/prima-dev/prima/prima/config"
)

// chatServer speaks the OpenAI chat-completions wire format on 127.0.0.1:
// each POST /v1/chat/completions gets the next of its replies, and it
// keeps what it was sent.
type chatServer struct {
	t       *testing.T
	url     string
	mu      sync.Mutex
	replies []reply
	seen    []sent
}

type reply struct {
	status int    // 0 for 200
	body   string // a chat.completion, or an error object
}

// sent is one request as the server read it.
type sent struct {
	auth string
	req  sentRequest
}

type sentRequest struct {
	Model    string `json:"model"`
	Messages []struct {
		Role       string          `json:"role"`
		Content    json.RawMessage `json:"content"`
		ToolCallID string          `json:"tool_call_id"`
		ToolCalls  []wireToolCall  `json:"tool_calls"`
	} `json:"messages"`
	Tools []struct {
		Type     string `json:"type"`
		Function struct {
			Name       string         `json:"name"`
			Parameters map[string]any `json:"parameters"`
		} `json:"function"`
	} `json:"tools"`
}

type wireToolCall struct {
	ID       string `json:"id"`
	Type     string `json:"type"`
	Function struct {
		Name      string `json:"name"`
		Arguments string `json:"arguments"`
	} `json:"function"`
}

func newChatServer(t *testing.T, replies ...reply) *chatServer {
	t.Helper()
	s := &chatServer{t: t, replies: replies}
	srv := httptest.NewServer(http.HandlerFunc(s.serve))
	t.Cleanup(srv.Close)
	s.url = srv.URL + "/v1"
	return s
}

func (s *chatServer) serve(w http.ResponseWriter, r *http.Request) {
	body, _ := io.ReadAll(r.Body)
	var req sentRequest
	if r.Method != http.MethodPost || r.URL.Path != "/v1/chat/completions" {
		s.t.Errorf("chat server: %s %s", r.Method, r.URL.Path)
	}
	if err := json.Unmarshal(body, &req); err != nil {
		s.t.Errorf("chat server: a body that is not a request: %v: %s", err, body)
	}
	s.mu.Lock()
	s.seen = append(s.seen, sent{auth: r.Header.Get("Authorization"), req: req})
	if len(s.replies) == 0 {
		s.mu.Unlock()
		s.t.Errorf("chat server: no reply left for request %d", len(s.seen))
		http.Error(w, `{"error":{"message":"no reply left"}}`, http.StatusBadRequest)
		return
	}
	rep := s.replies[0]
	s.replies = s.replies[1:]
	s.mu.Unlock()
	w.Header().Set("Content-Type", "application/json")
	if rep.status != 0 {
		w.WriteHeader(rep.status)
	}
	io.WriteString(w, rep.body)
}

func (s *chatServer) requests() []sent {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]sent(nil), s.seen...)
}

func (s *chatServer) client(key string) *Client {
	return New(config.Model{Provider: "custom", Name: "test-model", BaseURL: s.url, APIKey: key})
}

// completion is a chat.completion whose one choice says content, as a
// vision model answers.
func completion(content string) string {
	b, _ := json.Marshal(map[string]any{
		"id": "chatcmpl-v", "object": "chat.completion", "created": 1796000000, "model": "test-model",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "logprobs": nil,
			"message": map[string]any{"role": "assistant", "content": content}}},
		"usage": map[string]any{"prompt_tokens": 1200, "completion_tokens": 12, "total_tokens": 1212},
	})
	return string(b)
}

func ctxFor(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// recorded are the chat model's replies recorded for the end-to-end
// tests of do's model tier (cmd/prima/testdata/model/<script>/NN.json).
func recorded(t *testing.T) []string {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("..", "..", "cmd", "prima", "testdata", "model", "*", "*.json"))
	if len(files) == 0 {
		t.Fatal("no recorded model replies under cmd/prima/testdata/model")
	}
	return files
}

// Next hands back every tool call of every recorded reply, in order, its
// ID, name and raw arguments untouched.
func TestNextReadsTheRecordedReplies(t *testing.T) {
	for _, path := range recorded(t) {
		name := filepath.Base(filepath.Dir(path)) + "/" + filepath.Base(path)
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var r struct {
			Choices []struct {
				Message struct {
					ToolCalls []wireToolCall `json:"tool_calls"`
				} `json:"message"`
			} `json:"choices"`
		}
		if err := json.Unmarshal(b, &r); err != nil || len(r.Choices) != 1 || len(r.Choices[0].Message.ToolCalls) == 0 {
			t.Fatalf("%s: not a recorded reply with tool calls: %v", name, err)
		}
		var want []ToolCall
		for _, tc := range r.Choices[0].Message.ToolCalls {
			want = append(want, ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: tc.Function.Arguments})
		}
		s := newChatServer(t, reply{body: string(b)})
		got, err := s.client("k").Start("1. CURRENT: click Save", false).Next(ctxFor(t))
		if err != nil || !reflect.DeepEqual(got, want) {
			t.Errorf("%s: %+v, %v; want %+v", name, got, err, want)
		}
	}
}

// Next: the calls a reply makes, none when the model only talks, and an
// error for a reply with no choice or an HTTP error.
func TestNext(t *testing.T) {
	two := `{"id":"chatcmpl-2","object":"chat.completion","created":1796000000,"model":"test-model",
	 "choices":[{"index":0,"finish_reason":"tool_calls","logprobs":null,"message":{"role":"assistant","content":null,
	  "tool_calls":[
	   {"id":"call_a","type":"function","function":{"name":"fillRef","arguments":"{\"instruction\": 1, \"ref\": \"e5\", \"value\": \"Ada\"}"}},
	   {"id":"call_b","type":"function","function":{"name":"context","arguments":"{}"}}]}}],
	 "usage":{"prompt_tokens":900,"completion_tokens":40,"total_tokens":940}}`
	for _, c := range []struct {
		name  string
		reply reply
		want  []ToolCall
		err   string // "" for none
	}{
		{"two calls in one message", reply{body: two}, []ToolCall{
			{ID: "call_a", Name: "fillRef", Args: `{"instruction": 1, "ref": "e5", "value": "Ada"}`},
			{ID: "call_b", Name: "context", Args: "{}"},
		}, ""},
		{"words and no call", reply{body: completion("All instructions are done.")}, nil, ""},
		{"no choice", reply{body: `{"id":"chatcmpl-3","object":"chat.completion","created":1796000000,"model":"test-model","choices":[]}`}, nil, "the model returned no choice"},
		{"an unknown model", reply{status: 404, body: `{"error":{"message":"The model 'test-model' does not exist","type":"invalid_request_error","code":"model_not_found"}}`}, nil, "404"},
		{"a bad key", reply{status: 401, body: `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`}, nil, "401"},
	} {
		s := newChatServer(t, c.reply)
		got, err := s.client("k").Start("u", false).Next(ctxFor(t))
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || got != nil {
				t.Errorf("%s: %+v, %v; want an error saying %q", c.name, got, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: %+v, %v; want %+v", c.name, got, err, c.want)
		}
	}
}

// A conversation sends the system prompt, the user's message, the model's
// own calls and each answer back, by call ID; a call that failed adds
// nothing to it. The key is the bearer token, "none" when unset.
func TestConversationCarriesTheExchange(t *testing.T) {
	judge, err := os.ReadFile(filepath.Join("..", "..", "cmd", "prima", "testdata", "model", "judgetool", "01.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		key, auth string
		withJudge bool
	}{
		{"sk-test", "Bearer sk-test", true},
		{"", "Bearer none", false},
	} {
		s := newChatServer(t,
			reply{status: 400, body: `{"error":{"message":"context length exceeded","type":"invalid_request_error"}}`},
			reply{body: string(judge)},
			reply{body: completion("done")},
		)
		v := s.client(c.key).Start("1. CURRENT: open Team settings", c.withJudge)
		if _, err := v.Next(ctxFor(t)); err == nil {
			t.Fatalf("key %q: a 400 gave no error", c.key)
		}
		calls, err := v.Next(ctxFor(t))
		if err != nil || len(calls) != 1 || calls[0].Name != "judge" || calls[0].ID != "call_1_0" {
			t.Fatalf("key %q: %+v, %v; want the recorded judge call", c.key, calls, err)
		}
		v.Answer(calls[0].ID, `approved: link "Team settings"`)
		if calls, err := v.Next(ctxFor(t)); err != nil || calls != nil {
			t.Fatalf("key %q: %+v, %v; want no call", c.key, calls, err)
		}

		seen := s.requests()
		if len(seen) != 3 {
			t.Fatalf("key %q: %d requests, want 3", c.key, len(seen))
		}
		var roles [][]string
		for i, r := range seen {
			if r.auth != c.auth || r.req.Model != "test-model" {
				t.Errorf("key %q, request %d: auth %q, model %q; want %q, test-model", c.key, i, r.auth, r.req.Model, c.auth)
			}
			var names []string
			for _, tl := range r.req.Tools {
				names = append(names, tl.Function.Name)
			}
			if want := toolNames(c.withJudge); !slices.Equal(names, want) || r.req.Tools[0].Type != "function" {
				t.Errorf("key %q, request %d: tools %v, want %v", c.key, i, names, want)
			}
			var rs []string
			for _, m := range r.req.Messages {
				rs = append(rs, m.Role)
			}
			roles = append(roles, rs)
		}
		want := [][]string{{"system", "user"}, {"system", "user"}, {"system", "user", "assistant", "tool"}}
		if !reflect.DeepEqual(roles, want) {
			t.Fatalf("key %q: message roles %v, want %v", c.key, roles, want)
		}
		m := seen[2].req.Messages
		var system, user, answer string
		json.Unmarshal(m[0].Content, &system)
		json.Unmarshal(m[1].Content, &user)
		json.Unmarshal(m[3].Content, &answer)
		if system != SystemPrompt || user != "1. CURRENT: open Team settings" {
			t.Errorf("key %q: system %q, user %q", c.key, system, user)
		}
		if tc := m[2].ToolCalls; len(tc) != 1 || tc[0].ID != "call_1_0" || tc[0].Function.Name != "judge" ||
			!strings.Contains(tc[0].Function.Arguments, `"question": "Which listed control leads to Team settings?"`) {
			t.Errorf("key %q: the model's own message went back as %+v", c.key, tc)
		}
		if m[3].ToolCallID != "call_1_0" || answer != `approved: link "Team settings"` {
			t.Errorf("key %q: the answer went as %q to %q", c.key, answer, m[3].ToolCallID)
		}
	}
}

// Locate reads the point from the vision model's words, anywhere in them,
// and refuses one outside the screenshot or none at all.
func TestLocate(t *testing.T) {
	for _, c := range []struct {
		name  string
		reply reply
		x, y  float64
		err   string // "" for none
	}{
		{"bare JSON", reply{body: completion(`{"x": 640, "y": 360}`)}, 640, 360, ""},
		{"in words, no spaces, fractions", reply{body: completion(`The button's center is {"x":12.5,"y":7.25}.`)}, 12.5, 7.25, ""},
		{"a fenced block over lines", reply{body: completion("```json\n{\n  \"x\": 0,\n  \"y\": 720\n}\n```")}, 0, 720, ""},
		{"the far corner", reply{body: completion(`{"x": 1280, "y": 720}`)}, 1280, 720, ""},
		{"past the right edge", reply{body: completion(`{"x": 1280.5, "y": 10}`)}, 0, 0, "the vision model's point (1280.5, 10) is outside the 1280x720 screenshot"},
		{"past the bottom", reply{body: completion(`{"x": 10, "y": 721}`)}, 0, 0, "is outside the 1280x720 screenshot"},
		{"left of the image", reply{body: completion(`{"x": -1, "y": 10}`)}, 0, 0, "(-1, 10) is outside"},
		{"above the image", reply{body: completion(`{"x": 3, "y": -0.5}`)}, 0, 0, "(3, -0.5) is outside"},
		{"no point", reply{body: completion("I cannot see it.")}, 0, 0, `the vision model gave no coordinates: "I cannot see it."`},
		{"only x", reply{body: completion(`{"x": 4}`)}, 0, 0, "gave no coordinates"},
		{"a malformed number is no point", reply{body: completion(`{"x": ., "y": 5}`)}, 0, 0, "gave no coordinates"},
		{"y first", reply{body: completion(`{"y": 5, "x": 3}`)}, 3, 5, ""},
		{"an exponent", reply{body: completion(`{"x": 1e2, "y": 5}`)}, 100, 5, ""},
		{"a brace in words before the point", reply{body: completion(`Centre {approx}: {"x": 9, "y": 8}`)}, 9, 8, ""},
		{"no choice", reply{body: `{"id":"chatcmpl-v","object":"chat.completion","created":1796000000,"model":"test-model","choices":[]}`}, 0, 0, "the vision model returned no choice"},
		{"an HTTP error", reply{status: 400, body: `{"error":{"message":"image too large","type":"invalid_request_error"}}`}, 0, 0, "400"},
	} {
		s := newChatServer(t, c.reply)
		png := []byte("\x89PNG\r\n\x1a\n" + c.name)
		x, y, err := s.client("k").Locate(ctxFor(t), png, 1280, 720, "the blue square below the heading")
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) || x != 0 || y != 0 {
				t.Errorf("%s: (%v, %v), %v; want an error saying %q", c.name, x, y, err, c.err)
			}
		} else if err != nil || x != c.x || y != c.y {
			t.Errorf("%s: (%v, %v), %v; want (%v, %v)", c.name, x, y, err, c.x, c.y)
		}

		// What the vision model was asked: one user message, the prompt
		// and the screenshot itself, and no tools.
		seen := s.requests()
		if len(seen) != 1 || len(seen[0].req.Messages) != 1 || seen[0].req.Messages[0].Role != "user" || len(seen[0].req.Tools) != 0 {
			t.Fatalf("%s: sent %+v", c.name, seen)
		}
		var parts []struct {
			Type     string `json:"type"`
			Text     string `json:"text"`
			ImageURL struct {
				URL string `json:"url"`
			} `json:"image_url"`
		}
		if err := json.Unmarshal(seen[0].req.Messages[0].Content, &parts); err != nil || len(parts) != 2 {
			t.Fatalf("%s: content %s: %v", c.name, seen[0].req.Messages[0].Content, err)
		}
		if parts[0].Type != "text" || !strings.Contains(parts[0].Text, "a 1280x720 screenshot") ||
			!strings.HasSuffix(parts[0].Text, `{"x": X, "y": Y} in image pixels, nothing else: the blue square below the heading`) {
			t.Errorf("%s: prompt %q", c.name, parts[0].Text)
		}
		if want := "data:image/png;base64," + base64.StdEncoding.EncodeToString(png); parts[1].Type != "image_url" || parts[1].ImageURL.URL != want {
			t.Errorf("%s: image %q %.60q, want %.60q", c.name, parts[1].Type, parts[1].ImageURL.URL, want)
		}
	}
}

func TestParseArgs(t *testing.T) {
	no, yes := false, true
	for _, c := range []struct {
		raw  string
		want Args
		err  string // "" for none
	}{
		{"", Args{}, ""},
		{"{}", Args{}, ""},
		{"null", Args{}, ""},
		{`{"instruction": 2, "ref": "e5", "value": "Ada"}`, Args{Instruction: 2, Ref: "e5", Value: "Ada"}, ""},
		{`{"instruction": 1, "selector": "#save", "key": "Enter"}`, Args{Instruction: 1, Selector: "#save", Key: "Enter"}, ""},
		{`{"instruction": 3, "ref": "f1e2", "checked": false}`, Args{Instruction: 3, Ref: "f1e2", Checked: &no}, ""},
		{`{"instruction": 3, "ref": "f1e2", "checked": true}`, Args{Instruction: 3, Ref: "f1e2", Checked: &yes}, ""},
		{`{"instruction": 1, "description": "the blue square"}`, Args{Instruction: 1, Description: "the blue square"}, ""},
		{`{"instruction": 1, "status": "proven", "proof": "added: status: Saved"}`, Args{Instruction: 1, Status: "proven", Proof: "added: status: Saved"}, ""},
		{`{"question": "Which?", "options": ["a", "b"]}`, Args{Question: "Which?", Options: []string{"a", "b"}}, ""},
		{`{"instruction": 1, "reason": "a key no tool has"}`, Args{Instruction: 1}, ""},
		{`{"instruction": 1`, Args{}, "arguments are not valid JSON: unexpected end of JSON input"},
		{`{"instruction": "1"}`, Args{}, "arguments are not valid JSON: json: cannot unmarshal string"},
		{`{"instruction": 1.5}`, Args{}, "arguments are not valid JSON"},
		{`{"options": "a"}`, Args{}, "arguments are not valid JSON"},
		{`["clickRef"]`, Args{}, "arguments are not valid JSON"},
	} {
		got, err := ParseArgs(c.raw)
		if c.err != "" {
			if err == nil || !strings.Contains(err.Error(), c.err) {
				t.Errorf("ParseArgs(%q) = %+v, %v; want an error saying %q", c.raw, got, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("ParseArgs(%q) = %+v, %v; want %+v", c.raw, got, err, c.want)
		}
	}
}

func toolNames(withJudge bool) []string {
	names := []string{"clickRef", "hoverRef", "fillRef", "selectRef", "checkRef", "pressKey", "context", "visualClick", "done"}
	if withJudge {
		names = append(names, "judge")
	}
	return names
}

// The tools as the model reads them: each action names its instruction
// and may take a ref or a selector; required is a list (an empty one, not
// null, for context) of properties the tool has.
func TestTools(t *testing.T) {
	target := []string{"instruction", "ref", "selector"}
	want := map[string]struct{ props, required []string }{
		"clickRef":    {target, []string{"instruction"}},
		"hoverRef":    {target, []string{"instruction"}},
		"fillRef":     {append(target, "value"), []string{"instruction", "value"}},
		"selectRef":   {append(target, "value"), []string{"instruction", "value"}},
		"checkRef":    {append(target, "checked"), []string{"instruction", "checked"}},
		"pressKey":    {append(target, "key"), []string{"instruction", "key"}},
		"context":     {nil, []string{}},
		"visualClick": {[]string{"instruction", "description"}, []string{"instruction", "description"}},
		"done":        {[]string{"instruction", "status", "proof"}, []string{"instruction", "status"}},
		"judge":       {[]string{"question", "options"}, []string{"question"}},
	}
	for _, withJudge := range []bool{false, true} {
		b, err := json.Marshal(Tools(withJudge))
		if err != nil {
			t.Fatal(err)
		}
		var tools []struct {
			Type     string `json:"type"`
			Function struct {
				Name        string `json:"name"`
				Description string `json:"description"`
				Parameters  struct {
					Type       string                    `json:"type"`
					Properties map[string]map[string]any `json:"properties"`
					Required   []string                  `json:"required"`
				} `json:"parameters"`
			} `json:"function"`
		}
		if err := json.Unmarshal(b, &tools); err != nil {
			t.Fatal(err)
		}
		var names []string
		for _, tl := range tools {
			f := tl.Function
			names = append(names, f.Name)
			w := want[f.Name]
			var props []string
			for k := range f.Parameters.Properties {
				props = append(props, k)
			}
			slices.Sort(props)
			wantProps := slices.Sorted(slices.Values(w.props))
			if tl.Type != "function" || f.Description == "" || f.Parameters.Type != "object" ||
				!slices.Equal(props, wantProps) || f.Parameters.Required == nil || !slices.Equal(f.Parameters.Required, w.required) {
				t.Errorf("withJudge %v, %s: type %q, params %q %v required %v; want properties %v, required %v",
					withJudge, f.Name, tl.Type, f.Parameters.Type, props, f.Parameters.Required, wantProps, w.required)
			}
			for _, r := range f.Parameters.Required {
				if f.Parameters.Properties[r] == nil {
					t.Errorf("%s requires %q, which it has no property for", f.Name, r)
				}
			}
		}
		if !slices.Equal(names, toolNames(withJudge)) {
			t.Errorf("withJudge %v: tools %v, want %v", withJudge, names, toolNames(withJudge))
		}
	}
	var done struct {
		Function struct {
			Parameters struct {
				Properties struct {
					Status struct {
						Enum []string `json:"enum"`
					} `json:"status"`
				} `json:"properties"`
			} `json:"parameters"`
		} `json:"function"`
	}
	b, _ := json.Marshal(Tools(false)[8])
	if json.Unmarshal(b, &done); !slices.Equal(done.Function.Parameters.Properties.Status.Enum, []string{"proven", "unproven", "failed"}) {
		t.Errorf("done's status: %s", b)
	}
}
