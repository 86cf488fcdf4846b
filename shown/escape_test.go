package shown

import "testing"

func TestEscapeInvisible(t *testing.T) {
	cases := []struct{ in, want string }{
		{"Save", "Save"},
		{"", ""},
		{"Sa\u200bve", `Sa\u200bve`},
		{"\ue8b6", `\ue8b6`},
		{"a\u200cb\u200dc\u2060d\ufeffe", `a\u200cb\u200dc\u2060d\ufeffe`},
		{"\u202a\u202b\u202c\u202d\u202e", `\u202a\u202b\u202c\u202d\u202e`},
		{"\u2066\u2067\u2068\u2069\u200e\u200f\u061c", `\u2066\u2067\u2068\u2069\u200e\u200f\u061c`},
		{"pay\u202egnp.exe", `pay\u202egnp.exe`},
		{"a\nb\tc\rd\x00e\x7f\u0085", `a\nb\tc\rd\u0000e\u007f\u0085`},
		{"soft\u00adhyphen", `soft\u00adhyphen`},
		{"tag\U000E0041", `tag\udb40\udc41`},
		{"café – ok ✓ 日本 \\u200b", "café – ok ✓ 日本 \\u200b"},
		{"bad \xff byte", "bad \xff byte"},
	}
	for _, c := range cases {
		if got := EscapeInvisible(c.in); got != c.want {
			t.Errorf("EscapeInvisible(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A text of several lines keeps its layout and escapes what EscapeInvisible
// escapes; escaping twice changes nothing.
func TestEscapeInvisibleText(t *testing.T) {
	for in, want := range map[string]string{
		"plain ascii, ünïcödé, 中文 and 🙂":       "plain ascii, ünïcödé, 中文 and 🙂",
		"keeps\nnewline\tand tab":              "keeps\nnewline\tand tab",
		"\u200b\u200c\u200d\u2060\ufeff":       `\u200b\u200c\u200d\u2060\ufeff`,
		"\u202a\u202b\u202c\u202d\u202e":       `\u202a\u202b\u202c\u202d\u202e`,
		"\u2066\u2067\u2068\u2069":             `\u2066\u2067\u2068\u2069`,
		"\u200e\u200f\u061c":                   `\u200e\u200f\u061c`,
		"\x00\x07\x1b\r\x7f\u0080\u0085\u009f": `\u0000\u0007\u001b\r\u007f\u0080\u0085\u009f`,
		"\u2028\u2029\u00ad":                   `\u2028\u2029\u00ad`,
		"grapheme\u034fjoiner \u3164filler":    `grapheme\u034fjoiner \u3164filler`,
		"tag \U000e0041":                       `tag \udb40\udc41`,
		`already \u200b escaped`:               `already \u200b escaped`,
		"bad \xff byte\t\u200b":                "bad \xff byte\t\\u200b",
	} {
		got := EscapeInvisibleText(in)
		if got != want {
			t.Errorf("EscapeInvisibleText(%q) = %q, want %q", in, got, want)
		}
		if again := EscapeInvisibleText(got); again != got {
			t.Errorf("escaping twice changed %q to %q", got, again)
		}
	}
}
