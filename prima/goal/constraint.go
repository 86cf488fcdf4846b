package goal

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
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
	if c.Pattern != "" {
		if re, err := regexp.Compile(`^(?:` + c.Pattern + `)$`); err == nil && !re.MatchString(v) {
			return "does not match the field's pattern"
		}
	}
	return ""
}
