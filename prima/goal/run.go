// Package goal reaches a stated outcome on a page with bounded click and
// type decisions from the decision model, then requires an independent
// verifier to pass a separately stated claim.
//
// Each step observes the page, asks the operation (CLICK, TYPE, DONE,
// BLOCKED; unavailable ones omitted) and speculative target questions in
// one request, validates only the heads it uses, gates them (confidence
// floor 0.3, lead 0.1), chooses a value source for a TYPE the same way,
// re-observes and dispatches only when the page and its candidates are
// exactly as decided, and records every dispatch before it runs. DONE is
// never a pass by itself; an uncertain decision stops; an action is never
// replayed. Every bound value is shown by its binding name only.
package goal

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/url"
	"sort"
	"strings"
	"time"

	"github.com/brianvoe/gofakeit/v7"
	"github.com/prima-dev/prima/prima/judge"
)

// Budget bounds one goal. Zero fields take the defaults.
type Budget struct {
	Requests int           `json:"requests"` // decision, value and verification requests
	Actions  int           `json:"actions"`  // dispatched actions
	Time     time.Duration `json:"time"`
}

// Budget defaults and hard maxima.
const (
	DefaultRequests = 24
	DefaultActions  = 18
	DefaultTime     = 120 * time.Second
	MaxRequests     = 64
	MaxActions      = 48
	MaxTime         = 300 * time.Second
)

// Gates and bounds of the loop.
const (
	// ConfidenceFloor and LeadFloor gate every decision head: the model's
	// confidence must be at least the floor and the chosen option must lead
	// the runner-up by at least the lead floor.
	ConfidenceFloor = 0.3
	LeadFloor       = 0.1
	// MaxVisits is how often one page/digest/field-binding state may come
	// up; one more is no_progress.
	MaxVisits = 3
	// MaxStaleRetries is how many discards in a row (freshness check or a
	// target gone before dispatch) the goal retries before stale_observation.
	MaxStaleRetries = 3
	// MaxDigest is the longest page text a decision is made on: a longer
	// page is incomplete_observation, not planned on in part.
	MaxDigest = 4096
	// recentActions is how many earlier actions the model sees.
	recentActions = 10
	// epsilon absorbs float rounding at the gate boundaries (0.55 - 0.45).
	epsilon = 1e-9
)

// Spec is one goal to run.
type Spec struct {
	Goal string
	// Verify is the claim the independent verifier must pass; a blank one
	// makes DONE stop as unverified, never pass.
	Verify string
	// Data binds names to values: supplied data, $ENV and secrets alike.
	// Each is typed only into a field and shown everywhere as {{name}}.
	Data map[string]string
	// Seed seeds Faker; 0 picks one at random (Result.Seed reports it).
	Seed uint64
	// NoGenerate restricts fills to Data: no Faker values.
	NoGenerate bool
	Budget     Budget
}

// Check reports what makes s unusable (a usage error): a blank goal, a
// malformed or undeclared {{binding}}, a value too short to redact, a
// budget over its hard maximum.
func (s Spec) Check() error {
	if strings.TrimSpace(s.Goal) == "" {
		return errors.New("goal: missing or blank; state the outcome to reach")
	}
	if err := checkBindings(s.Data); err != nil {
		return err
	}
	if err := checkPlaceholders("goal", s.Goal, s.Data); err != nil {
		return err
	}
	if err := checkPlaceholders("verify", s.Verify, s.Data); err != nil {
		return err
	}
	_, err := s.Budget.resolve()
	return err
}

// Check reports a budget over its hard maxima (a usage error).
func (b Budget) Check() error {
	_, err := b.resolve()
	return err
}

// Deadline is how long a goal command on b may take: its time budget and
// room to report.
func (b Budget) Deadline() time.Duration {
	r, _ := b.resolve()
	return r.Time + 30*time.Second
}

