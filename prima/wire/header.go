package wire

import (
	"errors"
	"fmt"
	"strings"
)

// SplitHeader reads NAME:VALUE, the form of a header on the command line:
// the name a token (letters, digits and !#$%&'*+-.^_`|~), the value any
// text without line breaks, spaces around it dropped.
func SplitHeader(h string) (name, value string, err error) {
	name, value, ok := strings.Cut(h, ":")
	name, value = strings.TrimSpace(name), strings.TrimSpace(value)
	switch {
	case !ok || name == "":
		return "", "", errors.New("a header is NAME:VALUE, e.g. X-Team:blue")
	case strings.ContainsFunc(name, func(c rune) bool { return c > '~' || c <= ' ' || strings.ContainsRune("\"(),/:;<=>?@[\\]{}", c) }):
		return "", "", fmt.Errorf("%q is not a header name", name)
	case strings.ContainsAny(value, "\r\n"):
		return "", "", errors.New("a header value has no line breaks")
	}
	return name, value, nil
}

// HeaderMap is headers given as NAME:VALUE (valid ones: after Validate),
// by name.
func HeaderMap(hs []string) map[string]string {
	out := map[string]string{}
	for _, h := range hs {
		name, value, _ := SplitHeader(h)
		out[name] = value
	}
	return out
}
