package export

import (
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/claim"
	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/shown"
)

// ErrNoSteps: nothing of the session can be exported (no steps, or only
// failed ones).
var ErrNoSteps = errors.New("export: the session has no step that ran")

// Masked is how prima prints a password field's value (prima.Masked).
const Masked = "••••"

// Render writes steps as one @playwright/test spec: a goto to where the
// session started, each step that ran (a goto, an action's used: line, a
// verify pass's assertions), and after each proven action the expects
// its Changes prove. The same steps always give the same text.
func Render(steps []Step, opts Options) (string, error) {
	if opts.Since < 0 {
		return "", fmt.Errorf("export: since %d: give a positive number of steps, or 0 for all", opts.Since)
	}
	if opts.Since > 0 && opts.Since < len(steps) {
		steps = steps[len(steps)-opts.Since:]
	}
	r := renderer{env: map[string]string{}}
	for i, s := range steps {
		if err := r.step(s); err != nil {
			return "", fmt.Errorf("export: step %d (%s): %w", i+1, s.Command, err)
		}
	}
	if r.kept == 0 {
		return "", ErrNoSteps
	}
	return r.spec(), nil
}

type renderer struct {
	body []string          // the test's statements and comments, one per line
	env  map[string]string // environment variables the spec reads, and why
	at   string            // the URL the spec's page is on, as far as it knows
	kept int               // steps that gave the spec a statement
}

func (r *renderer) line(s string) { r.body = append(r.body, s) }
func (r *renderer) note(s string) { r.body = append(r.body, comment(s)) }

func (r *renderer) step(s Step) error {
	switch s.Kind {
	case Goto, Action, Verify:
	default:
		return fmt.Errorf("unknown step kind %q", s.Kind)
	}
	if !s.OK {
		return nil // failed: nothing of it is known to hold
	}
	n := len(r.body)
	switch s.Kind {
	case Goto:
		u := gotoURL(s)
		if u == "" {
			r.note("not exported: a goto without an absolute URL: " + s.Command)
			return nil
		}
		e, ok := r.urlExpr(s, u)
		if !ok {
			r.note("not exported: " + s.Command + " (its URL holds a masked value)")
			return nil
		}
		r.line("await page.goto(" + e + ");")
		r.kept++
		r.at = u
		if s.URLAfter != "" {
			r.at = s.URLAfter
		}
		return nil
	case Action:
		r.arrive(s, s.URLBefore)
		n = len(r.body)
		r.dialog(s.Dialog)
		r.action(s)
		if s.URLAfter != "" {
			r.at = s.URLAfter
		}
	case Verify:
		r.arrive(s, s.URLBefore)
		n = len(r.body)
		for _, c := range s.Checks {
			r.check(s, c)
		}
	}
	if len(r.body) > n {
		r.kept++
	}
	return nil
}

// dialog answers the dialog the next action raises as the session did.
func (r *renderer) dialog(d *Dialog) {
	switch {
	case d == nil:
	case d.Answer == "accept" && d.Text != "":
		r.line("page.once('dialog', dialog => dialog.accept(" + jsString(d.Text) + "));")
	case d.Answer == "accept":
		r.line("page.once('dialog', dialog => dialog.accept());")
	case d.Answer == "dismiss":
		r.line("page.once('dialog', dialog => dialog.dismiss());")
	default:
		r.note("the next action raised a dialog that prima left open and something else answered; Playwright dismisses it")
	}
}

// gotoURL is where a goto step went: its used line's URL made absolute
// against the page it left, else the URL it arrived at.
func gotoURL(s Step) string {
	if l := s.Line; l != nil && l.Method == "goto" && l.Value != "" {
		if u, err := url.Parse(l.Value); err == nil && u.IsAbs() {
			return u.String()
		}
		if base, err := url.Parse(s.URLBefore); err == nil && base.IsAbs() {
			if u, err := base.Parse(l.Value); err == nil {
				return u.String()
			}
		}
	}
	if u, err := url.Parse(s.URLAfter); err == nil && u.IsAbs() {
		return s.URLAfter
	}
	return ""
}

