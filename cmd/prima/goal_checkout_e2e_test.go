package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

// The checkout goal: no value is supplied, so every field is filled from
// a generator the runner offers for it.
const (
	checkoutGoal  = "Pay for the order by card, after filling in the cardholder name, the card number, its expiry date and CVC, a delivery date and a receipt email."
	checkoutClaim = "the page says Paid"
	// checkoutPaid is the page's own status when each of its checks passed.
	checkoutPaid = "Paid: name ok, card ok, expiry ok, cvc ok, date ok, email ok"
)

// checkoutActions is what the checkout's page log must show: each field
// typed once, Pay clicked once, the form submitted once.
var checkoutActions = []pageAction{
	{"/goal/checkout", "input", "holder"},
	{"/goal/checkout", "input", "card"},
	{"/goal/checkout", "input", "expiry"},
	{"/goal/checkout", "input", "cvc"},
	{"/goal/checkout", "input", "delivery"},
	{"/goal/checkout", "input", "receipt"},
	{"/goal/checkout", "click", "pay"},
	{"/goal/checkout", "submit", "checkout"},
}

// writeCheckoutFile writes the checkout's goal file: a url, the goal and
// the claim, and no data.
func writeCheckoutFile(t *testing.T) string {
	t.Helper()
	src := fmt.Sprintf("url: %s/goal/checkout\ngoal: %s\nverify: %s\n", app.URL, checkoutGoal, checkoutClaim)
	path := filepath.Join(t.TempDir(), "checkout.goal.yaml")
	if err := os.WriteFile(path, []byte(src), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// runCheckout runs the checkout goal with seed on a fresh fixture log and
// returns the run and the one payment the server received.
func (h *harness) runCheckout(dec *fakeDecider, file string, seed int) (result, fixtures.Payment) {
	h.t.Helper()
	app.Reset()
	r := h.runGoal(dec, file, seed)
	dec.check(h.t)
	if r.code != 0 {
		h.t.Fatalf("prima goal run --seed %d: %s--- daemon.log\n%s", seed, r, h.daemonLog())
	}
	pays := app.Payments()
	if len(pays) != 1 {
		h.t.Fatalf("the server received %d payments, want 1: %+v", len(pays), pays)
	}
	return r, pays[0]
}

// offered lists the generators the value question for the field (a
// `role "name"` prefix) offered, from the first such request the fake got.
func offered(t *testing.T, dec *fakeDecider, field string) []string {
	t.Helper()
	for _, body := range dec.requests() {
		var req struct {
			State     json.RawMessage         `json:"state"`
			Questions map[string]wireQuestion `json:"questions"`
		}
		if json.Unmarshal([]byte(body), &req) != nil {
			continue
		}
		q, ok := req.Questions["value"]
		if !ok {
			continue
		}
		st, err := parseState(req.State)
		if err != nil || !strings.HasPrefix(st.Field, field+" ") {
			continue
		}
		var gens []string
		for _, o := range q.Criteria {
			if name, ok := strings.CutPrefix(o, "a new value from "); ok {
				gens = append(gens, name[:strings.IndexByte(name, ':')])
			}
		}
		return gens
	}
	t.Fatalf("no value question about %s reached the fake", field)
	return nil
}

// luhnValid is the card number check payment processors make.
func luhnValid(n string) bool {
	sum := 0
	for i := range n {
		d := int(n[len(n)-1-i] - '0')
		if d < 0 || d > 9 {
			return false
		}
		if i%2 == 1 {
			if d *= 2; d > 9 {
				d -= 9
			}
		}
		sum += d
	}
	return n != "" && sum%10 == 0
}

var (
	cardRE   = regexp.MustCompile(`^[0-9]{13,19}$`)
	expiryRE = regexp.MustCompile(`^(0[1-9]|1[0-2])/([0-9]{2})$`)
	cvcRE    = regexp.MustCompile(`^[0-9]{3,4}$`)
)

// The goal pays at the checkout with values it generated, none supplied:
// the fake decider types each field from the generator the runner offers
// for it and clicks Pay, then the independent verifier passes. The page's
// own checks all pass (Luhn, a future expiry, a 3-4 digit CVC, a delivery
// date no earlier than today, an email), the server received values that
// meet them, the report names each generated value by its binding and
// generator and never by value, nothing the model, the caller or the disk
// sees holds one, and each field was offered only the kind-specific
// generators made for it.
func TestGoalPaysWithGeneratedCardDetails(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.92)
	h.primaOK("browser", "open")
	y, m, d := time.Now().Date()
	start := time.Date(y, m, d, 0, 0, 0, 0, time.UTC) // today, as the page and the generators count it
	r, pay := h.runCheckout(dec, writeCheckoutFile(t), 7)
	out := r.out

	// The page says every one of its checks passed.
	if snap := h.primaOK("snapshot"); !strings.Contains(snap, checkoutPaid) {
		t.Errorf("the checkout does not say %q:\n%s", checkoutPaid, snap)
	}

	// What the server received meets the form's stated constraints.
	if !pay.Paid {
		t.Errorf("the page posted a payment it did not accept: %+v", pay)
	}
	if !cardRE.MatchString(pay.Card) || !luhnValid(pay.Card) {
		t.Errorf("card number %q: not 13-19 digits passing the Luhn check", pay.Card)
	}
	if mm := expiryRE.FindStringSubmatch(pay.Expiry); mm == nil {
		t.Errorf("expiry %q is not MM/YY", pay.Expiry)
	} else if exp, _ := time.Parse("01/06", pay.Expiry); !exp.AddDate(0, 1, 0).After(start) {
		t.Errorf("expiry %q is not in the future", pay.Expiry)
	}
	if !cvcRE.MatchString(pay.CVC) {
		t.Errorf("CVC %q is not 3 or 4 digits", pay.CVC)
	}
	if day, err := time.Parse(time.DateOnly, pay.Delivery); err != nil || day.Before(start) || pay.Delivery < pay.Today {
		t.Errorf("delivery date %q (%v) is before today (%s by the page, %s by the test)", pay.Delivery, err, pay.Today, start.Format(time.DateOnly))
	}
	if pay.Holder == "" || !strings.HasSuffix(pay.Receipt, "@example.com") {
		t.Errorf("cardholder %q, receipt email %q: not what person.full_name and internet.email make", pay.Holder, pay.Receipt)
	}
	typed := checkEachOnce(t, settledActions(t, len(checkoutActions)), checkoutActions)
	for id, v := range map[string]string{"holder": pay.Holder, "card": pay.Card, "expiry": pay.Expiry, "cvc": pay.CVC, "delivery": pay.Delivery, "receipt": pay.Receipt} {
		if typed[id] != v {
			t.Errorf("%s: typed %q, the server received %q", id, typed[id], v)
		}
	}

	// The report names the generated values by binding and generator.
	mustContain(t, "goal envelope", out,
		"ok: true", "### Goal\n"+checkoutGoal, "### Verify\n"+checkoutClaim, "stop: passed",
		"verifier: holds 0.92, contradicted 0.03", "7 actions", "(seed 7)",
		`type {{full_name_1}} into textbox "Cardholder name" on /goal/checkout`,
		`type {{card_number_1}} into textbox "Card number" on /goal/checkout`,
		`type {{card_expiry_1}} into textbox "Expiry date (MM/YY)" on /goal/checkout`,
		`type {{card_cvc_1}} into textbox "CVC" on /goal/checkout`,
		`type {{future_1}} into textbox "Delivery date" on /goal/checkout`,
		`type {{email_1}} into textbox "Receipt email" on /goal/checkout`,
		`click button "Pay" on /goal/checkout`,
		"generated: {{full_name_1}} by person.full_name",
		"generated: {{card_number_1}} by finance.card_number",
		"generated: {{card_expiry_1}} by finance.card_expiry",
		"generated: {{card_cvc_1}} by finance.card_cvc",
		"generated: {{future_1}} by date.future",
		"generated: {{email_1}} by internet.email")

	// Never the values: not in the envelope, not to the model, not on disk.
	// A 3-digit CVC is only looked for where the goal redacts every text it
	// writes (a log's timestamps hold any three digits by chance).
	forms := secretForms(pay.Holder, pay.Card, pay.Expiry, pay.Delivery, pay.Receipt)
	// Three digits stand in timestamps, paths and counts by chance: the code
	// is looked for as a value is written, quoted (a JSON string, a line's
	// argument, a Change's value).
	cvc := regexp.MustCompile(`["']` + regexp.QuoteMeta(pay.CVC) + `["']`)
	noCVC := func(where, text string) {
		t.Helper()
		if loc := cvc.FindStringIndex(text); loc != nil {
			t.Errorf("%s holds the generated security code: …%s…", where, text[max(0, loc[0]-60):min(len(text), loc[1]+60)])
		}
	}
	noLeak(t, "the goal's stdout", out, forms)
	noLeak(t, "the goal's stderr", r.err, forms)
	noCVC("the goal's stdout", out)
	noCVC("the goal's stderr", r.err)
	reqs := dec.requests()
	verifies := 0
	for i, body := range reqs {
		noLeak(t, fmt.Sprintf("decision request %d", i+1), body, forms)
		noCVC(fmt.Sprintf("decision request %d", i+1), body)
		if strings.Contains(body, `"holds"`) && strings.Contains(body, `"contradicted"`) {
			verifies++
			mustContain(t, "the verification request", body, checkoutClaim, checkoutPaid)
		}
	}
	if verifies != 1 {
		t.Errorf("%d verification requests, want 1", verifies)
	}
	var record string
	for path, text := range homeFiles(t, h.home) {
		noLeak(t, path, text, forms)
		if filepath.Base(path) == "goal.jsonl" {
			record = text
			noCVC(path, text)
		}
	}
	mustContain(t, "goal.jsonl", record, `"generator":"finance.card_number"`, `"generator":"finance.card_expiry"`,
		`"generator":"finance.card_cvc"`, `"generator":"date.future"`, `{{card_number_1}}`)

	// Each field was offered the generators made for it, and no other
	// kind-specific one: the card number no date, time or other card value.
	kindSpecific := []string{"finance.card_number", "finance.card_expiry", "finance.card_cvc", "date.birth", "date.future",
		"time.of_day", "internet.url", "internet.strong_password"}
	for _, c := range []struct {
		field string
		want  []string
	}{
		{`textbox "Cardholder name"`, nil},
		{`textbox "Card number"`, []string{"finance.card_number"}},
		{`textbox "Expiry date (MM/YY)"`, []string{"finance.card_expiry"}},
		{`textbox "CVC"`, []string{"finance.card_cvc"}},
		{`textbox "Delivery date"`, []string{"date.future"}},
		{`textbox "Receipt email"`, nil},
	} {
		gens := offered(t, dec, c.field)
		var got []string
		for _, g := range kindSpecific {
			for _, o := range gens {
				if o == g {
					got = append(got, g)
				}
			}
		}
		if strings.Join(got, " ") != strings.Join(c.want, " ") {
			t.Errorf("%s was offered %v of the kind-specific generators, want %v (all offered: %v)", c.field, got, c.want, gens)
		}
	}
}

// The same seed generates the same card details: the card number, the CVC,
// the cardholder and the receipt email are the seed's alone. The expiry
// and the delivery date count from today, so the seed does not fix them.
func TestGoalSeedReproducesGeneratedCardDetails(t *testing.T) {
	h := newHarness(t)
	dec := newFakeDecider(t, 0.92)
	h.primaOK("browser", "open")
	file := writeCheckoutFile(t)
	_, first := h.runCheckout(dec, file, 7)
	_, second := h.runCheckout(dec, file, 7)
	for _, p := range []fixtures.Payment{first, second} {
		if !p.Paid || !luhnValid(p.Card) {
			t.Errorf("a run did not pay with a valid card: %+v", p)
		}
	}
	type fixed struct{ card, cvc, holder, receipt string }
	a := fixed{first.Card, first.CVC, first.Holder, first.Receipt}
	b := fixed{second.Card, second.CVC, second.Holder, second.Receipt}
	if a != b {
		t.Errorf("seed 7 generated %+v, then %+v", a, b)
	}
}
