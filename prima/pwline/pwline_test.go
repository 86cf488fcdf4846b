package pwline

import (
	"encoding/json"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
)

// ln is a Line with only the four fields a plain locator action sets.
func ln(sel, loc, method, value string) Line {
	return Line{Selector: sel, Locator: loc, Method: method, Value: value}
}

// parseCases are lines Parse must accept, with every field of the result
// and the canonical code `used:` prints for them.
var parseCases = []struct {
	name string
	in   string
	want Line
	code string
}{
	// Locators.
	{"getByRole with a role only",
		`page.getByRole('button').click()`,
		ln(`internal:role=button`, `page.getByRole('button')`, "click", ""),
		`await page.getByRole('button').click();`},
	{"getByRole name matches case-insensitively by default",
		`await page.getByRole('button', { name: 'Save' }).click();`,
		ln(`internal:role=button[name="Save"i]`, `page.getByRole('button', { name: 'Save' })`, "click", ""),
		`await page.getByRole('button', { name: 'Save' }).click();`},
	{"getByRole exact name matches case-sensitively",
		`page.getByRole('button', { name: 'Save', exact: true }).click()`,
		ln(`internal:role=button[name="Save"s]`, `page.getByRole('button', { name: 'Save', exact: true })`, "click", ""),
		`await page.getByRole('button', { name: 'Save', exact: true }).click();`},
	{"getByRole exact false is the default",
		`page.getByRole('button', { name: 'Save', exact: false }).click()`,
		ln(`internal:role=button[name="Save"i]`, `page.getByRole('button', { name: 'Save', exact: false })`, "click", ""),
		`await page.getByRole('button', { name: 'Save', exact: false }).click();`},
	{"getByRole regex name is kept as written",
		`page.getByRole('button', { name: /save|store/i }).click()`,
		ln(`internal:role=button[name=/save|store/i]`, `page.getByRole('button', { name: /save|store/i })`, "click", ""),
		`await page.getByRole('button', { name: /save|store/i }).click();`},
	{"getByRole regex name ignores exact",
		`page.getByRole('button', { name: /^Save$/, exact: true }).click()`,
		ln(`internal:role=button[name=/^Save$/]`, `page.getByRole('button', { name: /^Save$/, exact: true })`, "click", ""),
		`await page.getByRole('button', { name: /^Save$/, exact: true }).click();`},
	{"getByRole regex with a slash in a class",
		`page.getByRole('link', { name: /a[/]b\/c/ }).click()`,
		ln(`internal:role=link[name=/a[/]b\/c/]`, `page.getByRole('link', { name: /a[/]b\/c/ })`, "click", ""),
		`await page.getByRole('link', { name: /a[/]b\/c/ }).click();`},
	{"getByRole checked true",
		`page.getByRole('checkbox', { checked: true }).uncheck()`,
		ln(`internal:role=checkbox[checked=true]`, `page.getByRole('checkbox', { checked: true })`, "uncheck", ""),
		`await page.getByRole('checkbox', { checked: true }).uncheck();`},
	{"getByRole checked false",
		`page.getByRole('checkbox', { name: 'Terms', checked: false }).check()`,
		ln(`internal:role=checkbox[name="Terms"i][checked=false]`, `page.getByRole('checkbox', { name: 'Terms', checked: false })`, "check", ""),
		`await page.getByRole('checkbox', { name: 'Terms', checked: false }).check();`},
	{"getByRole level",
		`page.getByRole('heading', { level: 2 }).hover()`,
		ln(`internal:role=heading[level=2]`, `page.getByRole('heading', { level: 2 })`, "hover", ""),
		`await page.getByRole('heading', { level: 2 }).hover();`},
	{"getByRole includeHidden is spelled include-hidden in the selector",
		`page.getByRole('dialog', { includeHidden: true }).focus()`,
		ln(`internal:role=dialog[include-hidden=true]`, `page.getByRole('dialog', { includeHidden: true })`, "focus", ""),
		`await page.getByRole('dialog', { includeHidden: true }).focus();`},
	{"getByRole state options",
		`page.getByRole('tab', { disabled: false, expanded: true, pressed: false, selected: true }).click()`,
		ln(`internal:role=tab[disabled=false][expanded=true][pressed=false][selected=true]`,
			`page.getByRole('tab', { disabled: false, expanded: true, pressed: false, selected: true })`, "click", ""),
		`await page.getByRole('tab', { disabled: false, expanded: true, pressed: false, selected: true }).click();`},
	{"getByRole selector orders options, code keeps source order",
		`page.getByRole('heading', { level: 1, exact: true, name: 'Title' }).click()`,
		ln(`internal:role=heading[name="Title"s][level=1]`, `page.getByRole('heading', { level: 1, exact: true, name: 'Title' })`, "click", ""),
		`await page.getByRole('heading', { level: 1, exact: true, name: 'Title' }).click();`},
	{"getByRole name with quotes and backslash is attribute-escaped",
		`page.getByRole('button', { name: 'Say "hi" \\ now' }).click()`,
		ln(`internal:role=button[name="Say \"hi\" \\ now"i]`, `page.getByRole('button', { name: 'Say "hi" \\ now' })`, "click", ""),
		`await page.getByRole('button', { name: 'Say "hi" \\ now' }).click();`},
	{"getByRole repeated option keeps the last value",
		`page.getByRole('button', { name: 'A', name: 'B' }).click()`,
		ln(`internal:role=button[name="B"i]`, `page.getByRole('button', { name: 'B' })`, "click", ""),
		`await page.getByRole('button', { name: 'B' }).click();`},
	{"getByText substring",
		`page.getByText('Welcome').click()`,
		ln(`internal:text="Welcome"i`, `page.getByText('Welcome')`, "click", ""),
		`await page.getByText('Welcome').click();`},
	{"getByText exact",
		`page.getByText('Welcome', { exact: true }).click()`,
		ln(`internal:text="Welcome"s`, `page.getByText('Welcome', { exact: true })`, "click", ""),
		`await page.getByText('Welcome', { exact: true }).click();`},
	{"getByText regex",
		`page.getByText(/wel+come/i).click()`,
		ln(`internal:text=/wel+come/i`, `page.getByText(/wel+come/i)`, "click", ""),
		`await page.getByText(/wel+come/i).click();`},
	{"getByText newline is JSON-escaped in the selector",
		`page.getByText('a\nb').click()`,
		ln(`internal:text="a\nb"i`, `page.getByText('a\nb')`, "click", ""),
		`await page.getByText('a\nb').click();`},
	{"getByLabel",
		`page.getByLabel('Email').fill('a@b.c')`,
		ln(`internal:label="Email"i`, `page.getByLabel('Email')`, "fill", "a@b.c"),
		`await page.getByLabel('Email').fill('a@b.c');`},
	{"getByLabel exact",
		`page.getByLabel('Email', { exact: true }).fill('a@b.c')`,
		ln(`internal:label="Email"s`, `page.getByLabel('Email', { exact: true })`, "fill", "a@b.c"),
		`await page.getByLabel('Email', { exact: true }).fill('a@b.c');`},
	{"getByPlaceholder",
		`page.getByPlaceholder('Search').fill('shoes')`,
		ln(`internal:attr=[placeholder="Search"i]`, `page.getByPlaceholder('Search')`, "fill", "shoes"),
		`await page.getByPlaceholder('Search').fill('shoes');`},
	{"getByPlaceholder exact",
		`page.getByPlaceholder('Search', { exact: true }).fill('shoes')`,
		ln(`internal:attr=[placeholder="Search"s]`, `page.getByPlaceholder('Search', { exact: true })`, "fill", "shoes"),
		`await page.getByPlaceholder('Search', { exact: true }).fill('shoes');`},
	{"getByTestId is always exact",
		`page.getByTestId('save-btn').click()`,
		ln(`internal:testid=[data-testid="save-btn"s]`, `page.getByTestId('save-btn')`, "click", ""),
		`await page.getByTestId('save-btn').click();`},
	{"getByAltText",
		`page.getByAltText('Logo').click()`,
		ln(`internal:attr=[alt="Logo"i]`, `page.getByAltText('Logo')`, "click", ""),
		`await page.getByAltText('Logo').click();`},
	{"getByAltText regex",
		`page.getByAltText(/logo/).click()`,
		ln(`internal:attr=[alt=/logo/]`, `page.getByAltText(/logo/)`, "click", ""),
		`await page.getByAltText(/logo/).click();`},
	{"getByTitle",
		`page.getByTitle('Close').click()`,
		ln(`internal:attr=[title="Close"i]`, `page.getByTitle('Close')`, "click", ""),
		`await page.getByTitle('Close').click();`},
	{"locator with CSS",
		`page.locator('#email').fill('x')`,
		ln(`#email`, `page.locator('#email')`, "fill", "x"),
		`await page.locator('#email').fill('x');`},
	{"locator with xpath",
		`page.locator('xpath=//button[@id="go"]').click()`,
		ln(`xpath=//button[@id="go"]`, `page.locator('xpath=//button[@id="go"]')`, "click", ""),
		`await page.locator('xpath=//button[@id="go"]').click();`},
	{"frameLocator enters the frame",
		`page.frameLocator('#pay').getByRole('button', { name: 'Pay' }).click()`,
		ln(`#pay >> internal:control=enter-frame >> internal:role=button[name="Pay"i]`,
			`page.frameLocator('#pay').getByRole('button', { name: 'Pay' })`, "click", ""),
		`await page.frameLocator('#pay').getByRole('button', { name: 'Pay' }).click();`},
	{"contentFrame enters the frame",
		`page.locator('iframe').contentFrame().getByText('Inner').click()`,
		ln(`iframe >> internal:control=enter-frame >> internal:text="Inner"i`,
			`page.locator('iframe').contentFrame().getByText('Inner')`, "click", ""),
		`await page.locator('iframe').contentFrame().getByText('Inner').click();`},
	{"first is nth=0",
		`page.getByRole('listitem').first().click()`,
		ln(`internal:role=listitem >> nth=0`, `page.getByRole('listitem').first()`, "click", ""),
		`await page.getByRole('listitem').first().click();`},
	{"last is nth=-1",
		`page.getByRole('listitem').last().click()`,
		ln(`internal:role=listitem >> nth=-1`, `page.getByRole('listitem').last()`, "click", ""),
		`await page.getByRole('listitem').last().click();`},
	{"nth",
		`page.getByRole('listitem').nth(2).click()`,
		ln(`internal:role=listitem >> nth=2`, `page.getByRole('listitem').nth(2)`, "click", ""),
		`await page.getByRole('listitem').nth(2).click();`},
	{"nth negative",
		`page.locator('li').nth(-2).click()`,
		ln(`li >> nth=-2`, `page.locator('li').nth(-2)`, "click", ""),
		`await page.locator('li').nth(-2).click();`},

	// Chains.
	{"chain of locator and getByLabel",
		`page.locator('form').getByLabel('Name').fill('Ann')`,
		ln(`form >> internal:label="Name"i`, `page.locator('form').getByLabel('Name')`, "fill", "Ann"),
		`await page.locator('form').getByLabel('Name').fill('Ann');`},
	{"long chain through a frame",
		`page.getByTestId('list').getByRole('listitem').nth(1).frameLocator('iframe').getByRole('button', { name: 'Delete' }).last().click()`,
		ln(`internal:testid=[data-testid="list"s] >> internal:role=listitem >> nth=1 >> iframe >> internal:control=enter-frame >> internal:role=button[name="Delete"i] >> nth=-1`,
			`page.getByTestId('list').getByRole('listitem').nth(1).frameLocator('iframe').getByRole('button', { name: 'Delete' }).last()`, "click", ""),
		`await page.getByTestId('list').getByRole('listitem').nth(1).frameLocator('iframe').getByRole('button', { name: 'Delete' }).last().click();`},
	{"locator with its own >> chain",
		`page.locator('#a >> .b').click()`,
		ln(`#a >> .b`, `page.locator('#a >> .b')`, "click", ""),
		`await page.locator('#a >> .b').click();`},

	// Actions.
	{"click", `page.locator('#x').click()`, ln(`#x`, `page.locator('#x')`, "click", ""), `await page.locator('#x').click();`},
	{"dblclick", `page.locator('#x').dblclick()`, ln(`#x`, `page.locator('#x')`, "dblclick", ""), `await page.locator('#x').dblclick();`},
	{"hover", `page.locator('#x').hover()`, ln(`#x`, `page.locator('#x')`, "hover", ""), `await page.locator('#x').hover();`},
	{"fill", `page.locator('#x').fill('hello')`, ln(`#x`, `page.locator('#x')`, "fill", "hello"), `await page.locator('#x').fill('hello');`},
	{"fill with an empty string keeps its argument", `page.locator('#x').fill('')`, ln(`#x`, `page.locator('#x')`, "fill", ""), `await page.locator('#x').fill('');`},
	{"type becomes pressSequentially", `page.locator('#x').type('abc')`, ln(`#x`, `page.locator('#x')`, "pressSequentially", "abc"), `await page.locator('#x').pressSequentially('abc');`},
	{"pressSequentially", `page.locator('#x').pressSequentially('abc')`, ln(`#x`, `page.locator('#x')`, "pressSequentially", "abc"), `await page.locator('#x').pressSequentially('abc');`},
	{"press", `page.locator('#x').press('Control+Enter')`, ln(`#x`, `page.locator('#x')`, "press", "Control+Enter"), `await page.locator('#x').press('Control+Enter');`},
	{"check", `page.locator('#x').check()`, ln(`#x`, `page.locator('#x')`, "check", ""), `await page.locator('#x').check();`},
	{"uncheck", `page.locator('#x').uncheck()`, ln(`#x`, `page.locator('#x')`, "uncheck", ""), `await page.locator('#x').uncheck();`},
	{"selectOption", `page.getByLabel('Color').selectOption('blue')`,
		Line{Selector: `internal:label="Color"i`, Locator: `page.getByLabel('Color')`, Method: "selectOption", Value: "blue", Values: []string{"blue"}},
		`await page.getByLabel('Color').selectOption('blue');`},
	{"focus", `page.locator('#x').focus()`, ln(`#x`, `page.locator('#x')`, "focus", ""), `await page.locator('#x').focus();`},
	{"clear", `page.locator('#x').clear()`, ln(`#x`, `page.locator('#x')`, "clear", ""), `await page.locator('#x').clear();`},

	// Quoting and layout.
	{"double quotes become single quotes",
		`page.getByText("Save").click()`,
		ln(`internal:text="Save"i`, `page.getByText('Save')`, "click", ""),
		`await page.getByText('Save').click();`},
	{"backticks become single quotes",
		"page.getByText(`Save`).fill(`x`)",
		ln(`internal:text="Save"i`, `page.getByText('Save')`, "fill", "x"),
		`await page.getByText('Save').fill('x');`},
	{"backtick string may span lines",
		"page.getByText(`a\nb`).click()",
		ln(`internal:text="a\nb"i`, `page.getByText('a\nb')`, "click", ""),
		`await page.getByText('a\nb').click();`},
	{"escaped single quote inside single quotes",
		`page.getByText('It\'s here').click()`,
		ln(`internal:text="It's here"i`, `page.getByText('It\'s here')`, "click", ""),
		`await page.getByText('It\'s here').click();`},
	{"single quote inside double quotes is escaped in the code",
		`page.getByText("It's").click()`,
		ln(`internal:text="It's"i`, `page.getByText('It\'s')`, "click", ""),
		`await page.getByText('It\'s').click();`},
	{"double quotes inside single quotes",
		`page.getByText('Say "hi"').click()`,
		ln(`internal:text="Say \"hi\""i`, `page.getByText('Say "hi"')`, "click", ""),
		`await page.getByText('Say "hi"').click();`},
	{"escaped double quote inside double quotes",
		`page.getByText("Say \"hi\"").click()`,
		ln(`internal:text="Say \"hi\""i`, `page.getByText('Say "hi"')`, "click", ""),
		`await page.getByText('Say "hi"').click();`},
	{"backslash escapes",
		`page.locator('#notes').fill('a\\b\tc\r\nd\0e')`,
		ln(`#notes`, `page.locator('#notes')`, "fill", "a\\b\tc\r\nd\x00e"),
		`await page.locator('#notes').fill('a\\b\tc\r\nd\u0000e');`},
	{"unknown escape is the character itself",
		`page.locator('#x').fill('\$\q')`,
		ln(`#x`, `page.locator('#x')`, "fill", "$q"),
		`await page.locator('#x').fill('$q');`},
	{"unicode escape",
		`page.getByText('caf\u00e9').click()`,
		ln(`internal:text="café"i`, `page.getByText('café')`, "click", ""),
		`await page.getByText('café').click();`},
	{"unicode text is kept literally",
		`page.getByRole('button', { name: 'Ünïcödé 日本 😀' }).click()`,
		ln(`internal:role=button[name="Ünïcödé 日本 😀"i]`, `page.getByRole('button', { name: 'Ünïcödé 日本 😀' })`, "click", ""),
		`await page.getByRole('button', { name: 'Ünïcödé 日本 😀' }).click();`},
	{"control characters and line separators are escaped in the code",
		"page.locator('#x').fill('\\u0001\u2028')",
		ln(`#x`, `page.locator('#x')`, "fill", "\x01\u2028"),
		`await page.locator('#x').fill('\u0001\u2028');`},
	{"template literal without interpolation; a lone $ is text",
		"page.getByText(`$5 {x}`).click()",
		ln(`internal:text="$5 {x}"i`, `page.getByText('$5 {x}')`, "click", ""),
		`await page.getByText('$5 {x}').click();`},
	{"whitespace, newlines and trailing commas are tolerated",
		"  await   page\n  .getByRole( 'button' , { name : 'OK' , } , )\n  . click( ) ;  \n",
		ln(`internal:role=button[name="OK"i]`, `page.getByRole('button', { name: 'OK' })`, "click", ""),
		`await page.getByRole('button', { name: 'OK' }).click();`},
	{"quoted option keys become bare",
		`page.getByRole('button', { 'name': 'OK', "exact": true }).click()`,
		ln(`internal:role=button[name="OK"s]`, `page.getByRole('button', { name: 'OK', exact: true })`, "click", ""),
		`await page.getByRole('button', { name: 'OK', exact: true }).click();`},
	{"without await or semicolon",
		`page.getByRole('button').click()`,
		ln(`internal:role=button`, `page.getByRole('button')`, "click", ""),
		`await page.getByRole('button').click();`},
	// Action options.
	{"click with every click option, printed in a fixed order",
		`page.getByRole('button', { name: 'Save' }).click({ modifiers: ['Shift'], clickCount: 2, button: 'right' })`,
		Line{Selector: `internal:role=button[name="Save"i]`, Locator: `page.getByRole('button', { name: 'Save' })`, Method: "click",
			Button: "right", ClickCount: 2, Modifiers: []string{"Shift"}},
		`await page.getByRole('button', { name: 'Save' }).click({ button: 'right', clickCount: 2, modifiers: ['Shift'] });`},
	{"click with a timeout",
		`page.locator('#x').click({ timeout: 5000 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "click", TimeoutMS: 5000},
		`await page.locator('#x').click({ timeout: 5000 });`},
	{"click with all options",
		`page.locator('#x').click({ button: 'middle', clickCount: 3, modifiers: ['Alt', 'Control'], timeout: 100, })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "click", Button: "middle", ClickCount: 3, Modifiers: []string{"Alt", "Control"}, TimeoutMS: 100},
		`await page.locator('#x').click({ button: 'middle', clickCount: 3, modifiers: ['Alt', 'Control'], timeout: 100 });`},
	{"click with the default button keeps it",
		`page.locator('#x').click({ button: 'left' })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "click", Button: "left"},
		`await page.locator('#x').click({ button: 'left' });`},
	{"click with an empty options object is a plain click",
		`page.locator('#x').click({})`,
		ln(`#x`, `page.locator('#x')`, "click", ""),
		`await page.locator('#x').click();`},
	{"click with no modifiers is a plain click",
		`page.locator('#x').click({ modifiers: [] })`,
		ln(`#x`, `page.locator('#x')`, "click", ""),
		`await page.locator('#x').click();`},
	{"every modifier, in the order given",
		`page.locator('#x').click({ modifiers: ["Shift", "Meta", "ControlOrMeta", "Control", "Alt"] })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "click", Modifiers: []string{"Shift", "Meta", "ControlOrMeta", "Control", "Alt"}},
		`await page.locator('#x').click({ modifiers: ['Shift', 'Meta', 'ControlOrMeta', 'Control', 'Alt'] });`},
	{"dblclick with options",
		`page.getByText('Row 1').dblclick({ button: 'left', modifiers: ['Alt'], timeout: 200 })`,
		Line{Selector: `internal:text="Row 1"i`, Locator: `page.getByText('Row 1')`, Method: "dblclick", Button: "left", Modifiers: []string{"Alt"}, TimeoutMS: 200},
		`await page.getByText('Row 1').dblclick({ button: 'left', modifiers: ['Alt'], timeout: 200 });`},
	{"dblclick as used: prints it",
		`await page.getByRole('button', { name: 'Edit', exact: true }).dblclick();`,
		ln(`internal:role=button[name="Edit"s]`, `page.getByRole('button', { name: 'Edit', exact: true })`, "dblclick", ""),
		`await page.getByRole('button', { name: 'Edit', exact: true }).dblclick();`},
	{"hover with modifiers",
		`page.locator('#x').hover({ modifiers: ['Shift'], timeout: 10 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "hover", Modifiers: []string{"Shift"}, TimeoutMS: 10},
		`await page.locator('#x').hover({ modifiers: ['Shift'], timeout: 10 });`},
	{"fill with a timeout",
		`page.locator('#x').fill('v', { timeout: 1000 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "fill", Value: "v", TimeoutMS: 1000},
		`await page.locator('#x').fill('v', { timeout: 1000 });`},
	{"type with a delay becomes pressSequentially",
		`page.locator('#x').type('abc', { delay: 10 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "pressSequentially", Value: "abc", DelayMS: 10},
		`await page.locator('#x').pressSequentially('abc', { delay: 10 });`},
	{"pressSequentially with a delay and a timeout",
		`page.locator('#x').pressSequentially('abc', { timeout: 900, delay: 10 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "pressSequentially", Value: "abc", DelayMS: 10, TimeoutMS: 900},
		`await page.locator('#x').pressSequentially('abc', { delay: 10, timeout: 900 });`},
	{"a zero delay is no delay",
		`page.locator('#x').pressSequentially('abc', { delay: 0 })`,
		ln(`#x`, `page.locator('#x')`, "pressSequentially", "abc"),
		`await page.locator('#x').pressSequentially('abc');`},
	{"press with a delay",
		`page.locator('#x').press('Enter', { delay: 50 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "press", Value: "Enter", DelayMS: 50},
		`await page.locator('#x').press('Enter', { delay: 50 });`},
	{"check with a timeout",
		`page.locator('#x').check({ timeout: 1 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "check", TimeoutMS: 1},
		`await page.locator('#x').check({ timeout: 1 });`},
	{"uncheck with a timeout",
		`page.locator('#x').uncheck({ timeout: 2 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "uncheck", TimeoutMS: 2},
		`await page.locator('#x').uncheck({ timeout: 2 });`},
	{"focus with a timeout",
		`page.locator('#x').focus({ timeout: 3 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "focus", TimeoutMS: 3},
		`await page.locator('#x').focus({ timeout: 3 });`},
	{"clear with a timeout",
		`page.locator('#x').clear({ timeout: 4 })`,
		Line{Selector: `#x`, Locator: `page.locator('#x')`, Method: "clear", TimeoutMS: 4},
		`await page.locator('#x').clear({ timeout: 4 });`},

	// selectOption and setInputFiles.
	{"selectOption with an array",
		`page.getByLabel('Colors').selectOption(['Red', "Blue"])`,
		Line{Selector: `internal:label="Colors"i`, Locator: `page.getByLabel('Colors')`, Method: "selectOption", Values: []string{"Red", "Blue"}},
		`await page.getByLabel('Colors').selectOption(['Red', 'Blue']);`},
	{"selectOption with an array of one is a single string",
		`page.locator('select').selectOption(['Red'])`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Value: "Red", Values: []string{"Red"}},
		`await page.locator('select').selectOption('Red');`},
	{"selectOption with an empty string",
		`page.locator('select').selectOption('')`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Values: []string{""}},
		`await page.locator('select').selectOption('');`},
	{"selectOption by label",
		`page.locator('select').selectOption({ label: 'Blue' })`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Values: []string{"Blue"}, ValueKinds: []string{"label"}},
		`await page.locator('select').selectOption({ label: 'Blue' });`},
	{"selectOption by value in an array of one",
		`page.locator('select').selectOption([{ 'value': 'b' }])`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Values: []string{"b"}, ValueKinds: []string{"value"}},
		`await page.locator('select').selectOption({ value: 'b' });`},
	{"selectOption mixing strings, labels and values",
		`page.locator('select').selectOption([{ value: 'r' }, 'Green', { label: 'Blue' },])`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Values: []string{"r", "Green", "Blue"}, ValueKinds: []string{"value", "", "label"}},
		`await page.locator('select').selectOption([{ value: 'r' }, 'Green', { label: 'Blue' }]);`},
	{"selectOption with a timeout",
		`page.locator('select').selectOption(['a', 'b'], { timeout: 500 })`,
		Line{Selector: `select`, Locator: `page.locator('select')`, Method: "selectOption", Values: []string{"a", "b"}, TimeoutMS: 500},
		`await page.locator('select').selectOption(['a', 'b'], { timeout: 500 });`},
	{"setInputFiles with one file",
		`page.getByLabel('Upload').setInputFiles('a.txt')`,
		Line{Selector: `internal:label="Upload"i`, Locator: `page.getByLabel('Upload')`, Method: "setInputFiles", Value: "a.txt", Values: []string{"a.txt"}},
		`await page.getByLabel('Upload').setInputFiles('a.txt');`},
	{"setInputFiles with several files",
		`page.locator('input[type=file]').setInputFiles(['a.txt', 'dir/b c.txt'], { timeout: 700 })`,
		Line{Selector: `input[type=file]`, Locator: `page.locator('input[type=file]')`, Method: "setInputFiles", Values: []string{"a.txt", "dir/b c.txt"}, TimeoutMS: 700},
		`await page.locator('input[type=file]').setInputFiles(['a.txt', 'dir/b c.txt'], { timeout: 700 });`},
	{"setInputFiles with an array of one",
		`page.locator('#f').setInputFiles(['/tmp/a.txt'],)`,
		Line{Selector: `#f`, Locator: `page.locator('#f')`, Method: "setInputFiles", Value: "/tmp/a.txt", Values: []string{"/tmp/a.txt"}},
		`await page.locator('#f').setInputFiles('/tmp/a.txt');`},

	// A position prima prints for a covered target, and the visibility filter.
	{"click at a position",
		`page.getByRole('button', { name: 'Pay', exact: true }).click({ position: { x: 12, y: 8 } })`,
		Line{Selector: `internal:role=button[name="Pay"s]`, Locator: `page.getByRole('button', { name: 'Pay', exact: true })`, Method: "click", Position: &Point{X: 12, Y: 8}},
		`await page.getByRole('button', { name: 'Pay', exact: true }).click({ position: { x: 12, y: 8 } });`},
	{"a visible copy of a text",
		`page.getByText('Archive', { exact: true }).filter({ visible: true }).click()`,
		Line{Selector: `internal:text="Archive"s >> visible=true`, Locator: `page.getByText('Archive', { exact: true }).filter({ visible: true })`, Method: "click"},
		`await page.getByText('Archive', { exact: true }).filter({ visible: true }).click();`},

	// dragTo.
	{"dragTo",
		`page.getByText('Card A').dragTo(page.getByText('Done'))`,
		Line{Selector: `internal:text="Card A"i`, Locator: `page.getByText('Card A')`, Method: "dragTo",
			Target2Selector: `internal:text="Done"i`, Target2Locator: `page.getByText('Done')`},
		`await page.getByText('Card A').dragTo(page.getByText('Done'));`},
	{"dragTo a chained target, with a timeout",
		`await page.locator('#a').dragTo( page.locator('#list').getByRole('listitem', { name: "Two" }).nth(2) , { timeout: 3000 }, );`,
		Line{Selector: `#a`, Locator: `page.locator('#a')`, Method: "dragTo", TimeoutMS: 3000,
			Target2Selector: `#list >> internal:role=listitem[name="Two"i] >> nth=2`, Target2Locator: `page.locator('#list').getByRole('listitem', { name: 'Two' }).nth(2)`},
		`await page.locator('#a').dragTo(page.locator('#list').getByRole('listitem', { name: 'Two' }).nth(2), { timeout: 3000 });`},
	{"dragTo with steps",
		`page.locator('#a').dragTo(page.getByText('Done'), { timeout: 3000, steps: 5 })`,
		Line{Selector: `#a`, Locator: `page.locator('#a')`, Method: "dragTo", Steps: 5, TimeoutMS: 3000,
			Target2Selector: `internal:text="Done"i`, Target2Locator: `page.getByText('Done')`},
		`await page.locator('#a').dragTo(page.getByText('Done'), { steps: 5, timeout: 3000 });`},
	{"dragTo a target in a frame",
		`page.frameLocator('#f').locator('#a').dragTo(page.frameLocator('#f').first().locator('#b'),)`,
		Line{Selector: `#f >> internal:control=enter-frame >> #a`, Locator: `page.frameLocator('#f').locator('#a')`, Method: "dragTo",
			Target2Selector: `#f >> nth=0 >> internal:control=enter-frame >> #b`, Target2Locator: `page.frameLocator('#f').first().locator('#b')`},
		`await page.frameLocator('#f').locator('#a').dragTo(page.frameLocator('#f').first().locator('#b'));`},

	// Page-level actions.
	{"keyboard.press",
		`page.keyboard.press('Enter')`,
		Line{Method: "keyboard.press", Value: "Enter"},
		`await page.keyboard.press('Enter');`},
	{"keyboard.press as used: prints it, with a delay",
		"await page . keyboard\n .press( 'Control+A', { delay: 20 } );",
		Line{Method: "keyboard.press", Value: "Control+A", DelayMS: 20},
		`await page.keyboard.press('Control+A', { delay: 20 });`},
	{"keyboard.type",
		`page.keyboard.type('abc', { delay: 5 })`,
		Line{Method: "keyboard.type", Value: "abc", DelayMS: 5},
		`await page.keyboard.type('abc', { delay: 5 });`},
	{"keyboard.type of nothing",
		`page.keyboard.type('')`,
		Line{Method: "keyboard.type"},
		`await page.keyboard.type('');`},
	{"keyboard.insertText",
		`page.keyboard.insertText('日本 😀')`,
		Line{Method: "keyboard.insertText", Value: "日本 😀"},
		`await page.keyboard.insertText('日本 😀');`},
	{"goto",
		`await page.goto('http://127.0.0.1:8080/a?b=c&d=\'e\'');`,
		Line{Method: "goto", Value: "http://127.0.0.1:8080/a?b=c&d='e'"},
		`await page.goto('http://127.0.0.1:8080/a?b=c&d=\'e\'');`},
	{"goto with options",
		`page.goto("https://example.com/", { waitUntil: 'domcontentloaded', timeout: 5000 })`,
		Line{Method: "goto", Value: "https://example.com/", WaitUntil: "domcontentloaded", TimeoutMS: 5000},
		`await page.goto('https://example.com/', { timeout: 5000, waitUntil: 'domcontentloaded' });`},
	{"goBack", `page.goBack()`, Line{Method: "goBack"}, `await page.goBack();`},
	{"goForward with options", `page.goForward({ waitUntil: 'commit' })`, Line{Method: "goForward", WaitUntil: "commit"}, `await page.goForward({ waitUntil: 'commit' });`},
	{"reload", `await page.reload();`, Line{Method: "reload"}, `await page.reload();`},
	{"reload with options", `page.reload({ timeout: 9, waitUntil: 'networkidle' })`, Line{Method: "reload", TimeoutMS: 9, WaitUntil: "networkidle"}, `await page.reload({ timeout: 9, waitUntil: 'networkidle' });`},
	{"reload waiting for load", `page.reload({ waitUntil: 'load' })`, Line{Method: "reload", WaitUntil: "load"}, `await page.reload({ waitUntil: 'load' });`},

	// Frames, as used: prints them.
	{"contentFrame after a locator with its own nth",
		`await page.locator('iframe[title="widget"] >> nth=1').contentFrame().getByRole('button', { name: 'Go', exact: true }).click();`,
		ln(`iframe[title="widget"] >> nth=1 >> internal:control=enter-frame >> internal:role=button[name="Go"s]`,
			`page.locator('iframe[title="widget"] >> nth=1').contentFrame().getByRole('button', { name: 'Go', exact: true })`, "click", ""),
		`await page.locator('iframe[title="widget"] >> nth=1').contentFrame().getByRole('button', { name: 'Go', exact: true }).click();`},
	{"contentFrame of an id",
		`page.locator('#f2').contentFrame().getByLabel('Name').fill('Ann')`,
		ln(`#f2 >> internal:control=enter-frame >> internal:label="Name"i`, `page.locator('#f2').contentFrame().getByLabel('Name')`, "fill", "Ann"),
		`await page.locator('#f2').contentFrame().getByLabel('Name').fill('Ann');`},
	{"nth before contentFrame",
		`page.locator('iframe').nth(1).contentFrame().locator('#x').click()`,
		ln(`iframe >> nth=1 >> internal:control=enter-frame >> #x`, `page.locator('iframe').nth(1).contentFrame().locator('#x')`, "click", ""),
		`await page.locator('iframe').nth(1).contentFrame().locator('#x').click();`},
	{"nth after contentFrame picks the iframe, as FrameLocator.nth does",
		`page.locator('iframe').contentFrame().nth(1).locator('#x').click()`,
		ln(`iframe >> nth=1 >> internal:control=enter-frame >> #x`, `page.locator('iframe').contentFrame().nth(1).locator('#x')`, "click", ""),
		`await page.locator('iframe').contentFrame().nth(1).locator('#x').click();`},
	{"first after frameLocator picks the iframe",
		`page.frameLocator('iframe').first().getByRole('button').click()`,
		ln(`iframe >> nth=0 >> internal:control=enter-frame >> internal:role=button`, `page.frameLocator('iframe').first().getByRole('button')`, "click", ""),
		`await page.frameLocator('iframe').first().getByRole('button').click();`},
	{"last after frameLocator picks the iframe",
		`page.frameLocator('iframe').last().getByText('x').click()`,
		ln(`iframe >> nth=-1 >> internal:control=enter-frame >> internal:text="x"i`, `page.frameLocator('iframe').last().getByText('x')`, "click", ""),
		`await page.frameLocator('iframe').last().getByText('x').click();`},
	{"nth after frameLocator picks the iframe; first inside picks the element",
		`page.frameLocator('iframe').nth(2).getByRole('listitem').first().click()`,
		ln(`iframe >> nth=2 >> internal:control=enter-frame >> internal:role=listitem >> nth=0`, `page.frameLocator('iframe').nth(2).getByRole('listitem').first()`, "click", ""),
		`await page.frameLocator('iframe').nth(2).getByRole('listitem').first().click();`},
	{"nested frameLocators",
		`page.frameLocator('#outer').frameLocator('#inner').getByText('Deep').click()`,
		ln(`#outer >> internal:control=enter-frame >> #inner >> internal:control=enter-frame >> internal:text="Deep"i`,
			`page.frameLocator('#outer').frameLocator('#inner').getByText('Deep')`, "click", ""),
		`await page.frameLocator('#outer').frameLocator('#inner').getByText('Deep').click();`},
	{"nested contentFrames",
		`page.locator('#outer').contentFrame().locator('#inner').contentFrame().getByRole('button').click()`,
		ln(`#outer >> internal:control=enter-frame >> #inner >> internal:control=enter-frame >> internal:role=button`,
			`page.locator('#outer').contentFrame().locator('#inner').contentFrame().getByRole('button')`, "click", ""),
		`await page.locator('#outer').contentFrame().locator('#inner').contentFrame().getByRole('button').click();`},
	{"an action with options in a frame",
		`page.locator('#f2').contentFrame().getByRole('button', { name: 'Go' }).click({ button: 'right' })`,
		Line{Selector: `#f2 >> internal:control=enter-frame >> internal:role=button[name="Go"i]`,
			Locator: `page.locator('#f2').contentFrame().getByRole('button', { name: 'Go' })`, Method: "click", Button: "right"},
		`await page.locator('#f2').contentFrame().getByRole('button', { name: 'Go' }).click({ button: 'right' });`},
}

