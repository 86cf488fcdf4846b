// Package judge asks a decision model one narrow question and approves only a confident answer.
//
// A call site asks either a yes/no question (a Noul: the model answers with
// P(yes)) or a choice among listed options (a Choice: the model answers with
// a probability per option, and may pick Undecided). The answer is approved
// only when its probability is above Threshold and it is not Undecided;
// everything else, including every failure of the transport, is a rejection
// with a reason. Rejected means "not approved", never "confidently no": a
// call site phrases its question so that approval is the action it would
// take, and a rejection falls through to what it does without the judge.
package judge

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"sort"
	"strings"
	"time"
)

// Threshold is the probability an answer must exceed to be approved.
const Threshold = 0.7

// Undecided is the option that lets the model say none of the others fits.
// Decide appends it to every option list that lacks it (compared without
// regard to case).
const Undecided = "UNDECIDED"

// DefaultTimeout bounds one question when Judge.Timeout is zero.
const DefaultTimeout = 15 * time.Second

// MaxOptions is the most options one Choice may carry, Undecided included.
const MaxOptions = 255

// Decision is the judge's answer to one question. It is never nil and
// carries its own failure: Approved is false and Reason says why.
type Decision struct {
	// Value is the answer: for a yes/no question "yes" when P(yes) ≥ 0.5,
	// else "no"; for a choice the option the model picked; "" when no
	// answer arrived.
	Value string
	// Probability is P(yes) for a yes/no question and the chosen option's
	// probability for a choice.
	Probability float64
	// Approved is true only for a confident answer (Probability > Threshold,
	// and for a yes/no question the answer yes) other than Undecided.
	Approved bool
	// Reason says why the decision was rejected; "" when approved.
	Reason string
	// Candidates holds every option with its probability, most probable
	// first, when an answer arrived. A yes/no question has "yes" and "no".
	Candidates []Scored
}

// Scored is one option and the probability the model gave it.
type Scored struct {
	Option      string  `json:"option"`
	Probability float64 `json:"probability"`
}

// Judge asks a Provider and applies the approval rule. Its zero value is
// usable and rejects everything ("no decision provider configured").
type Judge struct {
	// Provider answers the questions; see FromConfig.
	Provider Provider
	// Timeout bounds each question, the whole HTTP exchange included;
	// zero means DefaultTimeout.
	Timeout time.Duration
	// Direct enables Decide, the path used at direct call sites. Consult
	// ignores it.
	Direct bool
	// Tool says whether the judge is offered as a tool to the do model. The
	// judge itself does not read it; it travels here with the rest of the
	// judge's configuration.
	Tool bool
	// TracePath is the JSONL file every call appends one line to
	// (see TraceFile); "" disables the trace.
	TracePath string
}

// Modelless reports whether no decision model stands behind the judge:
// none at all, or only the offline scorer, which judges no meaning.
func (j *Judge) Modelless() bool {
	return j == nil || j.Provider == nil || j.Provider.Name() == ProviderLocal
}

// Decide asks question at a direct call site: with Direct false it rejects
// without asking ("direct path disabled"). A nil or empty options list asks
// a yes/no question; otherwise the model picks one of options (Undecided
// appended when absent). state is any JSON-encodable value the question is
// judged against. Decide never returns an error and never panics.
func (j *Judge) Decide(ctx context.Context, question string, options []string, state any) Decision {
	return j.call(ctx, "decide", question, options, state)
}

// Consult is Decide without the direct-path gate, for the judge tool.
func (j *Judge) Consult(ctx context.Context, question string, options []string, state any) Decision {
	return j.call(ctx, "consult", question, options, state)
}

