package mask

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
)

func TestMaskKeepsOrdinaryTextAndHidesPasswords(t *testing.T) {
	m := Values{}
	m.Add("hunter22")
	m.Add("12")
	m.Add(`it's\yes`)
	m.Add(`q"1`)
	for _, c := range []struct{ in, want string }{
		// A value with a quote or a backslash, as code and snapshots escape it.
		{`.fill('it\'s\\yes');`, `.fill('••••');`},
		{`textbox "Password": "" -> "it's\\yes"`, `textbox "Password": "" -> "••••"`},
		{`pw fill e5 it's\yes`, `pw fill e5 ••••`},
		{`- textbox "Password" [ref=e7]: "q\"1"`, `- textbox "Password" [ref=e7]: "••••"`},
		{`.fill('q"1');`, `.fill('••••');`},
		{`pw fill e5 hunter22`, `pw fill e5 ••••`},
		{`textbox "Password": "" -> "hunter22"`, `textbox "Password": "" -> "••••"`},
		{`xhunter22y stays`, `xhunter22y stays`},
		{"- textbox \"PIN\" [ref=e9]: 12\n- text: 12 items", "- textbox \"PIN\" [ref=e9]: ••••\n- text: 12 items"},
		{`.fill('12');`, `.fill('••••');`},
	} {
		if got := m.Text(c.in); got != c.want {
			t.Errorf("mask(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A change's names and values are masked raw, before the envelope
// escapes them: no masker guesses how a renderer escapes a value.
func TestMaskEnvelopeMasksTheFieldsOfAChange(t *testing.T) {
	m := Values{}
	m.Add("12")
	m.Add("u202e1")
	changes := func(before, after string, own bool) *envelope.Changes {
		var items []envelope.ChangeItem
		for _, c := range ariadiff.DiffText(before, after) {
			items = append(items, envelope.ChangeItem{Line: c.Parts, Own: own})
		}
		return &envelope.Changes{Groups: []envelope.ChangeGroup{{Kind: "changes", Items: items}}}
	}
	for _, c := range []struct {
		name, before, after string
		own                 bool
		want                string
	}{
		// A short password followed by more words: masked by the text
		// around it, it stood neither quoted nor at the line's end.
		{"a short value the page showed on its own", "- button \"Go\"\n", "- button \"Go\"\n- textbox \"PIN\": 12\n", true,
			`textbox "PIN": •••• (on its own)`},
		// The page's own bidi control, escaped as \u202e, is not the
		// password u202e1 spelled out.
		{"an escape that spells a password", "- textbox \"Note\"\n", "- textbox \"Note\": \"\u202e1\"\n", false,
			`textbox "Note": "" -> "\u202e1"`},
	} {
		env := &envelope.Envelope{OK: true, Changes: changes(c.before, c.after, c.own)}
		m.Envelope(env)
		if got := env.Markdown(); !strings.Contains(got, "  - "+c.want+"\n") && !strings.HasSuffix(got, "  - "+c.want) {
			t.Errorf("%s: masked\n%s\nwant the line %s", c.name, got, c.want)
		}
	}
}
