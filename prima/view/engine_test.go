package view

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
)

// fakeCDP is the engine's world with no browser: each Runtime.evaluate
// answers the next of answers (an exception when it is one), a blocked
// session answers once released, and the expressions sent are kept.
type fakeCDP struct {
	playwright.CDPSession
	mu      sync.Mutex
	answers []any
	sent    []string
	block   chan struct{}
}

// exception is an answer the world threw.
type exception string

func (f *fakeCDP) Send(method string, params map[string]any) (any, error) {
	f.mu.Lock()
	expr, _ := params["expression"].(string)
	f.sent = append(f.sent, expr)
	var v any
	if len(f.answers) > 0 {
		v, f.answers = f.answers[0], f.answers[1:]
	}
	f.mu.Unlock()
	if f.block != nil {
		<-f.block
	}
	if ex, ok := v.(exception); ok {
		return map[string]any{"exceptionDetails": map[string]any{"exception": map[string]any{"description": string(ex) + "\n    at update"}}}, nil
	}
	return map[string]any{"result": map[string]any{"value": v}}, nil
}

func (f *fakeCDP) last() string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.sent[len(f.sent)-1]
}

// inWorld is an engine whose world is already made, answering as cdp.
func inWorld(cdp *fakeCDP, outlived func(<-chan struct{})) *Engine {
	c := New(nil, "", outlived)
	c.cdp, c.world = cdp, 1
	return c
}

func whole(text string) map[string]any { return map[string]any{"full": text, "title": "Todo"} }

func ops(o ...map[string]any) map[string]any {
	l := make([]any, len(o))
	for i, x := range o {
		l[i] = x
	}
	return map[string]any{"ops": l, "title": "Todo"}
}

func op(at, del int, ins ...string) map[string]any {
	l := make([]any, len(ins))
	for i, s := range ins {
		l[i] = s
	}
	return map[string]any{"at": at, "del": del, "ins": l}
}

// parsed is text as a whole render's tree shows it.
func parsed(text string) string {
	t := ariadiff.Parse(text)
	t.StripRefs()
	return t.String()
}

const todo = "- heading \"Todo\" [level=1]\n- list:\n  - listitem: Milk\n  - listitem: Bread\n- button \"Add\""

// The engine keeps the text its world rendered and applies the world's
// splices to it, and to the tree of it it gave last: each tree equals the
// one a whole render of the same text parses to. A render says whether
// anything changed and whether it was whole; the engine asks for a whole
// render while it keeps nothing.
func TestTheKeptTextTakesTheWorldsSplices(t *testing.T) {
	cdp := &fakeCDP{}
	c := inWorld(cdp, nil)
	noMask := func(s string) string { return s }
	text := todo
	for _, r := range []struct {
		name    string
		answer  map[string]any
		text    string // the text after it
		whole   bool
		changed bool
	}{
		{"the first render", whole(todo), todo, true, true},
		{"an item added", ops(op(4, 0, "  - listitem: Eggs")), strings.Replace(todo, "Bread", "Bread\n  - listitem: Eggs", 1), false, true},
		{"an item renamed and one removed", ops(op(2, 1, "  - listitem: Oat milk"), op(3, 1)),
			"- heading \"Todo\" [level=1]\n- list:\n  - listitem: Oat milk\n  - listitem: Eggs\n- button \"Add\"", false, true},
		{"nothing changed", ops(), "- heading \"Todo\" [level=1]\n- list:\n  - listitem: Oat milk\n  - listitem: Eggs\n- button \"Add\"", false, false},
	} {
		askWhole := c.Empty()
		cdp.answers = []any{r.answer}
		got, err := c.Update(context.Background())
		if err != nil {
			t.Fatalf("%s: %v", r.name, err)
		}
		if sent := cdp.last(); strings.HasSuffix(sent, "true)") != askWhole {
			t.Errorf("%s: sent %q while the engine kept text: %v", r.name, sent, !askWhole)
		}
		if got.Whole != r.whole || got.Changed != r.changed || got.Title != "Todo" {
			t.Errorf("%s: %+v, want whole %v, changed %v", r.name, got, r.whole, r.changed)
		}
		text = r.text
		if tree := c.Tree(noMask, nil).String(); tree != parsed(text) {
			t.Errorf("%s: tree\n%s\nwant\n%s", r.name, tree, parsed(text))
		}
	}
	if strings.Join(c.lines, "\n") != text {
		t.Errorf("kept %q, want %q", c.lines, text)
	}
}