func (b Budget) resolve() (Budget, error) {
	if b.Requests == 0 {
		b.Requests = DefaultRequests
	}
	if b.Actions == 0 {
		b.Actions = DefaultActions
	}
	if b.Time == 0 {
		b.Time = DefaultTime
	}
	switch {
	case b.Requests < 0 || b.Requests > MaxRequests:
		return b, fmt.Errorf("request budget %d: use 1 to %d", b.Requests, MaxRequests)
	case b.Actions < 0 || b.Actions > MaxActions:
		return b, fmt.Errorf("action budget %d: use 1 to %d", b.Actions, MaxActions)
	case b.Time < 0 || b.Time > MaxTime:
		return b, fmt.Errorf("time budget %v: use at most %v", b.Time, MaxTime)
	}
	return b, nil
}

// Runner runs goals on one page.
type Runner struct {
	Page     Page
	Decider  Decider
	Verifier Verifier
	// Record receives the replayable record; nil records nothing.
	Record *Recorder
	// Now is the clock; nil is time.Now.
	Now func() time.Time
}

// Run runs s to a stop. The error is a usage error (Spec.Check) and means
// nothing was observed or asked; every other ending is in Result.
func (r *Runner) Run(ctx context.Context, s Spec) (Result, error) {
	if err := s.Check(); err != nil {
		return Result{}, err
	}
	budget, _ := s.Budget.resolve()
	now := r.Now
	if now == nil {
		now = time.Now
	}
	seed := s.Seed
	for seed == 0 {
		seed = rand.Uint64()
	}
	rn := &run{
		Runner: r, spec: s, budget: budget, now: now, start: now(),
		b: newBindings(s.Data), faker: gofakeit.New(seed),
		visits: map[string]int{}, parent: ctx,
	}
	rn.res = Result{Seed: seed, Usage: judge.Usage{Known: true}}
	rn.res.Goal, rn.res.Verify = rn.b.Redact(s.Goal), rn.b.Redact(s.Verify)
	if r.Record != nil {
		r.Record.redact = rn.b.Redact
	}
	var cancel context.CancelFunc
	rn.ctx, cancel = context.WithTimeout(ctx, budget.Time)
	defer cancel()
	rn.rec("start", map[string]any{"goal": rn.res.Goal, "verify": rn.res.Verify, "bindings": rn.b.supplied,
		"seed": seed, "generate": !s.NoGenerate, "budget": budget})
	rn.loop()
	rn.res.Seconds = math.Round(now().Sub(rn.start).Seconds()*1000) / 1000
	rn.rec("stop", map[string]any{"stop": rn.res.Stop, "reason": rn.res.Reason, "requests": rn.res.Requests,
		"actions": len(rn.res.Actions), "seconds": rn.res.Seconds})
	if r.Record != nil && r.Record.err != nil {
		rn.res.RecordError = r.Record.err.Error()
	}
	return rn.res, nil
}

// run is one goal's state.
type run struct {
	*Runner
	spec        Spec
	budget      Budget
	ctx, parent context.Context
	now         func() time.Time
	start       time.Time
	b           *bindings
	faker       *gofakeit.Faker
	res         Result
	step        int
	visits      map[string]int
	history     []string
	stale       int           // discards in a row
	pending     *pendingValue // a generated value drawn but not yet typed
	last        string        // the latest head's top probabilities, for stop reasons
}

// pendingValue lets a retry after a provable pre-dispatch discard type the
// value it had drawn, when the same generator is chosen for the same field
// on the same page, so a retry does not shift the seeded sequence.
type pendingValue struct {
	key string
	gen Generated
}

// view is an Observation redacted, with what the loop derives from it.
type view struct {
	url, path, title, version, digest string
	complete                          bool
	clicks                            []Candidate // offered: not disabled
	fills                             []Field     // every field
	surface, key                      string
}

func (r *run) stop(s Stop, reason string) {
	r.res.Stop, r.res.Reason, r.res.OK = s, r.b.Redact(reason), s == StopPassed
}

// ctxStopped stops on the caller's cancellation or the time budget.
func (r *run) ctxStopped() bool {
	switch {
	case r.parent.Err() != nil:
		r.stop(StopCanceled, "canceled by the caller")
	case r.ctx.Err() != nil:
		r.stop(StopTimeout, fmt.Sprintf("the goal's time budget of %v ran out", r.budget.Time))
	default:
		return false
	}
	return true
}

func (r *run) rec(kind string, data any) { r.Record.write(r.step, kind, data) }

