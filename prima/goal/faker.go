package goal

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/brianvoe/gofakeit/v7"
)

// generator is one local Faker generator the value question offers. No
// text model writes values: Faker draws them, seeded, so that the same
// seed and the same sequence of choices give the same values.
type generator struct {
	Name string // e.g. internet.email; the binding ID is derived from its last part
	What string // what it makes, for the model
	make func(f *gofakeit.Faker) string
	// fits, when set, offers the generator only for the fields it is for
	// (a date for a date field, a card number for a card's): the value
	// question lists no option a field cannot take.
	fits func(Field) bool
}

// fieldFor offers a generator for fields whose autocomplete states one of
// the autofill names; a field whose autocomplete states another is not
// offered it, whatever its type or name (an "Expiry date" marked cc-exp
// gets no date ahead, a "Name on credit card" marked cc-name no card
// number). A field whose autocomplete states none is offered it when it
// has one of the input types, or its name holds one of the words.
func fieldFor(autofill, types []string, words ...string) func(Field) bool {
	return func(f Field) bool {
		if n := f.Constraint.autofill(); n != "" {
			return slices.Contains(autofill, n)
		}
		name := strings.ToLower(f.Candidate.Name)
		return slices.Contains(types, f.Constraint.Type) || slices.ContainsFunc(words, func(w string) bool { return strings.Contains(name, w) })
	}
}

// datesFor offers a date generator, whose dates run from and to what span
// says of today, to the fields fits offers it to whose min and max admit
// some of them: a delivery date no earlier than today is offered no date
// of birth. A drawn date outside them is still refused before typing.
func datesFor(fits func(Field) bool, span func(today time.Time) (from, to time.Time)) func(Field) bool {
	return func(f Field) bool {
		from, to := span(today())
		if lo, err := time.Parse(time.DateOnly, f.Constraint.Min); err == nil && to.Before(lo) {
			return false
		}
		if hi, err := time.Parse(time.DateOnly, f.Constraint.Max); err == nil && from.After(hi) {
			return false
		}
		return fits(f)
	}
}

// exampleEmail keeps generated addresses on a reserved domain.
func exampleEmail(f *gofakeit.Faker) string {
	u := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '.' || r == '_' {
			return r
		}
		return -1
	}, strings.ToLower(f.FirstName()+"."+f.LastName()))
	return u + strconv.Itoa(f.Number(1, 999)) + "@example.com"
}

// atLeast draws until the value is long enough to be redacted (a two-letter
// first name would otherwise be typed but not hidden); bounded, deterministic.
func atLeast(draw func(f *gofakeit.Faker) string) func(f *gofakeit.Faker) string {
	return func(f *gofakeit.Faker) string {
		v := draw(f)
		for i := 0; i < 16 && len(v) < MinValue; i++ {
			v = draw(f)
		}
		return v
	}
}

