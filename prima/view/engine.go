// Package view keeps prima's ref-free view of a page up to date by
// re-rendering only what an action changed (a private copy of
// Playwright's injected script in an isolated world of its own), and
// gives Playwright's own utility world a one-pass element.labels before
// a snapshot.
package view

import (
	"context"
	_ "embed"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync/atomic"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/guard"
)

//go:embed js/incremental.js
var incrementalJS string

// worlds numbers the worlds the engines make, for their views' Space.
var worlds atomic.Int64

// maxIncrementalLines bounds what a partial render may replace: past it a
// whole render costs about the same and is simpler to trust.
const maxIncrementalLines = 4000

// Engine keeps prima's ref-free view of one page up to date by
// re-rendering only what changed (js/incremental.js). It lives in an
// isolated world of its own, reached over a CDP session: the page's
// scripts cannot touch it, and it never takes a Playwright aria snapshot,
// so a playwright-cli user's refs stay as they were.
type Engine struct {
	page  playwright.Page
	cdp   playwright.CDPSession
	world int // execution context id; 0 when none is known
	// doc is the loader id of the document the world was made in: a
	// world dies with its document, so a view the world rendered is of it.
	doc   string
	lines []string
	// tree is the ref-free tree of lines before the splices in pending
	// (nil: parse lines whole); maskN, how many values were masked in it.
	tree    *ariadiff.Tree
	pending []splice
	maskN   int
	// utility: Playwright's worlds in the page, given the faster labels.
	utility utilityWorlds
	// space names the world the kept text was rendered in: its lines'
	// refs are the world's node ids (see incremental.js), which a new
	// world numbers afresh.
	space string
	// driver is the version of the driver the page is reached through:
	// the engine renders with its injected script.
	driver string
	// outlived receives a render still running when its command's time
	// ran out: the caller joins it before it touches the page again.
	outlived func(done <-chan struct{})
}

// splice replaces the lines [At, At+Del) of the kept text by Ins.
type splice struct {
	At  int      `json:"at"`
	Del int      `json:"del"`
	Ins []string `json:"ins"`
}

// incrResult is update()'s or full()'s answer.
type incrResult struct {
	Full      *string  `json:"full"`
	Why       string   `json:"why"`
	Frames    bool     `json:"frames"`
	Ops       []splice `json:"ops"`
	Title     string   `json:"title"`
	Passwords []string `json:"pw"`
}

// Rendered is what the engine said of the page.
type Rendered struct {
	Changed   bool // since the engine's previous answer
	Whole     bool // rendered whole, not by splices
	Frames    bool // only Playwright's own snapshot renders frames
	Title     string
	Passwords []string // values of password fields, to mask
}

// ErrDeadline: the command's time ran out while the engine rendered.
var ErrDeadline = errors.New("the command's time (--timeout) ran out in a render")

// New is the engine of page, reached through the driver of version
// driver ("" is prima's own); outlived (may be nil) receives a render
// still running past its command's deadline.
func New(page playwright.Page, driver string, outlived func(done <-chan struct{})) *Engine {
	return &Engine{page: page, driver: driver, outlived: outlived}
}

// Page is the page the engine renders.
func (c *Engine) Page() playwright.Page { return c.page }

// Empty: the engine holds nothing of the page's document yet; its next
// Update renders it whole.
func (c *Engine) Empty() bool { return c.lines == nil }

// errNoWorld: the world died with its document (a navigation).
var errNoWorld = errors.New("the isolated world is gone")

// open makes the world for the page's current document and the engine in
// it.
func (c *Engine) open(ctx context.Context) error {
	src, err := browser.InjectedSource(c.driver)
	if err != nil {
		return err
	}
	if err := c.session(); err != nil {
		return err
	}
	tree, err := c.cdp.Send("Page.getFrameTree", nil)
	if err != nil {
		return err
	}
	frameID, _ := dig(tree, "frameTree", "frame", "id").(string)
	if frameID == "" {
		return fmt.Errorf("no main frame id")
	}
	// Read before the world is made: a navigation between the two names
	// the world's views after the older document, which only costs a wait
	// their reuse.
	loader, _ := dig(tree, "frameTree", "frame", "loaderId").(string)
	w, err := c.cdp.Send("Page.createIsolatedWorld", map[string]any{"frameId": frameID, "worldName": "prima-view", "grantUniveralAccess": false})
	if err != nil {
		return err
	}
	id, _ := dig(w, "executionContextId").(float64)
	if id == 0 {
		return fmt.Errorf("no isolated world")
	}
	c.world, c.doc, c.space = int(id), loader, fmt.Sprintf("w%d", worlds.Add(1))
	c.Forget()
	boot := "(() => { const module = {}; " + src + "\n const IS = new (module.exports.InjectedScript())(globalThis, " +
		`{isUnderTest: false, sdkLanguage: 'javascript', frameSeq: 0, testIdAttributeName: 'data-testid', stableRafCount: 1, browserName: 'chromium', shouldPrependErrorPrefix: false, isUtilityWorld: true, customEngines: []});` +
		"\n globalThis.__primaView = (" + incrementalJS + ")(IS, " + labelsJS + "); return true; })()"
	_, err = c.eval(ctx, boot)
	return err
}

// session opens the CDP session to the page once.
func (c *Engine) session() error {
	if c.cdp != nil {
		return nil
	}
	cdp, err := c.page.Context().NewCDPSession(c.page)
	if err != nil {
		return fmt.Errorf("CDP session: %w", err)
	}
	c.cdp = cdp
	return nil
}

// Document names the document a view taken now shows, read before it is
// taken: the one the world was made in (free), else the page's now
// (Loader); "" when it cannot be read.
func (c *Engine) Document(ctx context.Context) string {
	if c.world != 0 {
		return c.doc
	}
	return c.Loader(ctx)
}

