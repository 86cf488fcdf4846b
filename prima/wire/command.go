package wire

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/config"
)

// Command is one command of the table: its name, its inputs, its help and
// the request its inputs decode into. The CLI subcommand and its help, the
// MCP tool and its input schema, the client call and the daemon route all
// come from it, and the request is decoded once, here; the executor runs
// the request it gets. A command of the table is one file (cmd_NAME.go)
// that registers itself, beside the executor's file that runs it.
type Command struct {
	// Name is the CLI word and the MCP tool name. Two words ("browser
	// open") make a subcommand of a group (Groups): the tool joins them
	// with '_' (browser_open), the route with '/'.
	Name   string
	Usage  string // one line: the CLI's usage and the tool description's head
	Detail string // the rest of the tool's description: what it answers, when to use it
	Title  string // the tool's title
	// Acts: it can change the page or the browser's state (MCP: not
	// read-only), so its envelope carries Changes.
	Acts bool
	// Image: its envelope's PNG artifact is the answer an MCP call returns
	// beside the envelope.
	Image bool
	// Raw: the CLI prints an ok envelope's Answer alone, for a pipe or a
	// file (--json still prints the envelope).
	Raw bool
	// Destroys: it ends what the caller had (MCP: destructive).
	Destroys bool
	// Again: it may be sent again when no answer came though it acts,
	// since doing it twice does what doing it once does (opening the open
	// browser reuses it).
	Again bool
	// Answer, when set, is a new value of what the command answers
	// instead of an envelope (browser list's listing); the surfaces print
	// its Text.
	Answer func() Answer
	// Local, when set, answers the request where the caller is, without
	// the daemon (a goal file's check): it has nothing to add.
	Local func(Request) Answer
	// Next is what an MCP caller is told to do after a text Answer.
	Next   string
	Params []Param
	// Normalize reads a surface's shorthand into the params' form before
	// they are checked (pw's line given as its one word).
	Normalize func(values map[string]any)
	New       func() Request // a new request; its JSON fields are the params' keys
}

// Kind is what a param takes.
type Kind string

const (
	KindText   Kind = "text"   // a string that must not be blank
	KindString Kind = "string" // any string
	KindBool   Kind = "bool"   // a switch
	KindInt    Kind = "int"    // a whole number, 0 or more
	// KindWords is a list of strings: the CLI's words left after the word
	// params before it (the last word param only), or a flag given once
	// per string.
	KindWords Kind = "words"
	// KindSentence is a string that must not be blank: the CLI's words
	// left after the word params before it, joined by spaces, so a claim
	// needs no quotes.
	KindSentence Kind = "sentence"
	// KindPairs is NAME=VALUE pairs: a CLI flag given once per pair, an
	// MCP object of strings.
	KindPairs Kind = "pairs"
	// KindDuration is a time above 0, like 90s (a JSON number is seconds).
	KindDuration Kind = "duration"
)

// Param is one input of a command: a positional word of the CLI (Word) or
// a --flag, and one property of the MCP tool's input.
type Param struct {
	Key      string // the request's JSON field; the flag is Key with '-' for '_'
	Kind     Kind
	Help     string
	Word     bool     // a positional CLI word, taken in the order of Params
	Required bool     // (words) it must be given
	Enum     []string // the words it takes, when it is one of a few
	Alias    string   // (flags) a one-letter CLI alias: -i
}

// Flag is the param's CLI flag name.
func (p Param) Flag() string { return strings.ReplaceAll(p.Key, "_", "-") }

// Meta is how the CLI's usage names a word: KEY, or KEY... for words.
func (p Param) Meta() string {
	switch {
	case len(p.Enum) > 0:
		return strings.Join(p.Enum, "|")
	case p.Kind == KindWords:
		return strings.ToUpper(p.Key) + "..."
	case p.Kind == KindPairs:
		return "NAME=VALUE"
	}
	return strings.ToUpper(p.Key)
}

