package judge

import (
	"testing"
)

func TestFromConfig(t *testing.T) {
	env := map[string]string{"OPENROUTER_API_KEY": "or-key", "TYPESAFE_API_KEY": "ts-key"}
	getenv := func(k string) string { return env[k] }
	cases := []struct {
		name, provider, model, base string
		getenv                      func(string) string
		wantName, wantURL, wantErr  string
	}{
		{"empty is local", "", "", "", nil, "local", "", ""},
		{"local", "local", "ignored", "http://x", nil, "local", "", ""},
		{"openrouter defaults", "openrouter", "", "", getenv, "openrouter/typesafe/jev-1.13", "https://openrouter.ai/api/alpha/decisions", ""},
		{"typesafe defaults", "typesafe", "", "", getenv, "typesafe/jev-latest", "https://api.typesafe.ai/v1/systemone", ""},
		{"a model override", "typesafe", "jev-2", "", getenv, "typesafe/jev-2", "https://api.typesafe.ai/v1/systemone", ""},
		{"a base URL gets the endpoint path", "openrouter", "", "http://127.0.0.1:9/", getenv, "openrouter/typesafe/jev-1.13", "http://127.0.0.1:9/api/alpha/decisions", ""},
		{"a base URL with a path is kept", "typesafe", "", "https://proxy.example/judge", getenv, "typesafe/jev-latest", "https://proxy.example/judge", ""},
		{"a missing key names the variable", "typesafe", "", "", func(string) string { return "" }, "", "", `judge provider "typesafe" needs TYPESAFE_API_KEY`},
		{"a blank key is missing", "openrouter", "", "", func(string) string { return "  " }, "", "", `judge provider "openrouter" needs OPENROUTER_API_KEY`},
		{"an unknown provider names the choices", "openai", "", "", getenv, "", "", `unknown judge provider "openai": use "local", "openrouter" or "typesafe"`},
		{"a base URL that is not http", "openrouter", "", "ftp://x", getenv, "", "", `judge provider "openrouter": base URL "ftp://x": want an http(s) URL`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := FromConfig(c.provider, c.model, c.base, c.getenv)
			if c.wantErr != "" {
				if err == nil || err.Error() != c.wantErr {
					t.Fatalf("err = %v, want %q", err, c.wantErr)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if p.Name() != c.wantName {
				t.Errorf("Name = %q, want %q", p.Name(), c.wantName)
			}
			if r, ok := p.(*Remote); ok && r.URL != c.wantURL {
				t.Errorf("URL = %q, want %q", r.URL, c.wantURL)
			}
		})
	}
}

func TestFromConfigReadsTheEnvironment(t *testing.T) {
	t.Setenv("OPENROUTER_API_KEY", "from-env")
	p, err := FromConfig("OpenRouter", "", "", nil)
	if err != nil {
		t.Fatal(err)
	}
	if r := p.(*Remote); r.Key != "from-env" || r.KeyEnv != "OPENROUTER_API_KEY" {
		t.Errorf("remote = %+v", r)
	}
}