// arrive makes the spec's page be at u before a step that started there:
// at the start of the spec (a session attached to an open page, or cut
// by Since), or when the page moved outside the steps (a failed step
// that navigated, another client).
func (r *renderer) arrive(s Step, u string) {
	if u == "" || u == r.at {
		return
	}
	if r.at == "" && u == "about:blank" {
		r.at = u
		return
	}
	e, ok := r.urlExpr(s, u)
	switch {
	case !ok:
		r.note("the next step began on a URL that holds a masked value")
	case r.at != "":
		r.note("the page was at this URL when the next step began")
		fallthrough
	default:
		r.line("await page.goto(" + e + ");")
	}
	r.at = u
}

// urlExpr is a URL as an expression: a secret in it (a token in a query)
// is read from the environment; a masked value cannot be.
func (r *renderer) urlExpr(s Step, u string) (string, bool) {
	if strings.Contains(u, Masked) {
		return "", false
	}
	e, env := r.value(s, u, false)
	r.use(env)
	return e, true
}

// action writes an action's line and, when it was proven, its expects.
func (r *renderer) action(s Step) {
	code, l, why := r.code(s)
	var lead []string
	for _, l := range s.Lead {
		if why != "" {
			break
		}
		c := l.Code()
		if r.hides(s, c) {
			why = "its locator holds a secret or a masked value"
		}
		lead = append(lead, c)
	}
	if why != "" {
		r.note("not exported: " + s.Command + " (" + why + ")")
		return
	}
	for _, l := range lead {
		r.line(l)
	}
	if !s.Proven {
		r.note("unproven: prima saw no effect, so nothing is asserted")
		r.line(code)
		return
	}
	r.line(code)
	seen := map[string]bool{}
	emit := func(line string) {
		if !seen[line] {
			seen[line] = true
			r.line(line)
		}
	}
	if s.URLBefore != "" && s.URLAfter != "" && s.URLAfter != s.URLBefore {
		if e, ok := r.urlExpr(s, s.URLAfter); ok {
			emit(expect("page", "toHaveURL("+e+")"))
		}
	}
	for _, c := range s.Changes {
		if c.Own {
			r.note("not asserted: " + c.String())
			continue
		}
		var line, why string
		if c.Of != nil {
			line, why = r.expectChange(s, c.Kind, c.Of, l)
		} else if wanted(c) {
			why = "not one element a locator can name"
		}
		switch {
		case line != "":
			emit(line)
		case why != "":
			r.note("not asserted: " + c.String() + " (" + why + ")")
		}
	}
}

// wanted reports whether c is of a kind the spec asserts, so that leaving
// it out deserves a comment.
func wanted(c ariadiff.Change) bool {
	switch c.Kind {
	case ariadiff.Typed, ariadiff.Selected, ariadiff.Toggled:
		return true
	case ariadiff.Added:
		role := c.Run // a run of added elements
		if c.Of != nil {
			role = c.Of.Role
		}
		return role == "heading" || role == "status" || role == "alert"
	}
	return false
}

// code is the statement an action ran: its used: line, with secrets and
// masked passwords read from the environment. why says why it cannot be
// exported.
func (r *renderer) code(s Step) (string, *pwline.Line, string) {
	if s.Line == nil {
		return "", nil, "it has no used: line"
	}
	l := *s.Line
	if l.Method == "goto" {
		// A goto inside do may say a path: the spec has no baseURL.
		if u := gotoURL(s); u != "" {
			l.Value = u
		}
	}
	code := l.Code()
	expr, env := r.value(s, l.Value, true)
	if env != nil {
		// The value is the one string argument: swap its literal for the
		// expression, found through a marker no page text holds.
		const marker = "\x00prima-value\x00"
		m := l
		m.Value = marker
		withMarker, q := m.Code(), pwline.JSQuote(marker)
		if strings.Count(withMarker, q) == 1 {
			code = strings.Replace(withMarker, q, expr, 1)
		}
	}
	if r.hides(s, code) {
		return "", nil, "its locator or options hold a secret or a masked value"
	}
	r.use(env)
	return code, &l, ""
}

