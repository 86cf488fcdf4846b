package exec

import (
	"strings"
	"testing"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/prima/export"
	"github.com/prima-dev/prima/prima/pwline"
)

// A step's changes leave the daemon cleaned in their element too, not
// only in their text: export reads the element, so a secret or a
// password left there would reach the spec it writes.
func TestCommitCleansTheElementOfEveryChange(t *testing.T) {
	in := bareInstance()
	in.eng.Masks().Add("12") // a short password: masked only where it is the whole value
	in.eng.Masks().Add("hunter2-pass")
	secrets := Secrets{"KEY": "s3cr3t-value"}
	in.pending = []export.Step{{Kind: export.Action, Line: pwLine("await page.getByRole('textbox', { name: 'Key', exact: true }).fill('s3cr3t-value');"), OK: true, Proven: true,
		Changes: []ariadiff.Change{
			ariadiff.ValueChange(ariadiff.Typed, "textbox", "Key", "", "s3cr3t-value"),
			ariadiff.ValueChange(ariadiff.Typed, "textbox", "PIN", "", "12"),
			ariadiff.ValueChange(ariadiff.Typed, "textbox", "Note", "", "my hunter2-pass, 12 times"),
			ariadiff.ValueChange(ariadiff.Typed, "textbox", "Count", "1", "123"),
		}}}
	in.commit("pw fill e5 s3cr3t-value", secrets)
	got := in.journal[0].Changes
	want := []struct{ text, to string }{
		{`textbox "Key": "" -> "{{KEY}}"`, "{{KEY}}"},
		{`textbox "PIN": "" -> "••••"`, "••••"},
		{`textbox "Note": "" -> "my ••••, 12 times"`, "my ••••, 12 times"},
		{`textbox "Count": "1" -> "123"`, "123"},
	}
	for i, w := range want {
		if got[i].Text != w.text || got[i].Of == nil || got[i].Of.To != w.to {
			t.Errorf("change %d: %q, element %+v; want %q with To %q", i, got[i].Text, got[i].Of, w.text, w.to)
		}
	}
	spec, err := export.Render(append([]export.Step{{Kind: export.Goto, Line: pwLine("await page.goto('http://127.0.0.1/a');"), URLAfter: "http://127.0.0.1/a", OK: true}}, in.journal...), export.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, leak := range []string{"s3cr3t-value", "hunter2-pass", "'12'"} {
		if strings.Contains(spec, leak) {
			t.Errorf("the spec holds %s:\n%s", leak, spec)
		}
	}
}

// pwLine is the typed line the engine records for code.
func pwLine(code string) *pwline.Line {
	l, err := pwline.Parse(code)
	if err != nil {
		panic(err)
	}
	return &l
}
