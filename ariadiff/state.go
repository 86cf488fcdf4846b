package ariadiff

import (
	"crypto/sha256"
	"encoding/hex"
	"net/url"
	"strings"
)

// State identifies a page state: a readable slug of the URL path and the
// main heading, plus a digest of the ref-free interactive skeleton (roles
// and names of what can be acted on). Values, states and refs are not part
// of it, so typing into a form or a ref renumbering keeps the same state.
type State struct {
	Slug   string // e.g. "orders_4821_order_placed"
	Digest string // 8 hex digits
}

// ID is the state's key in visit counts and research maps.
func (s State) ID() string { return s.Slug + "." + s.Digest }

func (s State) String() string { return s.ID() }

// StateHash computes the State of a page from its URL and snapshot. The
// query string is ignored: it often carries session tokens.
func StateHash(rawURL string, t *Tree) State {
	path := rawURL
	if u, err := url.Parse(rawURL); err == nil {
		path = u.Path
	}
	heading := ""
	h := sha256.New()
	t.Root.Walk(func(n *Node, _ int) bool {
		if n.Role == "heading" && heading == "" {
			heading = n.Name
			if heading == "" {
				heading = n.Value
			}
		}
		if interactive[n.Role] || n.Role == "heading" || n.Role == "dialog" || n.Role == "alertdialog" {
			h.Write([]byte(n.Role))
			h.Write([]byte{0})
			h.Write([]byte(n.Name))
			h.Write([]byte{'\n'})
		}
		return n.Role != "combobox" && n.Role != "listbox"
	})
	sum := h.Sum(nil)
	ps, hs := slug(path), slug(heading)
	switch {
	case ps == "":
		ps = hs
	case hs != "" && !strings.HasSuffix(ps, hs):
		ps += "_" + hs
	}
	if len(ps) > 48 {
		ps = strings.TrimRight(ps[:48], "_")
	}
	if ps == "" {
		ps = "page"
	}
	return State{Slug: ps, Digest: hex.EncodeToString(sum[:4])}
}

// slug keeps lower-case ASCII letters and digits and joins words with "_".
func slug(s string) string {
	const max = 64
	var b strings.Builder
	gap := false
	for _, r := range strings.ToLower(s) {
		ok := (r >= 'a' && r <= 'z') || (r >= '0' && r <= '9')
		if !ok {
			gap = b.Len() > 0
			continue
		}
		if gap {
			if b.Len() >= max-1 {
				break
			}
			b.WriteByte('_')
			gap = false
		}
		if b.Len() >= max {
			break
		}
		b.WriteRune(r)
	}
	return b.String()
}
