package engine

import "testing"

func TestMaskKeepsOrdinaryTextAndHidesPasswords(t *testing.T) {
	e := &Engine{masked: map[string]bool{}}
	e.MaskValue("hunter22")
	e.MaskValue("12")
	e.MaskValue(`it's\yes`)
	e.MaskValue(`q"1`)
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
		if got := e.Mask(c.in); got != c.want {
			t.Errorf("mask(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