func TestParse(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			got, err := Parse(c.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.in, err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Parse(%q)\n got %#v\nwant %#v", c.in, got, c.want)
			}
			if code := got.Code(); code != c.code {
				t.Errorf("Code()\n got %s\nwant %s", code, c.code)
			}
		})
	}
}

// TestRoundTrip: every accepted line's canonical code parses back to the
// same Line, and is its own canonical code.
func TestRoundTrip(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse(c.in)
			if err != nil {
				t.Fatalf("Parse(%q): %v", c.in, err)
			}
			again, err := Parse(l.Code())
			if err != nil || !reflect.DeepEqual(again, l) {
				t.Fatalf("Parse(%q) = %#v, %v; want %#v", l.Code(), again, err, l)
			}
			if again.Code() != l.Code() {
				t.Errorf("Code() not stable: %s then %s", l.Code(), again.Code())
			}
		})
	}
}

// TestLocatorSelector: a line built with its locator's code alone finds
// the selector Parse compiles for the same locator.
func TestLocatorSelector(t *testing.T) {
	for _, c := range parseCases {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse(c.in)
			if err != nil || l.PageLevel() {
				return
			}
			built := Line{Locator: l.Locator, Method: l.Method}
			if got, err := built.LocatorSelector(); err != nil || got != l.Selector {
				t.Errorf("LocatorSelector of %s = %q, %v; want %q", l.Locator, got, err, l.Selector)
			}
		})
	}
	if _, err := (Line{Locator: "page.getByRole('button').click()", Method: "click"}).LocatorSelector(); err == nil {
		t.Error("a locator with an action after it gave a selector")
	}
}