func (j *Judge) call(ctx context.Context, kind, question string, options []string, state any) (d Decision) {
	if j == nil {
		return reject(reasonNoJudge)
	}
	start := time.Now()
	t := traceLine{Call: kind, Question: question, Options: options}
	defer func() {
		if r := recover(); r != nil {
			d = reject(fmt.Sprintf(reasonInternal, r))
		}
		t.finish(d, start)
		writeTrace(j.TracePath, t)
	}()
	if j.Provider != nil {
		t.Provider = j.Provider.Name()
	}
	if kind == "decide" && !j.Direct {
		return reject(reasonDirectDisabled)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	q, reason := prepare(question, options, state)
	t.Options, t.StateBytes = q.Options, len(q.State)
	switch s := state.(type) {
	case map[string]string:
		t.Cut = s["cut"]
	case map[string]any:
		t.Cut, _ = s["cut"].(string)
	}
	if reason != "" {
		return reject(reason)
	}
	if j.Provider == nil {
		return reject(reasonNoProvider)
	}
	return j.ask(ctx, q)
}

// prepare checks the question and encodes it for a provider; a non-empty
// reason means it must not be asked.
func prepare(question string, options []string, state any) (Question, string) {
	q := Question{Instructions: strings.TrimSpace(question)}
	if len(options) > 0 {
		real, hasUndecided := 0, false
		for _, o := range options {
			if isUndecided(o) {
				hasUndecided = true
			} else {
				real++
			}
		}
		q.Options = append([]string(nil), options...)
		if !hasUndecided {
			q.Options = append(q.Options, Undecided)
		}
		// One real option is a question like any other: UNDECIDED is the
		// answer that says it does not fit.
		if real < 1 {
			return q, reasonNoOptions
		}
		if len(q.Options) > MaxOptions {
			return q, fmt.Sprintf(reasonManyOptions, len(q.Options), MaxOptions)
		}
	}
	raw, err := encodeState(state)
	if err != nil {
		return q, fmt.Sprintf(reasonStateNotJSON, err)
	}
	q.State = raw
	if q.Instructions == "" {
		return q, reasonEmptyQuestion
	}
	return q, ""
}

func encodeState(state any) (json.RawMessage, error) {
	if state == nil {
		return json.RawMessage(`{}`), nil
	}
	return json.Marshal(state)
}

func isUndecided(option string) bool { return strings.EqualFold(strings.TrimSpace(option), Undecided) }

// ask runs the provider under the timeout. The provider runs on its own
// goroutine so that one which ignores its context, or panics, still yields a
// decision on time.
func (j *Judge) ask(parent context.Context, q Question) Decision {
	timeout := j.Timeout
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	ctx, cancel := context.WithTimeout(parent, timeout)
	defer cancel()
	type result struct {
		a     Answer
		err   error
		panic any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r.panic = p
			}
			done <- r
		}()
		r.a, r.err = j.Provider.Ask(ctx, q)
	}()
	var r result
	answered := false
	select {
	case r = <-done:
		answered = true
	case <-ctx.Done():
	}
	if answered && r.panic != nil {
		return reject(fmt.Sprintf(reasonInternal, r.panic))
	}
	if !answered || (r.err != nil && ctx.Err() != nil) {
		switch {
		case errors.Is(parent.Err(), context.Canceled):
			return reject(reasonCanceled)
		case parent.Err() != nil:
			return reject(reasonCallerDeadline)
		}
		return reject(fmt.Sprintf(reasonTimeout, timeout))
	}
	if r.err != nil {
		return reject(reasonFor(r.err))
	}
	if err := checkAnswer(r.a, len(q.Options)); err != nil {
		return reject(fmt.Sprintf(reasonMalformedAnswer, err))
	}
	return decide(q, r.a)
}

// decide applies the approval rule to a valid answer.
func decide(q Question, a Answer) Decision {
	if len(q.Options) == 0 {
		d := Decision{Value: "yes", Probability: a.Yes}
		if a.Yes < 0.5 {
			d.Value = "no"
		}
		d.Candidates = sorted([]Scored{{"yes", a.Yes}, {"no", 1 - a.Yes}})
		switch {
		case a.Yes > Threshold:
			d.Approved = true
		case 1-a.Yes > Threshold:
			d.Reason = fmt.Sprintf(reasonConfidentNo, a.Yes)
		default:
			d.Reason = fmt.Sprintf(reasonLow, a.Yes, Threshold)
		}
		return d
	}
	cands := make([]Scored, len(q.Options))
	for i, o := range q.Options {
		cands[i] = Scored{o, a.Probabilities[i]}
	}
	d := Decision{Value: q.Options[a.Choice], Probability: a.Probabilities[a.Choice], Candidates: sorted(cands)}
	switch {
	case isUndecided(d.Value):
		d.Reason = fmt.Sprintf(reasonUndecided, d.Probability)
	case d.Probability > Threshold:
		d.Approved = true
	default:
		d.Reason = fmt.Sprintf(reasonLow, d.Probability, Threshold)
	}
	return d
}

