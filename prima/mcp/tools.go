package mcp

import (
	"context"
	"fmt"
	"os"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/goal"
	"github.com/prima-dev/prima/prima/wire"
)

// The tool inputs. The schemas (tools below) are what clients see and
// what the SDK validates against; these only receive the values.
type (
	none   struct{}
	openIn struct {
		URL    string `json:"url,omitempty"`
		Headed bool   `json:"headed,omitempty"`
	}
	snapshotIn struct {
		HTML  bool   `json:"html,omitempty"`
		Ref   string `json:"ref,omitempty"`
		Grep  string `json:"grep,omitempty"`
		Depth int    `json:"depth,omitempty"`
		Full  bool   `json:"full,omitempty"`
	}
	pwIn struct {
		Action    string   `json:"action,omitempty"`
		Target    string   `json:"target,omitempty"`
		Values    []string `json:"values,omitempty"`
		Line      string   `json:"line,omitempty"`
		Button    string   `json:"button,omitempty"`
		Modifiers []string `json:"modifiers,omitempty"`
		Count     int      `json:"count,omitempty"`
	}
	doIn struct {
		Instructions []string `json:"instructions"`
	}
	goIn struct {
		Target string `json:"target"`
	}
	verifyIn struct {
		Claim string `json:"claim"`
	}
	tabIn struct {
		Op    string `json:"op"`
		Index int    `json:"index,omitempty"`
		URL   string `json:"url,omitempty"`
	}
	dialogIn struct {
		Op   string  `json:"op"`
		Text *string `json:"text,omitempty"`
	}
	waitIn struct {
		Text string `json:"text,omitempty"`
		Gone string `json:"gone,omitempty"`
		MS   int64  `json:"ms,omitempty"`
	}
	screenshotIn struct {
		Target string `json:"target,omitempty"`
		Full   bool   `json:"full,omitempty"`
	}
	evalIn struct {
		JS     string `json:"js"`
		Target string `json:"target,omitempty"`
	}
	consoleIn struct {
		Errors bool `json:"errors,omitempty"`
	}
	exportIn struct {
		Since int `json:"since,omitempty"`
	}
	goalIn struct {
		Goal   string            `json:"goal"`
		Verify string            `json:"verify,omitempty"`
		Data   map[string]string `json:"data,omitempty"`
	}
)

// goalTimeout is a goal call's deadline: its own time budget bounds it,
// with room to report.
const goalTimeout = goal.DefaultTime + 30*time.Second

// Tails shared by the descriptions: what an acting tool's envelope
// proves, that refs die, and that dialogs block.
const (
	refsDie = " Refs from earlier snapshots die when the page changes: snapshot again before using refs, never guess one."
	proves  = " The result is an envelope: ok, used: (the Playwright line that acted), Page, Changes (the proof: what the page gained, lost or changed, or no change), " +
		"Events (a dialog, a new tab, a download, console errors)."
	blocks = " A dialog the action raises stays open and blocks every page tool (code dialog_open) until the dialog tool answers it."
	acts   = proves + blocks + refsDie
	looks  = " While a dialog is open it fails with dialog_open: answer the dialog first."
)

func readOnly(title string) *sdk.ToolAnnotations {
	return &sdk.ToolAnnotations{Title: title, ReadOnlyHint: true, OpenWorldHint: yes()}
}

func acting(title string) *sdk.ToolAnnotations {
	f := false
	return &sdk.ToolAnnotations{Title: title, DestructiveHint: &f, OpenWorldHint: yes()}
}

func yes() *bool { t := true; return &t }

