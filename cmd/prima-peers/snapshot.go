package main

import (
	"encoding/json"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/prima-dev/prima/envelope"
)

var refRE = regexp.MustCompile(`\[ref=((?:f\d+)?e\d+)\]`)

// line is one line of an AI-mode aria snapshot, as prima and playwright-cli
// both print it: `- ROLE "NAME" [attr]… [ref=REF] [attr]…: TEXT`, or a
// line of prima's ### New refs (indented under `in listbox "City":`).
type line struct {
	indent          int
	role, name, ref string
	text            string
	parent          bool // ends with ":": child lines follow
}

func parseLine(l string) (line, bool) {
	t := strings.TrimLeft(l, " ")
	if !strings.HasPrefix(t, "- ") {
		return line{}, false
	}
	p := line{indent: len(l) - len(t)}
	rest := strings.TrimRight(t[2:], " ")
	end := strings.IndexAny(rest, ` :[`)
	if end < 0 {
		end = len(rest)
	}
	p.role, rest = rest[:end], rest[end:]
	if strings.HasPrefix(rest, ` "`) {
		name, n := readQuoted(rest[1:])
		p.name, rest = name, rest[1+n:]
	}
	if m := refRE.FindStringSubmatch(rest); m != nil {
		p.ref = m[1]
	}
	if strings.HasSuffix(rest, ":") {
		p.parent = true
	} else if _, after, ok := strings.Cut(rest, ": "); ok && !strings.Contains(rest[:strings.Index(rest, ": ")], "(") {
		p.text = unquote(strings.TrimSpace(after))
	}
	return p, true
}

// readQuoted reads the quoted string s starts with, and says how many
// bytes it took.
func readQuoted(s string) (string, int) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			return unquote(s[:i+1]), i + 1
		}
	}
	return strings.Trim(s, `"`), len(s)
}

func unquote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		var v string
		if err := json.Unmarshal([]byte(s), &v); err == nil {
			return v
		}
		if v, err := strconv.Unquote(s); err == nil {
			return v
		}
		return s[1 : len(s)-1]
	}
	return s
}

// findRef is the ref of the element text shows as want: its role, and its
// name as the quoted name, the line's own text, or its child lines' text
// run together (`- option [ref=e20]:` over `- mark: Ap` and `- text: ple`).
// "" when text shows none; an error when it shows several, with other refs.
func findRef(text string, want target) (string, error) {
	lines := strings.Split(envelope.ExpandRuns(text), "\n")
	var found []string
	for i, l := range lines {
		p, ok := parseLine(l)
		if !ok || p.ref == "" || !slices.Contains(strings.Split(want.Role, "|"), p.role) {
			continue
		}
		if p.name == want.Name || p.text == want.Name || (p.parent && childText(lines[i+1:], p.indent) == want.Name) {
			if len(found) == 0 || found[len(found)-1] != p.ref {
				found = append(found, p.ref)
			}
		}
	}
	switch {
	case len(found) == 0:
		return "", nil
	case len(found) > 1:
		return "", fmt.Errorf("%s is ambiguous: refs %s", want, strings.Join(found, ", "))
	}
	return found[0], nil
}

// childText runs together the text of the direct child lines below a line
// at indent.
func childText(below []string, indent int) string {
	var b strings.Builder
	child := -1
	for _, l := range below {
		p, ok := parseLine(l)
		if !ok || p.indent <= indent {
			break
		}
		if child < 0 {
			child = p.indent
		}
		if p.indent != child {
			continue
		}
		if p.text != "" {
			b.WriteString(p.text)
		} else {
			b.WriteString(p.name)
		}
	}
	return b.String()
}

// section is the body of an envelope's `### NAME` section, "" when absent.
func section(out, name string) string {
	var b strings.Builder
	in := false
	for _, l := range strings.Split(out, "\n") {
		if strings.HasPrefix(l, "### ") {
			in = strings.TrimSpace(l[4:]) == name
			continue
		}
		if in {
			b.WriteString(l)
			b.WriteByte('\n')
		}
	}
	return b.String()
}

var (
	ymlLinkRE  = regexp.MustCompile(`\]\(([^()\s]+\.ya?ml)\)`)
	outlinedRE = regexp.MustCompile(`(?m)^(outlined: |- … \d+ more: prima snapshot --grep)`)
	codeRE     = regexp.MustCompile(`(?m)^code: (\S+)`)
)

// ymlLinks are the snapshot files a playwright-cli output links,
// `- [Snapshot](.playwright-cli/page-….yml)`.
func ymlLinks(stdout string) []string {
	var out []string
	for _, m := range ymlLinkRE.FindAllStringSubmatch(stdout, -1) {
		out = append(out, m[1])
	}
	return out
}

// outlined: a prima snapshot that collapsed part of the page.
func outlined(out string) bool { return outlinedRE.MatchString(out) }

// failureCode is a prima envelope's `code:`, "" when it has none.
func failureCode(out string) string {
	if m := codeRE.FindStringSubmatch(out); m != nil {
		return m[1]
	}
	return ""
}

// evalAnswer is the string an eval printed: prima's `### Answer` and
// playwright-cli's `### Result` hold it as a JSON string.
func evalAnswer(out string) (string, bool) {
	for _, sec := range []string{"Answer", "Result"} {
		for _, l := range strings.Split(section(out, sec), "\n") {
			if l = strings.TrimSpace(l); strings.HasPrefix(l, `"`) {
				var v string
				if json.Unmarshal([]byte(l), &v) == nil {
					return v, true
				}
			}
		}
	}
	return "", false
}
