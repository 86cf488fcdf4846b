package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"strconv"
	"strings"

	"github.com/prima-dev/prima/envelope"
)

// Provider answers one question. Judge validates every answer with the same
// rules as the wire format and turns every error into a rejection.
type Provider interface {
	// Name names the provider and model for traces, e.g. "openrouter/typesafe/jev-1.13".
	Name() string
	// Ask answers q within ctx. An error should be a *StatusError,
	// *MalformedError or *ConfigError where one fits; any other error is
	// reported as a transport error.
	Ask(ctx context.Context, q Question) (Answer, error)
}

// Question is what a provider is asked.
type Question struct {
	Instructions string
	// Options are the choices, Undecided included; nil for a yes/no question.
	Options []string
	// State is the JSON the question is judged against.
	State json.RawMessage
}

// Answer is a provider's answer to a Question.
type Answer struct {
	// Yes is P(yes) for a yes/no question.
	Yes float64
	// Choice indexes Question.Options: the option the provider picked.
	Choice int
	// Probabilities holds one probability per option, in Question.Options
	// order; nil for a yes/no question.
	Probabilities []float64
}

// StatusError is an HTTP answer other than 2xx.
type StatusError struct {
	Code       int
	RetryAfter string // the Retry-After header, when the server sent one
	KeyEnv     string // the variable that holds the key, for 401/403 hints
}

func (e *StatusError) Error() string { return "HTTP " + strconv.Itoa(e.Code) }

func (e *StatusError) FailureCode() envelope.Code { return envelope.CodeModel }

// MalformedError is a response body that breaks the wire format.
type MalformedError struct{ Why string }

func (e *MalformedError) Error() string { return "malformed body: " + e.Why }

func (e *MalformedError) FailureCode() envelope.Code { return envelope.CodeModel }

// ConfigError is a provider that cannot ask at all, such as one without a key.
type ConfigError struct{ Why string }

func (e *ConfigError) Error() string { return e.Why }

func (e *ConfigError) FailureCode() envelope.Code { return envelope.CodeModel }

// Provider names accepted by FromConfig.
const (
	ProviderLocal      = "local"
	ProviderOpenRouter = "openrouter"
	ProviderTypeSafe   = "typesafe"
)

// endpoint is one hosted decision model.
type endpoint struct {
	url, model, keyEnv string
}

var endpoints = map[string]endpoint{
	ProviderOpenRouter: {"https://openrouter.ai/api/alpha/decisions", "typesafe/jev-1.13", "OPENROUTER_API_KEY"},
	ProviderTypeSafe:   {"https://api.typesafe.ai/v1/systemone", "jev-latest", "TYPESAFE_API_KEY"},
}

// FromConfig builds the provider named by provider: "" or "local" is the
// offline scorer (model and baseURL unused), "openrouter" and "typesafe" the
// hosted model, whose key comes from getenv (os.Getenv when nil). model ""
// means the provider's default model. baseURL "" means the public endpoint;
// a baseURL without a path (a proxy or a test server, "http://127.0.0.1:8080")
// gets the public endpoint's path; one with a path is used as is.
//
// An unknown provider or a missing key is an error naming what to set.
func FromConfig(provider, model, baseURL string, getenv func(string) string) (Provider, error) {
	if getenv == nil {
		getenv = os.Getenv
	}
	name := strings.ToLower(strings.TrimSpace(provider))
	if name == "" || name == ProviderLocal {
		return Local{}, nil
	}
	ep, ok := endpoints[name]
	if !ok {
		return nil, fmt.Errorf("unknown judge provider %q: use %q, %q or %q", provider, ProviderLocal, ProviderOpenRouter, ProviderTypeSafe)
	}
	key := strings.TrimSpace(getenv(ep.keyEnv))
	if key == "" {
		return nil, fmt.Errorf("judge provider %q needs %s", name, ep.keyEnv)
	}
	u := ep.url
	if baseURL != "" {
		var err error
		if u, err = endpointURL(baseURL, ep.url); err != nil {
			return nil, fmt.Errorf("judge provider %q: base URL %q: %v", name, baseURL, err)
		}
	}
	if model == "" {
		model = ep.model
	}
	return &Remote{Provider: name, URL: u, Model: model, Key: key, KeyEnv: ep.keyEnv}, nil
}

func endpointURL(base, public string) (string, error) {
	b, err := url.Parse(strings.TrimSpace(base))
	if err != nil {
		return "", err
	}
	if b.Scheme != "http" && b.Scheme != "https" || b.Host == "" {
		return "", fmt.Errorf("want an http(s) URL")
	}
	if b.Path == "" || b.Path == "/" {
		p, _ := url.Parse(public)
		b.Path = p.Path
	}
	return b.String(), nil
}

// client is the HTTP client a Remote uses when its own is nil. It has no
// timeout of its own: the judge's context bounds every exchange.
var client = &http.Client{}