// placeholder is a secret as prima prints it.
var placeholder = regexp.MustCompile(`\{\{([A-Za-z_][A-Za-z0-9_]*)\}\}`)

// hides reports whether text still holds a value prima hid: a bound
// secret or a masked password.
func (r *renderer) hides(s Step, text string) bool {
	if strings.Contains(text, Masked) {
		return true
	}
	for _, m := range placeholder.FindAllStringSubmatch(text, -1) {
		if slices.Contains(s.Secrets, m[1]) {
			return true
		}
	}
	return false
}

// value is v as a JavaScript expression: a literal, or, where v holds a
// bound secret or (when typed: the step's own value) a masked password, a
// concatenation that reads them from the environment; env then holds the
// variables it reads and why, for r.use once the expression is used.
func (r *renderer) value(s Step, v string, typed bool) (expr string, env map[string]string) {
	var parts []string
	lit := func(t string) {
		if t != "" {
			parts = append(parts, jsString(t))
		}
	}
	rest := v
	for rest != "" {
		i := strings.Index(rest, "{{")
		j := strings.Index(rest, Masked)
		switch {
		case j >= 0 && typed && (i < 0 || j < i):
			lit(rest[:j])
			name, why := s.MaskedSecret, "the secret {{"+s.MaskedSecret+"}}"
			if name == "" || !validName(name) {
				name, why = PasswordEnv, "a password prima showed as "+Masked
			}
			parts = append(parts, read(&env, name, why))
			rest = rest[j+len(Masked):]
		case i >= 0:
			m := placeholder.FindStringSubmatchIndex(rest[i:])
			if m == nil || m[0] != 0 || !slices.Contains(s.Secrets, rest[i+m[2]:i+m[3]]) {
				lit(rest[:i+2])
				rest = rest[i+2:]
				continue
			}
			name := rest[i+m[2] : i+m[3]]
			lit(rest[:i])
			parts = append(parts, read(&env, name, "the secret {{"+name+"}}"))
			rest = rest[i+m[1]:]
		default:
			lit(rest)
			rest = ""
		}
	}
	if env == nil {
		return jsString(v), nil
	}
	return strings.Join(parts, " + "), env
}

func validName(n string) bool { return placeholder.MatchString("{{" + n + "}}") }

// read is the expression reading environment variable name, noted in env.
func read(env *map[string]string, name, why string) string {
	if *env == nil {
		*env = map[string]string{}
	}
	(*env)[name] = why
	return "process.env." + name + "!"
}

// use remembers the variables an expression in the spec reads, for the
// header and the check at the start of the test.
func (r *renderer) use(env map[string]string) {
	for n, why := range env {
		if _, ok := r.env[n]; !ok {
			r.env[n] = why
		}
	}
}

// expected is an expected value or text as an expression, or why not.
// Only a step that typed a masked value knows what •••• stands for.
func (r *renderer) expected(s Step, l *pwline.Line, v string, cut bool) (string, string) {
	if cut {
		return "", "the text is cut"
	}
	typed := l != nil && strings.Contains(l.Value, Masked)
	if strings.Contains(v, Masked) && !typed {
		return "", "a password this step did not type"
	}
	expr, env := r.value(s, v, typed)
	r.use(env)
	return expr, ""
}

// Roles whose checked state Playwright's toBeChecked reads.
var checkable = map[string]bool{"checkbox": true, "radio": true, "switch": true,
	"menuitemcheckbox": true, "menuitemradio": true}

// Roles whose typed value is an input's value.
var field = map[string]bool{"textbox": true, "searchbox": true, "spinbutton": true, "combobox": true}

// pressedExpect and checkedExpect are the matchers of a toggle's state
// after the action: aria-pressed for a toggle button, else checked.
var (
	pressedExpect = map[string]string{
		"pressed":   "toHaveAttribute('aria-pressed', 'true')",
		"unpressed": "not.toHaveAttribute('aria-pressed', 'true')",
		"mixed":     "toHaveAttribute('aria-pressed', 'mixed')",
	}
	checkedExpect = map[string]string{
		"checked":   "toBeChecked()",
		"unchecked": "not.toBeChecked()",
		"mixed":     "toBeChecked({ indeterminate: true })",
	}
)

