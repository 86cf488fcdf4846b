package main

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"sync"
	"testing"
)

// fakeModel is a local OpenAI-compatible chat server that answers with
// recorded replies (testdata/model/<script>/NN.json, in order), in the
// real wire format. Reply files may name refs as {{ref:ROLE:NAME}} (from
// the newest page context in the conversation) or {{firstref:ROLE:NAME}}
// (from the first), the way a model reads refs from what it was shown.
type fakeModel struct {
	URL      string
	mu       sync.Mutex
	replies  []string
	next     int // the next recorded chat reply
	requests []string
}

func newFakeModel(t *testing.T, script string) *fakeModel {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join("testdata", "model", script, "*.json"))
	sort.Strings(files)
	if len(files) == 0 {
		t.Fatalf("no recorded replies for %s", script)
	}
	f := &fakeModel{}
	for _, p := range files {
		b, err := os.ReadFile(p)
		if err != nil {
			t.Fatal(err)
		}
		f.replies = append(f.replies, string(b))
	}
	srv := httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(srv.Close)
	f.URL = srv.URL + "/v1"
	return f
}

var templateRE = regexp.MustCompile(`\{\{(ref|firstref):([a-z]+):([^}]+)\}\}`)

func (f *fakeModel) serve(w http.ResponseWriter, r *http.Request) {
	if r.URL.Path != "/v1/chat/completions" || r.Method != http.MethodPost {
		http.Error(w, `{"error":{"message":"not found"}}`, http.StatusNotFound)
		return
	}
	body, _ := io.ReadAll(r.Body)
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, string(body))
	if strings.Contains(string(body), `"image_url"`) {
		f.vision(w, body)
		return
	}
	if f.next >= len(f.replies) {
		http.Error(w, `{"error":{"message":"the recording has no more replies"}}`, http.StatusInternalServerError)
		return
	}
	var req struct {
		Messages []struct {
			Content json.RawMessage `json:"content"`
		} `json:"messages"`
	}
	json.Unmarshal(body, &req)
	var contexts []string
	for _, m := range req.Messages {
		var s string
		if json.Unmarshal(m.Content, &s) == nil && strings.Contains(s, "Page (context #") {
			contexts = append(contexts, s[strings.Index(s, "Page (context #"):])
		}
	}
	f.next++
	reply := templateRE.ReplaceAllStringFunc(f.replies[f.next-1], func(m string) string {
		p := templateRE.FindStringSubmatch(m)
		if len(contexts) == 0 {
			return "no-context"
		}
		ctx := contexts[len(contexts)-1]
		if p[1] == "firstref" {
			ctx = contexts[0]
		}
		return refIn(ctx, p[2], p[3])
	})
	w.Header().Set("Content-Type", "application/json")
	io.WriteString(w, reply)
}

// vision answers a vision request the way a vision model would, from the
// pixels: it finds the colour the prompt names in the screenshot and
// returns the centre of those pixels.
func (f *fakeModel) vision(w http.ResponseWriter, body []byte) {
	text := string(body)
	i := strings.Index(text, "data:image/png;base64,")
	if i < 0 {
		http.Error(w, `{"error":{"message":"no image"}}`, http.StatusBadRequest)
		return
	}
	rest := text[i+len("data:image/png;base64,"):]
	data, err := base64.StdEncoding.DecodeString(rest[:strings.IndexByte(rest, '"')])
	if err != nil {
		http.Error(w, `{"error":{"message":"bad image"}}`, http.StatusBadRequest)
		return
	}
	img, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		http.Error(w, `{"error":{"message":"bad png"}}`, http.StatusBadRequest)
		return
	}
	want := [3]uint32{0x22, 0x22, 0xdd}
	if strings.Contains(text, "red") {
		want = [3]uint32{0xdd, 0x22, 0x22}
	}
	var sx, sy, n int
	b := img.Bounds()
	for y := b.Min.Y; y < b.Max.Y; y++ {
		for x := b.Min.X; x < b.Max.X; x++ {
			r, g, bl, _ := img.At(x, y).RGBA()
			if near(r>>8, want[0]) && near(g>>8, want[1]) && near(bl>>8, want[2]) {
				sx, sy, n = sx+x, sy+y, n+1
			}
		}
	}
	content := "I cannot see it."
	if n > 0 {
		content = fmt.Sprintf(`{"x": %d, "y": %d}`, sx/n, sy/n)
	}
	reply := map[string]any{
		"id": "chatcmpl-vision", "object": "chat.completion", "created": 1796000000, "model": "fake-vision",
		"choices": []any{map[string]any{"index": 0, "finish_reason": "stop", "message": map[string]any{"role": "assistant", "content": content}}},
		"usage":   map[string]any{"prompt_tokens": 1200, "completion_tokens": 12, "total_tokens": 1212},
	}
	w.Header().Set("Content-Type", "application/json")
	json.NewEncoder(w).Encode(reply)
}

func near(a, b uint32) bool { return a+12 >= b && a <= b+12 }

// refIn finds the ref of `role "name"` in snapshot text.
// contextRefRE is a ref as a model's context shows it: a snapshot's, or a
// research map's (m3).
var contextRefRE = regexp.MustCompile(`\[ref=((?:f\d+)?e\d+|m\d+)\]`)

func refIn(text, role, name string) string {
	needle := fmt.Sprintf("%s %q", role, name)
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, needle+" ") {
			if m := contextRefRE.FindStringSubmatch(line); m != nil {
				return m[1]
			}
		}
	}
	return "missing-" + role
}

func (f *fakeModel) calls() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]string(nil), f.requests...)
}

// env points prima at the fake model, for planning and for vision.
func (f *fakeModel) env() []string {
	return []string{"PRIMA_MODEL=fake-planner", "PRIMA_BASE_URL=" + f.URL, "PRIMA_PROVIDER=custom",
		"PRIMA_VISION_MODEL=fake-vision", "PRIMA_VISION_BASE_URL=" + f.URL, "PRIMA_VISION_PROVIDER=custom"}
}
