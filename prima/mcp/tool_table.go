package mcp

import (
	"context"
	"strings"

	"github.com/google/jsonschema-go/jsonschema"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/prima-dev/prima/prima/wire"
)

// addTableTools registers a tool for each command of the table
// (wire.Commands): its input schema from the command's params, its
// arguments decoded into the command's request by the table.
func (s *Server) addTableTools() {
	for _, cmd := range wire.Commands() {
		s.addTableTool(cmd)
	}
}

func (s *Server) addTableTool(cmd wire.Command) {
	c := s.o.Client
	var fs []field
	for _, p := range cmd.Params {
		fs = append(fs, field{name: p.Key, schema: paramSchema(p), required: p.Required})
	}
	tool := &sdk.Tool{Name: cmd.Tool(), Description: cmd.Usage + ". " + cmd.Detail, InputSchema: object(fs...), Annotations: readOnly(cmd.Title)}
	switch {
	case cmd.Destroys:
		tool.Annotations = &sdk.ToolAnnotations{Title: cmd.Title, DestructiveHint: yes(), OpenWorldHint: yes()}
	case cmd.Acts:
		tool.Description += acts
		tool.Annotations = acting(cmd.Title)
	}
	add(s, tool, func(ctx context.Context, in map[string]any) (*sdk.CallToolResult, error) {
		t := s.target(ctx)
		delete(in, instanceProperty)
		req, err := cmd.Decode(in, t)
		if err != nil {
			return nil, usagef("%s", cmd.Explain(err.Error()))
		}
		if err := wire.Configure(req, s.config); err != nil {
			return nil, err
		}
		if err := wire.Locate(ctx, req, s.o.Browser); err != nil {
			return nil, err
		}
		env, answer, err := c.Run(ctx, req)
		if answer != nil {
			return answerResult(cmd, answer)
		}
		res, err := envelopeResult(env, err)
		if cmd.Image && err == nil && !res.IsError {
			res.Content = append(res.Content, image(env)...)
		}
		return res, err
	})
}

// answerResult is a command's Answer as a tool result: the envelope it
// carries, else its text (and what to do next) beside it as JSON.
func answerResult(cmd wire.Command, a wire.Answer) (*sdk.CallToolResult, error) {
	if c, ok := a.(wire.Carrier); ok && c.Carried() != nil {
		return envelopeResult(c.Carried(), nil)
	}
	text := strings.TrimSuffix(a.Text(), "\n")
	if cmd.Next != "" {
		text += " " + cmd.Next
	}
	if n, ok := a.(wire.Noter); ok && n.Note() != "" {
		text += "\nnote: " + n.Note()
	}
	return jsonResult(text, a)
}

func paramSchema(p wire.Param) *jsonschema.Schema {
	switch {
	case len(p.Enum) > 0:
		return enum(p.Help, p.Enum...)
	case p.Kind == wire.KindText || p.Kind == wire.KindSentence:
		return text(p.Help)
	case p.Kind == wire.KindBool:
		return boolean(p.Help)
	case p.Kind == wire.KindInt:
		return integer(p.Help, 0, 0)
	case p.Kind == wire.KindWords && p.Required:
		return strs(p.Help, 1)
	case p.Kind == wire.KindWords:
		return strs(p.Help, 0)
	case p.Kind == wire.KindPairs:
		return &jsonschema.Schema{Type: "object", Description: p.Help, AdditionalProperties: &jsonschema.Schema{Type: "string"}}
	}
	return str(p.Help)
}
