package backend

import (
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/judge"
	"github.com/prima-dev/prima/prima/planner"
	"github.com/prima-dev/prima/prima/steps"
	"github.com/prima-dev/prima/prima/wire"
)

// judge builds the decision model a command's config names; the offline
// local scorer when it names none.
func (b *Backend) judge(c config.Config) (*judge.Judge, error) {
	p, err := judge.FromConfig(c.Judge.Provider, c.Judge.Model, c.Judge.BaseURL, func(string) string { return c.Judge.APIKey })
	if err != nil {
		return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
	}
	return &judge.Judge{Provider: p, Direct: c.Judge.DirectJudge(), Tool: c.Judge.Tool, TracePath: judge.TracePath(b.Home)}, nil
}

// planner builds do's model side when the config names a chat model; nil
// leaves do to its literal grammar.
func (b *Backend) planner(c config.Config) (*steps.Planner, error) {
	if !c.Model.Enabled() {
		return nil, nil
	}
	p := &steps.Planner{Chat: planner.New(c.Model), MaxModelCalls: c.MaxModelCalls, MaxActions: c.MaxActions}
	if c.Vision.Enabled() {
		p.Vision = planner.New(c.Vision)
	}
	if c.Judge.Tool {
		j, err := b.judge(c)
		if err != nil {
			return nil, err
		}
		p.Judge = j
	}
	return p, nil
}

// goalModel builds the decision model a goal plans and verifies with: the
// hosted one only (the offline judge cannot plan, and says what to set).
func (b *Backend) goalModel(c config.Config) (*goal.Model, error) {
	j, err := b.judge(c)
	if err != nil {
		return nil, err
	}
	m, err := goal.NewModel(j.Provider)
	if err != nil {
		return nil, wire.Errorf(wire.ReasonUsage, "%v", err)
	}
	return m, nil
}