// expectChange is the expect a change of one element proves, or why
// there is none ("" when the change is of a kind the spec does not assert).
func (r *renderer) expectChange(s Step, k ariadiff.Kind, f *ariadiff.Element, l *pwline.Line) (string, string) {
	switch k {
	case ariadiff.Typed, ariadiff.Selected, ariadiff.Toggled, ariadiff.Changed:
		if f.NameCut > 0 {
			return "", "the name is cut"
		}
		if r.hides(s, f.Name) {
			return "", "the name holds a hidden value"
		}
	}
	switch k {
	case ariadiff.Typed:
		if !field[f.Role] || !f.Quoted {
			return "", ""
		}
		if strings.HasPrefix(f.From, "…") && strings.HasPrefix(f.To, "…") {
			return "", "the value is cut"
		}
		v, why := r.expected(s, l, f.To, f.ToCut > 0)
		if why != "" {
			return "", why
		}
		loc, target := locator(f.Role, f.Name, nil, l)
		if s.Editable && target {
			return expect(loc, "toHaveText("+v+")"), ""
		}
		return expect(loc, "toHaveValue("+v+")"), ""
	case ariadiff.Selected:
		return r.selected(s, f, l)
	case ariadiff.Toggled:
		loc, _ := locator(f.Role, f.Name, nil, l)
		var m map[string]string
		switch {
		case f.From == "pressed" || f.From == "unpressed" || f.To == "pressed" || f.To == "unpressed":
			m = pressedExpect
		case checkable[f.Role]:
			m = checkedExpect
		}
		if x, ok := m[f.To]; ok {
			return expect(loc, x), ""
		}
		return "", "not a state Playwright checks"
	case ariadiff.Changed:
		if f.Quoted && (f.Role == "status" || f.Role == "alert") {
			return r.says(s, f, f.To, f.ToCut, l)
		}
		if f.Quoted {
			return "", ""
		}
		loc, _ := locator(f.Role, f.Name, nil, l)
		switch {
		case f.From == "enabled" && f.To == "disabled":
			return expect(loc, "toBeDisabled()"), ""
		case f.From == "disabled" && f.To == "enabled":
			return expect(loc, "toBeEnabled()"), ""
		}
	case ariadiff.Added:
		return r.added(s, f, l)
	}
	return "", ""
}

// selected asserts a selection where the action shows how the element
// holds it: a select's checked option (selectOption), or an input's
// value (a combobox that was filled).
func (r *renderer) selected(s Step, f *ariadiff.Element, l *pwline.Line) (string, string) {
	if (f.Role != "combobox" && f.Role != "listbox") || !f.Quoted {
		return "", ""
	}
	loc, target := locator(f.Role, f.Name, nil, l)
	if !target {
		return "", "not the action's target: how it holds the selection is not known"
	}
	switch l.Method {
	case "fill", "type", "pressSequentially":
		v, why := r.expected(s, l, f.To, f.ToCut > 0)
		if why != "" {
			return "", why
		}
		return expect(loc, "toHaveValue("+v+")"), ""
	case "selectOption":
		if f.ToCut > 0 || strings.HasPrefix(f.To, "…") || r.hides(s, f.To) {
			return "", "the selection is cut or hidden"
		}
		opt := loc + ".locator('option:checked')"
		if len(l.Values) <= 1 {
			return expect(opt, "toHaveText("+jsString(f.To)+")"), ""
		}
		labels := f.Selected
		if len(labels) != len(l.Values) {
			return "", "the list does not hold as many selected options as were chosen"
		}
		qs := make([]string, len(labels))
		for i, t := range labels {
			qs[i] = jsString(t)
		}
		return expect(opt, "toHaveText(["+strings.Join(qs, ", ")+"])"), ""
	}
	return "", "the action does not show how the element holds the selection"
}

