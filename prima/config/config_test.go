package config

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func env(m map[string]string) func(string) string { return func(k string) string { return m[k] } }

func TestLoad(t *testing.T) {
	home := t.TempDir()
	cases := []struct {
		name    string
		file    string
		env     map[string]string
		wantErr string
		check   func(t *testing.T, c Config)
	}{
		{"nothing configured is literal only", "", nil, "", func(t *testing.T, c Config) {
			if c.Model.Enabled() || c.ResearchAfter != DefaultResearchAfter || c.MaxModelCalls != DefaultMaxModelCalls || !c.Judge.DirectJudge() {
				t.Errorf("defaults: %+v", c)
			}
		}},
		{"a model on openai takes its key from OPENAI_API_KEY", "", map[string]string{"PRIMA_MODEL": "gpt-x", "OPENAI_API_KEY": "k1"}, "", func(t *testing.T, c Config) {
			if c.Model.Provider != "openai" || c.Model.BaseURL != "https://api.openai.com/v1" || c.Model.APIKey != "k1" {
				t.Errorf("model: %+v", c.Model)
			}
		}},
		{"a missing key names the variables", "", map[string]string{"PRIMA_MODEL": "m", "PRIMA_PROVIDER": "groq"}, "set GROQ_API_KEY or PRIMA_API_KEY", nil},
		{"an unknown provider lists the known ones", "", map[string]string{"PRIMA_MODEL": "m", "PRIMA_PROVIDER": "skynet"}, `unknown provider "skynet"`, nil},
		{"a custom provider needs a base URL", "", map[string]string{"PRIMA_MODEL": "m", "PRIMA_PROVIDER": "custom"}, "set PRIMA_BASE_URL", nil},
		{"ollama needs no key", "", map[string]string{"PRIMA_MODEL": "llama", "PRIMA_PROVIDER": "ollama"}, "", func(t *testing.T, c Config) {
			if c.Model.BaseURL != "http://127.0.0.1:11434/v1" || c.Model.APIKey != "" {
				t.Errorf("ollama: %+v", c.Model)
			}
		}},
		{"a base URL without a model is a mistake", "", map[string]string{"PRIMA_BASE_URL": "http://x"}, "set PRIMA_MODEL", nil},
		{"the file is read and the environment wins", `{"model":{"provider":"custom","name":"f","base_url":"http://file"},"research_after":5,"judge":{"provider":"typesafe","tool":true}}`,
			map[string]string{"PRIMA_BASE_URL": "http://env", "TYPESAFE_API_KEY": "tk"}, "", func(t *testing.T, c Config) {
				if c.Model.Name != "f" || c.Model.BaseURL != "http://env" || c.ResearchAfter != 5 || c.Judge.APIKey != "tk" || !c.Judge.Tool {
					t.Errorf("file+env: %+v", c)
				}
			}},
		{"a broken file is named", `{"model":`, nil, FileName, nil},
		{"a bad number is named", "", map[string]string{"PRIMA_MAX_ACTIONS": "many"}, "PRIMA_MAX_ACTIONS", nil},
		{"the goal's budget from the file, the environment winning", `{"goal":{"requests":30,"actions":20,"time":"90s"}}`,
			map[string]string{"PRIMA_GOAL_ACTIONS": "12"}, "", func(t *testing.T, c Config) {
				if c.Goal != (GoalBudget{Requests: 30, Actions: 12, Time: "90s"}) {
					t.Errorf("goal budget: %+v", c.Goal)
				}
			}},
		{"a goal time that is no duration is named", `{"goal":{"time":"soon"}}`, nil, "goal.time, PRIMA_GOAL_TIME", nil},
		{"a goal budget of 0 actions is refused", "", map[string]string{"PRIMA_GOAL_ACTIONS": "0"}, "PRIMA_GOAL_ACTIONS", nil},
		{"research can be switched off", "", map[string]string{"PRIMA_RESEARCH_AFTER": "0"}, "", func(t *testing.T, c Config) {
			if c.ResearchAfter != 0 {
				t.Errorf("research_after = %d", c.ResearchAfter)
			}
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			os.Remove(filepath.Join(home, FileName))
			if c.file != "" {
				os.WriteFile(filepath.Join(home, FileName), []byte(c.file), 0o600)
			}
			got, err := Load(home, "", env(c.env))
			if c.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), c.wantErr) {
					t.Fatalf("err = %v, want it to say %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			c.check(t, got)
		})
	}
}