func (r *run) loop() {
	var next *view
	for {
		if r.ctxStopped() {
			return
		}
		v := next
		next = nil
		if v == nil {
			var ok bool
			if v, ok = r.observe(); !ok {
				return
			}
		}
		if !v.complete || len(v.digest) > MaxDigest {
			r.stop(StopIncompleteObservation, fmt.Sprintf("the page %s could not be observed whole (%d characters of text, complete %v; at most %d): name that page's part in the goal or move it into authored steps", v.path, len(v.digest), v.complete, MaxDigest))
			return
		}
		r.visits[v.key]++
		if r.visits[v.key] > MaxVisits {
			r.stop(StopNoProgress, fmt.Sprintf("the same state of %s (page, text and field bindings) came up %d times", v.path, r.visits[v.key]))
			return
		}
		r.step++
		p, ok := r.plan(v)
		if !ok {
			return
		}
		fresh, ok := r.observe()
		if !ok {
			return
		}
		if why := changed(v, fresh); why != "" {
			if !r.discard(v, why) {
				return
			}
			next = fresh
			continue
		}
		if p == nil { // DONE
			r.verify(fresh)
			return
		}
		if !r.dispatch(v, p) {
			return
		}
	}
}

// observe looks at the page and redacts what it saw.
func (r *run) observe() (*view, bool) {
	o, err := r.Page.Observe(r.ctx, r.b.Occupant)
	if err != nil {
		if !r.ctxStopped() {
			r.stop(StopPageError, "observing the page: "+err.Error())
		}
		return nil, false
	}
	v := r.redactObservation(o)
	sum := sha256.Sum256([]byte(v.digest))
	r.rec("observe", map[string]any{"url": v.url, "title": v.title, "version": v.version,
		"digest_sha256": hex.EncodeToString(sum[:]), "digest_chars": len(v.digest), "complete": v.complete,
		"clicks": len(v.clicks), "fills": len(v.fills)})
	return v, true
}

func (r *run) redactObservation(o Observation) *view {
	red := r.b.Redact
	v := &view{url: red(o.URL), title: red(o.Title), version: o.Version, digest: red(o.Digest), complete: o.Complete}
	v.path = v.url
	if u, err := url.Parse(v.url); err == nil && u.Path != "" {
		v.path = u.Path
	}
	candidate := func(c Candidate) Candidate {
		c.Role, c.Name, c.Context, c.Location = red(c.Role), red(c.Name), red(c.Context), red(c.Location)
		return c
	}
	var surface strings.Builder
	for _, c := range o.Clicks {
		c = candidate(c)
		fmt.Fprintf(&surface, "c %s %s\n", c.ID, c.describe())
		if !c.Disabled {
			v.clicks = append(v.clicks, c)
		}
	}
	var fieldState strings.Builder
	for _, f := range o.Fills {
		f.Candidate = candidate(f.Candidate)
		f.Occupant = red(f.Occupant)
		f.Constraint.Pattern, f.Constraint.Min, f.Constraint.Max = red(f.Constraint.Pattern), red(f.Constraint.Min), red(f.Constraint.Max)
		fmt.Fprintf(&surface, "f %s %s\n", f.ID, f.describe())
		fmt.Fprintf(&fieldState, "%s\n", f.describe())
		v.fills = append(v.fills, f)
	}
	v.surface = surface.String()
	key := sha256.Sum256([]byte(v.url + "\x00" + v.digest + "\x00" + fieldState.String()))
	v.key = hex.EncodeToString(key[:])
	return v
}

// changed names what differs between the view a decision was made on and
// a fresh one; "" when the page version and candidate surface both match.
func changed(a, b *view) string {
	switch {
	case a.url != b.url:
		return fmt.Sprintf("the page moved from %s to %s", a.path, b.path)
	case a.surface != b.surface:
		return fmt.Sprintf("the elements and fields offered on %s changed", a.path)
	case a.version != b.version:
		return fmt.Sprintf("the page %s changed", a.path)
	}
	return ""
}

