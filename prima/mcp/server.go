// Package mcp serves prima's commands as Model Context Protocol tools.
// Every tool is a thin call through the typed daemon client, the same one
// the CLI uses: the daemon does the work, this package only turns tool
// arguments into requests and envelopes into tool results.
//
// A result carries the envelope's markdown as text content and its --json
// object as structured content, and is an error (isError) exactly when the
// envelope's ok is false. A daemon error (no browser, an unknown session)
// is an error result with the advice the CLI would print, worded for a
// model. Bad arguments are error results; the server keeps serving.
package mcp

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"runtime/debug"
	"sort"
	"strings"
	"time"
	"unicode"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/client"
	"github.com/prima-dev/prima/prima/config"
	"github.com/prima-dev/prima/prima/wire"
)

// MaxArgumentBytes caps one call's arguments (their JSON). A value this
// large is a mistake, not a page input; the call is refused, not run.
const MaxArgumentBytes = 256 << 10

// MaxImageBytes caps the screenshot sent back as an image block; a larger
// PNG stays an artifact on disk.
const MaxImageBytes = 8 << 20

// Options configure a server.
type Options struct {
	// Client calls the daemon (it starts one on demand when AutoStart).
	Client *client.Client
	// Target is the browser every call is for, as the CLI's global flags
	// build it: endpoint, playwright-cli session, instance, secrets, the
	// caller's folder, and the --timeout given (TimeoutMS).
	Target wire.Target
	// Timeout is each call's deadline (the CLI's --timeout); 0 leaves each
	// command its own (30 s, a goal its budget's).
	Timeout time.Duration
	// Config loads prima.json and the environment for do, go and verify
	// (models and the judge); the zero config when nil.
	Config func() (config.Config, error)
	// Version is reported to the client at initialize.
	Version string
	// Browser finds the program browser_open launches, headed or not, as
	// the CLI does (--browser-path, PRIMA_BROWSER, prima.json, discovery);
	// nil leaves the choice to the daemon.
	Browser func(ctx context.Context, headed bool) (string, error)
}

// Server is prima's MCP server.
type Server struct {
	o   Options
	srv *sdk.Server
}

// New builds the server with every tool.
func New(o Options) *Server {
	if o.Timeout > 0 {
		o.Target.TimeoutMS = o.Timeout.Milliseconds()
	}
	if o.Version == "" {
		o.Version = version()
	}
	s := &Server{o: o}
	s.srv = sdk.NewServer(&sdk.Implementation{Name: "prima", Title: "prima browser actions", Version: o.Version},
		&sdk.ServerOptions{Instructions: instructions(o.Target)})
	s.addTools()
	s.srv.AddReceivingMiddleware(clearerValidation)
	return s
}

// clearerValidation rewords the SDK's schema-validation errors for a
// model: which tool, what is wrong, that nothing ran; and gives them the
// same structured error as every other failure.
func clearerValidation(next sdk.MethodHandler) sdk.MethodHandler {
	return func(ctx context.Context, method string, req sdk.Request) (sdk.Result, error) {
		res, err := next(ctx, method, req)
		ctr, ok := res.(*sdk.CallToolResult)
		if err != nil || !ok || !ctr.IsError || ctr.StructuredContent != nil || len(ctr.Content) != 1 {
			return res, err
		}
		tc, ok := ctr.Content[0].(*sdk.TextContent)
		const prefix = `validating "arguments": `
		if !ok || !strings.HasPrefix(tc.Text, prefix) {
			return res, err
		}
		name := ""
		if p, ok := req.GetParams().(*sdk.CallToolParamsRaw); ok {
			name = p.Name
		}
		msg := strings.TrimPrefix(strings.TrimPrefix(strings.TrimPrefix(tc.Text, prefix), "validating root: "), "validating ")
		return errorResult(usagef("%s: bad arguments: %s (nothing was run; the tool's input schema lists its fields)", name, msg)), nil
	}
}

// Run serves one client over t until it disconnects (a normal end) or
// ctx ends (a signal: also a normal end).
func (s *Server) Run(ctx context.Context, t sdk.Transport) error {
	err := s.srv.Run(ctx, t)
	if ctx.Err() != nil || errors.Is(err, io.EOF) {
		return nil
	}
	return err
}

func version() string {
	if bi, ok := debug.ReadBuildInfo(); ok && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		return bi.Main.Version
	}
	return "dev"
}

