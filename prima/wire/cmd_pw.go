package wire

import (
	"errors"
	"os"
	"path/filepath"
	"strings"

	"github.com/prima-dev/prima/prima/pwline"
	"github.com/prima-dev/prima/refs"
)

// PwRequest is `prima pw ACTION TARGET [VALUE...]` or `prima pw LINE`.
type PwRequest struct {
	Target
	Action string   `json:"action,omitempty"`
	Ref    string   `json:"target,omitempty"` // a ref or a Playwright selector
	Values []string `json:"values,omitempty"` // fill/type/press text, select options, upload files, drag's drop target
	// Click options.
	Button    string   `json:"button,omitempty"`
	Modifiers []string `json:"modifiers,omitempty"`
	Count     int      `json:"count,omitempty"`
	Line      string   `json:"line,omitempty"` // a Playwright one-liner instead
}

// Validate checks the request; see Parse.
func (r PwRequest) Validate() error {
	_, _, err := r.Parse()
	return err
}

// Parse checks a pw request and gives its action (the zero Action for a
// page-level line such as page.keyboard.press) and, for the line form,
// the parsed line.
func (r PwRequest) Parse() (pwline.Action, *pwline.Line, error) {
	line := strings.TrimSpace(r.Line) != ""
	switch form := r.Action != "" || strings.TrimSpace(r.Ref) != "" || len(r.Values) > 0; {
	case line && form:
		return pwline.Action{}, nil, usagef("give either an ACTION and a TARGET (with VALUES) or one Playwright LINE, not both")
	case !line && !form:
		return pwline.Action{}, nil, usagef("pw takes an action and a target (and a value for fill, type, press; options for select; " +
			"files for upload; a second target for drag), or one Playwright line: pw click e5, pw \"page.getByRole('button', { name: 'Save' }).click()\"")
	}
	if line {
		l, err := pwline.Parse(r.Line)
		if err != nil {
			return pwline.Action{}, nil, &UsageError{err.Error()}
		}
		if l.PageLevel() {
			return pwline.Action{}, &l, nil
		}
		if a, ok := pwline.ByMethod(l.Method); ok {
			return a, &l, nil
		}
		return pwline.Action{}, nil, usagef("unknown action %s", l.Method)
	}
	target := strings.TrimSpace(r.Ref)
	a, ok := pwline.Actions[pwline.Verb(r.Action)]
	usage := func(format string, args ...any) (pwline.Action, *pwline.Line, error) {
		return pwline.Action{}, nil, usagef(format, args...)
	}
	if !ok {
		return usage("%s", (&pwline.UnknownActionError{Action: r.Action}).Error())
	}
	if target == "" {
		return usage("pw %s needs a target: a ref like e5 or a Playwright selector", a.Name)
	}
	n := len(r.Values)
	clickOpts := r.Button != "" || len(r.Modifiers) > 0 || r.Count != 0
	if a.Name == pwline.Press && n == 0 {
		if clickOpts {
			return usage("pw press KEY takes no --button, --modifiers or --count: hold a modifier in the key (pw press Control+A)")
		}
		// pw press KEY, as playwright-cli's press: the key goes to the
		// element that has the focus.
		return pwline.Action{}, &pwline.Line{Method: "keyboard.press", Value: target}, nil
	}
	switch a.Name {
	case pwline.Fill, pwline.Type:
		if n > 1 {
			return usage("pw %s takes one value (quote a value with spaces); got %d", a.Name, n)
		}
		if n == 0 {
			return usage("pw %s needs a value, like: pw %s %s 'Ada' (pw clear %s empties a field)", a.Name, a.Name, target, target)
		}
	case pwline.Press:
		if n != 1 || r.Values[0] == "" {
			return usage("pw press takes one key, like: pw press %s Enter (or pw press Enter for the focused element)", target)
		}
	case pwline.Select:
		if n == 0 {
			return usage("pw select needs at least one option, like: pw select %s Blue (several for a multi-select)", target)
		}
	case pwline.Upload:
		if n == 0 {
			return usage("pw upload needs at least one file, like: pw upload %s ./invoice.pdf", target)
		}
	case pwline.Drag:
		if n != 1 || strings.TrimSpace(r.Values[0]) == "" {
			return usage("pw drag needs a second target to drop on, like: pw drag e5 e9")
		}
		if strings.TrimSpace(r.Values[0]) == target {
			return usage("pw drag needs two different targets; %s onto itself drags nothing", target)
		}
	default:
		if n > 0 {
			return usage("pw %s takes no value (got %q)", a.Name, r.Values[0])
		}
	}
	if clickOpts && !a.Is(pwline.Click, pwline.Dblclick, pwline.Hover) {
		return usage("--button, --modifiers and --count go with click (and dblclick; hover takes --modifiers), not %s", a.Name)
	}
	if a.Name == pwline.Hover && (r.Button != "" || r.Count != 0) {
		return usage("pw hover takes only --modifiers: a hover presses no button and counts no clicks")
	}
	if clickOpts {
		if a.Name == pwline.Dblclick && r.Count != 0 {
			return usage("pw dblclick takes no --count; use pw click --count N")
		}
		// The options go through pwline's own checks, the ones a line gets.
		opt := pwline.Line{Locator: "page.locator('x')", Method: a.Method, Button: r.Button, Modifiers: r.Modifiers, ClickCount: r.Count}
		if _, err := pwline.Parse(opt.Code()); err != nil {
			var se *pwline.SyntaxError
			if errors.As(err, &se) {
				return usage("pw %s: %s", a.Name, se.Reason)
			}
			return usage("pw %s: %v", a.Name, err)
		}
	}
	if a.Name == pwline.Upload {
		if err := r.uploadable(); err != nil {
			return pwline.Action{}, nil, err
		}
	}
	for _, t := range append([]string{target}, r.DropTarget()...) {
		if looksLikeRef(t) {
			if _, err := refs.Parse(t); err != nil {
				return pwline.Action{}, nil, &UsageError{err.Error()}
			}
		}
	}
	return a, nil, nil
}

