package goal

import (
	"testing"

	"github.com/brianvoe/gofakeit/v7"
)

func TestRedact(t *testing.T) {
	b := newBindings(map[string]string{"user": "ada", "email": "ada@example.com", "quote": `say "hi"`})
	b.bind("name_1", "Grace Hopper")
	cases := map[string]string{
		"Signed in as ADA@Example.com":  "Signed in as {{email}}",
		"ada and ada@example.com":       "{{user}} and {{email}}",
		`{"v":"say \"hi\""}`:            `{"v":"{{quote}}"}`,
		"/profile?to=ada%40example.com": "/profile?to={{email}}",
		"Welcome, Grace Hopper":         "Welcome, {{name_1}}",
		"nothing here":                  "nothing here",
	}
	for in, want := range cases {
		if got := b.Redact(in); got != want {
			t.Errorf("Redact(%q) = %q, want %q", in, got, want)
		}
	}
	if got := newBindings(nil).Redact("ada"); got != "ada" {
		t.Errorf("no bindings: %q", got)
	}
}

func TestOccupant(t *testing.T) {
	b := newBindings(map[string]string{"email": "ada@example.com"})
	for value, want := range map[string]string{"": "", "  ": "", "ada@example.com": "{{email}}", " ADA@example.com ": "{{email}}", "grace@example.com": OtherText} {
		if got := b.Occupant(value); got != want {
			t.Errorf("Occupant(%q) = %q, want %q", value, got, want)
		}
	}
}

func TestConstraintCheck(t *testing.T) {
	cases := []struct {
		c     Constraint
		value string
		want  string
	}{
		{Constraint{MaxLength: 5}, "12345", ""},
		{Constraint{MaxLength: 5}, "123456", "longer than maxlength 5"},
		{Constraint{MaxLength: 2}, "😀", ""}, // two UTF-16 units
		{Constraint{MaxLength: 1}, "😀", "longer than maxlength 1"},
		{Constraint{MinLength: 8}, "short", "shorter than minlength 8"},
		{Constraint{Type: "email"}, "ada@example.com", ""},
		{Constraint{Type: "email"}, "Ada Lovelace", "not an email address (type=email)"},
		{Constraint{Type: "number"}, "12.5", ""},
		{Constraint{Type: "number"}, "twelve", "not a number (type=number)"},
		{Constraint{Type: "url"}, "https://example.com/a", ""},
		{Constraint{Type: "url"}, "example.com", "not an absolute URL (type=url)"},
		{Constraint{Pattern: "[0-9]{5}"}, "94016", ""},
		{Constraint{Pattern: "[0-9]{5}"}, "9401", "does not match the field's pattern"},
		{Constraint{Pattern: "(?<=x)y"}, "anything", ""}, // JavaScript-only: not checked here
	}
	for _, c := range cases {
		if got := c.c.check(c.value); got != c.want {
			t.Errorf("%+v.check(%q) = %q, want %q", c.c, c.value, got, c.want)
		}
	}
}

func TestCatalogValuesAreRedactableAndFitTheirKind(t *testing.T) {
	faker := gofakeit.New(99)
	for _, g := range catalog {
		for range 20 {
			v := g.make(faker)
			if len(v) < MinValue {
				t.Errorf("%s made %q, too short to redact", g.Name, v)
			}
			if g.Name == "internet.email" && (Constraint{Type: "email"}).check(v) != "" {
				t.Errorf("%s made %q, not an email address", g.Name, v)
			}
		}
	}
}
