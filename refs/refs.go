// Package refs holds the grammar of element refs (e5, f1e3), their
// extraction from a snapshot, the refs of what an action made appear, and
// the interface that resolves one to a unique locator.
package refs

import (
	"context"
	"fmt"
	"strconv"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
)

// Ref is a parsed element ref. Frame is 0 for an unqualified ref ("e5");
// after a main-frame navigation even main-frame refs carry a frame prefix,
// so a qualified ref is not necessarily inside an iframe.
type Ref struct {
	Frame   int // -1 when unqualified
	Element int
	text    string
}

// String gives the ref as it was written.
func (r Ref) String() string {
	if r.text != "" {
		return r.text
	}
	if r.Frame < 0 {
		return "e" + strconv.Itoa(r.Element)
	}
	return "f" + strconv.Itoa(r.Frame) + "e" + strconv.Itoa(r.Element)
}

// Selector is the Playwright selector that resolves the ref natively.
func (r Ref) Selector() string { return "aria-ref=" + r.String() }

// MalformedError says why a string is not a ref.
type MalformedError struct {
	Input  string
	Reason string
}

func (e *MalformedError) Error() string {
	in := e.Input
	if len(in) > 40 {
		in = in[:40] + "…"
	}
	return fmt.Sprintf("%s is not a ref: %s", strconv.Quote(in), e.Reason)
}

func (e *MalformedError) FailureCode() envelope.Code { return envelope.CodeUsage }

// Parse reads a ref of the shape `^(?:f\d+)?e\d+$`. Its errors name what
// was wrong with the input.
func Parse(s string) (Ref, error) {
	bad := func(reason string) (Ref, error) { return Ref{}, &MalformedError{Input: s, Reason: reason} }
	if s == "" {
		return bad("it is empty; expected e<number> or f<number>e<number>, like e5 or f1e3")
	}
	r := Ref{Frame: -1, text: s}
	rest := s
	if rest[0] == 'f' {
		n, tail := digits(rest[1:])
		if n == "" {
			return bad("a frame prefix needs a number after \"f\", like f1e3")
		}
		if tail == "" {
			return bad(fmt.Sprintf("frame f%s names no element; expected f%se<number>", n, n))
		}
		f, err := strconv.Atoi(n)
		if err != nil || len(n) > 9 {
			return bad("the frame number is too large")
		}
		r.Frame = f
		rest = tail
	}
	if rest[0] != 'e' {
		return bad(fmt.Sprintf("expected \"e\" at %q; refs look like e5 or f1e3", rest))
	}
	n, tail := digits(rest[1:])
	if n == "" {
		return bad("\"e\" needs a number after it, like e5")
	}
	if tail != "" {
		return bad(fmt.Sprintf("unexpected %q after the element number", tail))
	}
	e, err := strconv.Atoi(n)
	if err != nil || len(n) > 9 {
		return bad("the element number is too large")
	}
	r.Element = e
	return r, nil
}

// Is reports whether s has the shape of a ref. Use it to tell a ref from a
// selector: anything that is not a ref is treated as a selector.
func Is(s string) bool {
	_, err := Parse(s)
	return err == nil
}

func digits(s string) (string, string) {
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	return s[:i], s[i:]
}

// Entry is what a snapshot says about one ref.
type Entry struct {
	Ref  string
	Line int // 1-based line in the snapshot's canonical rendering
	Role string
	Name string
	Node *ariadiff.Node
}

// Index maps each ref in a parsed snapshot to its entry. A ref that occurs
// twice (a hostile page can forge any text) keeps its first occurrence.
func Index(t *ariadiff.Tree) map[string]Entry {
	out := map[string]Entry{}
	line := 0
	t.Root.Walk(func(n *ariadiff.Node, _ int) bool {
		line++
		line += len(n.Props)
		if r := n.Ref(); r != "" {
			if _, dup := out[r]; !dup {
				out[r] = Entry{Ref: r, Line: line - len(n.Props), Role: n.Role, Name: n.Name, Node: n}
			}
		}
		return true
	})
	return out
}

// Resolved is a ref turned into the one locator prima acts through.
type Resolved struct {
	Ref Ref
	// Selector is the attribute-first selector (role and exact name, test
	// id, id, label, then an attribute XPath) that matched exactly one
	// element.
	Selector string
	// Code is the runnable Playwright expression for Selector, printed as
	// `used:`, e.g. page.getByRole('button', { name: 'Save', exact: true }).
	Code string
}

// Resolver resolves refs against a live page. Implementations never fall
// back to another element: a ref that matches no element, or whose derived
// locator does not match exactly one, is an error.
type Resolver interface {
	Resolve(ctx context.Context, r Ref) (Resolved, error)
}

// NotFoundError: the ref matches no element on the page now, usually
// because the context it came from is stale.
type NotFoundError struct{ Ref Ref }

func (e *NotFoundError) Error() string {
	return fmt.Sprintf("ref %s matches no element on the page now (refs die when the page changes)", e.Ref)
}

func (e *NotFoundError) FailureCode() envelope.Code { return envelope.CodeStaleRef }

// AmbiguousError: the locator derived from a ref matches several elements.
type AmbiguousError struct {
	Ref      Ref
	Selector string
	Count    int
}

func (e *AmbiguousError) Error() string {
	return fmt.Sprintf("ref %s: its locator %s matches %d elements, not exactly one", e.Ref, e.Selector, e.Count)
}

func (e *AmbiguousError) FailureCode() envelope.Code { return envelope.CodeAmbiguous }

// UnknownFrameError: the frame prefix names no frame on the page.
type UnknownFrameError struct{ Ref Ref }

func (e *UnknownFrameError) Error() string {
	return fmt.Sprintf("ref %s names frame f%d, which the page does not have", e.Ref, e.Ref.Frame)
}

func (e *UnknownFrameError) FailureCode() envelope.Code { return envelope.CodeStaleRef }
