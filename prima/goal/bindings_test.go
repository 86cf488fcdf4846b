package goal

import (
	"strings"
	"testing"
	"time"

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
		{Constraint{Type: "date", Min: "2026-03-10"}, "2026-03-09", "below the field's min 2026-03-10"},
		{Constraint{Type: "date", Min: "2026-03-10"}, "2026-03-10", ""},
		{Constraint{Type: "date", Max: "2026-03-10"}, "2026-03-11", "above the field's max 2026-03-10"},
		{Constraint{Type: "date", Min: "today"}, "2026-03-11", ""}, // a bound the browser ignores is not checked
		{Constraint{Type: "time", Min: "09:00", Max: "17:30:00"}, "08:55", "below the field's min 09:00"},
		{Constraint{Type: "time", Min: "09:00", Max: "17:30:00"}, "17:30", ""},
		{Constraint{Type: "number", Min: "1", Max: "10"}, "11", "above the field's max 10"},
		{Constraint{Type: "number", Min: "1", Max: "10"}, "2.5", ""},
		{Constraint{Type: "text", Min: "5"}, "1", ""}, // min means nothing to a text field
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
			kind := map[string]string{"internet.email": "email", "internet.url": "url", "date.birth": "date", "date.future": "date", "time.of_day": "time", "finance.card_cvc": "number"}[g.Name]
			if kind != "" && (Constraint{Type: kind}).check(v) != "" {
				t.Errorf("%s made %q, not a valid %s", g.Name, v, kind)
			}
			if strings.HasPrefix(g.Name, "finance.card_number") && !luhn(v) {
				t.Errorf("%s made %q, which fails the Luhn check", g.Name, v)
			}
			if g.Name == "internet.strong_password" && (len(v) != 16 || !strings.ContainsAny(v, "0123456789") || strings.ToLower(v) == v || strings.ToUpper(v) == v) {
				t.Errorf("%s made %q, which breaks its own rules", g.Name, v)
			}
		}
	}
}

