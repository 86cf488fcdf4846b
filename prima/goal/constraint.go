package goal

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"time"
	"unicode/utf16"
)

// htmlEmail is the HTML standard's valid e-mail address.
var htmlEmail = regexp.MustCompile("^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$")

// check says why v does not fit the field, "" when it fits. Lengths count
// UTF-16 code units, as the browser does. A pattern Go cannot compile (a
// JavaScript-only construct) is not checked: the act path's value check
// still catches what the page refuses.
func (c Constraint) check(v string) string {
	n := len(utf16.Encode([]rune(v)))
	switch {
	case c.MaxLength > 0 && n > c.MaxLength:
		return fmt.Sprintf("longer than maxlength %d", c.MaxLength)
	case c.MinLength > 0 && n < c.MinLength:
		return fmt.Sprintf("shorter than minlength %d", c.MinLength)
	}
	switch c.Type {
	case "email":
		if !htmlEmail.MatchString(v) {
			return "not an email address (type=email)"
		}
	case "number":
		if _, err := strconv.ParseFloat(v, 64); err != nil {
			return "not a number (type=number)"
		}
	case "date":
		if _, err := time.Parse(time.DateOnly, v); err != nil {
			return "not a date YYYY-MM-DD (type=date)"
		}
	case "time":
		if _, err := time.Parse("15:04", v); err != nil {
			return "not a time HH:MM (type=time)"
		}
	case "url":
		if u, err := url.Parse(v); err != nil || u.Scheme == "" || u.Opaque == "" && u.Host == "" {
			return "not an absolute URL (type=url)"
		}
	}
	if why := c.outside(v); why != "" {
		return why
	}
	if c.Pattern != "" {
		if re, err := regexp.Compile(`^(?:` + c.Pattern + `)$`); err == nil && !re.MatchString(v) {
			return "does not match the field's pattern"
		}
	}
	return ""
}

// outside says why v lies outside the field's min or max, "" when it lies
// within them, or when the field's type has no order prima reads (a bound
// that does not parse as the type is not checked, as the browser ignores it).
func (c Constraint) outside(v string) string {
	var at func(string) (float64, bool)
	switch c.Type {
	case "date":
		at = func(s string) (float64, bool) {
			t, err := time.Parse(time.DateOnly, s)
			return float64(t.Unix()), err == nil
		}
	case "time":
		at = func(s string) (float64, bool) {
			t, err := time.Parse("15:04", s)
			if err != nil {
				t, err = time.Parse("15:04:05", s)
			}
			return float64(t.Hour()*3600 + t.Minute()*60 + t.Second()), err == nil
		}
	case "number", "range":
		at = func(s string) (float64, bool) {
			f, err := strconv.ParseFloat(s, 64)
			return f, err == nil
		}
	default:
		return ""
	}
	x, ok := at(v)
	if !ok {
		return ""
	}
	if lo, ok := at(c.Min); ok && x < lo {
		return fmt.Sprintf("below the field's min %s", c.Min)
	}
	if hi, ok := at(c.Max); ok && x > hi {
		return fmt.Sprintf("above the field's max %s", c.Max)
	}
	return ""
}

// autofill is the autofill field name the field's autocomplete attribute
// states (cc-number for "billing cc-number"), "" when it states none
// ("off", "on", a word the HTML standard does not define).
func (c Constraint) autofill() string {
	tokens := strings.Fields(strings.ToLower(c.Autocomplete))
	if n := len(tokens); n > 1 && tokens[n-1] == "webauthn" {
		tokens = tokens[:n-1]
	}
	if len(tokens) == 0 || !autofillNames[tokens[len(tokens)-1]] {
		return ""
	}
	return tokens[len(tokens)-1]
}

// autofillNames are the HTML standard's autofill field names.
var autofillNames = func() map[string]bool {
	m := map[string]bool{}
	for _, n := range strings.Fields(`name honorific-prefix given-name additional-name family-name honorific-suffix nickname
		username new-password current-password one-time-code organization-title organization
		street-address address-line1 address-line2 address-line3 address-level4 address-level3 address-level2 address-level1
		country country-name postal-code cc-name cc-given-name cc-additional-name cc-family-name cc-number cc-exp
		cc-exp-month cc-exp-year cc-csc cc-type transaction-currency transaction-amount language bday bday-day bday-month
		bday-year sex url photo tel tel-country-code tel-national tel-area-code tel-local tel-local-prefix tel-local-suffix
		tel-extension email impp`) {
		m[n] = true
	}
	return m
}()
