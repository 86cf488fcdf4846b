package exec

import (
	"fmt"
	"strings"

	"github.com/prima-dev/prima/envelope"
)

// ClipEchoes shortens the parts of an envelope that echo the caller's
// input (command, used line, step instructions, the error), so an
// oversized argument costs its reader a name, not its size.
func ClipEchoes(e *envelope.Envelope) {
	if e == nil {
		return
	}
	e.Command, e.Used = clip(e.Command), clip(e.Used)
	for i := range e.Steps {
		e.Steps[i].Instruction = clip(e.Steps[i].Instruction)
	}
	if e.Failure != nil {
		e.Failure.Error = clipN(e.Failure.Error, 4000)
	}
}

// clip shortens untrusted or oversized text for a message: a 100 KB
// argument is named, not echoed.
func clip(s string) string { return clipN(s, 200) }

func clipN(s string, max int) string { return envelope.Clip(s, max) }

func nonEmpty(parts ...string) []string {
	var out []string
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return out
}

// QuoteArgs writes a command's arguments as its envelope's Command
// echoes them, each quoted: set's values, do's instructions.
func QuoteArgs(args []string) string {
	var out []string
	for _, a := range args {
		out = append(out, fmt.Sprintf("%q", a))
	}
	return strings.Join(out, " ")
}

// QuoteIfSpaced quotes an argument an envelope's Command echoes only when
// it would not read as one word: a wait's text, a goal.
func QuoteIfSpaced(s string) string {
	if strings.ContainsAny(s, " \t\n\"") {
		return fmt.Sprintf("%q", s)
	}
	return s
}
