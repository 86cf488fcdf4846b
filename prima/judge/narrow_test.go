package judge

import (
	"fmt"
	"strings"
	"testing"
)

// On a page of 2,000 links, the one the question names survives the
// narrowing, and so many that one decision can list them are asked.
func TestNarrowKeepsWhatTheQuestionNames(t *testing.T) {
	var options []string
	for i := range 2000 {
		options = append(options, fmt.Sprintf("link %q [e%d]", fmt.Sprintf("Archive %d", i), i))
	}
	options[1234] = `link "Pricing" [e1234]`
	got, note := Narrow("Which listed control leads to the pricing page?", options, MaxOptions-1)
	if len(got) != MaxOptions-1 || !strings.Contains(strings.Join(got, "\n"), `link "Pricing" [e1234]`) {
		t.Fatalf("narrowed to %d options, pricing kept: %v", len(got), strings.Contains(strings.Join(got, "\n"), "Pricing"))
	}
	if note != "254 of 2000 options asked: those whose names share most words with the question" {
		t.Errorf("note: %q", note)
	}
	if got, note := Narrow("x", options[:10], 254); len(got) != 10 || note != "" {
		t.Errorf("few options are not narrowed: %d, %q", len(got), note)
	}
	// The local judge then picks it from the narrowed list.
	asked := append(got, Undecided)
	if a := localChoice("Which listed control leads to the pricing page?", asked); asked[a.Choice] != `link "Pricing" [e1234]` {
		t.Errorf("the local judge picked %q", asked[a.Choice])
	}
}

// A big page is cut to what the question names: the title and url, the
// lines with its words and their neighbours, the cuts marked.
func TestCapPageKeepsTheLinesTheQuestionNames(t *testing.T) {
	var b strings.Builder
	b.WriteString("title: Orders\nurl: http://x/orders\n")
	for i := range 10000 {
		fmt.Fprintf(&b, "- row \"Order %d\": shipped\n", i)
		if i == 7000 {
			b.WriteString("- status: Refund issued for order 7000\n")
		}
	}
	page := strings.TrimSuffix(b.String(), "\n")
	q := "The page shows that this claim is true: the refund was issued"
	got, why := CapPage(page, q, MaxPage)
	if len(got) > MaxPage {
		t.Errorf("capped page is %d bytes, over %d", len(got), MaxPage)
	}
	for _, want := range []string{"title: Orders", "url: http://x/orders", `- row "Order 7000": shipped`, "- status: Refund issued for order 7000", "lines cut"} {
		if !strings.Contains(got, want) {
			t.Errorf("capped page lacks %q:\n%.600s", want, got)
		}
	}
	if !strings.Contains(why, "of its 10003 lines kept") {
		t.Errorf("why: %q", why)
	}
	if got, why := CapPage("title: a\nurl: b", q, MaxPage); got != "title: a\nurl: b" || why != "" {
		t.Errorf("a small page is sent whole: %q %q", got, why)
	}
	st := PageState(page, q, "3 of 9 options asked")
	if !strings.HasPrefix(st["cut"], "3 of 9 options asked; the page is ") || len(st["page"]) > MaxPage {
		t.Errorf("PageState: cut %q, page %d bytes", st["cut"], len(st["page"]))
	}
	if st := PageState("title: a", q); st["cut"] != "" {
		t.Errorf("nothing cut, yet %q", st["cut"])
	}
}

// A question whose common words every line holds still gets the line of
// its rare one: a row's number before the word every row has.
func TestCapPageKeepsTheRareWordsLineFirst(t *testing.T) {
	var b strings.Builder
	b.WriteString("title: Orders\nurl: http://x/orders")
	for i := range 10000 {
		fmt.Fprintf(&b, "\n- row \"Order %d\": shipped", i)
	}
	got, why := CapPage(b.String(), "The page shows that this claim is true: order 7000 was shipped", MaxPage)
	if !strings.Contains(got, `- row "Order 7000": shipped`) || len(got) > MaxPage || why == "" {
		t.Errorf("capped to %d bytes (%s), without order 7000:\n%.400s", len(got), why, got)
	}
}
