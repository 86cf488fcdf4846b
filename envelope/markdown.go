package envelope

import (
	"fmt"
	"net/url"
	"os"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/shown"
)

// Markdown renders the envelope as markdown sections in a fixed order, each only when it
// has content, separated by one blank line and ending in a single newline. It costs no
// more than it says: the command is printed only on a failure, a navigation's used:
// line not when it is the goto of the address printed below it, the page's address and
// title only when the command changed them or there was no page before (the address it
// left as `(from …)`), the state only when the command brought it back to a page visited
// before, and the Page section not
// at all when none of these is left to print (JSON has all). The order is
// Result, Page, Changes, Events, Answer, Verdict, Research, Snapshot, Steps, Failure,
// Current page (compact ARIA), Artifacts; Failure and Current page only when OK is false.
// Every name, value and text is printed with invisible and bidi characters escaped (see
// shown.EscapeInvisibleText), and the Failure section is bounded (see Failure.Bounded).
func (e *Envelope) Markdown() string {
	var sections []string
	add := func(title, body string) {
		if body != "" {
			sections = append(sections, "### "+title+"\n"+body)
		}
	}
	if e.Goal != nil {
		add("Goal", mdBody(e.Goal.Goal))
		add("Verify", mdBody(e.Goal.Verify))
	}
	add("Result", e.mdResult())
	add("Page", mdPage(e.Page))
	add("Changes", mdChanges(e.Changes))
	add("New refs", RefList(e.NewRefs, e.MoreRefs))
	add("Events", mdList(e.Events))
	add("Answer", mdBody(e.Answer))
	add("Verdict", mdVerdict(e.Verdict))
	add("Research", mdBody(e.Research))
	add("Snapshot", mdBody(e.Snapshot))
	add("Steps", mdSteps(e.Steps))
	if !e.OK {
		add("Failure", mdFailure(e.Failure))
		add("Current page (compact ARIA)", mdBody(e.CurrentPage))
	}
	add("Artifacts", mdArtifacts(e.Artifacts))
	return strings.Join(sections, "\n\n") + "\n"
}

