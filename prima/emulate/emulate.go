// Package emulate is what prima sets on a tab through a DevTools session
// of its own: the locale, the time zone, and one of Playwright's devices,
// as Playwright sets them for a context created with them. A context
// prima did not create (an attached session's) cannot be given them
// otherwise. A tab's session stays attached, since Chromium drops a
// session's overrides when it detaches.
package emulate

import (
	"context"
	_ "embed"
	"fmt"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
)

// Tabs are an instance's tabs' DevTools sessions and what prima set on
// each; the zero value has none.
type Tabs struct {
	m map[playwright.Page]*tab
}

// tab is a tab's DevTools session and what prima set on it.
type tab struct {
	s      playwright.CDPSession
	locale string
	device *playwright.DeviceDescriptor
}

// Set sets the tab's locale or time zone (what is "locale" or
// "timezone").
//
// The page read goes through within, bounded by ctx.
func (ts *Tabs) Set(ctx context.Context, within func(context.Context, func() error) error, page playwright.Page, what, value string) error {
	// Chromium takes a time zone it does not know and falls back to UTC:
	// the page's own Intl says which names it knows.
	var known any
	err := within(ctx, func() (err error) {
		known, err = page.Evaluate(knownSettingJS, map[string]any{"what": what, "value": value})
		return err
	})
	if err != nil {
		return err
	}
	if known != true {
		return &SettingError{What: what, Value: value, Why: fmt.Sprintf("not a %s the browser knows", map[string]string{"timezone": "IANA time zone (Europe/Berlin)", "locale": "BCP 47 locale (de-DE)"}[what])}
	}
	t, err := ts.devtools(page)
	if err != nil {
		return err
	}
	switch what {
	case "timezone":
		if _, err := t.s.Send("Emulation.setTimezoneOverride", map[string]any{"timezoneId": value}); err != nil {
			return &SettingError{What: what, Value: value, Why: err.Error()}
		}
		return nil
	}
	if _, err := t.s.Send("Emulation.setLocaleOverride", map[string]any{"locale": value}); err != nil {
		return &SettingError{What: what, Value: value, Why: err.Error()}
	}
	t.locale = value
	return t.userAgent()
}

// userAgent sends the device's user agent, or none (the tab's own), with
// the locale's Accept-Language: each call replaces the whole override, so
// a device set after a locale keeps the locale, and the other way round.
func (t *tab) userAgent() error {
	o := map[string]any{"userAgent": "", "acceptLanguage": t.locale}
	if t.device != nil {
		o["userAgent"] = t.device.UserAgent
		o["userAgentMetadata"] = userAgentMetadata(t.device)
	}
	_, err := t.s.Send("Emulation.setUserAgentOverride", o)
	return err
}

// knownSettingJS tells whether the page's Intl knows a time zone or a
// locale.
//
//go:embed js/known_setting.js
var knownSettingJS string

// devtools is the tab's DevTools session, opened on first use; those of
// closed tabs are forgotten.
func (ts *Tabs) devtools(page playwright.Page) (*tab, error) {
	for p := range ts.m {
		if p.IsClosed() {
			delete(ts.m, p)
		}
	}
	if t, ok := ts.m[page]; ok {
		return t, nil
	}
	s, err := page.Context().NewCDPSession(page)
	if err != nil {
		return nil, &SettingError{What: "locale, timezone or device", Why: "this browser has no DevTools session for the tab (Chromium only): " + err.Error()}
	}
	if ts.m == nil {
		ts.m = map[playwright.Page]*tab{}
	}
	t := &tab{s: s}
	ts.m[page] = t
	return t, nil
}

// SettingError: the browser refused a setting's value, or it names a
// device Playwright does not list.
type SettingError struct{ What, Value, Why string }

func (e *SettingError) Error() string {
	if e.Value == "" {
		return fmt.Sprintf("set %s: %s", e.What, e.Why)
	}
	why, _, _ := strings.Cut(e.Why, "\n")
	return fmt.Sprintf("set %s %s: the browser refused it (%s); nothing was set", e.What, e.Value, why)
}

// FailureCode: the caller's value, or a browser that cannot take it.
func (e *SettingError) FailureCode() envelope.Code { return envelope.CodeUsage }