func TestPageLevel(t *testing.T) {
	for _, c := range parseCases {
		l, err := Parse(c.in)
		if err != nil {
			t.Fatalf("Parse(%q): %v", c.in, err)
		}
		page := strings.HasPrefix(l.Code(), "await page."+strings.SplitN(l.Method, ".", 2)[0]+"(") || strings.HasPrefix(l.Method, "keyboard.")
		if l.PageLevel() != page || page != (l.Selector == "") || page != (l.Locator == "") {
			t.Errorf("%s: PageLevel() = %t for %#v", c.name, l.PageLevel(), l)
		}
	}
}

func TestValueKind(t *testing.T) {
	l, err := Parse(`page.locator('s').selectOption(['a', { label: 'b' }])`)
	if err != nil {
		t.Fatal(err)
	}
	if l.ValueKind(0) != "" || l.ValueKind(1) != "label" || l.ValueKind(2) != "" {
		t.Errorf("ValueKind of %#v: %q %q %q", l, l.ValueKind(0), l.ValueKind(1), l.ValueKind(2))
	}
	if (Line{Values: []string{"a"}}).ValueKind(0) != "" {
		t.Error("ValueKind with nil ValueKinds is not \"\"")
	}
}

// TestCodeOfBuiltLines: a Line a caller builds with the four old fields
// still prints as before.
func TestCodeOfBuiltLines(t *testing.T) {
	cases := []struct {
		l    Line
		want string
	}{
		{ln(`#s`, `page.locator('#s')`, "selectOption", "b"), `await page.locator('#s').selectOption('b');`},
		{ln(`#s`, `page.locator('#s')`, "type", "b"), `await page.locator('#s').type('b');`},
		{ln(`#s`, `page.locator('#s')`, "fill", ""), `await page.locator('#s').fill('');`},
		{ln(`#s`, `page.locator('#s')`, "click", ""), `await page.locator('#s').click();`},
		{Line{Method: "keyboard.press", Value: "Tab"}, `await page.keyboard.press('Tab');`},
		{Line{Selector: `#s`, Locator: `page.locator('#s')`, Method: "fill", Value: "x", Button: "right"}, `await page.locator('#s').fill('x');`},
	}
	for _, c := range cases {
		if got := c.l.Code(); got != c.want {
			t.Errorf("Code() of %#v = %s, want %s", c.l, got, c.want)
		}
	}
}

