package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"strconv"
	"strings"
)

// Remote is a hosted decision model (TypeSafe's Jev) reached over HTTP,
// directly or through OpenRouter; both speak the same wire format.
type Remote struct {
	Provider string // "openrouter" or "typesafe", for traces
	URL      string // the endpoint the question is POSTed to
	Model    string
	Key      string
	KeyEnv   string       // the variable the key came from, named in auth failures
	Client   *http.Client // nil means a client with no timeout of its own
}

// Name names the provider and model for traces.
func (r *Remote) Name() string { return r.Provider + "/" + r.Model }

// questionID is the id of the one question each request carries.
const questionID = "q"

// maxBody caps a response body; an answer is a few hundred bytes.
const maxBody = 1 << 20

// Ask POSTs q and validates the answer.
func (r *Remote) Ask(ctx context.Context, q Question) (Answer, error) {
	if r.Key == "" {
		return Answer{}, &ConfigError{Why: "no API key; set " + r.KeyEnv}
	}
	body, err := requestBody(r.Model, q)
	if err != nil {
		return Answer{}, err
	}
	raw, err := r.post(ctx, body)
	if err != nil {
		return Answer{}, err
	}
	return parseAnswer(raw, len(q.Options))
}

func retryAfter(v string) string {
	v = strings.TrimSpace(v)
	if len(v) > 64 {
		v = v[:64]
	}
	return v
}

// wireQuestion is one entry of the request's questions map.
type wireQuestion struct {
	Type         string            `json:"type"`
	Instructions string            `json:"instructions"`
	Criteria     map[string]string `json:"criteria,omitempty"`
}

// newWireQuestion is q as an entry of the questions map, in a single or a
// batch request: a Noul without options, a Choice whose criteria map "0",
// "1", … to options.
func newWireQuestion(q Question) wireQuestion {
	wq := wireQuestion{Type: "noul", Instructions: q.Instructions}
	if len(q.Options) > 0 {
		wq.Type = "choice"
		wq.Criteria = make(map[string]string, len(q.Options))
		for i, o := range q.Options {
			wq.Criteria[strconv.Itoa(i)] = o
		}
	}
	return wq
}

// requestBody encodes {model, state, questions} with q under questionID.
func requestBody(model string, q Question) ([]byte, error) {
	wq := newWireQuestion(q)
	state := q.State
	if len(state) == 0 {
		state = json.RawMessage(`{}`)
	}
	return json.Marshal(struct {
		Model     string                  `json:"model"`
		State     json.RawMessage         `json:"state"`
		Questions map[string]wireQuestion `json:"questions"`
	}{model, state, map[string]wireQuestion{questionID: wq}})
}

// parseAnswer reads a response body for the question with n options (0 for
// a yes/no question). It accepts only what the wire format allows: the one
// answer asked for, of the type asked; for a choice, probability keys that
// are exactly the offered ids, each finite in [0,1], summing to 1 within
// 0.02, and a choice that is the most probable id. Anything else is a
// *MalformedError.
func parseAnswer(body []byte, n int) (Answer, error) {
	var resp struct {
		Answers map[string]json.RawMessage `json:"answers"`
	}
	if err := json.Unmarshal(body, &resp); err != nil {
		return Answer{}, malformed("not JSON: %v", err)
	}
	if resp.Answers == nil {
		return Answer{}, malformed("no answers")
	}
	for id := range resp.Answers {
		if id != questionID {
			return Answer{}, malformed("answer for %q, which was not asked", id)
		}
	}
	rawAnswer, ok := resp.Answers[questionID]
	if !ok {
		return Answer{}, malformed("no answer for %q", questionID)
	}
	var wa struct {
		Type          string                     `json:"type"`
		Noul          json.RawMessage            `json:"noul"`
		Choice        json.RawMessage            `json:"choice"`
		Probabilities map[string]json.RawMessage `json:"probabilities"`
	}
	if err := json.Unmarshal(rawAnswer, &wa); err != nil {
		return Answer{}, malformed("answer is not an object: %v", err)
	}
	want := "noul"
	if n > 0 {
		want = "choice"
	}
	if wa.Type != want {
		return Answer{}, malformed("answer type %q, asked %q", wa.Type, want)
	}
	if n == 0 {
		p, err := probability(wa.Noul)
		if err != nil {
			return Answer{}, malformed("noul: %v", err)
		}
		return Answer{Yes: p}, nil
	}
	var choice string
	if err := json.Unmarshal(wa.Choice, &choice); err != nil || len(wa.Choice) == 0 {
		return Answer{}, malformed("choice is not an id string")
	}
	a := Answer{Choice: -1, Probabilities: make([]float64, n)}
	for i := range n {
		id := strconv.Itoa(i)
		raw, ok := wa.Probabilities[id]
		if !ok {
			return Answer{}, malformed("no probability for option %q", id)
		}
		p, err := probability(raw)
		if err != nil {
			return Answer{}, malformed("probability of %q: %v", id, err)
		}
		a.Probabilities[i] = p
		if id == choice {
			a.Choice = i
		}
	}
	if len(wa.Probabilities) != n {
		for id := range wa.Probabilities {
			if i, err := strconv.Atoi(id); err != nil || i < 0 || i >= n || strconv.Itoa(i) != id {
				return Answer{}, malformed("probability for %q, which was not offered", truncate(id, 40))
			}
		}
	}
	if a.Choice < 0 {
		return Answer{}, malformed("choice %q is not an offered id", choice)
	}
	if err := checkAnswer(a, n); err != nil {
		return Answer{}, malformed("%v", err)
	}
	return a, nil
}

// probability reads one JSON number that must be finite and in [0,1].
func probability(raw json.RawMessage) (float64, error) {
	raw = bytes.TrimSpace(raw)
	if len(raw) == 0 || string(raw) == "null" {
		return 0, fmt.Errorf("missing")
	}
	var num json.Number
	if err := json.Unmarshal(raw, &num); err != nil || raw[0] == '"' {
		return 0, fmt.Errorf("%s is not a number", truncate(string(raw), 40))
	}
	p, err := strconv.ParseFloat(num.String(), 64)
	if err != nil || math.IsInf(p, 0) || math.IsNaN(p) {
		return 0, fmt.Errorf("%s is not a finite number", truncate(num.String(), 40))
	}
	if p < 0 || p > 1 {
		return 0, fmt.Errorf("%v is not in [0,1]", p)
	}
	return p, nil
}

func malformed(format string, args ...any) error {
	return &MalformedError{Why: fmt.Sprintf(format, args...)}
}

func truncate(s string, n int) string {
	if r := []rune(s); len(r) > n {
		return string(r[:n]) + "…"
	}
	return s
}
