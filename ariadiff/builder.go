package ariadiff

import "github.com/prima-dev/prima/shown"

// builder writes a Line.
type builder struct{ l shown.Line }

func (b *builder) word(s string) {
	if s == "" {
		return
	}
	if n := len(b.l); n > 0 && b.l[n-1].Show == shown.Word {
		b.l[n-1].Text += s
		return
	}
	b.l = append(b.l, shown.Part{Text: s})
}

// quoted adds s capped to max runes, quoted.
func (b *builder) quoted(s string, max int) { b.value(s, max, shown.Quoted) }

// where adds s capped to max runes, quoted: the element's context.
func (b *builder) where(s string, max int) {
	b.quoted(s, max)
	b.l[len(b.l)-1].Where = true
}

// plain adds s capped to max runes, bare when it reads back unchanged.
func (b *builder) plain(s string, max int) { b.value(s, max, shown.Plain) }

func (b *builder) value(s string, max int, show shown.Show) {
	t, n := capPrefix(s, max)
	b.l = append(b.l, shown.Part{Text: t, Show: show, Cut: n})
}

// given adds s as it is (already capped by shownPair), quoted.
func (b *builder) given(s string) { b.l = append(b.l, shown.Part{Text: s, Show: shown.Quoted}) }

func (b *builder) line(l shown.Line) {
	for _, p := range l {
		if p.Show == shown.Word {
			b.word(p.Text)
		} else {
			b.l = append(b.l, p)
		}
	}
}

// change is a Change of kind k with the line written.
// fromTo writes a value change's two sides: `: "a" -> "b"`.
func (b *builder) fromTo(from, to string) {
	b.word(": ")
	b.given(from)
	b.word(" -> ")
	b.given(to)
}

// changed is the change b wrote, keeping its two sides for the daemon's
// checks.
func (b *builder) changed(k Kind, from, to string) Change {
	c := b.change(k)
	c.From, c.To = from, to
	return c
}

func (b *builder) change(k Kind) Change { return Change{Kind: k, Text: b.l.String(), Parts: b.l} }
