// Package own tells the Changes a page made on its own while an action
// ran from the action's, by what the page's settle tracker saw change.
package own

import (
	"slices"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/shown"
)

// Attribution is what the tracker's window saw of an action (or, added
// up, of a command's actions).
type Attribution struct {
	// Acts counts the action's input events that reached the page: none
	// (an action in a frame, a script's select) and nothing is told
	// apart.
	Acts int
	// Act, Own and Unk count mutation batches by the work that made them.
	Act, Own, Unk int
	// Seen: the page changes on its own, shown by work it scheduled
	// outside an action, by untraced work changing one element twice, or
	// by a change while no action ran in the 10 s before this one.
	Seen bool
	// Self and Caused are the texts of the elements changed by the
	// page's own or untraced work, and by the action's.
	Self, Caused []string
	// Hit are the texts of the elements the action's input was
	// dispatched to. A change showing one is the action's; unlike
	// Caused, one only shaped like it (another "Item 12" than the
	// "Item 7" pressed) is not: a hit changed nothing by itself.
	Hit []string
	// SelfOver: the page's own work changed more elements than the
	// tracker keeps (it keeps the latest), so Self lacks some of them.
	SelfOver bool
}

// Add is what a and b saw together.
func (a *Attribution) Add(b *Attribution) *Attribution {
	if a == nil {
		return b
	}
	if b == nil {
		return a
	}
	return &Attribution{Acts: a.Acts + b.Acts, Act: a.Act + b.Act, Own: a.Own + b.Own, Unk: a.Unk + b.Unk, Seen: a.Seen || b.Seen,
		Self: append(slices.Clip(a.Self), b.Self...), Caused: append(slices.Clip(a.Caused), b.Caused...),
		Hit: append(slices.Clip(a.Hit), b.Hit...), SelfOver: a.SelfOver || b.SelfOver}
}

// Mark marks the Changes the page made on its own: on a page seen
// changing on its own, a change that shows what the page's own work
// changed and nothing of what the action changed. Without that evidence
// every change stays the action's: work prima cannot trace (a socket's
// message, a database callback) may be the action's answer. A typed
// value is the action's (no page work shows in it).
func Mark(cs []ariadiff.Change, a *Attribution) []ariadiff.Change {
	if a == nil || a.Acts == 0 || a.Own+a.Unk == 0 || !a.Seen || len(a.Self) == 0 {
		return cs
	}
	self, caused, hits := squashAll(a.Self), squashAll(a.Caused), squashAll(a.Hit)
	shapes := shapesOf(caused)
	// A page that churned more elements than the tracker keeps left some
	// of its own changes out of Self: one shaped as what it kept (a strip
	// of "Item 1", "Item 2", …) is its own too, unless the action's work
	// shows in it.
	var selfShapes []string
	if a.SelfOver {
		selfShapes = shapesOf(self)
	}
	out := make([]ariadiff.Change, len(cs))
	for i, c := range cs {
		if c.Kind != ariadiff.Typed {
			ev := evidenceOf(c)
			if (ev.shows(self) || ev.shaped().shows(selfShapes)) && !ev.shows(caused) && !ev.shaped().shows(shapes) && !ev.itself().shows(hits) {
				c.Own = true
			}
		}
		out[i] = c
	}
	return out
}

// shapesOf is each text as shape writes it.
func shapesOf(ts []string) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = shape(t)
	}
	return out
}

// PressChanges are the Changes that may prove a press no click followed:
// none when the tracker saw the action's input reach the page and no work
// of the action's change it (a page that changes on its own, not marked
// so because it changed what the press touched too, proves nothing).
func PressChanges(cs []ariadiff.Change, a *Attribution) []ariadiff.Change {
	if a == nil || a.Acts == 0 {
		return cs
	}
	if a.Act == 0 {
		return nil
	}
	if a.Own+a.Unk == 0 {
		// By cause: every change the page made came of the press's work
		// (a tag's remove button that removes its tag on mousedown), so
		// each change no one marked as the page's own is the press's.
		return slices.DeleteFunc(slices.Clone(cs), func(c ariadiff.Change) bool { return c.Own })
	}
	// Only what shows the press's own work proves it: a page churning on
	// its own beside the press changed other elements too; which of its
	// changes are the press's is told by the texts the work changed.
	caused, hits := squashAll(a.Caused), squashAll(a.Hit)
	shapes := shapesOf(caused)
	var out []ariadiff.Change
	for _, c := range cs {
		if ev := evidenceOf(c); ev.shows(caused) || ev.shaped().shows(shapes) || ev.itself().shows(hits) {
			out = append(out, c)
		}
	}
	return out
}