func (s *Server) addTools() {
	c := s.o.Client
	t := s.o.Target

	add(s, &sdk.Tool{
		Name: "browser_open",
		Description: "Start prima's own headless Chromium (the open one is reused) and, with url, load that page. " +
			"Use it when a tool says there is no browser. With a url the result is the navigation's envelope: Page shows where it landed " +
			"(redirects included), and a main document answering 400 or more is a failure (http_status). " +
			"While a playwright-cli session is live, the other tools attach to that session rather than to this browser (browser_list shows what is there)." + proves,
		InputSchema: object(
			opt("url", str("The page to load: http(s) URL. Optional: without it the browser opens on a blank page; then call go.")),
			opt("headed", boolean("Show the browser window (default: headless).")),
		),
		Annotations: acting("Open prima's browser"),
	}, func(ctx context.Context, in openIn) (*sdk.CallToolResult, error) {
		req := wire.OpenRequest{Target: t, URL: strings.TrimSpace(in.URL), Headed: in.Headed}
		if s.o.Browser != nil && t.Endpoint == "" {
			path, err := s.o.Browser(ctx)
			if err != nil {
				return nil, err
			}
			req.BrowserPath = path
		}
		resp, err := c.Open(ctx, req)
		if err != nil {
			return nil, err
		}
		if resp.Envelope != nil {
			return envelopeResult(resp.Envelope, nil)
		}
		return jsonResult(fmt.Sprintf("opened prima-owned Chromium: instance %s (blank page: call go with a URL)", resp.Instance.Name), resp)
	})

	add(s, &sdk.Tool{
		Name: "browser_list",
		Description: "List the browsers prima can attach to (playwright-cli sessions and Playwright browser servers: title, live or stale, version, endpoint) " +
			"and the instances the daemon holds (prima-owned or attached, connected, URL). Touches no page; works while a dialog is open.",
		InputSchema: object(),
		Annotations: readOnly("List browsers"),
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		resp, err := c.List(ctx, wire.ListRequest{Target: t})
		if err != nil {
			return nil, err
		}
		if resp.Browsers == nil {
			resp.Browsers = []wire.Browser{}
		}
		if resp.Instances == nil {
			resp.Instances = []wire.Instance{}
		}
		return jsonResult(listText(resp), resp)
	})

	add(s, &sdk.Tool{
		Name: "browser_close",
		Description: "Close the browser the tools act on. prima's own Chromium is closed; an attached playwright-cli session is only disconnected and keeps running. " +
			"Works while a dialog is open.",
		InputSchema: object(),
		Annotations: &sdk.ToolAnnotations{Title: "Close the browser", DestructiveHint: yes(), OpenWorldHint: yes()},
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		in, err := c.Close(ctx, wire.CloseRequest{Target: t})
		if err != nil {
			return nil, err
		}
		msg := fmt.Sprintf("closed instance %s", in.Name)
		if in.Kind != "owned" {
			msg = fmt.Sprintf("disconnected from %s (the session keeps running)", in.Name)
		}
		return jsonResult(msg, in)
	})

	add(s, &sdk.Tool{
		Name: "snapshot",
		Description: "The current page as a compact accessibility (ARIA) tree with refs ([ref=e5]; [ref=f1e3] inside iframes), with its url and title. Acts on nothing. " +
			"Call it when you start, after a navigation, or when you need refs for a part of the page that changed; not after every action, since each action's Changes already says what changed. " +
			"Refs belong to the page as this snapshot saw it and die when it changes; a dead ref fails with stale_ref and never acts on another element. " +
			"A big page is outlined within a byte budget: long lists and deep parts collapse into one line each that says how many elements it holds and the snapshot call that lists them (ref, grep, full). " +
			"html: true gives compact markup instead, for controls the tree does not show (act on those with a Playwright selector, not a ref)." + looks,
		InputSchema: object(
			opt("html", boolean("Compact markup instead of the ARIA tree (default false).")),
			opt("ref", str("Only this element's subtree (a ref from an earlier snapshot or a collapsed line).")),
			opt("grep", str("Only the elements whose line holds this text, with their ancestors and their own subtrees (e.g. a table row's text).")),
			opt("depth", integer("Show this many levels; 0 or absent: all.", 0, 1000)),
			opt("full", boolean("Everything, past the byte budget (large on big pages).")),
		),
		Annotations: readOnly("Snapshot the page"),
	}, func(ctx context.Context, in snapshotIn) (*sdk.CallToolResult, error) {
		return envelopeResult(c.Snapshot(ctx, wire.SnapshotRequest{Target: t, HTML: in.HTML, Ref: in.Ref, Grep: in.Grep, Depth: in.Depth, Full: in.Full}))
	})

	actions := "click, dblclick, hover, fill, type, press, check, uncheck, select, focus, clear, upload, drag"
	actionSchema := str("The action (with target). One of: " + actions + ".")
	if len(s.o.Actions) > 0 {
		actions = strings.Join(s.o.Actions, ", ")
		actionSchema = enum("The action (with target).", s.o.Actions...)
	}
	add(s, &sdk.Tool{
		Name: "pw",
		Description: "Do one direct action on exactly one element: no AI, no healing, never a substitute element. Give exactly one of two forms: " +
			"{action, target, values?} or {line}. action: " + actions + ". " +
			"target: a ref from the latest snapshot (e5, f1e3) or any Playwright selector (#email, text=Save, role=button[name=\"Save\"]). " +
			"values: the text for fill and type, the key for press (Enter, Control+a), one or more options for select, files for upload, the drop target for drag. " +
			"line: one Playwright statement such as page.getByRole('button', { name: 'Save' }).click(); every used: line prima prints is accepted back. " +
			"Failures name their cause: not_found, ambiguous (with the candidates' refs), stale_ref, not_actionable (disabled, covered: why), value_mismatch (what the field holds)." + acts,
		InputSchema: object(
			opt("action", actionSchema),
			opt("target", str("A ref (e5, f1e3) or a Playwright selector; with action.")),
			opt("values", strs("With action: fill/type text, press key, select options (several for a multi-select), upload files (absolute paths, or relative to the server's folder), drag's drop target.", 0)),
			opt("line", str("Instead of action/target: one Playwright line, e.g. page.getByLabel('Name').fill('Ada').")),
			opt("button", enum("Click with this mouse button (default left).", "left", "right", "middle")),
			opt("modifiers", modifiers()),
			opt("count", integer("Click this many times (default 1).", 1, 10)),
		),
		Annotations: acting("Act on one element"),
	}, func(ctx context.Context, in pwIn) (*sdk.CallToolResult, error) {
		line := strings.TrimSpace(in.Line) != ""
		form := in.Action != "" || in.Target != "" || len(in.Values) > 0
		switch {
		case line && form:
			return nil, usagef("pw: give either {action, target, values?} or {line}, not both")
		case !line && !form:
			return nil, usagef("pw: give {action, target, values?} (e.g. {\"action\":\"click\",\"target\":\"e5\"}) or {line} (a Playwright line)")
		case !line && (in.Action == "" || strings.TrimSpace(in.Target) == ""):
			return nil, usagef("pw: action and target go together: an action (%s) and a ref or selector", actions)
		}
		return envelopeResult(c.Pw(ctx, wire.PwRequest{Target: t, Action: in.Action, Ref: in.Target, Values: in.Values,
			Line: in.Line, Button: in.Button, Modifiers: in.Modifiers, Count: in.Count}))
	})

	add(s, &sdk.Tool{
		Name: "do",
		Description: "Perform natural-language instructions, exactly these and in order, one action each, and prove every step: " +
			"\"click Save\", \"fill Name with Ada\", \"type hello into Search\", \"select Blue from Colour\", \"check Agree\", \"press Enter\", \"hover Menu\", \"go to /settings\". " +
			"Elements are named by what they show: an exact accessible name, else whole words (\"Subscribe\" never matches \"Unsubscribe\"); refs are not used. " +
			"The Steps section gives each step's proof, or unproven when it ran without a visible effect (the call stays ok; proven: N/M counts them). " +
			"A step that fails stops the rest and the call is an error. Instructions other than these literal forms need a model configured for prima." + proves + blocks,
		InputSchema: object(
			req("instructions", strs("One instruction per entry, one action each, in order.", 1)),
		),
		Annotations: acting("Do instructions"),
	}, func(ctx context.Context, in doIn) (*sdk.CallToolResult, error) {
		for i, x := range in.Instructions {
			if strings.TrimSpace(x) == "" {
				return nil, usagef("do: instruction %d is empty", i+1)
			}
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Do(ctx, wire.DoRequest{Target: t, Instructions: in.Instructions, Config: cfg}))
	})

	add(s, &sdk.Tool{
		Name: "go",
		Description: "Navigate the selected tab to a URL (http or https) or to a path on the current site (/orders/4821), and confirm arrival. " +
			"Page shows the new url and any server redirect; a main document answering 400 or more fails with http_status. " +
			"A target that is neither is looked for among the page's links by meaning." + acts,
		InputSchema: object(
			req("target", text("A URL, a path like /settings, or a link's meaning.")),
		),
		Annotations: acting("Go to a page"),
	}, func(ctx context.Context, in goIn) (*sdk.CallToolResult, error) {
		if strings.TrimSpace(in.Target) == "" {
			return nil, usagef("go: target is empty: give a URL or a path")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Go(ctx, wire.GoRequest{Target: t, URL: strings.TrimSpace(in.Target), Config: cfg}))
	})

	history := func(name, method, what string) {
		add(s, &sdk.Tool{
			Name:        name,
			Description: what + ", proven like any action: Page shows the url change and Changes the new content." + acts,
			InputSchema: object(),
			Annotations: acting(what),
		}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
			env, err := c.Pw(ctx, wire.PwRequest{Target: t, Line: "page." + method + "()"})
			if env != nil {
				env.Command = name
			}
			return envelopeResult(env, err)
		})
	}
	history("back", "goBack", "Go back in the selected tab's history")
	history("forward", "goForward", "Go forward in the selected tab's history")
	history("reload", "reload", "Reload the page")

	add(s, &sdk.Tool{
		Name: "verify",
		Description: "Check a claim about the current page with real assertions, acting on nothing. Claims it can check: text shown or not " +
			"(\"Profile saved\" is visible; \"Error\" is not visible), element states (the Save button is enabled / disabled, the Agree checkbox is checked, " +
			"the Details button is expanded, the History tab is selected), field values (the Name field contains \"Ada\"), the title, the URL. " +
			"The Verdict section says passed (listing the assertions that ran), failed (an assertion ran and did not hold) or inexpressible " +
			"(no assertion can check this claim: not evidence that it is false; rephrase it as one of the forms above). " +
			"Failed and inexpressible are error results." + looks,
		InputSchema: object(
			req("claim", text("One claim about the page, e.g. \"Profile saved\" is visible.")),
		),
		Annotations: readOnly("Verify a claim"),
	}, func(ctx context.Context, in verifyIn) (*sdk.CallToolResult, error) {
		claim := strings.TrimSpace(in.Claim)
		if claim == "" {
			return nil, usagef("verify: the claim is empty")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		return envelopeResult(c.Verify(ctx, wire.VerifyRequest{Target: t, Claim: claim, Config: cfg}))
	})

	add(s, &sdk.Tool{
		Name: "research",
		Description: "Build and store the UI map of the current page state: its controls and the locator for each. do uses the map from the third visit of a state. " +
			"Acts on nothing; rarely needed by hand." + looks,
		InputSchema: object(),
		Annotations: readOnly("Research the page"),
	}, func(ctx context.Context, _ none) (*sdk.CallToolResult, error) {
		return envelopeResult(c.Research(ctx, t))
	})

	add(s, &sdk.Tool{
		Name: "tab",
		Description: "The tabs of the browser: list them ([N] title url, the selected one marked), open a new one (with url), select one, or close one " +
			"(the selected one without index). prima acts on the selected tab; a tab an action opens is reported under Events, not selected. " +
			"list works while a dialog is open." + proves + refsDie,
		InputSchema: object(
			req("op", enum("What to do.", "list", "new", "select", "close")),
			opt("index", integer("The tab number as list prints it (1-based): required for select, optional for close.", 1, 0)),
			opt("url", str("For new: the page to open (default blank).")),
		),
		Annotations: acting("Tabs"),
	}, func(ctx context.Context, in tabIn) (*sdk.CallToolResult, error) {
		switch {
		case in.Op == "select" && in.Index == 0:
			return nil, usagef("tab: select needs index: the tab number as tab list prints it")
		case in.Index != 0 && in.Op != "select" && in.Op != "close":
			return nil, usagef("tab: %s takes no index", in.Op)
		case in.URL != "" && in.Op != "new":
			return nil, usagef("tab: %s takes no url (only new does)", in.Op)
		}
		return envelopeResult(c.Tab(ctx, wire.TabRequest{Target: t, Op: in.Op, Index: in.Index, URL: in.URL}))
	})

	add(s, &sdk.Tool{
		Name: "dialog",
		Description: "Answer the dialog that is open (alert, confirm, prompt, beforeunload): accept (with text for a prompt) or dismiss. " +
			"A dialog an action raises is left open and listed under Events; until it is answered, every tool that reads or acts on the page fails with dialog_open. " +
			"The envelope's Changes show what answering did (a confirm that deletes, a prompt's text shown).",
		InputSchema: object(
			req("op", enum("accept or dismiss (Cancel).", "accept", "dismiss")),
			opt("text", str("With accept: the text to answer a prompt with.")),
		),
		Annotations: acting("Answer a dialog"),
	}, func(ctx context.Context, in dialogIn) (*sdk.CallToolResult, error) {
		req := wire.DialogRequest{Target: t, Accept: in.Op == "accept"}
		if in.Text != nil {
			if !req.Accept {
				return nil, usagef("dialog: dismiss takes no text")
			}
			req.Text = *in.Text
		}
		return envelopeResult(c.Dialog(ctx, req))
	})

	add(s, &sdk.Tool{
		Name: "wait",
		Description: fmt.Sprintf("Wait for a text to appear (text), for a text to go (gone), or for a number of milliseconds (ms): give exactly one. "+
			"Bounded by the call's deadline (%s); the envelope's Changes report what changed meanwhile, and a text that does not come in time is a timeout."+looks, s.o.Timeout),
		InputSchema: object(
			opt("text", str("Wait until this text is visible.")),
			opt("gone", str("Wait until this text is no longer visible.")),
			opt("ms", integer(fmt.Sprintf("Wait this many milliseconds (less than %d).", s.o.Timeout.Milliseconds()), 1, 0)),
		),
		Annotations: readOnly("Wait"),
	}, func(ctx context.Context, in waitIn) (*sdk.CallToolResult, error) {
		n := 0
		for _, set := range []bool{in.Text != "", in.Gone != "", in.MS != 0} {
			if set {
				n++
			}
		}
		if n != 1 {
			return nil, usagef("wait: give exactly one of text, gone or ms")
		}
		if in.MS >= s.o.Timeout.Milliseconds() {
			return nil, usagef("wait: ms %d is not shorter than the call's deadline %s", in.MS, s.o.Timeout)
		}
		req := wire.WaitRequest{Target: t, Text: in.Text, MS: in.MS}
		if in.Gone != "" {
			req.Text, req.Gone = in.Gone, true
		}
		if in.MS == 0 && strings.TrimSpace(req.Text) == "" {
			return nil, usagef("wait: the text is blank")
		}
		return envelopeResult(c.Wait(ctx, req))
	})

	add(s, &sdk.Tool{
		Name: "screenshot",
		Description: "A PNG of the visible page (full: the whole scrollable page) or of one element (target), returned as an image beside the envelope " +
			"and kept as an artifact file. Acts on nothing. Prefer snapshot for reading the page: it is text, cheaper and carries refs." + looks,
		InputSchema: object(
			opt("target", str("A ref or Playwright selector: only this element.")),
			opt("full", boolean("The whole scrollable page (default: the viewport).")),
		),
		Annotations: readOnly("Screenshot"),
	}, func(ctx context.Context, in screenshotIn) (*sdk.CallToolResult, error) {
		env, err := c.Screenshot(ctx, wire.ScreenshotRequest{Target: t, Ref: in.Target, Full: in.Full})
		res, err := envelopeResult(env, err)
		if err != nil || res.IsError {
			return res, err
		}
		res.Content = append(res.Content, image(env)...)
		return res, nil
	})

	add(s, &sdk.Tool{
		Name: "eval",
		Description: "Run a JavaScript expression or function in the page (with target: a function called with that element) and return its result in the Answer section, " +
			"capped at 2 KB. For reading values the tree does not show; act with pw or do instead." + acts,
		InputSchema: object(
			req("js", text("An expression (document.title) or a function (el => el.value).")),
			opt("target", str("A ref or Playwright selector: the element the function gets.")),
		),
		Annotations: acting("Run JavaScript"),
	}, func(ctx context.Context, in evalIn) (*sdk.CallToolResult, error) {
		if strings.TrimSpace(in.JS) == "" {
			return nil, usagef("eval: js is empty")
		}
		return envelopeResult(c.Eval(ctx, wire.EvalRequest{Target: t, JS: in.JS, Ref: in.Target}))
	})

	add(s, &sdk.Tool{
		Name: "console",
		Description: "The page's console messages since the previous console call (they are consumed). " +
			"Envelopes mention console errors under Events; call this to read them.",
		InputSchema: object(
			opt("errors", boolean("Only errors (default: all messages).")),
		),
		Annotations: readOnly("Console messages"),
	}, func(ctx context.Context, in consoleIn) (*sdk.CallToolResult, error) {
		return envelopeResult(c.Console(ctx, wire.ConsoleRequest{Target: t, Errors: in.Errors}))
	})

	add(s, &sdk.Tool{
		Name: "goal",
		Description: "Reach an outcome on the current page with bounded click/type decisions of the hosted decision model " +
			"(PRIMA_JUDGE=typesafe|openrouter), then pass an independent verifier on the verify claim: ok only on a verified pass. " +
			"Values in data are typed only into fields and shown only as {{name}} (write {{name}} in goal and verify). " +
			"The Answer lists each action with its used: line and proof, the counts and the stop reason; a stop short of a pass is an error result whose code is the reason (no_progress, operation_abstention, verification_failed, ...).",
		InputSchema: object(
			req("goal", text("The outcome to reach, e.g. \"Sign in as {{user}} with {{password}} and save the profile\".")),
			opt("verify", text("The claim the verifier must find true afterwards; without one the goal never passes.")),
			opt("data", &jsonschema.Schema{Type: "object", Description: "Values the goal may type, by name.", AdditionalProperties: &jsonschema.Schema{Type: "string"}}),
		),
		Annotations: acting("Reach a goal"),
	}, func(ctx context.Context, in goalIn) (*sdk.CallToolResult, error) {
		if strings.TrimSpace(in.Goal) == "" {
			return nil, usagef("goal: the goal is empty")
		}
		cfg, err := s.config()
		if err != nil {
			return nil, err
		}
		gt := t
		gt.TimeoutMS = goalTimeout.Milliseconds()
		return envelopeResult(c.Goal(ctx, wire.GoalRequest{Target: gt, Goal: in.Goal, Verify: in.Verify, Data: in.Data, Config: cfg}))
	})

	add(s, &sdk.Tool{
		Name: "export",
		Description: "The session's actions as a runnable @playwright/test spec, as text: each action's used line, " +
			"then expects from its proven Changes and from verify passes; failed actions are left out, secrets read from process.env.",
		InputSchema: object(
			opt("since", integer("Only the last N steps (default: all since the browser was opened or attached).", 0, 100000)),
		),
		Annotations: readOnly("Export as Playwright test"),
	}, func(ctx context.Context, in exportIn) (*sdk.CallToolResult, error) {
		return envelopeResult(c.Export(ctx, wire.ExportRequest{Target: t, Since: in.Since}))
	})
}

