// Package config reads prima's one configuration file and the
// environment into the settings for models, the judge and the ladder.
package config

import (
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Config is everything a command needs to know about models and budgets.
// The zero value is the embedded default: no model, literal instructions
// only, the offline judge.
type Config struct {
	// Browser is the browser prima launches; empty: discovery.
	Browser Browser `json:"browser"`
	Model   Model   `json:"model"`
	Vision  Model   `json:"vision"`
	Judge   Judge   `json:"judge"`
	// ResearchAfter is the visit of a state from which do prefers a stored
	// research map (tier 1); 0 means never.
	ResearchAfter int `json:"research_after"`
	// MaxModelCalls and MaxActions bound one do run.
	MaxModelCalls int `json:"max_model_calls"`
	MaxActions    int `json:"max_actions"`
	// Goal is the budget of one goal; zero fields take the goal's defaults.
	Goal GoalBudget `json:"goal"`
}

// GoalBudget bounds one goal run: the decision model's requests, the
// actions it dispatches, its time ("90s"). The goal runner holds the
// defaults and the hard maxima.
type GoalBudget struct {
	Requests int    `json:"requests,omitempty"`
	Actions  int    `json:"actions,omitempty"`
	Time     string `json:"time,omitempty"`
}

// Browser names the browser `prima browser open` launches.
type Browser struct {
	Path string `json:"path,omitempty"`
}

// Model is an OpenAI-compatible chat model.
type Model struct {
	Provider string `json:"provider,omitempty"` // openai, openrouter, groq, ollama, vllm, lmstudio, custom
	Name     string `json:"name,omitempty"`
	BaseURL  string `json:"base_url,omitempty"`
	APIKey   string `json:"api_key,omitempty"`
}

// Judge configures the decision model.
type Judge struct {
	Provider string `json:"provider,omitempty"` // local (default), openrouter, typesafe
	Model    string `json:"model,omitempty"`
	BaseURL  string `json:"base_url,omitempty"`
	APIKey   string `json:"api_key,omitempty"`
	Tool     bool   `json:"tool,omitempty"`   // offer the judge tool to the do model
	Direct   *bool  `json:"direct,omitempty"` // use it at direct sites (semantic go, verify); default true
}

// Defaults for the knobs.
const (
	DefaultResearchAfter = 3
	DefaultMaxModelCalls = 12
	DefaultMaxActions    = 8
)

// provider is what prima knows of an OpenAI-compatible provider.
type provider struct {
	baseURL string
	keyEnv  string // "" when the provider needs no key
}

var providers = map[string]provider{
	"openai":     {"https://api.openai.com/v1", "OPENAI_API_KEY"},
	"openrouter": {"https://openrouter.ai/api/v1", "OPENROUTER_API_KEY"},
	"groq":       {"https://api.groq.com/openai/v1", "GROQ_API_KEY"},
	"ollama":     {"http://127.0.0.1:11434/v1", ""},
	"lmstudio":   {"http://127.0.0.1:1234/v1", ""},
	"vllm":       {"", ""},
	"custom":     {"", ""},
}

// FileName is the configuration file, looked for in PRIMA_HOME, then in
// the working folder.
const FileName = "prima.json"

// Load reads the file (if any) and applies the environment over it, then
// validates. getenv is os.Getenv outside tests.
func Load(home, workdir string, getenv func(string) string) (Config, error) {
	var c Config
	for _, dir := range []string{home, workdir} {
		if dir == "" {
			continue
		}
		path := filepath.Join(dir, FileName)
		b, err := os.ReadFile(path)
		if errors.Is(err, os.ErrNotExist) {
			continue
		}
		if err != nil {
			return c, err
		}
		if err := json.Unmarshal(b, &c); err != nil {
			return c, fmt.Errorf("%s: %v", path, err)
		}
		break
	}
	env := func(name string, dst *string) {
		if v := getenv(name); v != "" {
			*dst = v
		}
	}
	env("PRIMA_PROVIDER", &c.Model.Provider)
	env("PRIMA_MODEL", &c.Model.Name)
	env("PRIMA_BASE_URL", &c.Model.BaseURL)
	env("PRIMA_API_KEY", &c.Model.APIKey)
	env("PRIMA_VISION_PROVIDER", &c.Vision.Provider)
	env("PRIMA_VISION_MODEL", &c.Vision.Name)
	env("PRIMA_VISION_BASE_URL", &c.Vision.BaseURL)
	env("PRIMA_VISION_API_KEY", &c.Vision.APIKey)
	env("PRIMA_JUDGE", &c.Judge.Provider)
	env("PRIMA_JUDGE_MODEL", &c.Judge.Model)
	env("PRIMA_JUDGE_BASE_URL", &c.Judge.BaseURL)
	if v := getenv("PRIMA_JUDGE_TOOL"); v != "" {
		c.Judge.Tool = v == "1" || strings.EqualFold(v, "true")
	}
	for name, dst := range map[string]*int{"PRIMA_RESEARCH_AFTER": &c.ResearchAfter, "PRIMA_MAX_MODEL_CALLS": &c.MaxModelCalls, "PRIMA_MAX_ACTIONS": &c.MaxActions} {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 0 {
				return c, fmt.Errorf("%s=%q: want a whole number", name, v)
			}
			*dst = n
		}
	}
	for name, dst := range map[string]*int{"PRIMA_GOAL_REQUESTS": &c.Goal.Requests, "PRIMA_GOAL_ACTIONS": &c.Goal.Actions} {
		if v := getenv(name); v != "" {
			n, err := strconv.Atoi(v)
			if err != nil || n < 1 {
				return c, fmt.Errorf("%s=%q: want a whole number, 1 or more", name, v)
			}
			*dst = n
		}
	}
	env("PRIMA_GOAL_TIME", &c.Goal.Time)
	if c.Goal.Time != "" {
		if d, err := time.ParseDuration(c.Goal.Time); err != nil || d <= 0 {
			return c, fmt.Errorf("the goal's time budget %q (goal.time, PRIMA_GOAL_TIME): want a duration like 90s", c.Goal.Time)
		}
	}
	if c.ResearchAfter == 0 && getenv("PRIMA_RESEARCH_AFTER") == "" {
		c.ResearchAfter = DefaultResearchAfter
	}
	if c.MaxModelCalls == 0 {
		c.MaxModelCalls = DefaultMaxModelCalls
	}
	if c.MaxActions == 0 {
		c.MaxActions = DefaultMaxActions
	}
	switch c.Judge.Provider {
	case "openrouter":
		c.Judge.APIKey = getenv("OPENROUTER_API_KEY")
	case "typesafe":
		c.Judge.APIKey = getenv("TYPESAFE_API_KEY")
	}
	if err := c.Model.resolve("PRIMA", getenv); err != nil {
		return c, err
	}
	if err := c.Vision.resolve("PRIMA_VISION", getenv); err != nil {
		return c, err
	}
	return c, nil
}