// uploadable refuses an upload of a file that is not there: a relative
// name is the caller's folder's (Dir), on the machine the daemon shares.
// With no folder known, the executor's own check decides.
func (r PwRequest) uploadable() error {
	for _, f := range r.Values {
		path := f
		if !filepath.IsAbs(path) {
			if r.Dir == "" {
				continue
			}
			path = filepath.Join(r.Dir, path)
		}
		if st, err := os.Stat(path); err != nil || !st.Mode().IsRegular() {
			return usagef("pw upload: %s is not a file here (%s); nothing was uploaded", f, filepath.Dir(path))
		}
	}
	return nil
}

// DropTarget is drag's second target, when the request is a drag.
func (r PwRequest) DropTarget() []string {
	if r.Action == string(pwline.Drag) && len(r.Values) == 1 {
		return []string{strings.TrimSpace(r.Values[0])}
	}
	return nil
}

// looksLikeRef tells a mistyped ref (e, f1e, e5e) from a selector: a
// selector of that shape would be a bare tag name no page uses.
func looksLikeRef(s string) bool {
	if refs.Is(s) {
		return true
	}
	if len(s) == 0 || (s[0] != 'e' && s[0] != 'f') {
		return false
	}
	for i := 1; i < len(s); i++ {
		c := s[i]
		if !(c >= '0' && c <= '9' || c == 'e' || c == 'f') {
			return false
		}
	}
	return true
}

// normalizePw reads the CLI's one-word form: a Playwright line given as
// the action (pw "page.getByRole(…).click()") is the line; and a
// --modifiers list given comma-separated is its keys.
func normalizePw(values map[string]any) {
	action, _ := values["action"].(string)
	_, target := values["target"]
	_, vals := values["values"]
	_, line := values["line"]
	if strings.Contains(action, "page.") && !target && !vals && !line {
		delete(values, "action")
		values["line"] = action
	}
	var keys []any
	switch ms := values["modifiers"].(type) {
	case []string:
		for _, m := range ms {
			keys = append(keys, m)
		}
	case []any:
		keys = ms
	default:
		return
	}
	var split []string
	for _, k := range keys {
		s, ok := k.(string)
		if !ok {
			return // not strings: Decode says so
		}
		for _, m := range strings.Split(s, ",") {
			if m = strings.TrimSpace(m); m != "" {
				split = append(split, m)
			}
		}
	}
	values["modifiers"] = split
}

func init() {
	register(Command{
		Name:  "pw",
		Usage: "Do one direct action on exactly one element, a ref or a Playwright selector: no AI, no healing, never a substitute element",
		Detail: "Give exactly one of two forms: ACTION TARGET [VALUES...], or one Playwright LINE. TARGET: a ref from the latest " +
			"snapshot (e5, f1e3) or any Playwright selector (#email, text=Save, role=button[name=\"Save\"]). VALUES: the text for fill " +
			"and type, the key for press (Enter, Control+a; pw press KEY alone presses it in the focused element), one or more options " +
			"for select, files for upload (relative to the caller's folder), the drop target for drag. LINE: one Playwright statement " +
			"such as page.getByRole('button', { name: 'Save' }).click(); every used: line prima prints is accepted back. Failures " +
			"name their cause: not_found, ambiguous (with the candidates' refs), stale_ref, not_actionable (disabled, covered: why), " +
			"value_mismatch (what the field holds).",
		Title: "Act on one element",
		Acts:  true,
		Params: []Param{
			{Key: "action", Kind: KindString, Word: true, Enum: pwline.ActionNames(), Help: "The action, with a target."},
			{Key: "target", Kind: KindString, Word: true, Help: "A ref (e5, f1e3) or a Playwright selector."},
			{Key: "values", Kind: KindWords, Word: true, Help: "With the action: fill/type text, press key, select options (several for a multi-select), upload files, drag's drop target."},
			{Key: "line", Kind: KindText, Help: "Instead of an action and a target: one Playwright line, e.g. page.getByLabel('Name').fill('Ada')."},
			{Key: "button", Kind: KindString, Enum: []string{"left", "right", "middle"}, Help: "Click with this mouse button (default left)."},
			{Key: "modifiers", Kind: KindWords, Help: "Hold these keys during the click or hover: Alt, Control, ControlOrMeta, Meta, Shift (comma-separated, or one per flag)."},
			{Key: "count", Kind: KindInt, Help: "Click this many times (1-10; default 1)."},
		},
		Normalize: normalizePw,
		New:       func() Request { return &PwRequest{} },
	})
}
