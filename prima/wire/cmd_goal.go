package wire

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/prima-dev/prima/prima/goal"
)

// GoalRequest is `prima goal GOAL`.
type GoalRequest struct {
	Target
	Configured        // the decision model, and the budget prima.json sets
	Goal       string `json:"goal"`
	Verify     string `json:"verify,omitempty"`
	// Data binds {{name}} to values the goal may type; they print as
	// {{name}} everywhere, like secrets (which bind too).
	Data       map[string]string `json:"data,omitempty"`
	Seed       uint64            `json:"seed,omitempty"`
	NoGenerate bool              `json:"no_generate,omitempty"`
	// The budget the caller set; 0 (or "") takes prima.json's, then the
	// goal runner's default.
	MaxRequests int    `json:"max_requests,omitempty"`
	MaxActions  int    `json:"max_actions,omitempty"`
	MaxTime     string `json:"max_time,omitempty"`
	// URL, from a goal file, is where the goal starts.
	URL string `json:"url,omitempty"`
}

// Budget is the run's budget: the caller's, then the configured one's,
// field by field (0 for the runner's defaults).
func (r GoalRequest) Budget() goal.Budget {
	b := goal.Budget{Requests: r.MaxRequests, Actions: r.MaxActions}
	b.Time, _ = time.ParseDuration(r.MaxTime) // the param's rule checked it
	c := r.Config.Goal
	if b.Requests == 0 {
		b.Requests = c.Requests
	}
	if b.Actions == 0 {
		b.Actions = c.Actions
	}
	if b.Time == 0 && c.Time != "" {
		b.Time, _ = time.ParseDuration(c.Time) // config.Load checked it
	}
	return b
}

// Timeout is the caller's deadline, else the budget's: a goal's own time
// bounds it, with room to report.
func (r GoalRequest) Timeout() time.Duration {
	if r.TimeoutMS > 0 {
		return r.Target.Timeout()
	}
	return r.Budget().Deadline()
}

// Validate needs a goal, a budget within the runner's maxima, and a start
// URL that can be one.
func (r GoalRequest) Validate() error {
	if strings.TrimSpace(r.Goal) == "" {
		return &UsageError{"goal needs the outcome to reach, like: prima goal \"Sign in as {{user}}\" --verify \"the page says Welcome\""}
	}
	if err := r.Budget().Check(); err != nil {
		return usagef("%v (--max-requests, --max-actions, --max-time, or prima.json's goal)", err)
	}
	if r.URL == "" {
		return nil
	}
	// The goal's start is opened with no judge: a description of a page
	// could never be found.
	if _, err := ResolveURL("about:blank", r.URL, false); errors.Is(err, ErrSemantic) {
		return usagef("a goal starts at a URL or a path, not at %q", r.URL)
	}
	return checkURL(r.URL, false)
}

// GoalRunRequest is `prima goal run FILE`: the file, and the $NAME data
// it reads from the environment, are read where the caller is (load),
// and travel as the goal they say.
type GoalRunRequest struct {
	GoalRequest
	File string `json:"file"`
}

func (r *GoalRunRequest) load() error {
	f, err := readGoalFile(r.Dir, r.File)
	if err != nil {
		return err
	}
	data, err := f.Resolve(os.Getenv)
	if err != nil {
		return usagef("%s: %v", r.File, err)
	}
	r.Goal, r.Verify, r.Data, r.URL = f.Goal, f.Verify, data, f.URL
	return nil
}

// GoalCheckRequest is `prima goal validate FILE`, answered where the
// caller is: the daemon has nothing to add to a file's check.
type GoalCheckRequest struct {
	Target
	File string     `json:"file"`
	read *goal.File // by load
}

func (r *GoalCheckRequest) load() (err error) {
	r.read, err = readGoalFile(r.Dir, r.File)
	return err
}

// Validate: load checked the file.
func (r GoalCheckRequest) Validate() error { return nil }

// GoalChecked is a goal file found valid.
type GoalChecked struct {
	File     string `json:"file"`
	Bindings int    `json:"bindings"` // its data's
}

// Text is the one line `goal validate` prints.
func (g *GoalChecked) Text() string {
	s := "s"
	if g.Bindings == 1 {
		s = ""
	}
	return fmt.Sprintf("ok: %s (goal, verify, %d data binding%s)\n", g.File, g.Bindings, s)
}