var catalog = []generator{
	{"person.first_name", "a first name", atLeast(func(f *gofakeit.Faker) string { return f.FirstName() }), nil},
	{"person.last_name", "a last name", atLeast(func(f *gofakeit.Faker) string { return f.LastName() }), nil},
	{"person.full_name", "a first and last name", func(f *gofakeit.Faker) string { return f.FirstName() + " " + f.LastName() }, nil},
	{"person.bio", "a short biography sentence", func(f *gofakeit.Faker) string { return f.Bio() }, nil},
	{"internet.email", "an email address at example.com", exampleEmail, nil},
	{"internet.username", "a username", atLeast(func(f *gofakeit.Faker) string { return f.Username() }), nil},
	{"internet.password", "a 14-character password of letters and digits", func(f *gofakeit.Faker) string { return f.Password(true, true, true, false, false, 14) }, nil},
	{"phone.number", "a 10-digit phone number", func(f *gofakeit.Faker) string { return f.Phone() }, nil},
	{"address.street", "a street address", func(f *gofakeit.Faker) string { return f.Street() }, nil},
	{"address.city", "a city", atLeast(func(f *gofakeit.Faker) string { return f.City() }), nil},
	{"address.state", "a US state", atLeast(func(f *gofakeit.Faker) string { return f.State() }), nil},
	{"address.zip", "a 5-digit postal code", func(f *gofakeit.Faker) string { return f.Zip() }, nil},
	{"address.country", "a country", atLeast(func(f *gofakeit.Faker) string { return f.Country() }), nil},
	{"company.name", "a company name", atLeast(func(f *gofakeit.Faker) string { return f.Company() }), nil},
	{"company.job_title", "a job title", atLeast(func(f *gofakeit.Faker) string { return f.JobTitle() }), nil},
	{"lorem.sentence", "a sentence of placeholder text", func(f *gofakeit.Faker) string { return f.Sentence() }, nil},
	{"internet.url", "an https URL on example.com", func(f *gofakeit.Faker) string {
		return "https://example.com/" + strings.ToLower(f.Word()) + "-" + strconv.Itoa(f.Number(1, 999))
	}, fieldFor([]string{"url"}, []string{"url"}, "website", "url", "homepage", "link")},
	{"internet.strong_password", "a 16-character password with upper and lower case letters, digits and symbols", strongPassword,
		func(f Field) bool {
			if n := f.Constraint.autofill(); n != "" {
				return n == "new-password"
			}
			return f.Constraint.Type == "password" && (f.Constraint.MinLength > 0 || f.Constraint.Pattern != "")
		}},
	{"date.birth", "a date of birth, YYYY-MM-DD, of someone 18 to 80 years old", func(f *gofakeit.Faker) string {
		return today().AddDate(-f.Number(18, 79), 0, -f.Number(1, 364)).Format(time.DateOnly)
	}, datesFor(fieldFor([]string{"bday"}, []string{"date"}, "birth", "dob"), func(t time.Time) (time.Time, time.Time) {
		return t.AddDate(-79, 0, -364), t.AddDate(-18, 0, -1)
	})},
	{"date.future", "a date 1 to 90 days from today, YYYY-MM-DD", func(f *gofakeit.Faker) string {
		return today().AddDate(0, 0, f.Number(1, 90)).Format(time.DateOnly)
	}, datesFor(fieldFor(nil, []string{"date"}, "date", "arrival", "departure", "check-in", "check in"), func(t time.Time) (time.Time, time.Time) {
		return t.AddDate(0, 0, 1), t.AddDate(0, 0, 90)
	})},
	{"time.of_day", "a time of day, HH:MM (24-hour)", func(f *gofakeit.Faker) string {
		return fmt.Sprintf("%02d:%02d", f.Number(8, 19), 5*f.Number(0, 11))
	}, fieldFor(nil, []string{"time"}, "time")},
	{"finance.card_number", "a payment processor's documented test card number (Visa or Mastercard, whose security codes are 3 digits; passes the Luhn check, charges nothing)", func(f *gofakeit.Faker) string {
		return testCards[f.Number(0, len(testCards)-1)]
	}, fieldFor([]string{"cc-number"}, nil, "card number", "credit card", "card no")},
	{"finance.card_expiry", "a card expiry date, MM/YY, 1 to 5 years from now", func(f *gofakeit.Faker) string {
		return today().AddDate(f.Number(1, 5), f.Number(0, 11), 0).Format("01/06")
	}, fieldFor([]string{"cc-exp"}, nil, "expir", "mm/yy", "valid thru")},
	{"finance.card_cvc", "a 3-digit card security code", func(f *gofakeit.Faker) string { return strconv.Itoa(f.Number(100, 999)) },
		fieldFor([]string{"cc-csc"}, nil, "cvc", "cvv", "security code")},
}

// testCards are card numbers payment processors document for tests: they
// pass the Luhn check and are never charged. Amex's are left out: their
// security code is 4 digits, and card_cvc makes 3, which a page that
// checks the code by the card's brand refuses.
var testCards = []string{"4242424242424242", "4000056655665556", "5555555555554444", "2223003122003222"}

// today is the date generated dates count from: dates are the one kind of
// value the seed alone does not fix.
func today() time.Time {
	y, m, d := time.Now().Date()
	return time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
}

// strongPassword meets the usual stated rules at once: 16 characters with
// at least one upper-case letter, one lower-case letter, one digit and one
// symbol.
func strongPassword(f *gofakeit.Faker) string {
	for {
		p := f.Password(true, true, true, true, false, 16)
		if strings.ContainsAny(p, "ABCDEFGHIJKLMNOPQRSTUVWXYZ") && strings.ContainsAny(p, "abcdefghijklmnopqrstuvwxyz") &&
			strings.ContainsAny(p, "0123456789") && strings.ContainsFunc(p, func(r rune) bool { return !unicode.IsLetter(r) && !unicode.IsDigit(r) }) {
			return p
		}
	}
}

// idBase is the generator's last part: internet.email -> email.
func (g generator) idBase() string { return g.Name[strings.LastIndexByte(g.Name, '.')+1:] }
