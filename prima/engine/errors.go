package engine

import (
	"fmt"
	"strings"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
)

// NotActionableError: the target is there but a user could not act on it
// (disabled, readonly, covered by another element), known before acting.
type NotActionableError struct {
	Target string // e.g. button "Pay"
	Why    string // e.g. "is disabled", "is covered by div#overlay"
}

func (e *NotActionableError) Error() string {
	return fmt.Sprintf("%s %s; nothing was done", e.Target, e.Why)
}

func (e *NotActionableError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

// NoClickError: the page took the pressed element away under the press
// (removed, replaced, disabled it, or took it out and put it back, as a
// list that re-sorts or re-renders in place does), so the browser sent no
// click. It is
// a failure only when the press changed nothing else: a page that acts on
// mousedown (a suggestion list that picks and closes) did what its user
// asked, and its changes are the proof.
type NoClickError struct {
	Target     string // e.g. button "Publish"
	Role, Name string // how Changes name the target; Role "" when unknown
	Disabled   bool   // disabled, not removed
	Moved      bool   // still in the page: taken out and put back
}

func (e *NoClickError) Error() string {
	if e.Disabled {
		return fmt.Sprintf("%s was disabled by the page when it was pressed, so the browser sent it no click, and the press changed nothing else", e.Target)
	}
	if e.Moved {
		return fmt.Sprintf("%s was taken out of the page and put back by the page while it was pressed (a move or a re-render in place), so the browser sent no click, and the press changed nothing else (take a new snapshot)", e.Target)
	}
	return fmt.Sprintf("%s was removed or replaced by the page while it was pressed, so the browser sent the click to no element, and the press changed nothing else (take a new snapshot)", e.Target)
}

func (e *NoClickError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

// Note is what a step says when the press did change the page.
func (e *NoClickError) Note() string {
	how := "removed it"
	switch {
	case e.Disabled:
		how = "disabled it"
	case e.Moved:
		how = "moved it"
	}
	return e.Target + ": the page " + how + " on the press; no click"
}

// pressActed tells whether the press changed the page beyond the pressed
// element itself: a change about another element or text, or an event
// (a dialog, a tab, a download; console errors prove nothing).
func (e *NoClickError) pressActed(cs []ariadiff.Change, evs []browser.Event) bool {
	return pressChanged(e.Role, e.Name, cs, evs)
}

// pressChanged tells whether a press changed the page beyond the pressed
// element (role and name, "" when unknown) itself.
func pressChanged(role, name string, cs []ariadiff.Change, evs []browser.Event) bool {
	for _, c := range cs {
		if !c.Own && (role == "" || !c.Of.Is(role, name)) {
			return true
		}
	}
	for _, ev := range evs {
		if ev.Kind != browser.EventConsole {
			return true
		}
	}
	return false
}

// ValueMismatchError: a fill or type ran, but the field holds something
// else than asked (maxlength, a mask, a script that rewrites it); or a
// select ran, and the page put the select back (PutBack: its handlers got
// the choice, and what they did is in the Changes).
type ValueMismatchError struct {
	Field     string
	Want, Got string
	PutBack   bool
	// Typing: a type, whose text the page may take out of the field into
	// an element of its own (a tag input's tag); see provenBy.
	Typing bool
}

func (e *ValueMismatchError) Error() string {
	msg := fmt.Sprintf("%s holds %s after the action, not %s as asked", e.Field, browser.QuoteShort(e.Got), browser.QuoteShort(e.Want))
	if e.PutBack {
		msg += ": the page put it back once the choice reached it (what the page did is in the Changes)"
	}
	return msg
}

func (e *ValueMismatchError) FailureCode() envelope.Code { return envelope.CodeValueMismatch }

// provenBy: a type whose text the page took out of the field and made an
// element of (a tag input turns "Yellow," into the tag Yellow, on the
// comma or an Enter, and empties the field) is proven by that element:
// one the action added, showing the text typed, its separators aside, as
// its name or content; the field no longer holding it.
func (e *ValueMismatchError) provenBy(cs []ariadiff.Change) bool {
	core := strings.TrimSpace(strings.TrimRight(e.Want, ",;\n\t "))
	if !e.Typing || core == "" || strings.Contains(strings.ToLower(e.Got), strings.ToLower(core)) {
		return false
	}
	for _, c := range cs {
		if c.Kind == ariadiff.Added && !c.Own && c.Of != nil && (strings.EqualFold(c.Of.Name, core) || strings.EqualFold(c.Of.Value, core)) {
			return true
		}
	}
	return false
}

// LeftPageError: the field a fill, type or clear acted on left the page
// as it was filled, and no one element took its place: the value may
// never have reached the page (an input event on a removed field reaches
// no listener). The diff can still prove it: a value change of the
// field's role and name to what was asked.
type LeftPageError struct {
	Target     string
	Role, Name string
	Want       string
	Typing     bool // type: the value is added to what the field held
}

func (e *LeftPageError) Error() string {
	return fmt.Sprintf("%s left the page while prima filled it, and no field on the page shows %s (take a new snapshot)", e.Target, browser.QuoteShort(e.Want))
}

func (e *LeftPageError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

// provenBy tells whether the Changes show the field, by its role and name,
// holding what was asked (as an input mask may show it).
func (e *LeftPageError) provenBy(cs []ariadiff.Change) bool {
	for _, c := range cs {
		if c.Kind != ariadiff.Typed || c.Own || e.Role == "" || !c.Of.Is(e.Role, e.Name) || !c.Of.Quoted {
			continue
		}
		if to := c.Of.To; to == e.Want || formattedAs(e.Want, to) || (e.Typing && strings.Contains(to, e.Want)) {
			return true
		}
	}
	return false
}

// UnknownKeyError: a press named a key Playwright does not know.
type UnknownKeyError struct{ Key string }

func (e *UnknownKeyError) Error() string {
	return fmt.Sprintf("unknown key %q: a key is one of Playwright's names (Enter, Tab, Escape, ArrowDown, Backspace, F2…), a single character, or a chord like Control+A; nothing was pressed", e.Key)
}

func (e *UnknownKeyError) FailureCode() envelope.Code { return envelope.CodeUsage }

// NoOptionError: a select holds no option with the value or label asked
// for; nothing was done.
type NoOptionError struct {
	Select, Option string
	Options        []string // the labels of the options it holds
}

func (e *NoOptionError) Error() string {
	shown := e.Options
	more := ""
	if len(shown) > 20 {
		shown, more = shown[:20], fmt.Sprintf(", … %d more", len(e.Options)-20)
	}
	quoted := make([]string, len(shown))
	for i, l := range shown {
		quoted[i] = browser.QuoteShort(l)
	}
	return fmt.Sprintf("%s has no option %s (its options: %s%s); nothing was done", e.Select, browser.QuoteShort(e.Option), strings.Join(quoted, ", "), more)
}

func (e *NoOptionError) FailureCode() envelope.Code { return envelope.CodeNotFound }

// StateMismatchError: a check or uncheck clicked the box, and the page
// kept it as it was (a handler that refuses the change).
type StateMismatchError struct {
	Target    string
	Want, Got string // checked, unchecked
}

func (e *StateMismatchError) Error() string {
	return fmt.Sprintf("%s is %s after the click, not %s as asked: the page did not let it change", e.Target, e.Got, e.Want)
}

func (e *StateMismatchError) FailureCode() envelope.Code { return envelope.CodeValueMismatch }

// DropMissedError: a drag ran, and the dragged element did not come to
// its drop target (the page put it back, or elsewhere).
type DropMissedError struct{ From, To string }

func (e *DropMissedError) Error() string {
	return fmt.Sprintf("%s did not come to %s after the drag: the page put it back or elsewhere (the Changes show what moved)", e.From, e.To)
}

func (e *DropMissedError) FailureCode() envelope.Code { return envelope.CodeValueMismatch }

// provenBy: the page drew the element anew once it was read again (a
// calendar draws its event in the day it was dropped on a while after
// the drop), and the Changes show it moved into the target itself.
func (e *DropMissedError) provenBy(cs []ariadiff.Change) bool {
	for _, c := range cs {
		if c.Kind == ariadiff.Changed && !c.Own && strings.HasPrefix(c.Text, e.From) && strings.HasSuffix(c.Text, " moved into "+e.To) {
			return true
		}
	}
	return false
}

// HTTPStatusError: the main document answered with an error status.
type HTTPStatusError struct {
	URL    string
	Status int
}

func (e *HTTPStatusError) Error() string {
	return fmt.Sprintf("arrived at %s, but the server answered HTTP %d", e.URL, e.Status)
}

func (e *HTTPStatusError) FailureCode() envelope.Code { return envelope.CodeHTTPStatus }

// ErrDeadline: the command's --timeout ran out. It is the browser half's:
// a read the engine bounds for it (ref resolution) is cut with the same.
var ErrDeadline = browser.ErrDeadline

// StrayInputError: the action's input reached more than the element asked
// for. The page put another control under the pointer, or moved the focus
// to one, while prima acted, and that control got a click, a key or an
// input: the action acted on it too, so it is not ok, whatever its target
// did. Or, for a key action, none of its keys reached the target (it
// could not take the focus, or the page took the focus away): KeyTo says
// where they went.
type StrayInputError struct {
	Target string   // e.g. button "Next step"
	Others []string // e.g. checkbox "I agree" (click, input, change)
	KeyTo  string   // where a key action's keys went instead, "" when they reached the target
}

func (e *StrayInputError) Error() string {
	if len(e.Others) == 0 {
		return fmt.Sprintf("the keys went to %s, not to %s: it could not take the focus, or the page moved the focus away; %s did not get them", e.KeyTo, e.Target, e.Target)
	}
	return fmt.Sprintf("the action on %s also reached %s: the page put it under the pointer or moved the focus to it while prima acted, so prima acted on more than %s; the Changes show what each did", e.Target, strings.Join(e.Others, " and "), e.Target)
}

func (e *StrayInputError) FailureCode() envelope.Code { return envelope.CodeNotActionable }

// UsageError: the action cannot be done as asked, whatever the page
// does (a drag onto its own start); the caller fixes the request.
type UsageError struct{ Msg string }

func (e *UsageError) Error() string { return e.Msg }

func (e *UsageError) FailureCode() envelope.Code { return envelope.CodeUsage }
