package browser

import (
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// RequestLines are the requests, one a line: `GET /api/save -> 500 (fetch,
// 12 ms)`, the path alone on the page's own origin; bodies, when asked,
// gives the lines of a request's bodies, under it.
func RequestLines(pageURL string, seen []Seen, dropped int, failedOnly bool, bodies func(Seen) []string) string {
	base, _ := url.Parse(pageURL)
	var lines []string
	listed := 0
	for _, s := range seen {
		if failedOnly && !s.Failed() {
			continue
		}
		listed++
		u := s.URL
		if p, err := url.Parse(s.URL); err == nil && base != nil && p.Scheme == base.Scheme && p.Host == base.Host {
			u = p.RequestURI()
		}
		answer := fmt.Sprint(s.Status)
		if s.Error != "" {
			answer = s.Error
		}
		lines = append(lines, fmt.Sprintf("- %s %s -> %s (%s, %d ms)", s.Method, shown.Clip(u, 300), answer, s.Type, s.MS))
		if bodies != nil {
			lines = append(lines, bodies(s)...)
		}
	}
	what := "requests"
	if failedOnly {
		what = "failed requests"
	}
	head := fmt.Sprintf("%d %s since the last `prima network`", listed, what)
	if listed == 1 {
		head = strings.Replace(head, "requests", "request", 1)
	}
	if dropped > 0 {
		head += fmt.Sprintf(" (and %d older ones prima no longer keeps)", dropped)
	}
	return strings.Join(append([]string{head}, lines...), "\n")
}

// Bodies are read for the requests whose bodies say what an app did:
// its pages, fetches and XHRs; the last maxBodies of them, each cut at
// maxBody bytes.
const (
	maxBodies = 50
	maxBody   = 1000
)

var bodyTypes = map[string]bool{"document": true, "fetch": true, "xhr": true}

// BodyLines reads, now, the bodies of the last maxBodies requests of seen
// that RequestLines lists and that carry them, and gives each request's
// lines: what it sent and what it got.
func BodyLines(seen []Seen, failedOnly bool) func(Seen) []string {
	read := map[uint64][]string{}
	for i := len(seen) - 1; i >= 0 && len(read) < maxBodies; i-- {
		s := seen[i]
		if !bodyTypes[s.Type] || failedOnly && !s.Failed() {
			continue
		}
		var lines []string
		if s.Sent != nil {
			if data, ctype := s.Sent(); data != "" {
				lines = append(lines, "  sent: "+shownBody(data, ctype))
			}
		}
		if s.Got != nil {
			b, ctype, err := s.Got()
			switch {
			case err != nil:
				lines = append(lines, "  got: (the browser no longer holds the body)")
			case len(b) > 0:
				lines = append(lines, "  got: "+shownBody(string(b), ctype))
			}
		}
		if len(lines) > 0 {
			read[s.n] = lines
		}
	}
	return func(s Seen) []string { return read[s.n] }
}

// shownBody is a body as one line: quoted text cut at maxBody, or its
// size and type when it is not text.
func shownBody(b, ctype string) string {
	textual := ctype == "" || strings.HasPrefix(ctype, "text/")
	for _, t := range []string{"json", "javascript", "xml", "x-www-form-urlencoded"} {
		textual = textual || strings.Contains(ctype, t)
	}
	if !textual || !utf8.ValidString(b) {
		return fmt.Sprintf("(%d bytes of %s)", len(b), ctype)
	}
	return strconv.Quote(shown.Clip(b, maxBody))
}
