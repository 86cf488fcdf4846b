package main

import (
	"encoding/json"
	"fmt"
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
	if len(f.requests) > len(f.replies) {
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
	reply := templateRE.ReplaceAllStringFunc(f.replies[len(f.requests)-1], func(m string) string {
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

// refIn finds the ref of `role "name"` in snapshot text.
func refIn(text, role, name string) string {
	needle := fmt.Sprintf("%s %q", role, name)
	for _, line := range strings.Split(text, "\n") {
		if strings.Contains(line, needle+" ") {
			if m := refRE.FindStringSubmatch(line); m != nil {
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

// modelEnv points prima at the fake model.
func (f *fakeModel) env() []string {
	return []string{"PRIMA_MODEL=fake-planner", "PRIMA_BASE_URL=" + f.URL, "PRIMA_PROVIDER=custom"}
}
