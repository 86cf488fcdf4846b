// Package planner talks to the chat and vision models behind do: the tools
// the model may call, the rules its prompt states, and the calls; no
// vendor SDK type leaves it.
package planner

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/openai/openai-go/v3"
	"github.com/openai/openai-go/v3/option"
	"github.com/openai/openai-go/v3/shared"

	"github.com/prima-dev/prima/prima/config"
)

// Client calls one chat model.
type Client struct {
	api  openai.Client
	name string
}

// New builds a client for a configured model.
func New(m config.Model) *Client {
	opts := []option.RequestOption{
		option.WithBaseURL(m.BaseURL),
		option.WithMaxRetries(1),
		option.WithRequestTimeout(60 * time.Second),
	}
	if m.APIKey != "" {
		opts = append(opts, option.WithAPIKey(m.APIKey))
	} else {
		opts = append(opts, option.WithAPIKey("none"))
	}
	return &Client{api: openai.NewClient(opts...), name: m.Name}
}

// Conversation is one instruction's exchange with the chat model. It
// keeps the vendor's message types to itself: callers see ToolCalls.
type Conversation struct {
	c         *Client
	msgs      []openai.ChatCompletionMessageParamUnion
	withJudge bool
}

// ToolCall is one tool the model asked for, its arguments raw JSON.
type ToolCall struct{ ID, Name, Args string }

// Start opens a conversation with the system prompt and the first user
// message; withJudge offers the judge tool.
func (c *Client) Start(user string, withJudge bool) *Conversation {
	return &Conversation{c: c, withJudge: withJudge, msgs: []openai.ChatCompletionMessageParamUnion{
		openai.SystemMessage(SystemPrompt),
		openai.UserMessage(user),
	}}
}

// Next asks the model for its next message and returns the tools it
// called; none means it stopped talking.
func (v *Conversation) Next(ctx context.Context) ([]ToolCall, error) {
	resp, err := v.c.api.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model:    shared.ChatModel(v.c.name),
		Messages: v.msgs,
		Tools:    Tools(v.withJudge),
	})
	if err != nil {
		return nil, err
	}
	if len(resp.Choices) == 0 {
		return nil, errors.New("the model returned no choice")
	}
	msg := resp.Choices[0].Message
	v.msgs = append(v.msgs, msg.ToParam())
	var calls []ToolCall
	for _, tc := range msg.ToolCalls {
		calls = append(calls, ToolCall{ID: tc.ID, Name: tc.Function.Name, Args: tc.Function.Arguments})
	}
	return calls, nil
}

// Answer gives the model a tool's result.
func (v *Conversation) Answer(id, result string) {
	v.msgs = append(v.msgs, openai.ToolMessage(result, id))
}

// Args are the arguments of any planner tool; each tool uses a subset.
type Args struct {
	Instruction int      `json:"instruction"`
	Ref         string   `json:"ref,omitempty"`
	Selector    string   `json:"selector,omitempty"`
	Value       string   `json:"value,omitempty"`
	Checked     *bool    `json:"checked,omitempty"`
	Key         string   `json:"key,omitempty"`
	Description string   `json:"description,omitempty"`
	Status      string   `json:"status,omitempty"`
	Proof       string   `json:"proof,omitempty"`
	Question    string   `json:"question,omitempty"`
	Options     []string `json:"options,omitempty"`
}

// ParseArgs reads a tool call's JSON arguments.
func ParseArgs(raw string) (Args, error) {
	var a Args
	if raw == "" {
		return a, nil
	}
	if err := json.Unmarshal([]byte(raw), &a); err != nil {
		return a, fmt.Errorf("arguments are not valid JSON: %v", err)
	}
	return a, nil
}

func obj(props map[string]any, required ...string) shared.FunctionParameters {
	if required == nil {
		required = []string{}
	}
	return shared.FunctionParameters{"type": "object", "properties": props, "required": required}
}

var (
	instructionP = map[string]any{"type": "integer", "description": "the number of the listed instruction this call serves"}
	refP         = map[string]any{"type": "string", "description": "a ref from the current context, like e5, f2e9, or m3 (a research map's)"}
	selectorP    = map[string]any{"type": "string", "description": "only after context returned markup: a CSS selector from that markup that matches exactly one element"}
)

func tool(name, desc string, params shared.FunctionParameters) openai.ChatCompletionToolUnionParam {
	return openai.ChatCompletionFunctionTool(shared.FunctionDefinitionParam{
		Name: name, Description: openai.String(desc), Parameters: params,
	})
}