// evidence is what of a change is matched with the texts of the elements
// the page changed, which the tracker reads raw: the page's texts in the
// change's line, raw as well, and the name, value and new value (not a
// state word) of the element the change names. The line as shown escapes
// and quotes them for its reader: a text holding a quote or an invisible
// character is not found in it. where are the texts that say where the
// element is (its context), of the line's texts.
type evidence struct{ texts, keys, where []string }

// itself is ev without its context: an element the action's input went
// to changed nothing by itself, so only a change that shows it, not one
// beside it in a block whose text holds its name (a list of items, each
// named in its container's text), is its.
func (ev evidence) itself() evidence {
	ev.where = nil
	return ev
}

// evidenceOf is c's evidence. A text or field the line cuts is compared
// on what it keeps, its start: the change keeps no more of it. (A value
// shown from a little before where it changed keeps its … marks in its
// part; a page's text found in it is found in what they frame.)
func evidenceOf(c ariadiff.Change) evidence {
	var ev evidence
	for _, p := range c.Parts {
		switch {
		case p.Show == shown.Word:
		case p.Where:
			ev.where = append(ev.where, p.Text)
		default:
			ev.texts = append(ev.texts, p.Text)
		}
	}
	if o := c.Of; o != nil {
		ev.keys = []string{kept(o.Name, o.NameCut), kept(o.Value, o.ValueCut)}
		if o.Quoted {
			ev.keys = append(ev.keys, kept(o.To, o.ToCut))
		}
	}
	return ev
}

// kept is what a field cut by n runes keeps of the page's text.
func kept(s string, n int) string {
	if n == 0 {
		return s
	}
	return strings.TrimSuffix(s, shown.CutMark(n))
}

// shows tells whether the change shows one of the texts: the text is in
// one of the page's texts its line holds, or a key of the element it
// names is in the text. Too short a text would be found anywhere.
func (ev evidence) shows(texts []string) bool {
	in := squashAll(append(slices.Clip(ev.texts), ev.where...))
	var keys []string
	for _, k := range ev.keys {
		if k = squash(k); utf8.RuneCountInString(k) >= 2 {
			keys = append(keys, k)
		}
	}
	for _, t := range texts {
		if utf8.RuneCountInString(t) >= 3 && slices.ContainsFunc(in, func(s string) bool { return strings.Contains(s, t) }) {
			return true
		}
		for _, k := range keys {
			if strings.Contains(t, k) {
				return true
			}
		}
	}
	return false
}

// shape writes every run of digits as one #: a clock the action reset
// ("Tick 0") and ticked on since ("Tick 4") is the element the action
// changed, though the page's own ticks changed it too, and the text the
// action left is gone by the time the page is read.
func shape(s string) string {
	var b strings.Builder
	digits := false
	for _, r := range s {
		if unicode.IsDigit(r) {
			if !digits {
				b.WriteByte('#')
			}
			digits = true
			continue
		}
		digits = false
		b.WriteRune(r)
	}
	return b.String()
}

// shaped is ev with its texts written as shape writes them.
func (ev evidence) shaped() evidence {
	return evidence{texts: shapesOf(ev.texts), keys: shapesOf(ev.keys), where: shapesOf(ev.where)}
}

func squashAll(ts []string) []string {
	out := make([]string, 0, len(ts))
	for _, t := range ts {
		if t = squash(t); t != "" {
			out = append(out, t)
		}
	}
	return out
}

// squash drops white space: an element's text content and the name
// the accessibility tree computes from it space words differently.
func squash(s string) string {
	return strings.Map(func(r rune) rune {
		if unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
}