// Route is the command's daemon route.
func (c Command) Route() string { return "/v0/" + strings.ReplaceAll(c.Name, " ", "/") }

// Tool is the command's MCP tool name.
func (c Command) Tool() string { return strings.ReplaceAll(c.Name, " ", "_") }

// Group is the first of a two-word name and the word after it ("browser",
// "open"), or "" and the name.
func (c Command) Group() (group, word string) {
	if g, w, ok := strings.Cut(c.Name, " "); ok {
		return g, w
	}
	return "", c.Name
}

// Groups are the words that gather subcommands of the table, with the
// CLI's usage line of each.
var Groups = map[string]string{"browser": "Open, list and close browsers"}

// Answer is what a command answers instead of an envelope.
type Answer interface {
	// Text is the answer for people: the CLI prints it, an MCP tool
	// returns it beside the answer as JSON.
	Text() string
}

// Carrier is an Answer that may carry an envelope (browser open's URL
// loaded): the surfaces print that instead, its exit code included.
type Carrier interface{ Carried() *envelope.Envelope }

// Noter is an Answer that may carry a note for the caller (the CLI's
// stderr).
type Noter interface{ Note() string }

// ArgsUsage is the CLI's usage line of the words: `JS [TARGET]`.
func (c Command) ArgsUsage() string {
	var ws []string
	for _, p := range c.Params {
		if !p.Word {
			continue
		}
		if p.Required {
			ws = append(ws, p.Meta())
		} else {
			ws = append(ws, "["+p.Meta()+"]")
		}
	}
	return strings.Join(ws, " ")
}

var (
	commands = map[string]Command{}
	byType   = map[reflect.Type]Command{}
)

// register adds a command to the table; each cmd_NAME.go calls it once.
func register(c Command) {
	if _, dup := commands[c.Name]; dup {
		panic("wire: command " + c.Name + " registered twice")
	}
	commands[c.Name] = c
	byType[reflect.TypeOf(c.New())] = c
	if c.Local == nil {
		Requests[c.Route()] = c.New
	}
}

// CommandOf is the table's command whose request req is; false for a
// request of a command not on the table.
func CommandOf(req Request) (Command, bool) {
	c, ok := byType[reflect.TypeOf(req)]
	return c, ok
}

// Rereadable: route's request may be sent again when no answer came,
// since asking twice changes nothing asking once would not. The table's
// commands that do not act are; the rest are listed.
func Rereadable(route string) bool {
	switch route {
	case RouteStatus:
		return true
	}
	c, ok := commands[strings.ReplaceAll(strings.TrimPrefix(route, "/v0/"), "/", " ")]
	return ok && c.Route() == route && (!c.Acts || c.Again)
}

// Commands is the table, sorted by name.
func Commands() []Command {
	out := make([]Command, 0, len(commands))
	for _, c := range commands {
		out = append(out, c)
	}
	slices.SortFunc(out, func(a, b Command) int { return strings.Compare(a.Name, b.Name) })
	return out
}

// Words gives the CLI's positional words to the word params: the required
// ones first take a word each, in order, and the optional ones the words
// left over, in order (`get attr NAME TARGET` and `get text TARGET`). Too
// few or too many words is a usage error that says what the command takes.
func (c Command) Words(words []string, values map[string]any) error {
	var params []Param
	required := 0
	for _, p := range c.Params {
		if p.Word {
			params = append(params, p)
			if p.Required {
				required++
			}
		}
	}
	if n := len(params); n > 0 && (params[n-1].Kind == KindWords || params[n-1].Kind == KindSentence) {
		return c.restWords(params, words, values)
	}
	spare := len(words) - required
	if spare < 0 || spare > len(params)-required {
		return c.wrongWords(len(words))
	}
	i := 0
	for _, p := range params {
		if !p.Required {
			if spare == 0 {
				continue
			}
			spare--
		}
		values[p.Key] = words[i]
		i++
	}
	return nil
}