func TestParseRejects(t *testing.T) {
	huge := strings.Repeat("x", 1<<20)
	cases := []struct{ name, in, says string }{
		{"empty line", "", "a line starts with page."},
		{"blank line", " \t\n", "a line starts with page."},
		{"javascript URL", "javascript:alert(1)", "a line starts with page."},
		{"comment", "// page.getByRole('button').click()", "a line starts with page."},
		{"another receiver", "frame.getByRole('button').click()", "a line starts with page."},
		{"page as a prefix of a longer name", "pageX.getByRole('button').click()", "a line starts with page."},
		{"await glued to page", "awaitpage.getByRole('button').click()", "a line starts with page."},
		{"no action", "page.getByRole('button')", "the line ends without an action"},
		{"no action before the semicolon", "await page.getByRole('button');", "the line ends without an action"},
		{"page alone", "page", "the line ends without an action"},
		{"page action without a locator", "page.click('#x')", "click needs a locator before it, like page.getByRole('button').click()"},
		{"page fill without a locator", "page.fill('#x', 'v')", "fill needs a locator before it"},
		{"two actions", "page.getByRole('button').click().click()", `unexpected ".click()" after the action; a line does one action`},
		{"two statements", "page.getByRole('button').click(); page.locator('a').click();", "a line does one action"},
		{"trailing junk", "page.getByRole('button').click(); alert(1)", `unexpected "alert(1)" after the action`},
		{"double semicolon", "page.getByRole('button').click();;", `unexpected ";" after the action`},
		{"trailing junk is quoted short", "page.getByRole('button').click()" + strings.Repeat("x", 300), `unexpected "xxxxxxxxxxxxxxxxxxxx…" after the action`},
		{"a huge line is refused before parsing", "page.getByRole('button').click()" + huge, "longer than 16384 bytes"},
		{"a line whose escaped code would be too long", "page.getByText('" + strings.Repeat("\x15", 3000) + "').click()", "the line's canonical code, with its escapes, is longer than 16384 bytes"},
		{"unknown method", "page.getByRole('button').tap()", `unknown method "tap"`},
		{"page method that is not supported", "await page.waitForTimeout(100);", `unknown method "waitForTimeout"`},
		{"space instead of dot", "page getByRole('button').click()", "expected '.'"},
		{"two dots", "page..click()", "expected a method name after '.'"},
		{"missing paren after action", "page.getByRole('button').click", "expected '(' after click"},
		{"missing paren after locator", "page.getByRole.click()", "expected '(' after getByRole"},
		{"missing closing paren", "page.getByRole('button'.click()", "expected ',' or ')'"},
		{"line ends inside the arguments", "page.getByRole('button').click(", "the line ends inside an argument list"},
		{"unterminated string", "page.getByText('Save).click()", "unterminated string"},
		{"unterminated double-quoted string", `page.getByText("Save`, "unterminated string"},
		{"newline inside a quoted string", "page.getByText('a\nb').click()", "unterminated string"},
		{"backslash at the end", `page.getByText('a\`, "unterminated string"},
		{"unterminated long string", "page.getByText('" + strings.Repeat("x", 300), "unterminated string"},
		{"template interpolation", "page.getByText(`Hello ${name}`).click()", "template interpolation ${…} is not a literal"},
		{"bad unicode escape", `page.getByText('\uZZZZ').click()`, `bad escape: want 4 hex digits`},
		{"short unicode escape", `page.getByText('\u12`, `bad escape: want 4 hex digits`},
		{"variable argument", "page.getByText(name).click()", `expected a string, number, boolean, regex, [ … ] or { … } argument, found "name).click()"`},
		{"array argument to a locator", "page.getByText(['a']).click()", "getByText needs a string argument"},
		{"unterminated regex", "page.getByText(/abc).click()", "unterminated regex"},
		{"empty regex", "page.getByText(//).click()", "empty regex"},
		{"bad number", "page.locator('li').nth(-).click()", `bad number "-"`},
		{"fractional nth", "page.locator('li').nth(1.5).click()", "expected ',' or ')'"},
		{"number too large", "page.locator('li').nth(99999999999999999999).click()", "bad number"},
		{"nested options object", "page.getByRole('button', { name: { x: 1 } }).click()", "nested objects are not supported"},
		{"option without colon", "page.getByRole('button', { name 'x' }).click()", "expected ':' after name"},
		{"options without comma", "page.getByRole('button', { name: 'x' exact: true }).click()", "expected ',' or '}'"},
		{"option without a name", "page.getByRole('button', { : 'x' }).click()", "expected a property name"},
		{"fill without a value", "page.getByLabel('Name').fill()", "fill takes one string argument"},
		{"fill with a number", "page.getByLabel('Name').fill(5)", "fill takes one string argument"},
		{"fill with force", "page.getByLabel('Name').fill('x', { force: true })", "force is refused: prima never forces an action"},
		{"press with two keys", "page.getByLabel('Name').press('a', 'b')", "press takes one string argument"},
		{"click with a string", "page.getByRole('button').click('x')", "click takes one options object: { button, clickCount, delay, modifiers, noWaitAfter, position, scroll, steps, timeout, trial }"},
		{"getByRole without a role", "page.getByRole().click()", "getByRole needs a role, like getByRole('button')"},
		{"getByRole with an empty role", "page.getByRole('').click()", "getByRole needs a role"},
		{"getByRole unknown option", "page.getByRole('button', { nme: 'Save' }).click()", `getByRole has no option "nme"`},
		{"getByRole option of the wrong type", "page.getByRole('checkbox', { checked: 'yes' }).click()", "getByRole option checked has the wrong type"},
		{"getByRole level as a string", "page.getByRole('heading', { level: '2' }).click()", "getByRole option level has the wrong type"},
		{"second argument not an object", "page.getByRole('button', 'Save').click()", "the second argument of getByRole must be an options object"},
		{"three arguments", "page.getByText('a', {}, {}).click()", "getByText takes at most two arguments"},
		{"getByText without a string", "page.getByText(5).click()", "getByText needs a string argument"},
		{"getByLabel without arguments", "page.getByLabel().fill('x')", "getByLabel needs a string argument"},
		{"getByTestId with a regex", "page.getByTestId(/id/).click()", "getByTestId needs one string argument"},
		{"blank locator", "page.locator('  ').click()", "locator needs one non-empty selector string"},
		{"frameLocator with options", "page.frameLocator('a', {}).click()", "frameLocator needs one non-empty selector string"},
		{"contentFrame with an argument", "page.locator('iframe').contentFrame('x').click()", "contentFrame takes no argument"},
		{"first with an argument", "page.locator('li').first(1).click()", "first takes no argument"},
		{"nth with a string", "page.locator('li').nth('1').click()", "nth needs one integer argument"},
		{"unicode whitespace is not whitespace", "page\u00a0.getByRole('button').click()", "expected '.'"},

		// Action options.
		{"click with force", "page.getByRole('button').click({ force: true })", "force is refused: prima never forces an action"},
		{"force among other options", "page.getByRole('button').click({ button: 'right', force: false })", "force is refused"},
		{"click with an unknown option", "page.getByRole('button').click({ foo: 1 })", `click has no option "foo"; it takes { button, clickCount, delay, modifiers, noWaitAfter, position, scroll, steps, timeout, trial }`},
		{"click with two options objects", "page.getByRole('button').click({}, {})", "click takes one options object"},
		{"click with an array", "page.getByRole('button').click(['Shift'])", "click takes one options object"},
		{"dblclick has no clickCount", "page.getByRole('button').dblclick({ clickCount: 2 })", `dblclick has no option "clickCount"; it takes { button, delay, modifiers, noWaitAfter, position, scroll, steps, timeout, trial }`},
		{"dblclick with a string", "page.getByRole('button').dblclick('x')", "dblclick takes one options object: { button, delay, modifiers, noWaitAfter, position, scroll, steps, timeout, trial }"},
		{"hover has no button", "page.getByRole('button').hover({ button: 'right' })", `hover has no option "button"; it takes { modifiers, noWaitAfter, position, scroll, timeout, trial }`},
		{"position without y", "page.getByRole('button').click({ position: { x: 1 } })", "position is { x: N, y: N }"},
		{"filter by text", "page.getByRole('button').filter({ hasText: 'x' }).click()", "filter takes only { visible: true|false }"},
		{"check with a trial that is no boolean", "page.getByRole('checkbox').check({ trial: 1 })", `trial is true or false`},
		{"scroll that is neither auto nor none", "page.getByRole('checkbox').check({ scroll: 'up' })", `scroll is 'auto' or 'none'`},
		{"dragTo with a trial", "page.locator('#a').dragTo(page.getByText('Done'), { trial: true })", `dragTo's trial is refused`},
		{"unknown button", "page.getByRole('button').click({ button: 'back' })", "button is 'left', 'right' or 'middle'"},
		{"button as a number", "page.getByRole('button').click({ button: 2 })", "button is 'left', 'right' or 'middle'"},
		{"clickCount zero", "page.getByRole('button').click({ clickCount: 0 })", "clickCount is a whole number from 1 to 10"},
		{"clickCount too large", "page.getByRole('button').click({ clickCount: 11 })", "clickCount is a whole number from 1 to 10"},
		{"clickCount as a string", "page.getByRole('button').click({ clickCount: '2' })", "clickCount is a whole number"},
		{"fractional clickCount", "page.getByRole('button').click({ clickCount: 1.5 })", "expected ',' or '}'"},
		{"modifiers as a string", "page.getByRole('button').click({ modifiers: 'Shift' })", "modifiers is an array, like ['Shift']: of Alt, Control, ControlOrMeta, Meta, Shift"},
		{"unknown modifier", "page.getByRole('button').click({ modifiers: ['Ctrl'] })", "a modifier is one of Alt, Control, ControlOrMeta, Meta, Shift"},
		{"modifier in lower case", "page.getByRole('button').click({ modifiers: ['shift'] })", "a modifier is one of"},
		{"modifier twice", "page.getByRole('button').click({ modifiers: ['Shift', 'Alt', 'Shift'] })", "modifier Shift is given twice"},
		{"modifiers without comma", "page.getByRole('button').click({ modifiers: ['Shift' 'Alt'] })", "expected ',' or ']'"},
		{"unterminated modifiers", "page.getByRole('button').click({ modifiers: ['Shift'", "the line ends inside an argument list"},
		{"objects in modifiers nest too deep", "page.getByRole('button').click({ modifiers: [{ key: 'Shift' }] })", "objects and arrays nest at most 2 deep"},
		{"timeout zero would wait forever", "page.getByRole('button').click({ timeout: 0 })", "timeout is a positive whole number of milliseconds"},
		{"negative timeout", "page.getByRole('button').click({ timeout: -1 })", "timeout is a positive whole number"},
		{"timeout as a string", "page.getByRole('button').click({ timeout: '5s' })", "timeout is a positive whole number"},
		{"negative delay", "page.getByRole('textbox').pressSequentially('a', { delay: -1 })", "delay is a whole number of milliseconds, 0 or more"},
		{"fill has no delay", "page.getByRole('textbox').fill('a', { delay: 1 })", `fill has no option "delay"; it takes { noWaitAfter, timeout }`},
		{"fill with a second string", "page.getByRole('textbox').fill('a', 'b')", "fill takes one string argument and optionally { noWaitAfter, timeout }"},
		{"press with an empty key", "page.getByRole('textbox').press('')", "press needs a non-empty string, like press('Enter')"},

		// selectOption and setInputFiles.
		{"selectOption without options", "page.locator('s').selectOption()", "selectOption takes an option or an array of them: 'blue', ['red', 'blue'], { label: 'Blue' } or { value: 'b' }"},
		{"selectOption with an empty array", "page.locator('s').selectOption([])", "selectOption needs at least one option"},
		{"selectOption with a nested array", "page.locator('s').selectOption([['a']])", "nested arrays are not supported"},
		{"selectOption by index", "page.locator('s').selectOption({ index: 1 })", "exactly one of label or value"},
		{"selectOption by label and value", "page.locator('s').selectOption({ label: 'a', value: 'b' })", "exactly one of label or value"},
		{"selectOption by a numeric label", "page.locator('s').selectOption({ label: 5 })", "exactly one of label or value, as a string"},
		{"selectOption with an empty object", "page.locator('s').selectOption([{}])", "exactly one of label or value"},
		{"selectOption with a number", "page.locator('s').selectOption(5)", "selectOption takes an option or an array of them"},
		{"selectOption with a number in the array", "page.locator('s').selectOption(['a', 5])", "selectOption takes an option or an array of them"},
		{"selectOption with two strings", "page.locator('s').selectOption('a', 'b')", "selectOption takes an option or an array of them"},
		{"selectOption with force", "page.locator('s').selectOption('a', { force: true })", "force is refused"},
		{"selectOption with a label array", "page.locator('s').selectOption({ label: ['a'] })", "exactly one of label or value"},
		{"selectOption nesting too deep", "page.locator('s').selectOption([{ label: ['a'] }])", "objects and arrays nest at most 2 deep"},
		{"setInputFiles without files", "page.locator('f').setInputFiles()", "setInputFiles takes a file name or an array of them: 'a.txt' or ['a.txt', 'b.txt']"},
		{"setInputFiles with an empty array", "page.locator('f').setInputFiles([])", "setInputFiles needs at least one file name"},
		{"setInputFiles with an empty name", "page.locator('f').setInputFiles(['a', ''])", "setInputFiles needs file names, and '' is none"},
		{"setInputFiles with a buffer", "page.locator('f').setInputFiles({ name: 'a.txt', mimeType: 'text/plain', buffer: '' })", "setInputFiles takes a file name or an array of them"},
		{"setInputFiles with labels", "page.locator('f').setInputFiles([{ label: 'a' }])", "setInputFiles takes a file name or an array of them"},
		{"setInputFiles with an unknown option", "page.locator('f').setInputFiles('a', { delay: 1 })", `setInputFiles has no option "delay"; it takes { noWaitAfter, timeout }`},

		// dragTo.
		{"dragTo without a target", "page.locator('#a').dragTo()", "dragTo takes a locator, like dragTo(page.getByText('Done'))"},
		{"dragTo a selector string", "page.locator('#a').dragTo('#b')", "dragTo takes a locator, like dragTo(page.getByText('Done'))"},
		{"dragTo the page", "page.locator('#a').dragTo(page)", "dragTo takes a locator"},
		{"dragTo a variable", "page.locator('#a').dragTo(pageX.locator('#b'))", "dragTo takes a locator"},
		{"dragTo a target with an action", "page.locator('#a').dragTo(page.getByText('Done').click())", "the target of dragTo is a locator with no action after it"},
		{"dragTo a frame", "page.locator('#a').dragTo(page.frameLocator('#f'))", "the target of dragTo, page.frameLocator('#f'), is a frame, not an element"},
		{"dragTo a bad target", "page.locator('#a').dragTo(page.getByRole())", "getByRole needs a role"},
		{"dragTo with a target unterminated", "page.locator('#a').dragTo(page.getByText('Done')", "expected ',' or ')' after the target of dragTo"},
		{"dragTo with junk after the target", "page.locator('#a').dragTo(page.getByText('Done') x)", "expected ',' or ')' after the target of dragTo"},
		{"dragTo with a second target", "page.locator('#a').dragTo(page.getByText('A'), page.getByText('B'))", "expected a string, number, boolean, regex"},
		{"dragTo with a string option", "page.locator('#a').dragTo(page.getByText('Done'), 'x')", "dragTo takes a locator, like dragTo(page.getByText('Done')) and optionally { noWaitAfter, sourcePosition, steps, targetPosition, timeout }"},
		{"dragTo with force", "page.locator('#a').dragTo(page.getByText('Done'), { force: true })", "force is refused"},
		{"dragTo with no steps", "page.locator('#a').dragTo(page.getByText('Done'), { steps: 0 })", "steps is a whole number from 1 to 100"},
		{"dragTo with too many steps", "page.locator('#a').dragTo(page.getByText('Done'), { steps: 500 })", "steps is a whole number from 1 to 100"},
		{"dragTo on the page", "page.dragTo(page.getByText('Done'))", "dragTo needs a locator before it"},

		// Page-level actions.
		{"keyboard.press without a key", "page.keyboard.press()", "keyboard.press takes one string argument and optionally { delay }"},
		{"keyboard.press with an empty key", "page.keyboard.press('')", "keyboard.press needs a non-empty string"},
		{"keyboard.press with a timeout", "page.keyboard.press('a', { timeout: 1 })", `keyboard.press has no option "timeout"; it takes { delay }`},
		{"keyboard.insertText with options", "page.keyboard.insertText('a', { delay: 1 })", "keyboard.insertText takes one string argument"},
		{"keyboard.down", "page.keyboard.down('Shift')", "only page.keyboard.press('…'), .type('…') and .insertText('…') are supported"},
		{"keyboard alone", "page.keyboard", "only page.keyboard.press"},
		{"keyboard called", "page.keyboard('a')", "only page.keyboard.press"},
		{"mouse", "page.mouse.click(10, 20)", "of page.mouse, only page.keyboard.press"},
		{"keyboard after a locator", "page.locator('a').keyboard.press('x')", "keyboard belongs to the page, not to a locator"},
		{"goto without a URL", "page.goto()", "goto takes one string argument and optionally { referer, timeout, waitUntil }"},
		{"goto with an empty URL", "page.goto('')", "goto needs a non-empty string"},
		{"goto with an unknown waitUntil", "page.goto('/a', { waitUntil: 'idle' })", "waitUntil is 'load', 'domcontentloaded', 'commit' or 'networkidle'"},
		{"goto with a referer that is no string", "page.goto('/a', { referer: 1 })", `referer is a URL string`},
		{"goBack with a string", "page.goBack('x')", "goBack takes one options object: { timeout, waitUntil }"},
		{"reload with two objects", "page.reload({}, {})", "reload takes one options object"},
		{"goto after a locator", "page.getByRole('link').goto('/a')", "goto acts on the page, not on a locator: write page.goto(…)"},
		{"keyboard.press then another action", "page.keyboard.press('a').click()", "a line does one action"},
		{"goto then junk", "page.goto('/a'); page.reload()", "a line does one action"},

		// Frames.
		{"action on a frameLocator", "page.frameLocator('#f').click()", "page.frameLocator('#f') is a frame, not an element: add a locator inside it"},
		{"action on a contentFrame", "page.locator('iframe').contentFrame().click()", "page.locator('iframe').contentFrame() is a frame, not an element"},
		{"action on a picked frame", "page.frameLocator('iframe').first().fill('x')", "page.frameLocator('iframe').first() is a frame, not an element"},
		{"a frame and no action", "page.locator('iframe').contentFrame()", "is a frame, not an element: add a locator inside it, like .getByRole('button'), then an action"},
		{"contentFrame of a frame", "page.frameLocator('#f').contentFrame().click()", "contentFrame follows a locator of an iframe, not a frame"},
		{"contentFrame twice", "page.locator('#f').contentFrame().contentFrame().click()", "contentFrame follows a locator of an iframe, not a frame"},
		{"contentFrame of the page", "page.contentFrame().click()", "contentFrame needs a locator of an iframe before it"},
		{"first of the page", "page.first().click()", "first needs a locator before it, like page.getByRole('listitem').first()"},
		{"nth of the page", "page.nth(1).click()", "nth needs a locator before it"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			l, err := Parse(c.in)
			if err == nil {
				t.Fatalf("Parse(%.80q) = %#v, want an error saying %q", c.in, l, c.says)
			}
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%.80q) error %T, want *SyntaxError", c.in, err)
			}
			if !strings.Contains(err.Error(), c.says) {
				t.Errorf("Parse(%.80q) error = %.200q, want it to say %q", c.in, err.Error(), c.says)
			}
			if se.Line != c.in || se.Offset < 0 || se.Offset > len(c.in) {
				t.Errorf("SyntaxError{Offset: %d} for a %d-byte line, or Line not the input", se.Offset, len(c.in))
			}
			if !reflect.DeepEqual(l, Line{}) {
				t.Errorf("Parse returned %#v with its error", l)
			}
		})
	}
}

