package exec

import (
	"strings"
	"testing"
)

func TestSecrets(t *testing.T) {
	s := Secrets{"TOKEN": "hunter2-xyz", "PIN": "hunter2"}
	if err := s.Check(); err != nil {
		t.Fatal(err)
	}
	got, err := s.Fill("fill Token with {{TOKEN}} and {{PIN}}")
	if err != nil || got != "fill Token with hunter2-xyz and hunter2" {
		t.Errorf("Fill = %q, %v", got, err)
	}
	if _, err := s.Fill("{{NOPE}}"); err == nil || !strings.Contains(err.Error(), "--secret NOPE=VALUE") {
		t.Errorf("unbound name: %v", err)
	}
	if r := s.Redact(`typed: textbox "Token": "" -> "hunter2-xyz"; pin hunter2`); r != `typed: textbox "Token": "" -> "{{TOKEN}}"; pin {{PIN}}` {
		t.Errorf("Redact = %q (the longer secret must go first)", r)
	}
	mail := Secrets{"email": "ada+x@example.com"}
	if r := mail.Redact("url: /profile?user=ada%2Bx%40example.com (ada+x@example.com)"); r != "url: /profile?user={{email}} ({{email}})" {
		t.Errorf("Redact of a URL-escaped echo = %q", r)
	}
	quote := Secrets{"KEY": `o'bri"en\x`}
	for in, want := range map[string]string{
		`used: await page.getByRole('textbox', { name: 'Key', exact: true }).fill('o\'bri"en\\x');`: `used: await page.getByRole('textbox', { name: 'Key', exact: true }).fill('{{KEY}}');`,
		`typed: textbox "Key": "" -> "o'bri\"en\\x"`:                                                `typed: textbox "Key": "" -> "{{KEY}}"`,
		`command: pw fill e5 o'bri"en\x`:                                                            `command: pw fill e5 {{KEY}}`,
	} {
		if r := quote.Redact(in); r != want {
			t.Errorf("Redact of a value escaped in code or a Change:\n got %s\nwant %s", r, want)
		}
	}
	for _, bad := range []Secrets{{"A B": "long enough"}, {"X": "ab"}} {
		if bad.Check() == nil {
			t.Errorf("Check(%v) passed", bad)
		}
	}
}