func modifiers() *jsonschema.Schema {
	s := strs("Keys held during the click: any of Shift, Control, Alt, Meta.", 0)
	s.Items = enum("", "Shift", "Control", "Alt", "Meta")
	return s
}

// config loads the configuration for do, go and verify.
func (s *Server) config() (config.Config, error) {
	if s.o.Config == nil {
		return config.Config{}, nil
	}
	cfg, err := s.o.Config()
	if err != nil {
		return cfg, usageErr{err.Error()}
	}
	return cfg, nil
}

// image is the screenshot artifact as an image block, when it is there
// and not too large to send.
func image(env *envelope.Envelope) []sdk.Content {
	for _, a := range env.Artifacts {
		if !strings.HasSuffix(a.Path, ".png") {
			continue
		}
		st, err := os.Stat(a.Path)
		if err != nil || st.Size() == 0 {
			continue
		}
		if st.Size() > MaxImageBytes {
			return []sdk.Content{&sdk.TextContent{Text: fmt.Sprintf("(the PNG is %s, too large to send: read it at %s)", size(int(st.Size())), a.Path)}}
		}
		b, err := os.ReadFile(a.Path)
		if err != nil {
			continue
		}
		return []sdk.Content{&sdk.ImageContent{Data: b, MIMEType: "image/png"}}
	}
	return nil
}

// listText renders browser_list as the CLI does.
func listText(resp *wire.ListResponse) string {
	var b strings.Builder
	tw := tabwriter.NewWriter(&b, 0, 2, 2, ' ', 0)
	fmt.Fprintln(tw, "TITLE\tSTATUS\tVERSION\tENDPOINT")
	for _, br := range resp.Browsers {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", br.Title, br.Status, br.Version, br.Endpoint)
	}
	if len(resp.Browsers) == 0 {
		fmt.Fprintln(tw, "(no playwright-cli session or browser server found)\t\t\t")
	}
	tw.Flush()
	if len(resp.Instances) > 0 {
		b.WriteString("\n")
		tw = tabwriter.NewWriter(&b, 0, 2, 2, ' ', 0)
		fmt.Fprintln(tw, "INSTANCE\tKIND\tCONNECTED\tURL")
		for _, in := range resp.Instances {
			fmt.Fprintf(tw, "%s\t%s\t%t\t%s\n", in.Name, in.Kind, in.Connected, in.URL)
		}
		tw.Flush()
	}
	return b.String()
}