// Loader is the loader id of the document the page holds now ("" when it
// cannot be read in ctx's time). Chromium gives every document its own (a
// reload's too) and never one twice, and a history push keeps it: the
// same id is the same document, with no navigation between.
func (c *Engine) Loader(ctx context.Context) string {
	if c.session() != nil {
		return ""
	}
	tree, _ := c.send(ctx, "Page.getFrameTree", nil)
	id, _ := dig(tree, "frameTree", "frame", "loaderId").(string)
	return id
}

// PrimeUtility gives Playwright's utility worlds in the page the faster
// labels (labels.go) before a Playwright snapshot.
func (c *Engine) PrimeUtility() {
	if c.session() == nil {
		c.utility.prime(c.cdp)
	}
}

// eval runs an expression in the world and returns its value; a call
// past ctx's deadline is handed to outlived.
func (c *Engine) eval(ctx context.Context, expr string) (any, error) {
	v, err := c.send(ctx, "Runtime.evaluate", map[string]any{"expression": expr, "contextId": c.world, "returnByValue": true})
	switch {
	case errors.Is(err, ErrDeadline):
		// The engine may apply splices this side never sees. Its script
		// cannot be stopped: the next command joins it.
		c.Forget()
		return nil, err
	case err != nil && (strings.Contains(err.Error(), "Cannot find context") || strings.Contains(err.Error(), "context was destroyed")):
		return nil, errNoWorld
	case err != nil:
		return nil, err
	}
	if ex := dig(v, "exceptionDetails"); ex != nil {
		msg, _ := dig(ex, "exception", "description").(string)
		if msg == "" {
			msg, _ = dig(ex, "text").(string)
		}
		return nil, fmt.Errorf("view engine: %s", firstLine(msg))
	}
	return dig(v, "result", "value"), nil
}

// send sends one CDP command, guarded against a panic: none starts once
// ctx ended, and one still unanswered then is handed to outlived (the
// next command joins it).
func (c *Engine) send(ctx context.Context, method string, params map[string]any) (any, error) {
	return guard.Within(ctx, ErrDeadline, c.outlived, func() (any, error) { return c.cdp.Send(method, params) })
}

// Update brings the kept text up to date: by splices when the engine
// could prove them, else whole.
func (c *Engine) Update(ctx context.Context) (Rendered, error) {
	if c.world == 0 {
		if err := c.open(ctx); err != nil {
			return Rendered{}, err
		}
	}
	call := fmt.Sprintf("globalThis.__primaView.update(%d, %t)", maxIncrementalLines, c.lines == nil)
	v, err := c.eval(ctx, call)
	if errors.Is(err, errNoWorld) {
		if err = c.open(ctx); err == nil {
			v, err = c.eval(ctx, call)
		}
	}
	if err != nil {
		c.Reset()
		return Rendered{}, err
	}
	var res incrResult
	b, _ := json.Marshal(v)
	if err := json.Unmarshal(b, &res); err != nil {
		return Rendered{}, fmt.Errorf("view engine answer: %w", err)
	}
	out := Rendered{Title: res.Title, Passwords: res.Passwords, Frames: res.Frames, Changed: true}
	if res.Full != nil {
		c.Forget()
		c.lines = strings.Split(*res.Full, "\n")
		out.Whole = true
		return out, nil
	}
	if c.lines == nil {
		return Rendered{}, fmt.Errorf("view engine sent splices with no text to apply them to")
	}
	for _, op := range res.Ops {
		if op.At < 0 || op.Del < 0 || op.At+op.Del > len(c.lines) {
			c.Reset()
			return Rendered{}, fmt.Errorf("view engine splice out of range")
		}
		c.lines = slices.Replace(c.lines, op.At, op.At+op.Del, op.Ins...)
		c.pending = append(c.pending, op)
	}
	out.Changed = len(res.Ops) > 0
	return out, nil
}

// Reset forgets the kept text and the world: the page's document is
// another one.
func (c *Engine) Reset() {
	c.world = 0
	c.Forget()
}

// Forget drops the kept text and its tree: the next update renders whole.
func (c *Engine) Forget() {
	c.lines, c.tree, c.pending = nil, nil, nil
}

// Tree is the ref-free, masked tree of the engine's text: the last one
// with the engine's splices made in it (a cost that follows the change),
// or when that cannot be, the whole text parsed.
func (c *Engine) Tree(mask func(string) string, masked map[string]bool) *ariadiff.Tree {
	ops := c.pending
	c.pending = nil
	// Masking line by line is masking the text only when no masked value
	// spans lines, and the kept tree is masked only with what was known.
	spans := false
	for v := range masked {
		spans = spans || strings.Contains(v, "\n")
	}
	if c.tree != nil && c.maskN == len(masked) && !spans {
		t, ok := c.tree, true
		for _, op := range ops {
			ins := op.Ins
			if len(masked) > 0 && len(ins) > 0 {
				ins = strings.Split(mask(strings.Join(ins, "\n")), "\n")
			}
			if t, ok = t.Splice(op.At, op.Del, ins, true); !ok {
				break
			}
		}
		if ok {
			c.tree = t
			return t
		}
	}
	t := ariadiff.Parse(mask(strings.Join(c.lines, "\n")))
	t.StripRefs()
	t.Space = c.space
	c.tree, c.maskN = t, len(masked)
	return t
}

// Close ends the CDP session.
func (c *Engine) Close() {
	if c.cdp != nil {
		c.cdp.Detach()
	}
}

func dig(v any, path ...string) any {
	for _, k := range path {
		m, ok := v.(map[string]any)
		if !ok {
			return nil
		}
		v = m[k]
	}
	return v
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}
