package exec

import (
	"context"
	_ "embed"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/engine"
	"github.com/prima-dev/prima/prima/wire"
)

func init() {
	Runs((*Instance).Cookies)
	Runs((*Instance).Storage)
}

//go:embed js/web_storage.js
var webStorageJS string

// Cookies lists, sets or clears the browser context's cookies. Setting
// and clearing run through the act path: the page may read them at once.
func (in *Instance) Cookies(ctx context.Context, r *wire.CookiesRequest) *envelope.Envelope {
	env := &envelope.Envelope{Command: strings.TrimSpace("cookies " + r.Op + " " + r.Name)}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	bc := page.Context()
	if r.Op == "list" {
		in.looked(env, before)
		cs, err := bc.Cookies()
		if err != nil {
			in.Fail(env, err, before)
			return env
		}
		env.Answer, env.OK = cookieLines(cs, r.Domain), true
		return env
	}
	o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
		return &engine.Action{Run: func(context.Context) error {
			if r.Op == "clear" {
				opts := playwright.BrowserContextClearCookiesOptions{}
				if r.Name != "" {
					opts.Name = r.Name
				}
				if r.Domain != "" {
					opts.Domain = r.Domain
				}
				return bc.ClearCookies(opts)
			}
			c := playwright.OptionalCookie{Name: r.Name, Value: r.Value}
			switch {
			case r.Domain != "":
				path := r.Path
				if path == "" {
					path = "/"
				}
				c.Domain, c.Path = &r.Domain, &path
			case r.URL != "":
				c.URL = &r.URL
			case strings.HasPrefix(page.URL(), "http"):
				u := page.URL()
				c.URL = &u
			default:
				return &wire.UsageError{Msg: "cookies set: the page (" + page.URL() + ") has no web address to set a cookie for: give --url or --domain"}
			}
			return bc.AddCookies([]playwright.OptionalCookie{c})
		}}, nil
	})
	in.fill(ctx, env, o)
	return env
}

// cookieLines are the cookies, one a line, as a Set-Cookie header shows
// them; only those of domain (and its subdomains) when given.
func cookieLines(cs []playwright.Cookie, domain string) string {
	var lines []string
	for _, c := range cs {
		d := strings.TrimPrefix(c.Domain, ".")
		if domain != "" && d != strings.TrimPrefix(domain, ".") && !strings.HasSuffix(d, "."+strings.TrimPrefix(domain, ".")) {
			continue
		}
		l := fmt.Sprintf("%s=%s; domain=%s; path=%s", c.Name, clipN(c.Value, 200), c.Domain, c.Path)
		if c.Expires > 0 {
			l += "; expires=" + time.Unix(int64(c.Expires), 0).UTC().Format(time.RFC3339)
		}
		if c.HttpOnly {
			l += "; httpOnly"
		}
		if c.Secure {
			l += "; secure"
		}
		if c.SameSite != nil {
			l += "; sameSite=" + string(*c.SameSite)
		}
		lines = append(lines, l)
	}
	if len(lines) == 0 {
		return "no cookies"
	}
	return strings.Join(lines, "\n")
}

// Storage reads, sets or clears the page origin's local (or session)
// storage; setting and clearing run through the act path, since the page
// may answer them.
func (in *Instance) Storage(ctx context.Context, r *wire.StorageRequest) *envelope.Envelope {
	area := "local"
	if r.Session {
		area = "session"
	}
	env := &envelope.Envelope{Command: strings.TrimSpace("storage " + r.Op + " " + r.Key)}
	if r.Session {
		env.Command += " --session"
	}
	page, before, ok := in.Begin(ctx, env, false)
	if !ok {
		return env
	}
	args := []string{area, r.Op, r.Key, r.Value}
	var result any
	if r.Op == "get" {
		in.looked(env, before)
		v, err := in.eng.Evaluate(ctx, page, webStorageJS, args)
		if err != nil {
			in.Fail(env, &EvalError{Err: err}, before)
			return env
		}
		result = v
	} else {
		o := in.Act(ctx, page, before, func(context.Context) (*engine.Action, error) {
			return &engine.Action{Run: func(context.Context) error {
				var err error
				if result, err = in.eng.Evaluate(ctx, page, webStorageJS, args); err != nil {
					return &EvalError{Err: err}
				}
				return nil
			}}, nil
		})
		in.fill(ctx, env, o)
		if !env.OK {
			return env
		}
	}
	b, _ := json.Marshal(result)
	env.Answer = clipN(string(b), MaxAnswer)
	if r.Op != "get" {
		env.Answer = fmt.Sprintf("%s storage items now: %s", area, env.Answer)
	}
	env.OK = true
	return env
}
