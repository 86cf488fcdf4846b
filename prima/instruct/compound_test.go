package instruct

import (
	"errors"
	"fmt"
	"reflect"
	"strings"
	"testing"
	"time"
)

// compoundCases hold a second instruction in an unquoted value or target:
// do refuses them rather than type the second instruction as text.
var compoundCases = []struct {
	name string
	in   string
	want CompoundError // Instruction is the input
	msg  string
}{
	{"and VERB in a fill value", "fill Bio with Ada and click Save",
		CompoundError{First: "fill Bio with Ada", Second: "click Save", Part: "value", Quoted: `fill Bio with "Ada and click Save"`},
		`the value in "fill Bio with Ada and click Save" reads as a second instruction, "click Save": give each its own instruction: "fill Bio with Ada", "click Save"; or quote the value to type it as is: fill Bio with "Ada and click Save"`},
	{", then VERB", "fill Name with Ada, then press Enter",
		CompoundError{First: "fill Name with Ada", Second: "press Enter", Part: "value", Quoted: `fill Name with "Ada, then press Enter"`}, ""},
	{"; VERB", "type hello into Message; click Send",
		CompoundError{First: "type hello into Message", Second: "click Send", Part: "target", Quoted: `type hello into "Message; click Send"`}, ""},
	{"a lone semicolon", "type hello into Message ; click Send",
		CompoundError{First: "type hello into Message", Second: "click Send", Part: "target", Quoted: `type hello into "Message ; click Send"`}, ""},
	{"then VERB", "click Save then click Close",
		CompoundError{First: "click Save", Second: "click Close", Part: "target", Quoted: `click "Save then click Close"`},
		`the target in "click Save then click Close" reads as a second instruction, "click Close": give each its own instruction: "click Save", "click Close"; or quote the name if it is one: click "Save then click Close"`},
	{"and then VERB", "check Agree and then click Continue",
		CompoundError{First: "check Agree", Second: "click Continue", Part: "target", Quoted: `check "Agree and then click Continue"`}, ""},
	{"a value before into", "type Ada and select Large into Name",
		CompoundError{First: "type Ada", Second: "select Large into Name", Part: "value", Quoted: `type "Ada and select Large" into Name`}, ""},
	{"the verb in any case", "fill Bio with Ada AND CLICK Save",
		CompoundError{First: "fill Bio with Ada", Second: "CLICK Save", Part: "value", Quoted: `fill Bio with "Ada AND CLICK Save"`}, ""},
	{"double-click in two words", "fill Bio with Ada and double click Row",
		CompoundError{First: "fill Bio with Ada", Second: "double click Row", Part: "value", Quoted: `fill Bio with "Ada and double click Row"`}, ""},
	{"a dialog verb that reads as an instruction", "click Delete and accept the dialog",
		CompoundError{First: "click Delete", Second: "accept the dialog", Part: "target", Quoted: `click "Delete and accept the" dialog`}, ""},
	{"reload at the end", "fill Bio with Ada and reload",
		CompoundError{First: "fill Bio with Ada", Second: "reload", Part: "value", Quoted: `fill Bio with "Ada and reload"`}, ""},
	{"go back", "click Save and go back",
		CompoundError{First: "click Save", Second: "go back", Part: "target", Quoted: `click "Save and go back"`}, ""},
	{"wait for", "click Save and wait for Saved",
		CompoundError{First: "click Save", Second: "wait for Saved", Part: "target", Quoted: `click "Save and wait for Saved"`}, ""},
	{"a value with a double quote is quoted with single quotes", `fill Bio with 5" screen and click Save`,
		CompoundError{First: `fill Bio with 5" screen`, Second: "click Save", Part: "value", Quoted: `fill Bio with '5" screen and click Save'`}, ""},
	{"a first part that is no instruction", "go to /profile and click Save",
		CompoundError{First: "go to /profile", Second: "click Save"},
		`"go to /profile and click Save" reads as two instructions: give each its own instruction: "go to /profile", "click Save"`},
	{"a key then a second instruction", "press Enter and click OK",
		CompoundError{First: "press Enter", Second: "click OK"}, ""},
	{"a trailing full stop is punctuation", "fill Bio with Ada and click Save.",
		CompoundError{First: "fill Bio with Ada", Second: "click Save", Part: "value", Quoted: `fill Bio with "Ada and click Save"`}, ""},
	{"a synonym that reads as an instruction", "click Add and enter 42 into Age",
		CompoundError{First: "click Add", Second: "enter 42 into Age", Part: "target", Quoted: `click "Add and enter 42 into Age"`}, ""},
	{"after a quoted value", `fill Bio with "Ada" and click Save`,
		CompoundError{First: `fill Bio with "Ada"`, Second: "click Save"}, ""},
}

func TestCompound(t *testing.T) {
	for _, c := range compoundCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.in)
			var ce *CompoundError
			if !errors.As(err, &ce) {
				t.Fatalf("Parse(%q) = %+v, %v; want a *CompoundError", c.in, got, err)
			}
			want := c.want
			want.Instruction = c.in
			if *ce != want {
				t.Errorf("Parse(%q)\n got %+v\nwant %+v", c.in, *ce, want)
			}
			if c.msg != "" && err.Error() != c.msg {
				t.Errorf("message\n got %s\nwant %s", err, c.msg)
			}
			if !reflect.DeepEqual(got, Intent{}) {
				t.Errorf("returned %+v with its error", got)
			}
			if ce.Quoted != "" {
				if _, err := Parse(ce.Quoted); err != nil {
					t.Errorf("the suggested %q does not parse: %v", ce.Quoted, err)
				}
			}
		})
	}
}

// A long instruction full of joining words is read in linear time. At
// 2 MB the gap is wide both ways: read in linear time it takes under half
// a second (seconds on a loaded machine); reading the rest again at each
// joining word (compound's bound on readings gone) takes 30 s.
func TestCompoundIsQuick(t *testing.T) {
	long := "fill Notes with " + strings.Repeat("come and go as you please and accept the terms; ", 40000)
	start := time.Now()
	in, err := Parse(long)
	if err != nil {
		t.Fatal(err)
	}
	if in.Verb != "fill" {
		t.Errorf("verb %q", in.Verb)
	}
	if d := time.Since(start); d > 10*time.Second {
		t.Errorf("Parse took %v on 2 MB", d)
	}
}

func ExampleCompoundError() {
	_, err := Parse("fill Bio with Ada and click Save")
	fmt.Println(err)
	in, _ := Parse(`fill Bio with "Ada and click Save"`)
	fmt.Printf("%s %s = %q\n", in.Verb, in.Target, in.Value)
	// Output:
	// the value in "fill Bio with Ada and click Save" reads as a second instruction, "click Save": give each its own instruction: "fill Bio with Ada", "click Save"; or quote the value to type it as is: fill Bio with "Ada and click Save"
	// fill Bio = "Ada and click Save"
}
