package envelope_test

import (
	"fmt"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/shown"
)

func ExampleEnvelope_Markdown() {
	e := envelope.Envelope{
		OK:      true,
		Command: "pw click e5",
		Used:    "await page.getByRole('button', { name: 'Save', exact: true }).click();",
		Page: &envelope.Page{
			URL:     "http://127.0.0.1:8080/orders/4821",
			PrevURL: "http://127.0.0.1:8080/orders/new",
			Title:   "Order 4821",
			State:   "orders_4821_order_placed",
			Visit:   1,
		},
		Changes: &envelope.Changes{Groups: []envelope.ChangeGroup{
			{Kind: "added", Items: []envelope.ChangeItem{{Line: shown.Words(`heading "Order placed" [level=1]`)}}},
			{Kind: "removed", Items: []envelope.ChangeItem{{Line: shown.Words(`button "Submit"`)}}},
		}},
	}
	fmt.Print(e.Markdown())
	fmt.Println("exit:", e.ExitCode())
	// Output:
	// ### Result
	// ok: true
	// used: await page.getByRole('button', { name: 'Save', exact: true }).click();
	//
	// ### Page
	// url: http://127.0.0.1:8080/orders/4821   (from /orders/new)
	// title: Order 4821
	//
	// ### Changes
	// added:
	//   - heading "Order placed" [level=1]
	// removed:
	//   - button "Submit"
	// exit: 0
}

func ExampleEnvelope_JSON() {
	e := envelope.Envelope{OK: true, Command: "pw hover e3", Changes: &envelope.Changes{}}
	b, _ := e.JSON()
	fmt.Println(string(b))
	// Output:
	// {"ok":true,"command":"pw hover e3","changes":{"no_change":true}}
}