// discard drops the decision made on v, which the page outran; false when
// that stopped the goal. The visit to v is taken back with it, so that a
// changing page ends as stale_observation, not as no_progress.
func (r *run) discard(v *view, why string) bool {
	r.visits[v.key]--
	r.stale++
	r.rec("discard", map[string]any{"why": why, "in_a_row": r.stale})
	if r.stale > MaxStaleRetries {
		r.stop(StopStaleObservation, fmt.Sprintf("the page changed before dispatch %d times in a row; last: %s", r.stale, why))
		return false
	}
	return true
}

// planned is a chosen CLICK or TYPE, ready to dispatch.
type planned struct {
	action      Action
	description string
	generated   *Generated // a new Faker value, offered for reuse once typed
}

// The operation head's options.
const (
	opClick   = "CLICK"
	opType    = "TYPE"
	opDone    = "DONE"
	opBlocked = "BLOCKED"
	none      = "NONE"
)

var opText = map[string]string{
	opClick:   "CLICK: click one of the elements in state.clickable",
	opType:    "TYPE: type a value into one of the fields in state.fields",
	opDone:    "DONE: the goal is reached on this page",
	opBlocked: "BLOCKED: no offered element or field can move the goal forward",
}

// Head ids and instructions of a decision request.
const (
	operationID = "operation"
	clickID     = "click"
	typeID      = "type"
	valueID     = "value"

	operationQuestion = "Choose the next operation toward the goal in state.goal, on the page in state.page. " +
		"Every step the goal names, such as signing in or placing an order, is expected. " +
		"Fill the fields the goal needs before submitting; do not repeat what state.recent_actions shows was done. " +
		"{{name}} stands for a bound value the page shows or a field holds."
	clickQuestion     = "If the next operation is a click: which element should be clicked to move toward the goal?"
	typeFieldQuestion = "If the next operation is typing: which field should be typed into next?"
	typePairQuestion  = "If the next operation is typing: which supplied value goes into which field next?"
	valueQuestion     = "Which value should be typed into state.field? A supplied binding the goal names, " +
		"a value generated earlier (to repeat it, e.g. in a confirmation field or on a later page), " +
		"a new value from a local generator, or BLOCKED when none fits. Never stand in a new value for credentials the goal supplies or implies exist."
	noneOption    = "NONE: none of these fits"
	blockedOption = "BLOCKED: no offered value fits this field"
)

type pageState struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	Text  string `json:"text"`
}

type planState struct {
	Goal          string    `json:"goal"`
	Page          pageState `json:"page"`
	Clickable     []string  `json:"clickable,omitempty"`
	Fields        []string  `json:"fields,omitempty"`
	Filled        []string  `json:"filled,omitempty"`
	Bindings      []string  `json:"bindings,omitempty"`
	RecentActions []string  `json:"recent_actions"`
}

// typeChoice is one TYPE option: a field, and without generation a binding.
type typeChoice struct {
	field   Field
	binding string
}