// resolve fills a model's base URL and key from its provider and checks
// that it can be called; an unset model is fine (literal only).
func (m *Model) resolve(prefix string, getenv func(string) string) error {
	if m.Name == "" {
		if m.Provider != "" || m.BaseURL != "" {
			return fmt.Errorf("a %s provider or base URL is set but no model: set %s_MODEL", strings.ToLower(prefix), prefix)
		}
		return nil
	}
	if m.Provider == "" {
		m.Provider = "custom"
		if m.BaseURL == "" {
			m.Provider = "openai"
		}
	}
	p, ok := providers[m.Provider]
	if !ok {
		var names []string
		for n := range providers {
			names = append(names, n)
		}
		sort.Strings(names)
		return fmt.Errorf("unknown provider %q in %s_PROVIDER; use one of %s", m.Provider, prefix, strings.Join(names, ", "))
	}
	if m.BaseURL == "" {
		if p.baseURL == "" {
			return fmt.Errorf("provider %s needs a base URL: set %s_BASE_URL", m.Provider, prefix)
		}
		m.BaseURL = p.baseURL
	}
	if m.APIKey == "" && p.keyEnv != "" {
		m.APIKey = getenv(p.keyEnv)
		if m.APIKey == "" {
			return fmt.Errorf("model %s on %s needs an API key: set %s or %s_API_KEY", m.Name, m.Provider, p.keyEnv, prefix)
		}
	}
	return nil
}

// Enabled reports whether a model is configured.
func (m Model) Enabled() bool { return m.Name != "" }

// DirectJudge reports whether the judge may be used at direct sites.
func (j Judge) DirectJudge() bool { return j.Direct == nil || *j.Direct }