// Tools are the only moves the planner has. Every action names the
// instruction it serves; prima enforces the scope in code. withJudge adds
// the judge tool, a question to the decision model that acts on nothing.
func Tools(withJudge bool) []openai.ChatCompletionToolUnionParam {
	target := func(extra map[string]any, required ...string) shared.FunctionParameters {
		p := map[string]any{"instruction": instructionP, "ref": refP, "selector": selectorP}
		for k, v := range extra {
			p[k] = v
		}
		return obj(p, append([]string{"instruction"}, required...)...)
	}
	str := func(d string) map[string]any { return map[string]any{"type": "string", "description": d} }
	tools := []openai.ChatCompletionToolUnionParam{
		tool("clickRef", "Click the element with this ref.", target(nil)),
		tool("hoverRef", "Hover the element with this ref (reveals hover-only controls).", target(nil)),
		tool("fillRef", "Replace the value of the field with this ref. The value must be one the instruction states.", target(map[string]any{"value": str("the text, exactly as the instruction gives it")}, "value")),
		tool("selectRef", "Select an option, by label or value, in the select with this ref.", target(map[string]any{"value": str("the option, as the instruction names it")}, "value")),
		tool("checkRef", "Check (or uncheck) the checkbox, radio or switch with this ref.", target(map[string]any{"checked": map[string]any{"type": "boolean"}}, "checked")),
		tool("pressKey", "Press a key (Enter, Tab, Escape, Control+A…), in the element with this ref when given.", target(map[string]any{"key": str("the key")}, "key")),
		tool("context", "Look at the page again. The first call returns the page now with fresh refs, which replace every ref you hold; a repeat call on the same page returns capped markup for controls the accessibility tree does not show.", obj(map[string]any{})),
		tool("visualClick", "Click, by appearance, an element that neither refs nor markup identify. Click only.", obj(map[string]any{"instruction": instructionP, "description": str("what the element looks like and where it is")}, "instruction", "description")),
		tool("done", "Report an instruction finished: proven with the observed change that proves it, unproven when no observed change ties to it, or failed with why.", obj(map[string]any{
			"instruction": instructionP,
			"status":      map[string]any{"type": "string", "enum": []string{"proven", "unproven", "failed"}},
			"proof":       str("the observed change, quoted from a tool result, or why it failed"),
		}, "instruction", "status")),
	}
	if withJudge {
		tools = append(tools, tool("judge", "Ask the decision model one narrow question about the page (it sees the instructions, the page and recent steps). Give options for a choice, none for a yes/no. Only a confident answer is approved; it acts on nothing.", obj(map[string]any{
			"question": str("one narrow question"),
			"options":  map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": "the answers to choose from; omit for yes/no"},
		}, "question")))
	}
	return tools
}

// SystemPrompt states the executor's rules and the ref contract.
const SystemPrompt = `You are prima's executor. You perform browser instructions exactly as listed, on element handles you are given, and prove each one.

Rules:
1. Act only on the listed instructions. An adjacent action that seems helpful is out of scope: report it as an observation in done, do not perform it.
2. Every action tool call names the number of the instruction it serves. Only the instruction marked CURRENT may be acted on.
3. For each instruction, cite the observed page change (from a tool result) that proves it. An instruction that cannot be tied to an observed change is reported unproven, never claimed as done.
4. Refs: act only on refs from the current context injection. When the page changes, or after you call context, refs from an earlier injection are dead; never reuse, adapt or invent one. A ref that fails means the context is stale: call context.
5. Never invent locators. A selector is allowed only when it appears in markup that context returned.
6. Type only values the instruction states. Never type into a field the instruction does not name.
7. When the instruction is finished, call done once for it.`

// visionPoint reads the first JSON object with a number x and a number y
// anywhere in a model's text (in a fenced block, after words, keys in
// any order); a malformed number is no point, never 0.
func visionPoint(text string) (x, y float64, ok bool) {
	for i := strings.IndexByte(text, '{'); i >= 0; {
		var p struct{ X, Y *float64 }
		if json.NewDecoder(strings.NewReader(text[i:])).Decode(&p) == nil && p.X != nil && p.Y != nil {
			return *p.X, *p.Y, true
		}
		next := strings.IndexByte(text[i+1:], '{')
		if next < 0 {
			break
		}
		i += 1 + next
	}
	return 0, 0, false
}

// Locate asks a vision model where, in a screenshot, the described element
// is, in CSS pixels of the viewport.
func (c *Client) Locate(ctx context.Context, png []byte, width, height int, description string) (float64, float64, error) {
	url := "data:image/png;base64," + base64.StdEncoding.EncodeToString(png)
	prompt := fmt.Sprintf("The image is a %dx%d screenshot of a web page. Give the center of this element as JSON {\"x\": X, \"y\": Y} in image pixels, nothing else: %s", width, height, description)
	resp, err := c.api.Chat.Completions.New(ctx, openai.ChatCompletionNewParams{
		Model: shared.ChatModel(c.name),
		Messages: []openai.ChatCompletionMessageParamUnion{
			openai.UserMessage([]openai.ChatCompletionContentPartUnionParam{
				openai.TextContentPart(prompt),
				openai.ImageContentPart(openai.ChatCompletionContentPartImageImageURLParam{URL: url}),
			}),
		},
	})
	if err != nil {
		return 0, 0, err
	}
	if len(resp.Choices) == 0 {
		return 0, 0, errors.New("the vision model returned no choice")
	}
	x, y, ok := visionPoint(resp.Choices[0].Message.Content)
	if !ok {
		return 0, 0, fmt.Errorf("the vision model gave no coordinates: %q", resp.Choices[0].Message.Content)
	}
	if x < 0 || y < 0 || x > float64(width) || y > float64(height) {
		return 0, 0, fmt.Errorf("the vision model's point (%v, %v) is outside the %dx%d screenshot", x, y, width, height)
	}
	return x, y, nil
}