// says asserts what a live region f says after the step: text, of
// which cut runes were cut from the end.
func (r *renderer) says(s Step, f *ariadiff.Element, text string, cut int, l *pwline.Line) (string, string) {
	if f.Named && (f.NameCut > 0 || r.hides(s, f.Name)) {
		return "", "the name is cut or hidden"
	}
	matcher := "toHaveText"
	if cut > 0 {
		// Cut: what it starts with is still proven.
		text, matcher = strings.TrimSuffix(text, shown.CutMark(cut)), "toContainText"
	}
	if strings.TrimSpace(text) == "" {
		return "", "the text is cut"
	}
	v, why := r.expected(s, l, text, false)
	if why != "" {
		return "", why
	}
	if f.Named {
		loc, _ := locator(f.Role, f.Name, nil, l)
		return expect(loc, matcher+"("+v+")"), ""
	}
	// Live regions are known by what they say: the one that says this,
	// so that another status on the page does not make the locator
	// ambiguous.
	loc := "page.getByRole(" + jsString(f.Role) + ").filter({ hasText: " + v + " })"
	return expect(loc, matcher+"("+v+")"), ""
}

// added asserts an added heading (visible) or the text of an added
// status or alert.
func (r *renderer) added(s Step, f *ariadiff.Element, l *pwline.Line) (string, string) {
	switch f.Role {
	case "heading":
		if !f.Named {
			return "", "a heading without a name"
		}
		if f.NameCut > 0 || r.hides(s, f.Name) {
			return "", "the name is cut or hidden"
		}
		var opts []string
		for _, g := range f.States {
			if lv, ok := strings.CutPrefix(g, "level="); ok && isDigits(lv) {
				opts = append(opts, "level: "+lv)
			}
		}
		loc, _ := locator(f.Role, f.Name, opts, l)
		return expect(loc, "toBeVisible()"), ""
	case "status", "alert":
		if !f.HasValue {
			return "", ""
		}
		return r.says(s, f, f.Value, f.ValueCut, l)
	}
	return "", ""
}

func isDigits(s string) bool {
	return s != "" && strings.Trim(s, "0123456789") == ""
}

// locator is the role locator of the element named name, with extra
// getByRole options. When it is the action's own target, the action's
// locator is used (it may reach into a frame), and target is true.
func locator(role, name string, extra []string, l *pwline.Line) (loc string, target bool) {
	opts := append([]string{"name: " + jsString(name), "exact: true"}, extra...)
	call := "getByRole(" + jsString(role) + ", { " + strings.Join(opts, ", ") + " })"
	if l != nil && len(extra) == 0 && (l.Locator == "page."+call || strings.HasSuffix(l.Locator, "."+call)) {
		return l.Locator, true
	}
	return "page." + call, false
}

func expect(loc, matcher string) string {
	return "await expect(" + loc + ")." + matcher + ";"
}

// check writes a verify pass's assertion as verify printed it.
func (r *renderer) check(s Step, c Check) {
	line, why := r.checkLine(s, c)
	if why != "" {
		what := string(c.Kind)
		for _, w := range []string{c.State, c.Text} {
			if w != "" {
				what += " " + w
			}
		}
		r.note("not asserted: " + what + " (" + why + ")")
		return
	}
	r.line(line)
}