func TestJSQuote(t *testing.T) {
	cases := []struct{ name, in, want string }{
		{"empty", "", `''`},
		{"plain", "Save", `'Save'`},
		{"single quote is escaped", "It's", `'It\'s'`},
		{"double quote is not escaped", `Say "hi"`, `'Say "hi"'`},
		{"backslash is escaped", `a\b`, `'a\\b'`},
		{"newline, return and tab use short escapes", "a\nb\rc\td", `'a\nb\rc\td'`},
		{"other control characters use \\u", "\x00\x08\x1b\x1f\x7f", `'\u0000\u0008\u001b\u001f\u007f'`},
		{"line and paragraph separators are escaped", "a\u2028b\u2029c", `'a\u2028b\u2029c'`},
		{"backtick and ${ need no escape in single quotes", "`${x}`", "'`${x}`'"},
		{"unicode is kept", "Ünï 日本 😀", `'Ünï 日本 😀'`},
		{"an icon font's private-use glyph is escaped", "\ue8b6 Search", `'\ue8b6 Search'`},
		{"a private-use glyph above U+FFFF uses the braced escape", "\U000F0001", `'\u{f0001}'`},
		{"zero-width and bidi characters are escaped", "Sa\u200bve\u202e", `'Sa\u200bve\u202e'`},
		{"a combining grapheme joiner and a Hangul filler are escaped, as the envelope shows them", "Sa\u034fve\u3164", `'Sa\u034fve\u3164'`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := JSQuote(c.in)
			if got != c.want {
				t.Errorf("JSQuote(%q) = %s, want %s", c.in, got, c.want)
			}
			p := &parser{src: got}
			if back, err := p.str(); err != nil || back != c.in || !p.eof() {
				t.Errorf("reading %s back = %q, %v; want %q", got, back, err, c.in)
			}
		})
	}
}