// readGoalFile reads and validates the goal file at path (relative to
// dir, the caller's folder); what is wrong with it is a usage error.
func readGoalFile(dir, path string) (*goal.File, error) {
	full := path
	if !filepath.IsAbs(full) && dir != "" {
		full = filepath.Join(dir, full)
	}
	src, err := os.ReadFile(full)
	if err != nil {
		return nil, usagef("%v", err)
	}
	f, err := goal.ParseFile(src)
	if err == nil {
		err = f.Validate()
	}
	if err != nil {
		return nil, usagef("%s: %v", path, err)
	}
	return f, nil
}

// goalBudget are the budget's params, shared by goal and goal run.
var goalBudget = []Param{
	{Key: "seed", Kind: KindInt, Help: "Seed for generated values (reproducible runs)."},
	{Key: "no_generate", Kind: KindBool, Help: "Fill fields only from data and secrets, never with generated values."},
	{Key: "max_requests", Kind: KindInt, Help: fmt.Sprintf("The decision model's requests the goal may make (default %d, at most %d; prima.json goal.requests).", goal.DefaultRequests, goal.MaxRequests)},
	{Key: "max_actions", Kind: KindInt, Help: fmt.Sprintf("The actions the goal may dispatch (default %d, at most %d; goal.actions).", goal.DefaultActions, goal.MaxActions)},
	{Key: "max_time", Kind: KindDuration, Help: fmt.Sprintf("How long the goal may run, like 90s (default %v, at most %v; goal.time). It bounds the command unless --timeout is given.", goal.DefaultTime, goal.MaxTime)},
}

const goalDetail = `It reaches an outcome on the current page with bounded click/type decisions of the hosted decision model ` +
	`(PRIMA_JUDGE=typesafe|openrouter), then an independent verifier must pass the verify claim: ok only on a verified pass. ` +
	`Values in data are typed only into fields and shown only as {{name}} (write {{name}} in goal and verify). The Answer ` +
	`lists each action with its used: line and proof, the counts and the stop reason; a stop short of a pass fails with a ` +
	`code of the one list (budget, timeout, model, usage, …) and the stop reason in the Answer's first line and goal.stop ` +
	`(no_progress, operation_abstention, verification_failed, …).`

func init() {
	register(Command{
		Name:   "goal",
		Usage:  "Reach an outcome with bounded click/type decisions, then pass an independent verifier",
		Detail: goalDetail,
		Title:  "Reach a goal",
		Acts:   true,
		Params: append([]Param{
			{Key: "goal", Kind: KindText, Word: true, Required: true, Help: `The outcome to reach, e.g. "Sign in as {{user}} with {{password}} and save the profile".`},
			{Key: "verify", Kind: KindText, Help: "The claim the independent verifier must pass afterwards; without one the goal never passes."},
			{Key: "data", Kind: KindPairs, Help: "NAME=VALUE a field may be filled with; shown only as {{NAME}}."},
		}, goalBudget...),
		New: func() Request { return &GoalRequest{} },
	})
	register(Command{
		Name:   "goal run",
		Usage:  "Run a goal file: url, data ($ENV values), goal, verify",
		Detail: "The file is read, and its $NAME data from the environment, where the caller runs. " + goalDetail,
		Title:  "Run a goal file",
		Acts:   true,
		Params: append([]Param{
			{Key: "file", Kind: KindText, Word: true, Required: true, Help: "The goal file (FILE.goal.yaml), relative to the caller's folder."},
		}, goalBudget...),
		New: func() Request { return &GoalRunRequest{} },
	})
	register(Command{
		Name:   "goal validate",
		Usage:  "Check a goal file's syntax and declared bindings (exit 2 naming the problem); reads no environment, opens no page",
		Detail: "It answers ok naming the file and its data bindings, or a usage error naming what to fix; $NAME data stay unread.",
		Title:  "Check a goal file",
		Params: []Param{{Key: "file", Kind: KindText, Word: true, Required: true, Help: "The goal file, relative to the caller's folder."}},
		Local: func(req Request) Answer {
			r := req.(*GoalCheckRequest)
			return &GoalChecked{File: r.File, Bindings: len(r.read.Data)}
		},
		Answer: func() Answer { return &GoalChecked{} },
		New:    func() Request { return &GoalCheckRequest{} },
	})
}