// wrongWords is the usage error of a CLI given n words it cannot take.
func (c Command) wrongWords(n int) error {
	takes, got := c.ArgsUsage(), fmt.Sprintf("%d words", n)
	if takes == "" {
		takes = "no words"
	}
	if n == 1 {
		got = "1 word"
	}
	return usagef("it takes %s (got %s)", takes, got)
}

// restWords gives each word param before the last one word, in order
// (an optional one none when the words ran out), and the last (KindWords,
// KindSentence) the rest.
func (c Command) restWords(params []Param, words []string, values map[string]any) error {
	last := params[len(params)-1]
	i := 0
	for _, p := range params[:len(params)-1] {
		if i == len(words) {
			if p.Required {
				return c.wrongWords(len(words))
			}
			break
		}
		values[p.Key] = words[i]
		i++
	}
	switch rest := words[i:]; {
	case len(rest) == 0:
	case last.Kind == KindSentence:
		values[last.Key] = strings.Join(rest, " ")
	default:
		values[last.Key] = rest
	}
	return nil
}

// Decode builds the command's request for the browser t from values keyed
// by param (a CLI's words and flags, an MCP call's arguments), and checks
// it: an unknown key, a blank text, a word not in the enum, a missing
// required param, and the request's own Validate are usage errors, worded
// to follow the command's name ("get: attr needs …"), which the surfaces
// put before them.
func (c Command) Decode(values map[string]any, t Target) (Request, error) {
	values = maps.Clone(values)
	if c.Normalize != nil {
		c.Normalize(values)
	}
	for k := range values {
		if !slices.ContainsFunc(c.Params, func(p Param) bool { return p.Key == k }) {
			return nil, usagef("it takes no %q (it takes %s)", k, c.keys())
		}
	}
	if err := c.checkParams(values); err != nil {
		return nil, err
	}
	b, err := json.Marshal(values)
	if err != nil {
		return nil, usagef("%v", err)
	}
	req := c.New()
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(req); err != nil {
		return nil, usagef("%v", err)
	}
	w, ok := req.(interface{ setWhere(Target) })
	if !ok {
		return nil, fmt.Errorf("%s: its request %T does not embed a Target", c.Name, req)
	}
	w.setWhere(t)
	if l, ok := req.(interface{ load() error }); ok {
		// What the request names where the caller is (a goal file).
		if err := l.load(); err != nil {
			return nil, err
		}
	}
	if err := req.Validate(); err != nil {
		return nil, err
	}
	return req, nil
}

// checkParams applies the params' own rules to values: a required one
// given, a text not blank, a word of the enum. A JSON number for a string
// param (a model gives a tab's number so) becomes the word the CLI would
// have given.
func (c Command) checkParams(values map[string]any) error {
	for _, p := range c.Params {
		v, given := values[p.Key]
		if n, isNumber := v.(float64); isNumber && (p.Kind == KindText || p.Kind == KindString || p.Kind == KindSentence) {
			v = strconv.FormatFloat(n, 'f', -1, 64)
			values[p.Key] = v
		}
		if n, isNumber := v.(float64); isNumber && p.Kind == KindDuration {
			v = strconv.FormatFloat(n, 'f', -1, 64) + "s"
			values[p.Key] = v
		}
		if given && p.Kind == KindPairs {
			m, err := pairs(p, v)
			if err != nil {
				return err
			}
			v = m
			values[p.Key] = m
		}
		s, isString := v.(string)
		if !validUTF8(v) {
			// JSON would make it valid on the way, as another text.
			return usagef("%s is not valid UTF-8", p.Meta())
		}
		switch {
		case !given && p.Required:
			return usagef("%s is missing: %s", p.Meta(), p.Help)
		case given && (p.Kind == KindText || p.Kind == KindSentence) && isString && strings.TrimSpace(s) == "":
			return usagef("%s is blank: %s", p.Meta(), p.Help)
		case given && len(p.Enum) > 0 && !slices.Contains(p.Enum, s):
			return usagef("%q is not one of %s", v, strings.Join(p.Enum, ", "))
		case given && p.Kind == KindDuration:
			if d, err := time.ParseDuration(s); err != nil || d <= 0 {
				return usagef("--%s %q: give a time above 0, like 90s", p.Flag(), v)
			}
		}
	}
	return nil
}