func TestAttrQuote(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		exact bool
		want  string
	}{
		{"substring match has suffix i", "Save", false, `"Save"i`},
		{"exact match has suffix s", "Save", true, `"Save"s`},
		{"empty", "", false, `""i`},
		{"double quote is escaped", `Say "hi"`, true, `"Say \"hi\""s`},
		{"backslash is escaped before quotes", `a\"b`, true, `"a\\\"b"s`},
		{"single quote is kept", "It's", false, `"It's"i`},
		{"newline is kept raw", "a\nb", false, "\"a\nb\"i"},
		{"unicode is kept", "日本 😀", true, `"日本 😀"s`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := AttrQuote(c.in, c.exact); got != c.want {
				t.Errorf("AttrQuote(%q, %t) = %s, want %s", c.in, c.exact, got, c.want)
			}
		})
	}
}

func TestTextQuote(t *testing.T) {
	cases := []struct {
		name  string
		in    string
		exact bool
		want  string
	}{
		{"substring match has suffix i", "Welcome", false, `"Welcome"i`},
		{"exact match has suffix s", "Welcome", true, `"Welcome"s`},
		{"empty", "", true, `""s`},
		{"double quote and backslash are escaped", `a"b\c`, false, `"a\"b\\c"i`},
		{"single quote is kept", "It's", false, `"It's"i`},
		{"newline uses a short escape", "a\nb", false, `"a\nb"i`},
		{"other control characters use \\u", "\t\x00\x1f", true, `"\u0009\u0000\u001f"s`},
		{"unicode is kept", "café 😀", false, `"café 😀"i`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := TextQuote(c.in, c.exact)
			if got != c.want {
				t.Errorf("TextQuote(%q, %t) = %s, want %s", c.in, c.exact, got, c.want)
			}
			// Playwright reads the quoted part as JSON.
			var back string
			if err := json.Unmarshal([]byte(got[:len(got)-1]), &back); err != nil || back != c.in {
				t.Errorf("the JSON part of %s decodes to %q, %v; want %q", got, back, err, c.in)
			}
		})
	}
}