// A password the page holds is masked in the tree, in the lines a splice
// brings too; a value learnt since the kept tree was masked makes the
// tree parsed whole again, masked with it.
func TestTheTreeIsMasked(t *testing.T) {
	cdp := &fakeCDP{answers: []any{whole(todo), ops(op(4, 0, "  - listitem: hunter2")), ops(op(2, 1, "  - listitem: s3cret"))}}
	c := inWorld(cdp, nil)
	masked := map[string]bool{"hunter2": true}
	mask := func(s string) string {
		for v := range masked {
			s = strings.ReplaceAll(s, v, "••••")
		}
		return s
	}
	for i, hidden := range []int{0, 1, 2} {
		if _, err := c.Update(context.Background()); err != nil {
			t.Fatal(err)
		}
		if i == 2 {
			masked["s3cret"] = true
		}
		tree := c.Tree(mask, masked).String()
		if strings.Contains(tree, "hunter2") || strings.Contains(tree, "s3cret") || strings.Count(tree, "listitem: ••••") != hidden {
			t.Errorf("render %d: the tree shows a password, or not %d masked:\n%s", i+1, hidden, tree)
		}
	}
}

// An answer the engine cannot trust fails the render and leaves nothing
// kept, so the next render is whole: splices out of the kept text's
// range, splices with no text kept, a script that threw.
func TestARenderThatCannotBeTrustedIsDoneWholeNext(t *testing.T) {
	for _, c := range []struct {
		name    string
		answers []any
		err     string
	}{
		{"a splice out of range", []any{whole(todo), ops(op(4, 3))}, "splice out of range"},
		{"splices with nothing kept", []any{ops(op(0, 0, "- button \"Add\""))}, "no text to apply them to"},
		{"the world threw", []any{whole(todo), exception("TypeError: x is undefined")}, "view engine: TypeError: x is undefined"},
	} {
		cdp := &fakeCDP{answers: c.answers}
		e := inWorld(cdp, nil)
		var err error
		for range c.answers {
			if _, err = e.Update(context.Background()); err != nil {
				break
			}
		}
		if err == nil || !strings.Contains(err.Error(), c.err) {
			t.Errorf("%s: %v, want %q", c.name, err, c.err)
		}
		if !e.Empty() {
			t.Errorf("%s: the engine kept text it cannot trust", c.name)
		}
	}
}

// A render still running at the command's deadline is handed on for the
// next command to join, fails as the deadline, and leaves the engine
// keeping nothing: the world may apply splices this side never sees.
func TestARenderPastTheDeadlineIsHandedOn(t *testing.T) {
	cdp := &fakeCDP{answers: []any{whole(todo)}}
	var handed []<-chan struct{}
	c := inWorld(cdp, func(done <-chan struct{}) { handed = append(handed, done) })
	if _, err := c.Update(context.Background()); err != nil {
		t.Fatal(err)
	}
	cdp.block = make(chan struct{})
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	defer cancel()
	if _, err := c.Update(ctx); !errors.Is(err, ErrDeadline) {
		t.Fatalf("%v, want ErrDeadline", err)
	}
	if len(handed) != 1 || !c.Empty() {
		t.Fatalf("handed %d, kept text %v", len(handed), !c.Empty())
	}
	close(cdp.block)
	select {
	case <-handed[0]:
	case <-time.After(5 * time.Second):
		t.Error("the handed render never ended")
	}
	sent := len(cdp.sent)
	if _, err := c.send(ctx, "Runtime.evaluate", nil); !errors.Is(err, ErrDeadline) || len(cdp.sent) != sent || len(handed) != 1 {
		t.Errorf("a call asked for past the deadline: %v, sent %v, handed %d", err, len(cdp.sent) != sent, len(handed))
	}
}