func (r *renderer) checkLine(s Step, c Check) (string, string) {
	if strings.ContainsAny(c.Locator, "\n\r\u2028\u2029") || r.hides(s, c.Locator) {
		return "", "its locator is not one line, or holds a secret"
	}
	loc := c.Locator
	switch c.Kind {
	case claim.TextVisible, claim.TextHidden, claim.Title:
		if r.hides(s, c.Text) {
			return "", "the text holds a secret"
		}
	}
	switch c.Kind {
	case claim.TextVisible, claim.TextHidden:
		if loc == "" {
			loc = "page.getByText(/" + claim.Assertion{Kind: c.Kind, Text: c.Text}.Pattern() + "/iu).filter({ visible: true })"
		}
		if c.Kind == claim.TextVisible {
			return expect(loc+".first()", "toBeVisible()"), ""
		}
		return expect(loc, "toHaveCount(0)"), ""
	case claim.Title:
		if c.Exact {
			return expect("page", "toHaveTitle("+jsString(c.Text)+")"), ""
		}
		return expect("page", "toHaveTitle(new RegExp("+jsString(pwline.RegexQuote(c.Text))+", 'i'))"), ""
	case claim.URL:
		if r.hides(s, c.Text) {
			return "", "the URL holds a secret"
		}
		if !c.Exact {
			return expect("page", "toHaveURL(new RegExp("+jsString(pwline.RegexQuote(c.Text))+"))"), ""
		}
		// A path means that path on the page's origin; the spec has no
		// baseURL, so it says the whole URL.
		u := c.Text
		if base, err := url.Parse(firstOf(s.URLAfter, s.URLBefore)); err == nil && base.IsAbs() && strings.HasPrefix(u, "/") {
			if abs, err := base.Parse(u); err == nil {
				u = abs.String()
			}
		}
		return expect("page", "toHaveURL("+jsString(u)+")"), ""
	}
	if loc == "" {
		return "", "prima resolved no locator for it"
	}
	switch c.Kind {
	case claim.ElementVisible:
		return expect(loc, "toBeVisible()"), ""
	case claim.ElementHidden:
		return expect(loc, "toBeHidden()"), ""
	case claim.Value:
		if c.Exact {
			v, why := r.expected(s, nil, c.Text, false)
			if why != "" {
				return "", why
			}
			return expect(loc, "toHaveValue("+v+")"), ""
		}
		if r.hides(s, c.Text) {
			return "", "a contains check on a secret"
		}
		return expect(loc, "toHaveValue(new RegExp("+jsString(pwline.RegexQuote(c.Text))+"))"), ""
	case claim.State:
		m, ok := stateMatchers[c.State]
		if !ok {
			return "", "an unknown state"
		}
		return expect(loc, m), ""
	}
	return "", "an unknown kind of check"
}

// stateMatchers are the matchers verify checks each state word with.
var stateMatchers = map[string]string{
	"enabled":    "toBeEnabled()",
	"disabled":   "toBeDisabled()",
	"checked":    "toBeChecked()",
	"unchecked":  "not.toBeChecked()",
	"focused":    "toBeFocused()",
	"expanded":   "toHaveAttribute('aria-expanded', 'true')",
	"collapsed":  "toHaveAttribute('aria-expanded', 'false')",
	"pressed":    "toHaveAttribute('aria-pressed', 'true')",
	"unpressed":  "toHaveAttribute('aria-pressed', 'false')",
	"selected":   "toHaveAttribute('aria-selected', 'true')",
	"unselected": "toHaveAttribute('aria-selected', 'false')",
}

func firstOf(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// spec is the whole file: a header that says what the spec needs, the
// import, and one test.
func (r *renderer) spec() string {
	var b strings.Builder
	b.WriteString("// Exported by prima: each action as prima ran it, then what it proved.\n")
	b.WriteString("// Unproven actions have no expects; failed ones are left out.\n")
	names := make([]string, 0, len(r.env))
	for n := range r.env {
		names = append(names, n)
	}
	slices.Sort(names)
	if len(names) > 0 {
		b.WriteString("// Set in the environment:\n")
		for _, n := range names {
			b.WriteString(comment("  " + n + ": " + r.env[n]))
			b.WriteByte('\n')
		}
	}
	b.WriteString("import { test, expect } from '@playwright/test';\n\n")
	b.WriteString("test('prima session', async ({ page }) => {\n")
	if len(names) > 0 {
		qs := make([]string, len(names))
		for i, n := range names {
			qs[i] = jsString(n)
		}
		b.WriteString("  for (const name of [" + strings.Join(qs, ", ") + "]) {\n")
		b.WriteString("    if (!process.env[name]) throw new Error('set ' + name + ' in the environment (see the top of this file)');\n")
		b.WriteString("  }\n")
	}
	for _, l := range r.body {
		b.WriteString("  ")
		b.WriteString(l)
		b.WriteByte('\n')
	}
	b.WriteString("});\n")
	return b.String()
}
