package envelope

import (
	"encoding/json"
	"regexp"
	"strings"

	"github.com/prima-dev/prima/shown"
)

// runItemRE is one element of a run line after its first: its part of
// the name (bare or quoted) or its whole quoted name, and its ref.
var runItemRE = regexp.MustCompile(`^,? ("(?:[^"\\]|\\.)*"|[^ ,"]+) \[ref=((?:f\d+)?e\d+)\]`)

// ExpandRuns writes each run line of a ref list (RefList's `- generic
// "December …, 2026": 1 [ref=e36], 2 [ref=e37]` and `- option "Red"
// [ref=e12], "Green" [ref=e13]`) as the line of each element it names,
// `- generic "December 1, 2026" [ref=e36]`, as a reader of the list takes
// it; other lines are left as they are.
func ExpandRuns(list string) string {
	var out []string
	for _, l := range strings.Split(list, "\n") {
		out = append(out, expandRun(l)...)
	}
	return strings.Join(out, "\n")
}

func expandRun(l string) []string {
	t := strings.TrimLeft(l, " ")
	indent := l[:len(l)-len(t)]
	role, rest, ok := strings.Cut(strings.TrimPrefix(t, "- "), ` "`)
	if !ok || !strings.HasPrefix(t, "- ") || strings.Contains(role, " ") {
		return []string{l}
	}
	raw := `"` + rest
	first, n := quoted(raw)
	pre, suf, shared := strings.Cut(first, "…")
	var names, refs []string
	switch after := raw[n:]; {
	case shared && strings.HasPrefix(after, ":"):
		rest = after[1:]
	case strings.HasPrefix(after, " [ref="):
		// Whole names: the first element's own line starts the run.
		pre, suf, rest = "", "", " "+raw
	default:
		return []string{l}
	}
	for rest != "" {
		m := runItemRE.FindStringSubmatch(rest)
		if m == nil {
			return []string{l}
		}
		rest = rest[len(m[0]):]
		part := m[1]
		if strings.HasPrefix(part, `"`) {
			part, _ = quoted(part)
		}
		names, refs = append(names, pre+part+suf), append(refs, m[2])
	}
	if len(names) < 2 {
		return []string{l}
	}
	lines := make([]string, len(names))
	for k, name := range names {
		var b strings.Builder
		b.WriteString(indent + "- " + role + " ")
		shown.WriteQuoted(&b, name)
		b.WriteString(" [ref=" + refs[k] + "]")
		lines[k] = b.String()
	}
	return lines
}

// quoted reads the JSON-style quoted string s starts with, and says how
// many bytes it took.
func quoted(s string) (string, int) {
	for i := 1; i < len(s); i++ {
		switch s[i] {
		case '\\':
			i++
		case '"':
			var v string
			if json.Unmarshal([]byte(s[:i+1]), &v) != nil {
				v = s[1:i]
			}
			return v, i + 1
		}
	}
	return strings.Trim(s, `"`), len(s)
}
