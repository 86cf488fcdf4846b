package goal

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/prima-dev/prima/prima/judge"
)

// Question is one head of a decision request: a choice among Options, or
// a yes/no question when Options is nil.
type Question struct {
	ID           string   `json:"id"`
	Instructions string   `json:"instructions"`
	Options      []string `json:"options,omitempty"`
}

// Request is one HTTP request's worth of questions, all judged against one
// state. The goal builds State from redacted text only.
type Request struct {
	State     json.RawMessage `json:"state"`
	Questions []Question      `json:"questions"`
}

// Reply gives the answers to one Request. Answer validates only the head it
// is asked for, so an unused speculative head cannot fail a step.
type Reply interface {
	Answer(id string) (judge.Graded, error)
	Usage() judge.Usage
}

// Decider sends one decision request: one HTTP attempt, no retries. Its
// errors are the judge's (*judge.StatusError, *judge.MalformedError,
// *judge.TooLargeError for a request not sent, …); each is a stop.
type Decider interface {
	Decide(ctx context.Context, r Request) (Reply, error)
}

// Evidence is what the independent verifier judges: the claim as authored,
// {{names}} and all, and the page redacted the same way, so that a claim
// naming {{email}} is matched against a page showing {{email}}. It never
// holds a bound value.
type Evidence struct {
	Claim  string `json:"claim"`
	URL    string `json:"url"`
	Title  string `json:"title"`
	Digest string `json:"page"`
}

// Scores are the verifier's two answers: P(the page shows the claim holds)
// and P(the page contradicts it).
type Scores struct {
	Holds        float64     `json:"holds"`
	Contradicted float64     `json:"contradicted"`
	Usage        judge.Usage `json:"usage"`
}

// Verifier judges a claim against the page in one request with two yes/no
// questions, independently of the planner's state.
type Verifier interface {
	Verify(ctx context.Context, e Evidence) (Scores, error)
}

// Model is the hosted decision model as both Decider and Verifier.
type Model struct{ Remote *judge.Remote }

// NewModel refuses a provider that cannot plan. The offline local judge
// scores words and cannot choose actions, so a goal refuses it rather than
// pretend; the error names what to set.
func NewModel(p judge.Provider) (*Model, error) {
	if r, ok := p.(*judge.Remote); ok && r != nil {
		return &Model{Remote: r}, nil
	}
	return nil, errors.New(LocalJudgeRefusal)
}

// LocalJudgeRefusal is why a goal does not run on the offline judge.
const LocalJudgeRefusal = "prima goal needs the hosted decision model; the offline local judge cannot plan. " +
	"Set PRIMA_JUDGE=typesafe with TYPESAFE_API_KEY, or PRIMA_JUDGE=openrouter with OPENROUTER_API_KEY " +
	"(PRIMA_JUDGE_BASE_URL points either at a proxy or a test server)"

// Decide sends r as one batch.
func (m *Model) Decide(ctx context.Context, r Request) (Reply, error) {
	b := judge.Batch{State: r.State, Questions: make(map[string]judge.Question, len(r.Questions))}
	for _, q := range r.Questions {
		b.Questions[q.ID] = judge.Question{Instructions: q.Instructions, Options: q.Options}
	}
	reps, err := m.Remote.AskMany(ctx, b)
	if err != nil {
		return nil, err
	}
	return reps, nil
}

// The verifier's two questions.
const (
	holdsID        = "holds"
	contradictedID = "contradicted"
	holdsQuestion  = "The state holds a claim and the page it is about (url, title, visible text). " +
		"Does the page show that the claim holds, now? {{name}} stands for a value the page shows as the same {{name}}."
	contradictedQuestion = "The state holds a claim and the page it is about (url, title, visible text). " +
		"Does the page show that the claim is false?"
)

// verifyRequest is the verifier's one request.
func verifyRequest(e Evidence) (Request, error) {
	state, err := json.Marshal(e)
	if err != nil {
		return Request{}, err
	}
	return Request{State: state, Questions: []Question{
		{ID: holdsID, Instructions: holdsQuestion},
		{ID: contradictedID, Instructions: contradictedQuestion},
	}}, nil
}

// Verify asks both questions in one request; both answers must be valid.
func (m *Model) Verify(ctx context.Context, e Evidence) (Scores, error) {
	req, err := verifyRequest(e)
	if err != nil {
		return Scores{}, err
	}
	rep, err := m.Decide(ctx, req)
	if err != nil {
		return Scores{}, err
	}
	h, err := rep.Answer(holdsID)
	if err != nil {
		return Scores{}, err
	}
	c, err := rep.Answer(contradictedID)
	if err != nil {
		return Scores{}, err
	}
	return Scores{Holds: h.Yes, Contradicted: c.Yes, Usage: rep.Usage()}, nil
}

// Verification thresholds: a pass needs holds ≥ PassHolds and contradicted
// below MaxContradicted; holds in [FlagHolds, PassHolds) is a flagged
// low-confidence pass, which a goal does not accept.
const (
	PassHolds       = 0.75
	FlagHolds       = 0.60
	MaxContradicted = 0.5
)

// Verdict is the verifier's scores with the goal's reading of them.
type Verdict struct {
	Holds        float64 `json:"holds"`
	Contradicted float64 `json:"contradicted"`
	Passed       bool    `json:"passed"`  // an unflagged pass: the only one a goal accepts
	Flagged      bool    `json:"flagged"` // a low-confidence pass, not accepted
}

// read applies the thresholds.
func read(s Scores) Verdict {
	v := Verdict{Holds: s.Holds, Contradicted: s.Contradicted}
	if s.Contradicted < MaxContradicted {
		v.Passed = s.Holds >= PassHolds
		v.Flagged = !v.Passed && s.Holds >= FlagHolds
	}
	return v
}

func (v Verdict) String() string {
	return fmt.Sprintf("holds %.2f, contradicted %.2f", v.Holds, v.Contradicted)
}