// plan asks for the step's decision. It returns nil for DONE.
func (r *run) plan(v *view) (*planned, bool) {
	page := pageState{URL: v.url, Title: v.title, Text: v.digest}
	st := planState{Goal: r.res.Goal, Page: page, Bindings: r.bindingList(), RecentActions: r.recent()}
	var typeChoices []typeChoice
	for _, f := range v.fills {
		if f.Disabled {
			continue
		}
		if strings.HasPrefix(f.Occupant, "{{") {
			st.Filled = append(st.Filled, f.describe())
			continue
		}
		st.Fields = append(st.Fields, f.describe())
		if !r.spec.NoGenerate {
			typeChoices = append(typeChoices, typeChoice{field: f})
			continue
		}
		for _, name := range r.b.supplied {
			typeChoices = append(typeChoices, typeChoice{field: f, binding: name})
		}
	}
	ops := []string{}
	req := Request{}
	clickLabels, typeLabels := []string{}, []string{}
	if len(v.clicks) > 0 {
		ops = append(ops, opClick)
		opts := make([]string, 0, len(v.clicks)+1)
		for _, c := range v.clicks {
			st.Clickable = append(st.Clickable, c.describe())
			opts = append(opts, c.describe())
			clickLabels = append(clickLabels, c.label())
		}
		req.Questions = append(req.Questions, Question{ID: clickID, Instructions: clickQuestion, Options: distinct(append(opts, noneOption))})
		clickLabels = append(clickLabels, none)
	}
	if len(typeChoices) > 0 {
		ops = append(ops, opType)
		q := Question{ID: typeID, Instructions: typeFieldQuestion}
		for _, c := range typeChoices {
			if c.binding == "" {
				q.Options = append(q.Options, c.field.describe())
				typeLabels = append(typeLabels, c.field.label())
			} else {
				q.Instructions = typePairQuestion
				q.Options = append(q.Options, fmt.Sprintf("{{%s}} into %s", c.binding, c.field.describe()))
				typeLabels = append(typeLabels, fmt.Sprintf("{{%s}} into %s", c.binding, c.field.label()))
			}
		}
		q.Options = distinct(append(q.Options, noneOption))
		typeLabels = append(typeLabels, none)
		req.Questions = append(req.Questions, q)
	}
	if len(typeChoices) == 0 {
		st.Fields = nil
	}
	ops = append(ops, opDone, opBlocked)
	opOptions := make([]string, len(ops))
	for i, o := range ops {
		opOptions[i] = opText[o]
	}
	req.Questions = append([]Question{{ID: operationID, Instructions: operationQuestion, Options: opOptions}}, req.Questions...)
	rep, ok := r.ask("plan", st, req)
	if !ok {
		return nil, false
	}
	i, ok := r.head(rep, operationID, "operation on "+v.path, ops, StopOperationAbstention)
	if !ok {
		return nil, false
	}
	switch ops[i] {
	case opDone:
		return nil, true
	case opBlocked:
		r.stop(StopBlocked, r.last+" (BLOCKED: no offered element or field can move the goal forward)")
		return nil, false
	case opClick:
		j, ok := r.head(rep, clickID, "click target on "+v.path, clickLabels, StopTargetAbstention)
		if !ok || !r.notNone(clickLabels[j], StopTargetAbstention) {
			return nil, false
		}
		c := v.clicks[j]
		return &planned{action: Action{Kind: Click, Target: c.ID}, description: fmt.Sprintf("click %s on %s", c.label(), v.path)}, true
	}
	j, ok := r.head(rep, typeID, "type target on "+v.path, typeLabels, StopTargetAbstention)
	if !ok || !r.notNone(typeLabels[j], StopTargetAbstention) {
		return nil, false
	}
	c := typeChoices[j]
	if c.binding != "" {
		return r.typeBinding(v, c.field, c.binding, "supplied")
	}
	return r.chooseValue(v, c.field, st)
}

// distinct numbers repeated option texts, so that two alike elements stay
// two options the model can tell apart by position.
func distinct(opts []string) []string {
	seen := map[string]int{}
	out := make([]string, len(opts))
	for i, o := range opts {
		seen[o]++
		out[i] = o
		if n := seen[o]; n > 1 {
			out[i] = fmt.Sprintf("%s (#%d of that name)", o, n)
		}
	}
	return out
}

func (r *run) notNone(label string, s Stop) bool {
	if label == none {
		r.stop(s, r.last+" (NONE of the offered options fits)")
		return false
	}
	return true
}

// bindingList is what the model knows of the bindings: names, and for
// generated ones the generator and where they were first typed.
func (r *run) bindingList() []string {
	out := make([]string, 0, len(r.b.supplied)+len(r.b.generated))
	for _, n := range r.b.supplied {
		out = append(out, "{{"+n+"}} (supplied)")
	}
	for _, g := range r.b.generated {
		out = append(out, g.describe())
	}
	return out
}

func (g Generated) describe() string {
	return fmt.Sprintf("{{%s}} (generated with %s, first typed into %s on %s)", g.ID, g.Generator, g.Field, g.Page)
}

func (r *run) recent() []string {
	h := r.history
	if len(h) > recentActions {
		h = h[len(h)-recentActions:]
	}
	return append([]string{}, h...)
}

