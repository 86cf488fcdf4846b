package browser

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/refs"
)

func TestUniqueInSnapshot(t *testing.T) {
	cases := []struct {
		name, snap, ref string
		want            bool
	}{
		{"one Save button", "- button \"Save\" [ref=e2]\n- button \"Cancel\" [ref=e3]\n", "e2", true},
		{"two Delete buttons", "- button \"Delete\" [ref=e2]\n- button \"Delete\" [ref=e3]\n", "e2", false},
		{"the same name in an iframe does not count", "- button \"Go\" [ref=e2]\n- iframe [ref=e3]:\n  - button \"Go\" [ref=f1e1]\n", "e2", true},
		{"but within the iframe it does", "- iframe [ref=e3]:\n  - button \"Go\" [ref=f1e1]\n  - button \"Go\" [ref=f1e2]\n", "f1e1", false},
		{"an aria-hidden target is not what getByRole sees", "- button \"Save\" [aria-hidden] [ref=e2]\n", "e2", false},
		{"nor one under an aria-hidden container", "- generic [aria-hidden] [ref=e1]:\n  - button \"Save\" [ref=e2]\n", "e2", false},
		{"a match without a ref makes it unsure", "- option \"Large\"\n- option \"Large\" [ref=e4]\n", "e4", false},
		{"the ref must be the one listed", "- button \"Save\" [ref=e2]\n", "e9", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tree := ariadiff.Parse(c.snap)
			r, err := refs.Parse(c.ref)
			if err != nil {
				t.Fatal(err)
			}
			e := refs.Index(tree)[c.ref]
			role, name := e.Role, e.Name
			if e.Node == nil {
				role, name = "button", "Save"
			}
			if got := uniqueInSnapshot(tree, r, role, name); got != c.want {
				t.Errorf("uniqueInSnapshot = %v, want %v", got, c.want)
			}
		})
	}
}

// deadlineWithin bounds a read by ctx as the engine's Within does (none
// started once ctx ended, ErrDeadline when ctx ends first), and counts the
// reads it was asked for, started, and left running.
type deadlineWithin struct {
	mu                    sync.Mutex
	asked, started, ahead int
}

func (w *deadlineWithin) within(ctx context.Context, read func() error) error {
	w.mu.Lock()
	w.asked++
	w.mu.Unlock()
	if ctx.Err() != nil {
		return fmt.Errorf("%w before prima could read the page", ErrDeadline)
	}
	w.mu.Lock()
	w.started++
	w.mu.Unlock()
	done := make(chan error, 1)
	go func() { done <- read() }()
	select {
	case err := <-done:
		return err
	case <-ctx.Done():
		w.mu.Lock()
		w.ahead++
		w.mu.Unlock()
		return fmt.Errorf("%w while prima waited for the page to answer", ErrDeadline)
	}
}

// blockingPage is a page whose one element is found at once and whose
// locators' match reads block until released: a page whose script holds
// its main thread. What ResolveRef does not reach panics through the nil
// interfaces.
type blockingPage struct {
	playwright.Page
	release chan struct{}
	mu      sync.Mutex
	reads   []string
}

func (p *blockingPage) read(what string) {
	p.mu.Lock()
	p.reads = append(p.reads, what)
	p.mu.Unlock()
}

func (p *blockingPage) Locator(sel string, _ ...playwright.PageLocatorOptions) playwright.Locator {
	return &blockingLocator{p: p, selector: sel}
}

// locator is playwright.Locator under a name of its own: embedded, its
// Locator method would clash with a field named Locator.
type locator = playwright.Locator

type blockingLocator struct {
	locator
	p        *blockingPage
	selector string
}

func (l *blockingLocator) ElementHandles() ([]playwright.ElementHandle, error) {
	l.p.read("elementHandles " + l.selector)
	return []playwright.ElementHandle{&blockingHandle{p: l.p}}, nil
}

func (l *blockingLocator) EvaluateAll(string, ...any) (any, error) {
	l.p.read("match " + l.selector)
	<-l.p.release
	return []any{2, 0}, nil
}

type blockingHandle struct {
	playwright.ElementHandle
	p *blockingPage
}

func (h *blockingHandle) Evaluate(string, ...any) (any, error) {
	h.p.read("element script")
	return map[string]any{}, nil
}

// A ref resolved on a page that stops answering returns at the command's
// deadline with ErrDeadline, and asks for no read after the one the
// deadline cut: the next candidates, the element's attributes and its
// position are never read.
func TestResolveRefStopsAtTheDeadline(t *testing.T) {
	// Two Save buttons: the snapshot cannot prove the role locator
	// unique, so it is matched in the page.
	tree := ariadiff.Parse("- button \"Save\" [ref=e2]\n- button \"Save\" [ref=e3]\n")
	r, _ := refs.Parse("e2")
	p := &blockingPage{release: make(chan struct{})}
	defer close(p.release)
	w := &deadlineWithin{}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	res, err := ResolveRef(ctx, w.within, p, tree, r, "button", "Save")
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("ResolveRef returned %v after the deadline", took)
	}
	if !errors.Is(err, ErrDeadline) || res != nil {
		t.Fatalf("ResolveRef on a page that stopped answering: %v, %v; want ErrDeadline", res, err)
	}
	w.mu.Lock()
	asked, started, ahead := w.asked, w.started, w.ahead
	w.mu.Unlock()
	if asked != 2 || started != 2 || ahead != 1 {
		t.Errorf("reads asked for %d, started %d, left running %d; want the handles' and the cut match's: 2, 2, 1", asked, started, ahead)
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	if len(p.reads) != 2 {
		t.Errorf("the page was read %v; want the ref's handles and one match", p.reads)
	}
}