// codeList is the failure codes, comma-separated.
func codeList() string {
	names := make([]string, len(envelope.Codes))
	for i, c := range envelope.Codes {
		names[i] = string(c)
	}
	return strings.Join(names, ", ")
}

// instructions is what a client shows its model at initialize: how to
// read the envelope and how to work with refs and dialogs.
func instructions(t wire.Target) string {
	var b strings.Builder
	b.WriteString(`prima drives a web browser and proves what each action did. It does exactly what you ask on the element you name and nothing else: no healing, no substitute element.

Every tool answers with an envelope: markdown text (### Result, ### Page, ### Changes, ### Events, ...) and the same content as structured JSON. "ok: true" means the action ran. "### Changes" is the proof: what the page's accessibility tree gained, lost or changed ("no change" when the page is identical). "used:" is the exact Playwright line that acted. "### Events" reports what happened outside the page tree: a dialog, a new tab, a download, console errors. A failed call is an error result whose "code" says why (` + codeList() + `), with "### Failure" (the exact error) and "### Current page" (the page as compact ARIA with refs, so you can retry without a snapshot). isError is true exactly when the envelope's ok is false: a verify whose claim is false (code: none, result: failed) or that no assertion can express (code inexpressible, result: inexpressible) is such a result too, though the call itself worked: read its ### Verdict, and do not retry it as a failed call.

Work like this: call snapshot to see the page with refs ([ref=e5]); act with pw on a ref or a Playwright selector, or with do in plain words; check outcomes with verify. Refs come only from the latest snapshot or failure and die when the page changes (navigation, a re-render, a renamed element): take a new snapshot before using refs after such a change, and never guess one. Do not snapshot after every action: the Changes section already says what changed.

A dialog (alert, confirm, prompt, beforeunload) an action raises stays open and is listed under Events; while it is open every tool that reads or acts on the page fails with code dialog_open, so answer it with the dialog tool first.

The tools attach to a live playwright-cli session when there is one, else to prima's own Chromium; when no browser is there, call browser_open with a url. Agents sharing this server each give their own instance name (browser_open with instance and url, then the same instance in every call) and never touch each other's page.`)
	if len(t.Secrets) > 0 {
		var names []string
		for n := range t.Secrets {
			names = append(names, "{{"+n+"}}")
		}
		sort.Strings(names)
		fmt.Fprintf(&b, "\n\nSecrets configured on this server (write the placeholder in a pw value or a do instruction; prima types the value and shows only the name): %s.", strings.Join(names, ", "))
	}
	return b.String()
}

// usageErr is bad input caught here, before the daemon.
type usageErr struct{ msg string }

func (e usageErr) Error() string { return e.msg }

func usagef(format string, a ...any) error { return usageErr{fmt.Sprintf(format, a...)} }

// handler is one tool's body: build a request, call the daemon.
type handler[In any] func(ctx context.Context, in In) (*sdk.CallToolResult, error)

// add registers a tool whose input the SDK validates against t's schema
// and decodes into In. The wrapper caps the arguments, bounds the call,
// turns errors into error results and never lets a panic kill the server.
func add[In any](s *Server, t *sdk.Tool, h handler[In]) {
	if t.Name != "browser_list" {
		addInstanceProperty(t.InputSchema.(*jsonschema.Schema))
	}
	sdk.AddTool(s.srv, t, func(ctx context.Context, req *sdk.CallToolRequest, in In) (res *sdk.CallToolResult, _ any, _ error) {
		defer func() {
			if p := recover(); p != nil {
				fmt.Fprintf(os.Stderr, "prima mcp: panic in %s: %v\n%s", t.Name, p, debug.Stack())
				res = errorResult(fmt.Errorf("internal error in %s: %v (the server is still running)", t.Name, p))
			}
		}()
		if n := len(req.Params.Arguments); n > MaxArgumentBytes {
			return errorResult(usagef("%s: the arguments are %s; prima takes at most %s per call, nothing was run", t.Name, size(n), size(MaxArgumentBytes))), nil, nil
		}
		instance, err := instanceArg(req.Params.Arguments)
		if err != nil {
			return errorResult(usagef("%s: %v", t.Name, err)), nil, nil
		}
		ctx = context.WithValue(ctx, instanceKey{}, instance)
		res, err = h(ctx, in)
		if err != nil {
			return errorResult(err), nil, nil
		}
		return res, nil, nil
	})
}

