package engine

import (
	"net/url"
	"testing"
)

func TestFailedLine(t *testing.T) {
	base, _ := url.Parse("http://127.0.0.1:8080/drafts/7?tab=2")
	for _, c := range []struct {
		method, target string
		status         int
		reason, want   string
	}{
		{"POST", "/api/save", 500, "", "request failed: POST /api/save -> 500"},
		{"GET", "items?page=2", 404, "", "request failed: GET /drafts/items?page=2 -> 404"},
		{"PUT", "http://127.0.0.1:8080/api/x", 409, "", "request failed: PUT /api/x -> 409"},
		{"GET", "https://cdn.example.com/a.json", 0, "no answer", "request failed: GET https://cdn.example.com/a.json -> no answer"},
		{"POST", "/api/save", 0, "TypeError: Failed to fetch", "request failed: POST /api/save -> TypeError: Failed to fetch"},
	} {
		if got := failedLine(base, c.method, c.target, c.status, c.reason); got != c.want {
			t.Errorf("failedLine(%s %s %d %q) = %q, want %q", c.method, c.target, c.status, c.reason, got, c.want)
		}
	}
}
