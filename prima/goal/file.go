package goal

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strings"

	"github.com/goccy/go-yaml"
)

// File is a goal file (FILE.goal.yaml):
//
//	url: /signup                 # optional: where to start
//	data:                        # bindings the goal and claim name as {{key}}
//	  email: ada@example.com
//	  password: $SIGNUP_PASSWORD # a value "$NAME" is read from the environment
//	goal: Sign up as {{email}} with {{password}} and complete the profile.
//	verify: The page displays the confirmation message "Profile saved".
//
// A value that must start with "$" is written "$$…".
type File struct {
	URL    string            `yaml:"url"`
	Data   map[string]string `yaml:"-"`
	Goal   string            `yaml:"goal"`
	Verify string            `yaml:"verify"`
}

// envRef is a data value read from the environment.
var envRef = regexp.MustCompile(`^\$([A-Za-z_][A-Za-z0-9_]*)$`)

// ParseFile reads a goal file's YAML. Errors are syntax and shape: not a
// mapping, an unknown key (a goal file has no steps), a data value that is
// not a string. Validate checks the content.
func ParseFile(src []byte) (*File, error) {
	var raw struct {
		URL    string         `yaml:"url"`
		Data   map[string]any `yaml:"data"`
		Goal   string         `yaml:"goal"`
		Verify string         `yaml:"verify"`
	}
	if err := yaml.UnmarshalWithOptions(src, &raw, yaml.DisallowUnknownField()); err != nil {
		msg := strings.TrimSpace(yaml.FormatError(err, false, true))
		var unknown *yaml.UnknownFieldError
		if errors.As(err, &unknown) {
			msg = "a goal file has url, data, goal and verify only (a goal replaces steps)\n" + msg
		}
		return nil, errors.New(msg)
	}
	f := &File{URL: raw.URL, Goal: raw.Goal, Verify: raw.Verify, Data: map[string]string{}}
	keys := make([]string, 0, len(raw.Data))
	for k := range raw.Data {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		s, ok := raw.Data[k].(string)
		if !ok {
			// YAML reads 007 as the number 7: quoting keeps the value as written.
			return nil, fmt.Errorf("data.%s: write the value as a quoted string (%s: \"…\"); YAML reads it as %s", k, k, yamlKind(raw.Data[k]))
		}
		f.Data[k] = s
	}
	return f, nil
}

// Validate checks what a goal file must say: non-blank goal and verify, a
// url that is absolute http(s) or a /path when given, valid binding names
// and values, and every {{name}} in goal and verify declared in data. It
// does not read the environment and cannot tell whether the goal is
// achievable.
func (f *File) Validate() error {
	if strings.TrimSpace(f.Goal) == "" {
		return errors.New("goal: missing or blank; state the outcome to reach")
	}
	if strings.TrimSpace(f.Verify) == "" {
		return errors.New("verify: missing or blank; state a claim an independent check can confirm, e.g. The page displays the confirmation message \"Profile saved\".")
	}
	if f.URL != "" {
		if err := checkURL(f.URL); err != nil {
			return fmt.Errorf("url: %v", err)
		}
	}
	placeholders := map[string]string{}
	for k, v := range f.Data {
		placeholders[k] = v
		if envRef.MatchString(v) {
			placeholders[k] = "$env" // length is checked when resolved
		}
	}
	if err := checkBindings(placeholders); err != nil {
		return err
	}
	if err := checkPlaceholders("goal", f.Goal, f.Data); err != nil {
		return err
	}
	return checkPlaceholders("verify", f.Verify, f.Data)
}

func checkURL(s string) error {
	if strings.HasPrefix(s, "/") {
		return nil
	}
	u, err := url.Parse(s)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return fmt.Errorf("%q is neither an http(s) URL nor a /path", s)
	}
	return nil
}

// Resolve reads "$NAME" data values from getenv. An unset or empty
// variable is an error naming it.
func (f *File) Resolve(getenv func(string) string) (map[string]string, error) {
	out := make(map[string]string, len(f.Data))
	for k, v := range f.Data {
		switch {
		case envRef.MatchString(v):
			name := v[1:]
			if out[k] = getenv(name); out[k] == "" {
				return nil, fmt.Errorf("data.%s: $%s is not set", k, name)
			}
		case strings.HasPrefix(v, "$$"):
			out[k] = v[1:]
		default:
			out[k] = v
		}
	}
	return out, checkBindings(out)
}

// yamlKind names what YAML made of a value that is not a string.
func yamlKind(v any) string {
	switch v.(type) {
	case nil:
		return "null"
	case bool:
		return "a boolean, which may not be the text you wrote"
	case []any:
		return "a list"
	case map[string]any:
		return "a mapping"
	}
	return "a number, which may not be the text you wrote"
}
