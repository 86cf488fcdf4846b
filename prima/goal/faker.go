package goal

import (
	"strconv"
	"strings"

	"github.com/brianvoe/gofakeit/v7"
)

// generator is one local Faker generator the value question offers. No
// text model writes values: Faker draws them, seeded, so that the same
// seed and the same sequence of choices give the same values.
type generator struct {
	Name string // e.g. internet.email; the binding ID is derived from its last part
	What string // what it makes, for the model
	make func(f *gofakeit.Faker) string
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
	{"person.first_name", "a first name", atLeast(func(f *gofakeit.Faker) string { return f.FirstName() })},
	{"person.last_name", "a last name", atLeast(func(f *gofakeit.Faker) string { return f.LastName() })},
	{"person.full_name", "a first and last name", func(f *gofakeit.Faker) string { return f.FirstName() + " " + f.LastName() }},
	{"person.bio", "a short biography sentence", func(f *gofakeit.Faker) string { return f.Bio() }},
	{"internet.email", "an email address at example.com", exampleEmail},
	{"internet.username", "a username", atLeast(func(f *gofakeit.Faker) string { return f.Username() })},
	{"internet.password", "a 14-character password of letters and digits", func(f *gofakeit.Faker) string { return f.Password(true, true, true, false, false, 14) }},
	{"phone.number", "a 10-digit phone number", func(f *gofakeit.Faker) string { return f.Phone() }},
	{"address.street", "a street address", func(f *gofakeit.Faker) string { return f.Street() }},
	{"address.city", "a city", atLeast(func(f *gofakeit.Faker) string { return f.City() })},
	{"address.state", "a US state", atLeast(func(f *gofakeit.Faker) string { return f.State() })},
	{"address.zip", "a 5-digit postal code", func(f *gofakeit.Faker) string { return f.Zip() }},
	{"address.country", "a country", atLeast(func(f *gofakeit.Faker) string { return f.Country() })},
	{"company.name", "a company name", atLeast(func(f *gofakeit.Faker) string { return f.Company() })},
	{"company.job_title", "a job title", atLeast(func(f *gofakeit.Faker) string { return f.JobTitle() })},
	{"lorem.sentence", "a sentence of placeholder text", func(f *gofakeit.Faker) string { return f.Sentence() }},
}

// idBase is the generator's last part: internet.email -> email.
func (g generator) idBase() string { return g.Name[strings.LastIndexByte(g.Name, '.')+1:] }
