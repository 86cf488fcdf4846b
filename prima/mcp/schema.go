package mcp

import "github.com/google/jsonschema-go/jsonschema"

// The input schemas are written by hand rather than inferred from Go
// types: inference makes every slice nullable (["null","array"]), which
// some clients reject, and cannot say "one of these words".

// field is one property of an object schema.
type field struct {
	name     string
	schema   *jsonschema.Schema
	required bool
}

func req(name string, s *jsonschema.Schema) field { return field{name, s, true} }
func opt(name string, s *jsonschema.Schema) field { return field{name, s, false} }

// object is a closed object schema: an unknown property is an error the
// model can read, not a silently ignored typo.
func object(fs ...field) *jsonschema.Schema {
	s := &jsonschema.Schema{
		Type:                 "object",
		Properties:           map[string]*jsonschema.Schema{},
		AdditionalProperties: &jsonschema.Schema{Not: &jsonschema.Schema{}}, // renders as false
	}
	for _, f := range fs {
		s.Properties[f.name] = f.schema
		s.PropertyOrder = append(s.PropertyOrder, f.name)
		if f.required {
			s.Required = append(s.Required, f.name)
		}
	}
	return s
}

func str(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "string", Description: desc}
}

// text is a string that must not be empty.
func text(desc string) *jsonschema.Schema {
	s := str(desc)
	s.MinLength = jsonschema.Ptr(1)
	return s
}

func strs(desc string, minItems int) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "array", Description: desc, Items: &jsonschema.Schema{Type: "string"}}
	if minItems > 0 {
		s.MinItems = jsonschema.Ptr(minItems)
	}
	return s
}

func boolean(desc string) *jsonschema.Schema {
	return &jsonschema.Schema{Type: "boolean", Description: desc}
}

func integer(desc string, min, max float64) *jsonschema.Schema {
	s := &jsonschema.Schema{Type: "integer", Description: desc, Minimum: jsonschema.Ptr(min)}
	if max > 0 {
		s.Maximum = jsonschema.Ptr(max)
	}
	return s
}

func enum(desc string, words ...string) *jsonschema.Schema {
	s := str(desc)
	for _, w := range words {
		s.Enum = append(s.Enum, w)
	}
	return s
}