func sorted(c []Scored) []Scored {
	sort.SliceStable(c, func(a, b int) bool { return c[a].Probability > c[b].Probability })
	return c
}

func reject(reason string) Decision { return Decision{Reason: reason} }

// Every reason a decision can be rejected for. Call sites and traces read
// them; tests pin each one.
const (
	reasonNoJudge         = "no judge configured"
	reasonNoProvider      = "no decision provider configured"
	reasonDirectDisabled  = "direct path disabled"
	reasonEmptyQuestion   = "empty question"
	reasonNoOptions       = "no option besides UNDECIDED"
	reasonManyOptions     = "too many options (%d > %d)"
	reasonStateNotJSON    = "state is not JSON: %v"
	reasonConfidentNo     = "confident no (P(yes) %.2f)"
	reasonLow             = "probability %.2f ≤ %.2f"
	reasonUndecided       = "UNDECIDED (%.2f)"
	reasonTimeout         = "timeout after %v"
	reasonCallerDeadline  = "timeout: the caller's deadline passed"
	reasonCanceled        = "canceled by the caller"
	reasonTransport       = "transport error: %v"
	reasonAuth            = "HTTP %d: authentication refused%s"
	reasonCredits         = "HTTP 402: out of credits"
	reasonRateLimited     = "HTTP 429: rate limited"
	reasonServer          = "HTTP %d: server error"
	reasonStatus          = "HTTP %d: unexpected status"
	reasonMalformed       = "malformed body: %s"
	reasonMalformedAnswer = "malformed answer: %v"
	reasonMisconfigured   = "misconfigured: %s"
	reasonInternal        = "internal: %v"
)

// reasonFor names a provider's failure.
func reasonFor(err error) string {
	var se *StatusError
	var me *MalformedError
	var ce *ConfigError
	switch {
	case errors.As(err, &se):
		switch c := se.Code; {
		case c == 401 || c == 403:
			hint := ""
			if se.KeyEnv != "" {
				hint = " (check " + se.KeyEnv + ")"
			}
			return fmt.Sprintf(reasonAuth, c, hint)
		case c == 402:
			return reasonCredits
		case c == 429:
			if se.RetryAfter != "" {
				return reasonRateLimited + ", Retry-After " + se.RetryAfter
			}
			return reasonRateLimited
		case c >= 500 && c <= 599:
			return fmt.Sprintf(reasonServer, c)
		default:
			return fmt.Sprintf(reasonStatus, c)
		}
	case errors.As(err, &me):
		return fmt.Sprintf(reasonMalformed, me.Why)
	case errors.As(err, &ce):
		return fmt.Sprintf(reasonMisconfigured, ce.Why)
	}
	return fmt.Sprintf(reasonTransport, err)
}

// checkAnswer holds any provider's answer to the wire format's rules: a
// yes/no answer is one probability; a choice answer has one finite
// probability in [0,1] per option, summing to 1 within 0.02, and its choice
// is the most probable option.
func checkAnswer(a Answer, options int) error {
	if options == 0 {
		if !unit(a.Yes) {
			return fmt.Errorf("P(yes) %v is not in [0,1]", a.Yes)
		}
		return nil
	}
	if len(a.Probabilities) != options {
		return fmt.Errorf("%d probabilities for %d options", len(a.Probabilities), options)
	}
	sum, best := 0.0, 0.0
	for i, p := range a.Probabilities {
		if !unit(p) {
			return fmt.Errorf("probability of option %d is %v, not in [0,1]", i, p)
		}
		sum += p
		best = math.Max(best, p)
	}
	if math.Abs(sum-1) > sumTolerance {
		return fmt.Errorf("probabilities sum to %.3f, not 1", sum)
	}
	if a.Choice < 0 || a.Choice >= options {
		return fmt.Errorf("choice %d is not an offered option", a.Choice)
	}
	if a.Probabilities[a.Choice] < best {
		return fmt.Errorf("choice %d (%.2f) is not the most probable option (%.2f)", a.Choice, a.Probabilities[a.Choice], best)
	}
	return nil
}

// sumTolerance allows probabilities rounded to two decimals.
const sumTolerance = 0.02

func unit(p float64) bool { return !math.IsNaN(p) && p >= 0 && p <= 1 }
