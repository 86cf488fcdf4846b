package goal

import (
	"context"
	"fmt"
	"strings"
)

// Page is the browser as the goal sees it. The executor implements it over
// its one act-and-observe path; the goal never touches the browser itself.
type Page interface {
	// Observe settles the page and describes it. occupant maps a field's
	// current value to what the goal may know of it (see Field.Occupant):
	// the adapter reads each fill candidate's value, calls occupant, and
	// keeps only the result, so no field value enters an Observation.
	// Observe is also the freshness re-collect: the goal compares two
	// Observations, it never remaps a stale choice.
	Observe(ctx context.Context, occupant func(value string) string) (Observation, error)
	// Act dispatches one action through the act-and-observe path. A nil
	// error means it ran and Outcome carries its proof. On error, Outcome
	// says whether input reached the page: Stale (the target was gone or
	// changed before any input: provably not dispatched, the goal takes it
	// back and observes again), else Dispatched (the goal stops as
	// action_uncertain and never replays it), else neither (the goal stops
	// as action_failed).
	Act(ctx context.Context, a Action) (Outcome, error)
}

// Observation is one look at the page. Text may hold bound values (a page
// echoing an email address): the goal redacts every field of it before
// anything leaves the package.
type Observation struct {
	URL   string
	Title string
	// Version changes whenever the page does (e.g. the URL and the hash of
	// the ref-free snapshot); equal versions mean the same page.
	Version string
	// Digest is the page's visible text, compact (headings, text, labels,
	// statuses): what the model reads about the page besides candidates.
	Digest string
	// Complete is false when the adapter could not capture the whole page
	// (cut, frames it could not read): the goal then stops as
	// incomplete_observation rather than plan on a part.
	Complete bool
	Clicks   []Candidate
	Fills    []Field
}

// Candidate is one element the goal may click, or the element part of a
// field. It never carries a field value.
type Candidate struct {
	// ID is opaque to the goal and stable while the element keeps its role
	// and name (an aria ref such as e12 or f1e3); Act receives it back.
	ID   string
	Role string // button, link, checkbox, textbox, …
	Name string // accessible name
	// Context places it among its peers: the enclosing landmark, form,
	// dialog, list item or heading, e.g. `form "Sign in"`.
	Context string
	// Location is where it sits on the page: main, header, nav, dialog, …
	Location string
	Disabled bool
}

// Field is a fill candidate.
type Field struct {
	Candidate
	// Occupant is what Observe's occupant func said of the field's value:
	// "" for empty, {{name}} for a bound value, OtherText otherwise. A field
	// holding a bound value is not offered to TYPE again.
	Occupant   string
	Constraint Constraint
}

// Constraint is the field's native input constraints, checked against a
// value before it is typed.
type Constraint struct {
	Type      string // the input type: text, email, tel, number, url, password, …
	MaxLength int    // 0: none
	MinLength int    // 0: none
	Pattern   string // the pattern attribute, as written; "" none
	// Min and Max are the min and max attributes as written (a date, a
	// time, a number); "" none.
	Min, Max string
	Required bool
	// Autocomplete is the autocomplete attribute as written ("cc-number",
	// "shipping postal-code", "off"); "" none.
	Autocomplete string
}

// ActionKind is what an Action does.
type ActionKind string

// The two goal actions; navigation, waits and checks belong to authored steps.
const (
	Click ActionKind = "click"
	// Type replaces the field's content with Value (a fill).
	Type ActionKind = "type"
)

// Action is one dispatch.
type Action struct {
	Kind   ActionKind
	Target string // a Candidate ID from the Observation the decision was made on
	// Value is the raw text to type: it must go no further than the field.
	Value string
	// Binding names the value ({{email}}); the adapter may print it where
	// it would print the value, though the goal redacts Outcome anyway.
	Binding string
}

// Outcome is what Act reports. The goal redacts Used and Proof.
type Outcome struct {
	Used  string // the runnable line that acted (`used:`)
	Proof string // the proof the act path produced (Changes, the typed value's check)
	// Stale and Dispatched matter only with an error; see Page.Act.
	Stale      bool
	Dispatched bool
}

// label is a candidate's short name: role "name".
func (c Candidate) label() string {
	return fmt.Sprintf("%s %q", c.Role, c.Name)
}

// describe is what the model reads of a candidate.
func (c Candidate) describe() string {
	var b strings.Builder
	b.WriteString(c.label())
	if c.Disabled {
		b.WriteString(" [disabled]")
	}
	if c.Context != "" {
		b.WriteString(" in " + c.Context)
	}
	if c.Location != "" {
		b.WriteString(" (" + c.Location + ")")
	}
	return b.String()
}

func (f Field) describe() string {
	var b strings.Builder
	b.WriteString(f.Candidate.describe())
	if c := f.Constraint.String(); c != "" {
		b.WriteString(" [" + c + "]")
	}
	switch f.Occupant {
	case "":
		b.WriteString(", empty")
	default:
		b.WriteString(", holds " + f.Occupant)
	}
	return b.String()
}

// String lists the constraints that are set: "type=email maxlength=40 required".
func (c Constraint) String() string {
	var parts []string
	if c.Type != "" {
		parts = append(parts, "type="+c.Type)
	}
	if c.MinLength > 0 {
		parts = append(parts, fmt.Sprintf("minlength=%d", c.MinLength))
	}
	if c.MaxLength > 0 {
		parts = append(parts, fmt.Sprintf("maxlength=%d", c.MaxLength))
	}
	if c.Pattern != "" {
		parts = append(parts, "pattern="+c.Pattern)
	}
	if c.Min != "" {
		parts = append(parts, "min="+c.Min)
	}
	if c.Max != "" {
		parts = append(parts, "max="+c.Max)
	}
	if c.Required {
		parts = append(parts, "required")
	}
	if name := c.autofill(); name != "" {
		parts = append(parts, "autocomplete="+name)
	}
	return strings.Join(parts, " ")
}
