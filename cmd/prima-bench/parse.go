package main

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
)

// findRef returns the ref of the element with this role and exact name in
// an AI-mode aria snapshot (prima's envelope or playwright-cli's yaml).
// State groups may sit between the name and the ref:
// `- button "Edit row 1" [active] [ref=f2e16]`. It fails when there is no
// such element or when several carry different refs.
func findRef(snapshot, role, name string) (string, error) {
	re, err := regexp.Compile(`(?m)^\s*- ` + regexp.QuoteMeta(role) + ` "` + regexp.QuoteMeta(name) +
		`"(?: \[[^\]\n]*\])*? \[ref=((?:f\d+)?e\d+)\]`)
	if err != nil {
		return "", err
	}
	var ref string
	for _, m := range re.FindAllStringSubmatch(snapshot, -1) {
		if ref != "" && m[1] != ref {
			return "", fmt.Errorf("%s %q is ambiguous: refs %s and %s", role, name, ref, m[1])
		}
		ref = m[1]
	}
	if ref == "" {
		return "", fmt.Errorf("no %s %q with a ref in the snapshot (%d bytes)", role, name, len(snapshot))
	}
	return ref, nil
}

var ymlLinkRE = regexp.MustCompile(`\]\(([^()\s]+\.ya?ml)\)`)

// ymlLinks returns the .yml/.yaml files a playwright-cli output links to,
// `- [Snapshot](.playwright-cli/page-….yml)`, in order.
func ymlLinks(stdout string) []string {
	var out []string
	for _, m := range ymlLinkRE.FindAllStringSubmatch(stdout, -1) {
		out = append(out, m[1])
	}
	return out
}

var (
	okTrueRE  = regexp.MustCompile(`(?m)^ok: true\s*$`)
	changesRE = regexp.MustCompile(`(?m)^### Changes\s*$`)
)

// envelopeProblem says why a prima envelope is not a successful action
// with proof, or "" when it is. wantChanges asks for a ### Changes section.
func envelopeProblem(exit int, out string, wantChanges bool) string {
	var p []string
	if exit != 0 {
		p = append(p, "exit "+strconv.Itoa(exit))
	}
	if !okTrueRE.MatchString(out) {
		p = append(p, "no `ok: true`")
	}
	if wantChanges && !changesRE.MatchString(out) {
		p = append(p, "no `### Changes`")
	}
	return strings.Join(p, ", ")
}

// parseSizes reads "100,2000,10000".
func parseSizes(s string) ([]int, error) {
	var out []int
	for _, f := range strings.Split(s, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		n, err := strconv.Atoi(f)
		if err != nil || n < 1 {
			return nil, fmt.Errorf("bad size %q: want a positive integer", f)
		}
		out = append(out, n)
	}
	if len(out) == 0 {
		return nil, fmt.Errorf("no sizes in %q", s)
	}
	return out, nil
}