func size(n int) string {
	if n >= 1<<20 {
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	}
	return fmt.Sprintf("%d KB", n>>10)
}

// envelopeResult is an envelope as a tool result.
func envelopeResult(env *envelope.Envelope, err error) (*sdk.CallToolResult, error) {
	if err != nil {
		return nil, err
	}
	if env == nil {
		return nil, errors.New("the daemon returned no envelope")
	}
	js, err := env.JSON()
	if err != nil {
		return nil, err
	}
	return &sdk.CallToolResult{
		Content:           []sdk.Content{&sdk.TextContent{Text: env.Markdown()}},
		StructuredContent: json.RawMessage(js),
		IsError:           !env.OK,
	}, nil
}

// jsonResult is a result that is not an envelope: a text and an object.
func jsonResult(text string, v any) (*sdk.CallToolResult, error) {
	js, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}, StructuredContent: json.RawMessage(js)}, nil
}

// errorResult is an error result: the message and what to do about it as
// text, and {"ok": false, "error": {code, message, fix}} as structure.
func errorResult(err error) *sdk.CallToolResult {
	type errObj struct {
		Code    envelope.Code `json:"code"`
		Reason  string        `json:"reason,omitempty"` // the daemon's finer code, e.g. session_not_found
		Message string        `json:"message"`
		Fix     string        `json:"fix,omitempty"`
		Titles  []string      `json:"titles,omitempty"`
	}
	e := errObj{Code: envelope.CodeInternal, Message: err.Error()}
	var ue usageErr
	var ae *wire.Error
	switch {
	case errors.As(err, &ue):
		e.Code = envelope.CodeUsage
	case errors.As(err, &ae):
		e.Code, e.Reason, e.Message, e.Fix, e.Titles = ae.Code(), ae.Reason, ae.Message, client.Advice(ae, client.MCP), ae.Titles
	case errors.Is(err, context.DeadlineExceeded):
		e.Code, e.Message = envelope.CodeTimeout, "no answer from the prima daemon in time: "+err.Error()
		e.Fix = "look at the page with snapshot before repeating the call: whether it ran is unknown"
	}
	text := "error (" + string(e.Code) + "): " + e.Message
	if e.Reason != "" && e.Reason != string(e.Code) {
		text = "error (" + string(e.Code) + ", " + e.Reason + "): " + e.Message
	}
	if e.Fix != "" {
		text += "\nfix: " + e.Fix
	}
	js, _ := json.Marshal(struct {
		OK    bool   `json:"ok"`
		Error errObj `json:"error"`
	}{false, e})
	return &sdk.CallToolResult{Content: []sdk.Content{&sdk.TextContent{Text: text}}, StructuredContent: json.RawMessage(js), IsError: true}
}

// instanceKey carries the call's instance argument to its handler.
type instanceKey struct{}

// instanceProperty is the argument every tool but browser_list takes, so
// that agents sharing one server each keep to their own browser.
const instanceProperty = "instance"

func addInstanceProperty(schema *jsonschema.Schema) {
	schema.Properties[instanceProperty] = str("The daemon instance this call is for: a name browser_open was given, or one browser_list shows. " +
		"Agents sharing this server each give their own and never touch each other's page. Default: the server's --instance, else the one browser the tools find.")
	schema.PropertyOrder = append(schema.PropertyOrder, instanceProperty)
}

// instanceArg reads the instance argument of a call's raw arguments: ""
// when there is none.
func instanceArg(raw json.RawMessage) (string, error) {
	var args struct {
		Instance *string `json:"instance"`
	}
	if len(raw) == 0 || json.Unmarshal(raw, &args) != nil || args.Instance == nil {
		return "", nil
	}
	name := strings.TrimSpace(*args.Instance)
	switch {
	case name == "":
		return "", errors.New("instance is empty: give a name (browser_list shows the instances), or leave the field out")
	case len(name) > 200 || strings.ContainsFunc(name, unicode.IsControl):
		return "", fmt.Errorf("instance %q is not a name: at most 200 characters, no control characters", name)
	}
	return name, nil
}

// target is the browser a call is for: the server's, or the instance the
// call names.
func (s *Server) target(ctx context.Context) wire.Target {
	t := s.o.Target
	if name, _ := ctx.Value(instanceKey{}).(string); name != "" {
		t.Instance = name
	}
	return t
}
