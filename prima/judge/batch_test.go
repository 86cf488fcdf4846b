package judge

import (
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strings"
	"testing"
)

func remoteFor(t *testing.T, f *fakeServer) *Remote {
	t.Helper()
	env := map[string]string{"OPENROUTER_API_KEY": "test-key"}
	p, err := FromConfig("openrouter", "", f.URL, func(k string) string { return env[k] })
	if err != nil {
		t.Fatal(err)
	}
	return p.(*Remote)
}

var stepBatch = Batch{
	State: json.RawMessage(`{"page":"/checkout"}`),
	Questions: map[string]Question{
		"op":    {Instructions: "Which operation?", Options: []string{"CLICK", "TYPE", "BLOCKED"}},
		"click": {Instructions: "Which element?", Options: []string{"button Save", "button Cancel"}},
		"type":  {Instructions: "Which field?", Options: []string{"Email", "Name"}},
		"holds": {Instructions: "Does it hold?"},
	},
}

func TestAskManySendsOneRequestWithEveryQuestion(t *testing.T) {
	f := newFakeServer(t, reply{file: "batch_step.json"})
	reps, err := remoteFor(t, f).AskMany(context.Background(), stepBatch)
	if err != nil {
		t.Fatal(err)
	}
	got := f.requests()
	if len(got) != 1 {
		t.Fatalf("server saw %d requests, want 1", len(got))
	}
	want := map[string]wireQuestion{
		"op":    {Type: "choice", Instructions: "Which operation?", Criteria: map[string]string{"0": "CLICK", "1": "TYPE", "2": "BLOCKED"}},
		"click": {Type: "choice", Instructions: "Which element?", Criteria: map[string]string{"0": "button Save", "1": "button Cancel"}},
		"type":  {Type: "choice", Instructions: "Which field?", Criteria: map[string]string{"0": "Email", "1": "Name"}},
		"holds": {Type: "noul", Instructions: "Does it hold?"},
	}
	if !reflect.DeepEqual(got[0].body.Questions, want) || string(got[0].body.State) != `{"page":"/checkout"}` {
		t.Errorf("request questions %+v state %s", got[0].body.Questions, got[0].body.State)
	}
	if u := reps.Usage(); u != (Usage{1200, 40, true}) {
		t.Errorf("usage = %+v", u)
	}
	op, err := reps.Answer("op")
	if err != nil || op.Choice != 0 || op.Confidence != 0.62 {
		t.Errorf("op = %+v, %v; want choice 0 with the wire confidence 0.62", op, err)
	}
	click, err := reps.Answer("click")
	if err != nil || click.Choice != 1 || click.Confidence != 0.85 {
		t.Errorf("click = %+v, %v; want choice 1, confidence P(choice) 0.85 when the wire has none", click, err)
	}
	holds, err := reps.Answer("holds")
	if err != nil || holds.Yes != 0.91 || holds.Confidence != 0.91 {
		t.Errorf("holds = %+v, %v", holds, err)
	}
	// The type head sums to 0.6: malformed, but only when read.
	if _, err := reps.Answer("type"); err == nil || !strings.Contains(err.Error(), `answer for "type": probabilities sum to 0.600`) {
		t.Errorf("type head error = %v", err)
	}
	if _, err := reps.Answer("nope"); err == nil {
		t.Error("an id never asked has an answer")
	}
}

func TestAskManyRejects(t *testing.T) {
	one := Batch{Questions: map[string]Question{"op": stepBatch.Questions["op"]}}
	cases := []struct {
		name  string
		reply reply
		batch Batch
		// sent says whether the server saw the request.
		sent    bool
		explain string
	}{
		{"an answer to a question not asked", reply{file: "batch_extra.json"}, one, true, `malformed body: answer for "zzz", which was not asked`},
		{"HTTP 402", reply{status: 402}, one, true, "HTTP 402: out of credits"},
		{"HTTP 429", reply{status: 429, header: map[string]string{"Retry-After": "7"}}, one, true, "HTTP 429: rate limited, Retry-After 7"},
		{"HTTP 502", reply{status: 502}, one, true, "HTTP 502: server error"},
		{"too many options", reply{file: "batch_step.json"}, Batch{Questions: map[string]Question{"op": {Instructions: "x", Options: make([]string, MaxOptions+1)}}}, false, `request too large: question "op" has 256 options, more than 255`},
		{"too many bytes", reply{file: "batch_step.json"}, Batch{State: json.RawMessage(`"` + strings.Repeat("x", MaxRequestBytes) + `"`), Questions: one.Questions}, false, "request too large: "},
		{"no questions", reply{file: "batch_step.json"}, Batch{}, false, "misconfigured: a batch needs at least one question"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f := newFakeServer(t, c.reply)
			_, err := remoteFor(t, f).AskMany(context.Background(), c.batch)
			if err == nil || !strings.HasPrefix(Explain(err), c.explain) {
				t.Errorf("err = %v (%q), want %q", err, Explain(err), c.explain)
			}
			if sent := len(f.requests()) == 1; sent != c.sent {
				t.Errorf("sent = %v, want %v", sent, c.sent)
			}
		})
	}
}

func TestAskManyConfidenceOutOfRangeIsMalformed(t *testing.T) {
	f := newFakeServer(t, reply{file: "batch_bad_confidence.json"})
	reps, err := remoteFor(t, f).AskMany(context.Background(), Batch{Questions: map[string]Question{"op": stepBatch.Questions["op"]}})
	if err != nil {
		t.Fatal(err)
	}
	_, err = reps.Answer("op")
	var me *MalformedError
	if !errors.As(err, &me) || !strings.Contains(me.Why, "confidence: 1.4 is not in [0,1]") {
		t.Errorf("err = %v", err)
	}
}

func TestAskManyWithoutKeyIsNotSent(t *testing.T) {
	f := newFakeServer(t, reply{file: "batch_step.json"})
	r := remoteFor(t, f)
	r.Key = ""
	if _, err := r.AskMany(context.Background(), stepBatch); err == nil || !strings.Contains(Explain(err), "OPENROUTER_API_KEY") || len(f.requests()) != 0 {
		t.Errorf("err = %v, requests %d", err, len(f.requests()))
	}
}
