package judge

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
)

// Batch is several questions judged against one state in one request: the
// wire format allows many questions per request, and a goal step asks its
// operation and speculative target questions together.
type Batch struct {
	// State is the JSON every question is judged against; nil means {}.
	State json.RawMessage
	// Questions maps caller-chosen ids to questions; Question.State is
	// ignored. Options nil asks a yes/no question; a choice is sent as
	// offered, without an Undecided appended.
	Questions map[string]Question
}

// MaxRequestBytes bounds one encoded request: a larger one is not sent.
const MaxRequestBytes = 256 << 10

// TooLargeError is a batch that was not sent because it breaks a size
// bound (bytes or options).
type TooLargeError struct{ Why string }

func (e *TooLargeError) Error() string { return "request too large: " + e.Why }

// Usage is what the provider reported it used; Known is false when the
// response carried no usage.
type Usage struct {
	InputTokens  int  `json:"input_tokens"`
	OutputTokens int  `json:"output_tokens"`
	Known        bool `json:"known"`
}

// Replies holds the answers to one batch. Each answer is validated only when
// it is read, so that a caller which reads only the head it selected is not
// failed by a malformed answer to a head it never uses.
type Replies struct {
	raw     map[string]json.RawMessage
	options map[string]int
	usage   Usage
}

// Graded is a validated answer with the model's own confidence: the wire's
// `confidence` field when the answer carried one, else the chosen option's
// probability (P(yes) for a yes/no question).
type Graded struct {
	Answer
	Confidence float64
}

// Usage is the provider's reported usage for the whole batch.
func (r *Replies) Usage() Usage { return r.usage }

// Answer validates and returns the answer to id with the same rules as Ask:
// the type asked, probability keys exactly the offered ids, each finite in
// [0,1], summing to 1 within 0.02, the choice the argmax. A missing or
// broken answer is a *MalformedError.
func (r *Replies) Answer(id string) (Graded, error) {
	n, asked := r.options[id]
	if !asked {
		return Graded{}, fmt.Errorf("no question %q was asked", id)
	}
	raw, ok := r.raw[id]
	if !ok {
		return Graded{}, malformed("no answer for %q", id)
	}
	// Re-wrapped as a one-question body so that exactly Ask's validation applies.
	body, err := json.Marshal(map[string]map[string]json.RawMessage{"answers": {questionID: raw}})
	if err != nil {
		return Graded{}, malformed("answer for %q: %v", id, err)
	}
	a, err := parseAnswer(body, n)
	if err != nil {
		var me *MalformedError
		if errors.As(err, &me) {
			return Graded{}, malformed("answer for %q: %s", id, me.Why)
		}
		return Graded{}, err
	}
	g := Graded{Answer: a, Confidence: a.Yes}
	if n > 0 {
		g.Confidence = a.Probabilities[a.Choice]
		var c struct {
			Confidence json.RawMessage `json:"confidence"`
		}
		if json.Unmarshal(raw, &c) == nil && len(c.Confidence) > 0 && string(c.Confidence) != "null" {
			p, err := probability(c.Confidence)
			if err != nil {
				return Graded{}, malformed("answer for %q: confidence: %v", id, err)
			}
			g.Confidence = p
		}
	}
	return g, nil
}

// AskMany POSTs every question of b in one request, one HTTP attempt, and
// checks only the body's outline (JSON, an answers object, no answer to a
// question not asked); each answer is validated by Replies.Answer. Errors
// are those of Ask, plus *TooLargeError for a batch that was not sent.
func (r *Remote) AskMany(ctx context.Context, b Batch) (*Replies, error) {
	if r.Key == "" {
		return nil, &ConfigError{Why: "no API key; set " + r.KeyEnv}
	}
	body, options, err := batchBody(r.Model, b)
	if err != nil {
		return nil, err
	}
	raw, err := r.post(ctx, body)
	if err != nil {
		return nil, err
	}
	var resp struct {
		Answers map[string]json.RawMessage `json:"answers"`
		Usage   *struct {
			InputTokens  int `json:"input_tokens"`
			OutputTokens int `json:"output_tokens"`
		} `json:"usage"`
	}
	if err := json.Unmarshal(raw, &resp); err != nil {
		return nil, malformed("not JSON: %v", err)
	}
	if resp.Answers == nil {
		return nil, malformed("no answers")
	}
	for id := range resp.Answers {
		if _, ok := options[id]; !ok {
			return nil, malformed("answer for %q, which was not asked", truncate(id, 40))
		}
	}
	rep := &Replies{raw: resp.Answers, options: options}
	if resp.Usage != nil {
		rep.usage = Usage{InputTokens: resp.Usage.InputTokens, OutputTokens: resp.Usage.OutputTokens, Known: true}
	}
	return rep, nil
}

// batchBody encodes {model, state, questions}; options maps each id to its
// option count (0 for yes/no).
func batchBody(model string, b Batch) ([]byte, map[string]int, error) {
	if len(b.Questions) == 0 {
		return nil, nil, &ConfigError{Why: "a batch needs at least one question"}
	}
	qs := make(map[string]wireQuestion, len(b.Questions))
	options := make(map[string]int, len(b.Questions))
	for id, q := range b.Questions {
		if len(q.Options) > MaxOptions {
			return nil, nil, &TooLargeError{Why: fmt.Sprintf("question %q has %d options, more than %d", id, len(q.Options), MaxOptions)}
		}
		qs[id] = newWireQuestion(q)
		options[id] = len(q.Options)
	}
	state := b.State
	if len(state) == 0 {
		state = json.RawMessage(`{}`)
	}
	body, err := json.Marshal(struct {
		Model     string                  `json:"model"`
		State     json.RawMessage         `json:"state"`
		Questions map[string]wireQuestion `json:"questions"`
	}{model, state, qs})
	if err != nil {
		return nil, nil, &ConfigError{Why: "state is not JSON: " + err.Error()}
	}
	if len(body) > MaxRequestBytes {
		return nil, nil, &TooLargeError{Why: fmt.Sprintf("%d bytes, more than %d", len(body), MaxRequestBytes)}
	}
	return body, options, nil
}

// post sends one request body and returns the 2xx response body: one
// HTTP attempt, no retries, the status as a *StatusError.
func (r *Remote) post(ctx context.Context, body []byte) ([]byte, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, r.URL, bytes.NewReader(body))
	if err != nil {
		return nil, &ConfigError{Why: err.Error()}
	}
	req.Header.Set("Authorization", "Bearer "+r.Key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json")
	c := r.Client
	if c == nil {
		c = client
	}
	resp, err := c.Do(req)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		io.Copy(io.Discard, io.LimitReader(resp.Body, maxBody))
		return nil, &StatusError{Code: resp.StatusCode, RetryAfter: retryAfter(resp.Header.Get("Retry-After")), KeyEnv: r.KeyEnv}
	}
	raw, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err != nil {
		return nil, err
	}
	if len(raw) > maxBody {
		return nil, &MalformedError{Why: "body over 1 MiB"}
	}
	return raw, nil
}

// Explain names a provider's failure in the words a rejected decision uses
// ("HTTP 402: out of credits", "malformed body: …").
func Explain(err error) string {
	var tl *TooLargeError
	if errors.As(err, &tl) {
		return tl.Error()
	}
	return reasonFor(err)
}