// Check is what the daemon asks of every request it decodes, since it
// trusts no client to have decoded it through the table: a table
// command's request keeps its params' rules (as Decode applies them) and
// every request its own Validate.
func Check(req Request) error {
	if c, ok := CommandOf(req); ok {
		b, err := json.Marshal(req)
		if err != nil {
			return usagef("%v", err)
		}
		all := map[string]any{}
		if err := json.Unmarshal(b, &all); err != nil {
			return usagef("%v", err)
		}
		values := map[string]any{}
		for _, p := range c.Params {
			if v, ok := all[p.Key]; ok && v != nil {
				values[p.Key] = v
			}
		}
		if err := c.checkParams(values); err != nil {
			return usagef("%s: %s", c.Name, err.(*UsageError).Msg)
		}
	}
	return req.Validate()
}

func (c Command) keys() string {
	var ks []string
	for _, p := range c.Params {
		ks = append(ks, p.Key)
	}
	if len(ks) == 0 {
		return "nothing"
	}
	return strings.Join(ks, ", ")
}

// setWhere points a request embedding Target at the browser t.
func (t *Target) setWhere(x Target) { *t = x }

// Configured is embedded by the requests that carry the caller's
// configuration (prima.json and its environment, read where the caller
// runs): the models do, go, verify and goal use.
type Configured struct {
	Config config.Config `json:"config"`
}

func (c *Configured) configure(cfg config.Config) { c.Config = cfg }

// Configure gives req the caller's configuration from load, when req
// carries one (load is not called otherwise).
func Configure(req Request, load func() (config.Config, error)) error {
	c, ok := req.(interface{ configure(config.Config) })
	if !ok {
		return nil
	}
	cfg, err := load()
	if err != nil {
		return err
	}
	c.configure(cfg)
	return nil
}

// Explain is a usage message as a surface prints it: after the command's
// name, unless it already begins with it (pw fill takes one value).
func (c Command) Explain(msg string) string {
	if strings.HasPrefix(msg, c.Name+" ") {
		return msg
	}
	return c.Name + ": " + msg
}

// pairs reads a KindPairs value: NAME=VALUE words (the CLI's), or an
// object of strings (MCP's, or a request the daemon decodes).
func pairs(p Param, v any) (map[string]any, error) {
	out := map[string]any{}
	switch x := v.(type) {
	case map[string]any:
		for k, s := range x {
			if _, ok := s.(string); !ok || k == "" {
				return nil, usagef("%s %q: each value is a string, under a name", p.Key, k)
			}
			out[k] = s
		}
		return out, nil
	case []string:
		v = toAny(x)
	}
	l, ok := v.([]any)
	if !ok {
		return nil, usagef("%s: give NAME=VALUE pairs", p.Key)
	}
	for _, w := range l {
		s, _ := w.(string)
		k, val, ok := strings.Cut(s, "=")
		if !ok || k == "" {
			return nil, usagef("--%s %q: write NAME=VALUE", p.Flag(), s)
		}
		out[k] = val
	}
	return out, nil
}

func toAny(ss []string) []any {
	out := make([]any, len(ss))
	for i, s := range ss {
		out[i] = s
	}
	return out
}

// validUTF8: a string, or each string of a list or an object, is valid
// UTF-8.
func validUTF8(v any) bool {
	switch x := v.(type) {
	case string:
		return utf8.ValidString(x)
	case []string:
		for _, s := range x {
			if !utf8.ValidString(s) {
				return false
			}
		}
	case []any:
		for _, s := range x {
			if !validUTF8(s) {
				return false
			}
		}
	case map[string]any:
		for k, s := range x {
			if !utf8.ValidString(k) || !validUTF8(s) {
				return false
			}
		}
	}
	return true
}
