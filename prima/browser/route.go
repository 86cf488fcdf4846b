package browser

import (
	"reflect"
	"unsafe"

	"github.com/mxschmitt/playwright-go"
)

// Routable readies a context for BrowserContext.Route. playwright-go reads
// the options the context was created with (its base URL) when it adds a
// route, and a context this client did not create (an attached session's,
// a Playwright server's default one) has none: Route would dereference
// nil. Such a context gets empty options, which is what it was created
// with as far as this client can know. A playwright-go whose context has
// no such field is left as it is.
func Routable(bc playwright.BrowserContext) {
	v := reflect.ValueOf(bc)
	if v.Kind() != reflect.Pointer || v.Elem().Kind() != reflect.Struct {
		return
	}
	f := v.Elem().FieldByName("options")
	want := reflect.TypeOf(&playwright.BrowserNewContextOptions{})
	if !f.IsValid() || f.Type() != want || !f.IsNil() {
		return
	}
	reflect.NewAt(f.Type(), unsafe.Pointer(f.UnsafeAddr())).Elem().Set(reflect.ValueOf(&playwright.BrowserNewContextOptions{}))
}