// FuzzParseRoundTrip: whatever Parse accepts, it accepts again in the
// canonical form, as the same Line; whatever it refuses is a *SyntaxError
// inside the line.
func FuzzParseRoundTrip(f *testing.F) {
	for _, c := range parseCases {
		f.Add(c.in)
	}
	f.Add("page.getByRole('button', { name: /a[/]\\/b/gi, exact: true }).first().fill(`x\\u0041`)")
	f.Add("await page.getByText('x', { exact: true, }).press('\\u2028\\0');")
	f.Add("page.locator('a').nth(-0).selectOption(\"\\\"\")")
	f.Add("page.locator('a').selectOption([{ label: '\\ud83d\\ude00' }, { value: '\\ud800' }, ''])")
	f.Add("page.frameLocator('f').nth(0).frameLocator('g').last().locator('x').dragTo(page.locator('f').contentFrame().first().getByText(/a/), { timeout: 1 })")
	f.Add("page.getByText(\"Save" + strings.Repeat("\x15", 3000) + "\").click()") // shorter than MaxLine, its code longer
	f.Fuzz(func(t *testing.T, src string) {
		l, err := Parse(src)
		if err != nil {
			var se *SyntaxError
			if !errors.As(err, &se) {
				t.Fatalf("Parse(%q) error %T, want *SyntaxError", src, err)
			}
			if se.Offset < 0 || se.Offset > len(src) {
				t.Fatalf("Parse(%q): offset %d outside the line", src, se.Offset)
			}
			return
		}
		code := l.Code()
		again, err := Parse(code)
		if err != nil {
			t.Fatalf("Parse(%q) = %#v, but its code %q does not parse: %v", src, l, code, err)
		}
		if !reflect.DeepEqual(again, l) {
			t.Fatalf("round trip of %q through %q:\n got %#v\nwant %#v", src, code, again, l)
		}
		if again.Code() != code {
			t.Fatalf("Code() not stable: %q then %q", code, again.Code())
		}
	})
}