// ask sends one request built from redacted state. A request that was not
// sent (too large) is not counted.
func (r *run) ask(purpose string, state any, req Request) (Reply, bool) {
	if r.res.Requests >= r.budget.Requests {
		r.stop(StopRequestLimit, fmt.Sprintf("%d requests made, the budget's limit", r.res.Requests))
		return nil, false
	}
	raw, err := json.Marshal(state)
	if err != nil {
		r.stop(StopProviderError, "encoding the decision state: "+err.Error())
		return nil, false
	}
	// Everything in state is redacted at its source; this catches what
	// a new field might forget.
	req.State = json.RawMessage(r.b.Redact(string(raw)))
	for i := range req.Questions {
		q := &req.Questions[i]
		q.Instructions = r.b.Redact(q.Instructions)
		for k := range q.Options {
			q.Options[k] = r.b.Redact(q.Options[k])
		}
	}
	r.rec("request", map[string]any{"purpose": purpose, "state": req.State, "questions": req.Questions})
	rep, err := r.Decider.Decide(r.ctx, req)
	if !r.counted(purpose, err) {
		return nil, false
	}
	r.addUsage(rep.Usage())
	return rep, true
}

// counted accounts for one request's outcome; false when it stopped the goal.
func (r *run) counted(purpose string, err error) bool {
	var tl *judge.TooLargeError
	if errors.As(err, &tl) {
		r.stop(StopRequestTooLarge, purpose+" request not sent: "+judge.Explain(err))
		return false
	}
	r.res.Requests++
	if err == nil {
		return true
	}
	r.res.Usage.Known = false
	r.rec("response", map[string]any{"purpose": purpose, "error": judge.Explain(err)})
	if !r.ctxStopped() {
		r.stop(providerStop(err), purpose+" request: "+judge.Explain(err))
	}
	return false
}

func (r *run) addUsage(u judge.Usage) {
	r.res.Usage.InputTokens += u.InputTokens
	r.res.Usage.OutputTokens += u.OutputTokens
	r.res.Usage.Known = r.res.Usage.Known && u.Known
}

// providerStop maps a provider's failure to its stop.
func providerStop(err error) Stop {
	var se *judge.StatusError
	var me *judge.MalformedError
	switch {
	case errors.As(err, &se):
		switch {
		case se.Code == 401 || se.Code == 403:
			return StopProviderAuth
		case se.Code == 402:
			return StopProviderCredits
		case se.Code == 429:
			return StopProviderRateLimit
		}
	case errors.As(err, &me):
		return StopProviderMalformed
	}
	return StopProviderError
}

// head validates one head and applies the gates; labels name its options in
// order. It returns the chosen index.
func (r *run) head(rep Reply, id, decision string, labels []string, abstain Stop) (int, bool) {
	g, err := rep.Answer(id)
	if err != nil {
		r.rec("response", map[string]any{"head": id, "error": judge.Explain(err)})
		r.stop(providerStop(err), decision+": "+judge.Explain(err))
		return 0, false
	}
	if len(g.Probabilities) != len(labels) || g.Choice < 0 || g.Choice >= len(labels) {
		// Only a Reply that skipped the wire validation gets here.
		r.stop(StopProviderMalformed, fmt.Sprintf("%s: %d probabilities for %d options", decision, len(g.Probabilities), len(labels)))
		return 0, false
	}
	r.last = abstention(decision, labels, g.Probabilities)
	lead := leadOf(g.Probabilities, g.Choice)
	r.rec("response", map[string]any{"head": id, "choice": labels[g.Choice], "probabilities": g.Probabilities,
		"confidence": g.Confidence, "lead": lead})
	switch {
	case g.Confidence < ConfidenceFloor-epsilon:
		r.stop(abstain, fmt.Sprintf("%s (confidence %.2f below %.2f)", r.last, g.Confidence, ConfidenceFloor))
		return 0, false
	case lead < LeadFloor-epsilon:
		r.stop(abstain, fmt.Sprintf("%s (lead %.2f below %.2f)", r.last, lead, LeadFloor))
		return 0, false
	}
	return g.Choice, true
}

// leadOf is the chosen option's probability minus the runner-up's.
func leadOf(p []float64, choice int) float64 {
	second := 0.0
	for i, q := range p {
		if i != choice && q > second {
			second = q
		}
	}
	return p[choice] - second
}

