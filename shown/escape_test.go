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