func ExampleParse() {
	l, err := Parse(`await page.getByRole("button", { name: "Save", exact: true }).click()`)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(l.Selector)
	fmt.Println(l.Code())
	// Output:
	// internal:role=button[name="Save"s]
	// await page.getByRole('button', { name: 'Save', exact: true }).click();
}

func TestUnquote(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{`'a\nb' rest`, "a\nb"},
		{`"it's" x`, "it's"},
		{`'\'q\''`, "'q'"},
		{`'\x41\u00e9\u{1F600}'`, "Aé😀"},
		{`'\ud83d\ude00'`, "😀"},
		{`'back\\slash'`, `back\slash`},
		{"`tmpl`", "tmpl"},
	} {
		got, err := Unquote(c.in)
		if err != nil || got != c.want {
			t.Errorf("Unquote(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{``, `x'`, `'open`, `'\u12'`, "`a${b}`"} {
		if _, err := Unquote(bad); err == nil {
			t.Errorf("Unquote(%q): no error", bad)
		}
	}
}

// Every option Playwright's API gives a method (read from playwright-go's
// generated option types) is one prima takes, reading and printing it,
// or one it refuses with a reason: an upgrade that adds an option fails
// here until prima says which.
func TestEveryPlaywrightOptionIsTakenOrRefused(t *testing.T) {
	for name, m := range methods {
		for _, o := range m.all {
			_, refused := refusedOptions[o]
			if refusedFor[name][o] != "" {
				refused = true
			}
			if !refused && !slices.Contains(takenOptions, o) {
				t.Errorf("%s has Playwright's option %q, which prima neither takes nor refuses", name, o)
			}
			if refused && slices.Contains(m.opts, o) {
				t.Errorf("%s lists the refused option %q as taken", name, o)
			}
		}
	}
}

// The options taken since they come from Playwright's API print back as
// given, and Parse reads them again.
func TestPlaywrightOptionsRoundTrip(t *testing.T) {
	for _, line := range []string{
		"await page.getByRole('button', { name: 'Go' }).click({ delay: 30, noWaitAfter: true, scroll: 'none', steps: 4, trial: true });",
		"await page.getByRole('checkbox').check({ scroll: 'auto', trial: true });",
		"await page.locator('#a').dragTo(page.getByText('Done'), { sourcePosition: { x: 2, y: 3 }, steps: 5, targetPosition: { x: 4, y: 1 } });",
		"await page.goto('https://example.com/', { referer: 'https://example.org/', waitUntil: 'load' });",
		"await page.getByRole('textbox').fill('a', { noWaitAfter: true });",
	} {
		l, err := Parse(line)
		if err != nil {
			t.Errorf("Parse(%q): %v", line, err)
			continue
		}
		if got := l.Code(); got != line {
			t.Errorf("Parse(%q).Code() = %q", line, got)
		}
	}
}