// RefList lists the refs at the top level, and those in a named
// container under one `in <container>:` line for each run of them (under
// the container's own line when it is listed right before them): New
// refs, and `snapshot --interactive`. A run of elements of one role whose
// names differ only in a middle part (a calendar's days, a table's rows)
// is one line naming that part of each, beside its ref.
func RefList(refs []NewRef, more int) string {
	var b strings.Builder
	in := ""
	for i := 0; i < len(refs); {
		r := refs[i]
		text, n := one(r.Ref), 1
		if j := runEnd(refs, i); j-i >= minRun {
			text, n = runLine(refs[i:j]), j-i
		}
		switch {
		case n == 1 && r.In == "" && r.ID != "" && i+1 < len(refs) && refs[i+1].In == strings.TrimSuffix(r.Ref, " [ref="+r.ID+"]"):
			// A container whose elements come next heads them, as
			// in a snapshot, instead of being named twice.
			b.WriteString("- " + text + ":\n")
			in = refs[i+1].In
			i++
			continue
		case r.In == "":
			b.WriteString("- " + text + "\n")
		case r.In == in:
			b.WriteString("  - " + text + "\n")
		default:
			b.WriteString("in " + one(r.In) + ":\n  - " + text + "\n")
		}
		in = r.In
		i += n
	}
	if more > 0 {
		// On a big page the snapshot is outlined: --grep finds one.
		fmt.Fprintf(&b, "- … %d more: prima snapshot --grep TEXT finds one\n", more)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// minRun is the shortest run of refs RefList prints as one line.
const minRun = 4

// runEnd is the end of the run of refs from i on: one role, one
// container, each only a role, a name and a ref.
func runEnd(refs []NewRef, i int) int {
	j := i
	for j < len(refs) && refs[j].ID != "" && refs[j].Name != "" && refs[j].Role == refs[i].Role && refs[j].In == refs[i].In {
		j++
	}
	return j
}

// runLine prints a run of refs as one line, `generic "December …, 2026":
// 1 [ref=e36], 2 [ref=e37], …`: the name the run's names share around
// the part that differs, then that part of each with its ref. Names that
// share too little, or one of which holds the ellipsis the shared name
// would read as the part that differs, are each printed whole after the
// role: `option "Red" [ref=e12], "Green" [ref=e13], …`.
func runLine(run []NewRef) string {
	names := make([]string, len(run))
	whole := false
	for k, r := range run {
		whole = whole || strings.Contains(r.Name, "…")
		names[k] = r.Name
	}
	var b strings.Builder
	pre, suf := sharedEnds(names)
	if whole || len(pre)+len(suf) < 4 {
		b.WriteString(run[0].Role)
		for k, r := range run {
			if k > 0 {
				b.WriteString(",")
			}
			b.WriteString(" ")
			shown.WriteQuoted(&b, r.Name)
			b.WriteString(" [ref=" + r.ID + "]")
		}
		return b.String()
	}
	b.WriteString(run[0].Role + " ")
	shown.WriteQuoted(&b, pre+"…"+suf)
	b.WriteString(":")
	for k, r := range run {
		if k > 0 {
			b.WriteString(",")
		}
		b.WriteString(" ")
		writePart(&b, r.Name[len(pre):len(r.Name)-len(suf)])
		b.WriteString(" [ref=" + r.ID + "]")
	}
	return b.String()
}

// writePart writes a run's differing part bare when it is one word or
// number, else quoted, so that a comma or a bracket in it never reads as
// the list's own.
func writePart(b *strings.Builder, p string) {
	for _, r := range p {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			shown.WriteQuoted(b, p)
			return
		}
	}
	b.WriteString(p)
}

// sharedEnds is the longest prefix and suffix all names share, the
// prefix ending and the suffix starting with a rune that is no letter or
// digit (so neither cuts a word or a number), with a part left between
// them in every name; "", "" when there is none.
func sharedEnds(names []string) (pre, suf string) {
	pre = names[0]
	for _, n := range names[1:] {
		for !strings.HasPrefix(n, pre) {
			_, size := utf8.DecodeLastRuneInString(pre)
			pre = pre[:len(pre)-size]
		}
	}
	for pre != "" {
		r, size := utf8.DecodeLastRuneInString(pre)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		pre = pre[:len(pre)-size]
	}
	suf = names[0][len(pre):]
	for _, n := range names[1:] {
		for !strings.HasSuffix(n[len(pre):], suf) {
			_, size := utf8.DecodeRuneInString(suf)
			suf = suf[size:]
		}
	}
	for suf != "" {
		r, size := utf8.DecodeRuneInString(suf)
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			break
		}
		suf = suf[size:]
	}
	for _, n := range names {
		if len(n) <= len(pre)+len(suf) {
			return "", ""
		}
	}
	return pre, suf
}
func (e *Envelope) mdResult() string {
	var b strings.Builder
	b.WriteString("ok: " + strconv.FormatBool(e.OK) + "\n")
	if !e.OK {
		// The caller sent the command; a failure names it for the log
		// it may land in.
		line(&b, "command", e.Command)
	}
	if !e.usedRepeatsURL() {
		line(&b, "used", e.Used)
	}
	if e.Proven != nil {
		fmt.Fprintf(&b, "proven: %d/%d\n", e.Proven.N, e.Proven.M)
	}
	if !e.OK {
		line(&b, "code", string(e.Code))
	}
	for _, kv := range e.Extra {
		b.WriteString(one(kv.Key) + ": " + one(kv.Value) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// line writes `key: value` when value is set, flattened to one line.
func line(b *strings.Builder, key, value string) {
	if value != "" {
		b.WriteString(key + ": " + one(value) + "\n")
	}
}

func mdPage(p *Page) string {
	if p == nil {
		return ""
	}
	var b strings.Builder
	same := p.PrevURL != "" && p.PrevURL == p.URL && p.PrevTitle == p.Title && p.Redirected == ""
	if same && p.PrevState == p.State {
		return ""
	}
	if p.URL != "" && !same {
		b.WriteString("url: " + one(p.URL))
		// A blank tab is no address the page left.
		if from, _, ok := urlChange(p.PrevURL, p.URL); ok && p.PrevURL != "about:blank" {
			b.WriteString("   (from " + one(from) + ")")
		}
		b.WriteString("\n")
	}
	line(&b, "redirected", redirectLine(p))
	if !same {
		line(&b, "title", p.Title)
	}
	// A state's id repeats the address and title; it says something new
	// only when the command brought the instance back to a page it has
	// been on before (a loop). On the same page a widget that opens and
	// closes comes back to a state seen before as a matter of course.
	if p.State != "" && p.Visit > 1 && !same {
		fmt.Fprintf(&b, "state: %s (visit #%d)\n", one(p.State), p.Visit)
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// usedRepeatsURL: a navigation whose used: line is the goto of the address
// the Page section prints says nothing that line does not.
func (e *Envelope) usedRepeatsURL() bool {
	return e.Page != nil && e.Page.URL != "" && e.Used == "await page.goto('"+e.Page.URL+"');"
}

// urlChange reports how to show a navigation from prev to cur: paths only when the origin is
// unchanged (the origin is already on the url line), full URLs when it moved.
func urlChange(prev, cur string) (from, to string, changed bool) {
	if prev == "" || prev == cur {
		return "", "", false
	}
	pu, err1 := url.Parse(prev)
	cu, err2 := url.Parse(cur)
	if err1 != nil || err2 != nil || pu.Host == "" || pu.Opaque != "" || cu.Opaque != "" ||
		!strings.EqualFold(pu.Scheme, cu.Scheme) || !strings.EqualFold(pu.Host, cu.Host) {
		return prev, cur, true
	}
	return pathOf(pu), pathOf(cu), true
}

// pathOf is the path, query and fragment of u; the fragment is kept so that a hash-only
// navigation does not read as `/a -> /a`.
func pathOf(u *url.URL) string {
	s := u.EscapedPath()
	if s == "" {
		s = "/"
	}
	if u.ForceQuery || u.RawQuery != "" {
		s += "?" + u.RawQuery
	}
	if u.Fragment != "" {
		s += "#" + u.EscapedFragment()
	}
	return s
}

func mdChanges(c *Changes) string {
	if c == nil {
		return ""
	}
	var b strings.Builder
	for _, g := range c.Groups {
		if len(g.Items) == 0 {
			continue
		}
		b.WriteString(one(g.Kind) + ":\n")
		for _, it := range g.Items {
			b.WriteString("  - " + one(it.String()) + "\n")
		}
	}
	if c.More > 0 {
		fmt.Fprintf(&b, "+%d more\n", c.More)
	}
	if b.Len() == 0 {
		return "no change"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// mdBody emits a multi-line body verbatim except that no line may start like a section:
// page text can contain anything, so a line beginning with ### gets a leading space. Any
// ### prefix is guarded, not only `### `, so that no reader's notion of a heading is fooled.
func mdBody(s string) string {
	if blank(s) {
		return ""
	}
	lines := strings.Split(body(s), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "###") {
			lines[i] = " " + l
		}
	}
	return strings.Join(lines, "\n")
}

func mdVerdict(v *Verdict) string {
	if v == nil {
		return ""
	}
	var b strings.Builder
	line(&b, "result", v.Result)
	line(&b, "reason", v.Reason)
	if len(v.Assertions) > 0 {
		b.WriteString("assertions:\n")
		for _, a := range v.Assertions {
			b.WriteString("  - " + one(a) + "\n")
		}
	}
	if v.Judgement != "" {
		b.WriteString("judgement: " + one(v.Judgement) + " (a judgement, not an assertion)\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// statusWidth aligns the instruction column: the longest status, `unproven`, plus two spaces.
const statusWidth = 10

func mdSteps(steps []Step) string {
	var b strings.Builder
	for _, s := range steps {
		status := one(s.Status)
		pad := max(statusWidth-len(status), 1)
		fmt.Fprintf(&b, "%d. %s%s%s", s.N, status, strings.Repeat(" ", pad), one(s.Instruction))
		if s.Proof != "" {
			b.WriteString(" — " + one(s.Proof))
		}
		b.WriteString("\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// mdList renders lines as a `- ` list, blank lines left out.
func mdList(ls []string) string {
	var b strings.Builder
	for _, l := range nonBlank(ls) {
		b.WriteString("- " + one(l) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

func mdFailure(fp *Failure) string {
	if fp == nil {
		return ""
	}
	f := fp.Bounded()
	parts := []string{}
	if body := mdBody(f.Error); body != "" {
		parts = append(parts, body)
	}
	if len(f.CallLog) > 0 {
		var b strings.Builder
		b.WriteString("call log:")
		for _, l := range f.CallLog {
			b.WriteString("\n  " + callLogItem(one(l)))
		}
		parts = append(parts, b.String())
	}
	return strings.Join(parts, "\n")
}

// callLogItem makes one call-log line a list item, keeping Playwright's nesting (its
// indentation) and not doubling a `- ` the line already carries.
func callLogItem(l string) string {
	rest := strings.TrimLeft(l, " \t")
	indent := l[:len(l)-len(rest)]
	return indent + "- " + strings.TrimPrefix(rest, "- ")
}

func mdArtifacts(as []Artifact) string {
	var b strings.Builder
	for _, a := range present(as) {
		b.WriteString("- " + one(a.Name) + ": " + one(a.Path) + "\n")
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// present keeps the artifacts whose file exists and is non-empty at render time, so the
// envelope never points at a file that has nothing to read.
func present(as []Artifact) []Artifact {
	var out []Artifact
	for _, a := range as {
		fi, err := os.Stat(a.Path)
		if err != nil || !fi.Mode().IsRegular() || fi.Size() == 0 {
			continue
		}
		if a.Name == "" {
			a.Name = fi.Name()
		}
		out = append(out, a)
	}
	return out
}