// abstention is `operation on /checkout: CLICK 0.41, TYPE 0.33, BLOCKED 0.17`:
// the decision, its page, and its three most probable options.
func abstention(decision string, labels []string, p []float64) string {
	idx := make([]int, len(p))
	for i := range idx {
		idx[i] = i
	}
	sort.SliceStable(idx, func(a, b int) bool { return p[idx[a]] > p[idx[b]] })
	if len(idx) > 3 {
		idx = idx[:3]
	}
	parts := make([]string, len(idx))
	for k, i := range idx {
		parts[k] = fmt.Sprintf("%s %.2f", labels[i], p[i])
	}
	return decision + ": " + strings.Join(parts, ", ")
}

type valueState struct {
	Goal          string    `json:"goal"`
	Page          pageState `json:"page"`
	Field         string    `json:"field"`
	Bindings      []string  `json:"bindings,omitempty"`
	RecentActions []string  `json:"recent_actions"`
}

// chooseValue asks where a field's value comes from, with the same gates.
func (r *run) chooseValue(v *view, f Field, st planState) (*planned, bool) {
	var opts, labels []string
	type source struct {
		binding string
		gen     *generator
	}
	var sources []source
	for _, n := range r.b.supplied {
		opts = append(opts, "{{"+n+"}} (supplied)")
		labels = append(labels, "{{"+n+"}}")
		sources = append(sources, source{binding: n})
	}
	for _, g := range r.b.generated {
		opts = append(opts, g.describe())
		labels = append(labels, "{{"+g.ID+"}}")
		sources = append(sources, source{binding: g.ID})
	}
	for i := range catalog {
		g := &catalog[i]
		if g.fits != nil && !g.fits(f) {
			continue
		}
		opts = append(opts, fmt.Sprintf("a new value from %s: %s", g.Name, g.What))
		labels = append(labels, "new "+g.Name)
		sources = append(sources, source{gen: g})
	}
	opts = append(opts, blockedOption)
	labels = append(labels, opBlocked)
	decision := fmt.Sprintf("value for %s on %s", f.label(), v.path)
	vs := valueState{Goal: st.Goal, Page: st.Page, Field: f.describe(), Bindings: st.Bindings, RecentActions: st.RecentActions}
	rep, ok := r.ask("value", vs, Request{Questions: []Question{{ID: valueID, Instructions: valueQuestion, Options: opts}}})
	if !ok {
		return nil, false
	}
	i, ok := r.head(rep, valueID, decision, labels, StopValueAbstention)
	if !ok {
		return nil, false
	}
	if i == len(sources) {
		r.stop(StopValueBlocked, r.last+" (BLOCKED: no supplied, remembered or generated value fits)")
		return nil, false
	}
	s := sources[i]
	if s.gen == nil {
		origin := "supplied"
		for _, g := range r.b.generated {
			if g.ID == s.binding {
				origin = g.Generator
			}
		}
		return r.typeBinding(v, f, s.binding, origin)
	}
	key := s.gen.Name + "\x00" + v.url + "\x00" + f.describe()
	var gen Generated
	if r.pending != nil && r.pending.key == key {
		gen = r.pending.gen
	} else {
		gen = Generated{ID: r.b.freeID(s.gen.idBase()), Generator: s.gen.Name, Field: f.label(), Page: v.path}
		// Bound at once so that it is redacted even if it is never typed.
		r.b.bind(gen.ID, s.gen.make(r.faker))
		r.pending = &pendingValue{key: key, gen: gen}
	}
	p, ok := r.typeBinding(v, f, gen.ID, gen.Generator)
	if ok {
		p.generated = &gen
	}
	return p, ok
}

// typeBinding plans typing a binding's value after checking it fits the
// field's native constraints; origin is "supplied" or the generator.
func (r *run) typeBinding(v *view, f Field, name, origin string) (*planned, bool) {
	value := r.b.values[name]
	if why := f.Constraint.check(value); why != "" {
		src := origin
		if origin != "supplied" {
			src = "generated with " + origin
		}
		r.stop(StopValueMismatch, fmt.Sprintf("{{%s}} (%s) does not fit %s on %s: %s; nothing was typed", name, src, f.label(), v.path, why))
		return nil, false
	}
	return &planned{
		action:      Action{Kind: Type, Target: f.ID, Value: value, Binding: "{{" + name + "}}"},
		description: fmt.Sprintf("type {{%s}} into %s on %s", name, f.label(), v.path),
	}, true
}