func luhn(n string) bool {
	sum := 0
	for i := range n {
		d := int(n[len(n)-1-i] - '0')
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return sum%10 == 0
}

// A date the generators make is one the field's type takes, and a future
// one is ahead of today.
func TestGeneratedDatesCountFromToday(t *testing.T) {
	faker := gofakeit.New(1)
	for _, g := range catalog {
		if g.Name != "date.future" {
			continue
		}
		for range 50 {
			d, err := time.Parse(time.DateOnly, g.make(faker))
			if err != nil || !d.After(today()) || d.After(today().AddDate(0, 0, 90)) {
				t.Errorf("date.future made %v (%v), not 1 to 90 days ahead", d, err)
			}
		}
	}
	for _, c := range []struct{ typ, v, want string }{{"date", "2026-02-30", "not a date YYYY-MM-DD (type=date)"}, {"time", "25:00", "not a time HH:MM (type=time)"}, {"time", "09:30", ""}} {
		if got := (Constraint{Type: c.typ}).check(c.v); got != c.want {
			t.Errorf("%s %q: %q, want %q", c.typ, c.v, got, c.want)
		}
	}
}

// A field is offered the generators made for it, and no other of the
// kind-specific ones: a date field its dates, a card's fields their
// card values, a plain name field none of them.
func TestFieldsAreOfferedTheGeneratorsForThem(t *testing.T) {
	field := func(name, typ string, minLength int) Field {
		return Field{Candidate: Candidate{Role: "textbox", Name: name}, Constraint: Constraint{Type: typ, MinLength: minLength}}
	}
	for _, c := range []struct {
		f    Field
		want string
	}{
		{field("Name", "text", 0), ""},
		{field("Password", "password", 0), ""},
		{field("New password", "password", 12), "internet.strong_password"},
		{field("Arrival", "date", 0), "date.birth date.future"},
		{field("Date of birth", "text", 0), "date.birth date.future"},
		{field("Card number", "text", 0), "finance.card_number"},
		{field("Expiry (MM/YY)", "text", 0), "finance.card_expiry"},
		{field("CVC", "text", 0), "finance.card_cvc"},
		{field("Website", "url", 0), "internet.url"},
		{field("Start", "time", 0), "time.of_day"},
	} {
		var got []string
		for _, g := range catalog {
			if g.fits != nil && g.fits(c.f) {
				got = append(got, g.Name)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s [%s]: offered %v, want %q", c.f.Candidate.Name, c.f.Constraint.Type, got, c.want)
		}
	}
}

// A date generator is offered only to a date field whose min and max
// admit some of the dates it makes: a delivery date no earlier than today
// gets no date of birth, a birth date no later than today no date ahead.
func TestDateFieldsAreOfferedOnlyTheDatesTheirBoundsAdmit(t *testing.T) {
	day := func(days int) string { return today().AddDate(0, 0, days).Format(time.DateOnly) }
	for _, c := range []struct {
		name, min, max, want string
	}{
		{"Delivery date", day(0), "", "date.future"},
		{"Delivery date", day(0), day(30), "date.future"},
		{"Date of birth", "", day(0), "date.birth"},
		{"Date of birth", "1900-01-01", day(-18 * 366), "date.birth"},
		{"Appointment", day(100), "", ""},
		{"Any date", "", "", "date.birth date.future"},
	} {
		f := Field{Candidate: Candidate{Role: "textbox", Name: c.name}, Constraint: Constraint{Type: "date", Min: c.min, Max: c.max}}
		var got []string
		for _, g := range catalog {
			if g.fits != nil && g.fits(f) {
				got = append(got, g.Name)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s [min=%s max=%s]: offered %v, want %q", c.name, c.min, c.max, got, c.want)
		}
	}
}

// A field's autocomplete, when it states what the field holds, decides
// which kind-specific generators it is offered, over its type and name: a
// card's number labelled only "Number" gets the card number, an "Expiry
// date" marked cc-exp no date ahead, a "Name on credit card" marked
// cc-name no card number. One that states nothing (off, a word the HTML
// standard does not define) leaves type and name to decide.
func TestAutocompleteNamesWhatAFieldIsOffered(t *testing.T) {
	for _, c := range []struct {
		name, typ, autocomplete string
		minLength               int
		want                    string
	}{
		{"Number", "text", "cc-number", 0, "finance.card_number"},
		{"Expiry date (MM/YY)", "text", "cc-exp", 0, "finance.card_expiry"},
		{"Expiry date (MM/YY)", "text", "", 0, "date.future finance.card_expiry"},
		{"Expiry date (MM/YY)", "text", "off", 0, "date.future finance.card_expiry"},
		{"Security number", "text", "billing CC-CSC", 0, "finance.card_cvc"},
		{"Name on credit card", "text", "cc-name", 0, ""},
		{"Name on credit card", "text", "", 0, "finance.card_number"},
		{"Born", "date", "bday", 0, "date.birth"},
		{"Homepage", "text", "section-a work url", 0, "internet.url"},
		{"Website", "url", "nonsense", 0, "internet.url"},
		{"New password", "password", "new-password", 0, "internet.strong_password"},
		{"Password", "password", "current-password", 8, ""},
		{"Passkey", "text", "username webauthn", 0, ""},
	} {
		f := Field{Candidate: Candidate{Role: "textbox", Name: c.name},
			Constraint: Constraint{Type: c.typ, MinLength: c.minLength, Autocomplete: c.autocomplete}}
		var got []string
		for _, g := range catalog {
			if g.fits != nil && g.fits(f) {
				got = append(got, g.Name)
			}
		}
		if strings.Join(got, " ") != c.want {
			t.Errorf("%s [%s autocomplete=%q]: offered %v, want %q", c.name, c.typ, c.autocomplete, got, c.want)
		}
	}
	for ac, want := range map[string]string{"cc-number": "autocomplete=cc-number", "shipping postal-code": "autocomplete=postal-code", "off": "", "": ""} {
		got := Constraint{Autocomplete: ac}.String()
		if got != want {
			t.Errorf("Constraint{Autocomplete: %q}.String() = %q, want %q", ac, got, want)
		}
	}
}

// A generated card's security code has the length its brand asks: every
// test card is one whose code is 3 digits, as card_cvc makes.
func TestGeneratedCardsTakeTheCodesGenerated(t *testing.T) {
	for _, c := range testCards {
		if c[0] != '4' && c[0] != '5' && c[0] != '2' {
			t.Errorf("test card %s is of a brand whose code is not 3 digits", c)
		}
	}
}
