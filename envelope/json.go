package envelope

import (
	"bytes"
	"encoding/json"
)

// JSON renders the same content as Markdown as one compact JSON object with snake_case keys,
// in the same order: ok, command, used, ref, proven, code, extra, page (url, prev_url, redirected,
// title, state, visit), changes, events, answer, verdict, research, snapshot, steps, failure,
// current_page, artifacts. Empty fields are omitted except `ok`; `changes` is present exactly
// when the Changes section would be, as {"no_change":true} or as group kinds in the caller's
// order plus `more`. `code`, `failure` and `current_page` appear only when ok is false. Texts
// carry invisible characters as literal `\u200b` escapes (shown.EscapeInvisibleText) and the
// failure is bounded (Failure.Bounded), exactly as in Markdown.
//
// This rendering is for readers of --json and MCP. Between daemon and CLI the Envelope travels
// whole, unbounded, under the same snake_case names (its JSON tags).
func (e *Envelope) JSON() ([]byte, error) {
	o := object{{"ok", e.OK}}
	if e.Goal != nil {
		g := object{{"goal", one(e.Goal.Goal)}}
		g.body("verify", e.Goal.Verify)
		g.str("stop", one(e.Goal.Stop))
		o = append(o, member{"goal", g})
	}
	o.str("command", one(e.Command))
	o.str("used", one(e.Used))
	o.str("ref", one(e.Ref))
	if e.Proven != nil {
		o = append(o, member{"proven", object{{"n", e.Proven.N}, {"m", e.Proven.M}}})
	}
	if !e.OK {
		o.str("code", one(string(e.Code)))
	}
	if len(e.Extra) > 0 {
		extra := make([]object, 0, len(e.Extra))
		for _, kv := range e.Extra {
			extra = append(extra, object{{"key", one(kv.Key)}, {"value", one(kv.Value)}})
		}
		o = append(o, member{"extra", extra})
	}
	o.obj("page", jsonPage(e.Page))
	if e.Changes != nil {
		o = append(o, member{"changes", jsonChanges(e.Changes)})
	}
	if ev := nonBlank(e.Events); len(ev) > 0 {
		o = append(o, member{"events", ones(ev)})
	}
	o.body("answer", e.Answer)
	o.obj("verdict", jsonVerdict(e.Verdict))
	o.body("research", e.Research)
	o.body("snapshot", e.Snapshot)
	if len(e.Steps) > 0 {
		steps := make([]object, 0, len(e.Steps))
		for _, s := range e.Steps {
			so := object{{"n", s.N}, {"status", one(s.Status)}, {"instruction", one(s.Instruction)}}
			so.str("proof", one(s.Proof))
			steps = append(steps, so)
		}
		o = append(o, member{"steps", steps})
	}
	if !e.OK {
		if e.Failure != nil {
			f := e.Failure.Bounded()
			var fo object
			fo.body("error", f.Error)
			if len(f.CallLog) > 0 {
				fo = append(fo, member{"call_log", ones(f.CallLog)})
			}
			o.obj("failure", fo)
		}
		o.body("current_page", e.CurrentPage)
	}
	if as := present(e.Artifacts); len(as) > 0 {
		ao := make([]object, 0, len(as))
		for _, a := range as {
			ao = append(ao, object{{"name", one(a.Name)}, {"path", one(a.Path)}})
		}
		o = append(o, member{"artifacts", ao})
	}
	return encode(o)
}

func jsonPage(p *Page) object {
	if p == nil {
		return nil
	}
	var o object
	o.str("url", one(p.URL))
	if p.URL != "" && p.PrevURL != p.URL {
		o.str("prev_url", one(p.PrevURL))
	}
	o.str("redirected", redirectLine(p))
	o.str("title", one(p.Title))
	if p.State != "" {
		o.str("state", one(p.State))
		if p.Visit != 0 {
			o = append(o, member{"visit", p.Visit})
		}
	}
	return o
}

// jsonChanges keys groups by kind; groups of the same kind are merged so the object never
// carries a duplicate key.
func jsonChanges(c *Changes) object {
	var o object
	idx := map[string]int{}
	for _, g := range c.Groups {
		if len(g.Items) == 0 {
			continue
		}
		kind := one(g.Kind)
		if i, ok := idx[kind]; ok {
			o[i].val = append(o[i].val.([]string), itemLines(g.Items)...)
			continue
		}
		idx[kind] = len(o)
		o = append(o, member{kind, itemLines(g.Items)})
	}
	if c.More > 0 {
		o = append(o, member{"more", c.More})
	}
	if len(o) == 0 {
		return object{{"no_change", true}}
	}
	return o
}

// itemLines are a group's entries as JSON lists them, one string each.
func itemLines(items []ChangeItem) []string {
	out := make([]string, len(items))
	for i, it := range items {
		out[i] = one(it.String())
	}
	return out
}

func jsonVerdict(v *Verdict) object {
	if v == nil {
		return nil
	}
	var o object
	o.str("result", one(v.Result))
	o.str("reason", one(v.Reason))
	if len(v.Assertions) > 0 {
		o = append(o, member{"assertions", ones(v.Assertions)})
	}
	o.str("judgement", one(v.Judgement))
	return o
}

// object is a JSON object that keeps its members in insertion order; the envelope's
// reading order (result first, page data last) matters to a model reading it.
type object []member

type member struct {
	key string
	val any
}

func (o *object) str(key, val string) {
	if val != "" {
		*o = append(*o, member{key, val})
	}
}

// body adds a multi-line body with normalised line endings; no ### guard is needed in JSON.
func (o *object) body(key, val string) {
	if !blank(val) {
		*o = append(*o, member{key, body(val)})
	}
}

func (o *object) obj(key string, val object) {
	if len(val) > 0 {
		*o = append(*o, member{key, val})
	}
}

// MarshalJSON writes the members in order.
func (o object) MarshalJSON() ([]byte, error) {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, m := range o {
		if i > 0 {
			b.WriteByte(',')
		}
		k, err := encode(m.key)
		if err != nil {
			return nil, err
		}
		v, err := encode(m.val)
		if err != nil {
			return nil, err
		}
		b.Write(k)
		b.WriteByte(':')
		b.Write(v)
	}
	b.WriteByte('}')
	return b.Bytes(), nil
}

// encode marshals without HTML escaping: selectors and titles are full of < > & and
// `\u003c` would cost tokens and readability for nothing.
func encode(v any) ([]byte, error) {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		return nil, err
	}
	return bytes.TrimSuffix(b.Bytes(), []byte("\n")), nil
}