// dispatch records and runs one action decided on v; false when the goal stopped.
func (r *run) dispatch(v *view, p *planned) bool {
	if len(r.res.Actions) >= r.budget.Actions {
		r.stop(StopActionLimit, fmt.Sprintf("%d actions dispatched, the budget's limit; the next would have been: %s", len(r.res.Actions), p.description))
		return false
	}
	a := ActionRecord{Step: r.step, Kind: p.action.Kind, Description: p.description, Binding: p.action.Binding}
	if p.generated != nil {
		a.Generator = p.generated.Generator
	}
	r.rec("dispatch", a)
	out, err := r.Page.Act(r.ctx, p.action)
	a.Used, a.Proof = r.b.Redact(out.Used), r.b.Redact(out.Proof)
	switch {
	case err != nil && out.Stale:
		r.rec("outcome", map[string]any{"status": "taken back", "why": r.b.Redact(err.Error())})
		return r.discard(v, "the target of "+p.description+" went stale before dispatch; taken back")
	case err != nil && out.Dispatched:
		a.Uncertain = true
		r.res.Actions = append(r.res.Actions, a)
		r.rec("outcome", map[string]any{"status": "uncertain", "used": a.Used, "why": r.b.Redact(err.Error())})
		r.stop(StopActionUncertain, p.description+": dispatched, then failed: "+err.Error()+"; not replayed")
		return false
	case err != nil:
		r.rec("outcome", map[string]any{"status": "failed", "why": r.b.Redact(err.Error())})
		if !r.ctxStopped() {
			r.stop(StopActionFailed, p.description+": "+err.Error())
		}
		return false
	}
	r.stale = 0
	r.res.Actions = append(r.res.Actions, a)
	r.history = append(r.history, p.description)
	r.rec("outcome", map[string]any{"status": "ok", "used": a.Used, "proof": a.Proof})
	if p.generated != nil {
		r.pending = nil
		r.b.generated = append(r.b.generated, *p.generated)
		r.res.Generated = append(r.res.Generated, *p.generated)
	}
	return true
}

// verify runs the independent verifier after DONE on the fresh view v and
// stops the goal either way.
func (r *run) verify(v *view) {
	if strings.TrimSpace(r.spec.Verify) == "" {
		r.stop(StopUnverified, "the planner chose DONE on "+v.path+", but no claim was given to verify; DONE alone is not a pass")
		return
	}
	if r.res.Requests >= r.budget.Requests {
		r.stop(StopRequestLimit, fmt.Sprintf("%d requests made, the budget's limit; verification needs one more", r.res.Requests))
		return
	}
	e := Evidence{Claim: r.res.Verify, URL: v.url, Title: v.title, Digest: v.digest}
	req, _ := verifyRequest(e)
	r.rec("request", map[string]any{"purpose": "verify", "state": req.State, "questions": req.Questions})
	s, err := r.Verifier.Verify(r.ctx, e)
	if !r.counted("verify", err) {
		return
	}
	r.addUsage(s.Usage)
	after, ok := r.observe()
	if !ok {
		return
	}
	if why := changed(v, after); why != "" {
		r.stop(StopStaleObservation, "the page changed while the verifier judged it ("+why+"); the verdict is void")
		return
	}
	verdict := read(s)
	r.res.Verdict = &verdict
	r.rec("verify", verdict)
	switch {
	case verdict.Passed:
		r.stop(StopPassed, "verified: "+verdict.String())
	case verdict.Flagged:
		r.stop(StopVerificationFailed, fmt.Sprintf("a low-confidence pass (%s) is not accepted: a goal needs holds ≥ %.2f and contradicted < %.2f", verdict, PassHolds, MaxContradicted))
	default:
		r.stop(StopVerificationFailed, "the verifier did not confirm the claim ("+verdict.String()+")")
	}
}
