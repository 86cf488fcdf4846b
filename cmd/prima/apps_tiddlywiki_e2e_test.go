package main

import (
	"encoding/json"
	"fmt"
	"net/url"
	"path/filepath"
	"strings"
	"testing"
)

// TiddlyWiki 5.4.1, its Node.js server edition: a wiki on one page whose
// links open tiddlers in the story on the client. Served with
// lazy-all, a tiddler's text is fetched when it is first shown, and with
// the address bar and history updated, opening one pushes its permalink:
// a route change, a fetch, a render. Its oracles: the server's tiddler
// API (/recipes/default/tiddlers/TITLE) and the page's own $tw.wiki.
func TestAppsTiddlyWiki(t *testing.T) {
	tw := appInstalled(t, "tiddlywiki", "tiddlywiki/tiddlywiki.js")
	dir := filepath.Join(t.TempDir(), "wiki")
	if out, err := runNode(tw, dir, "--init", "server"); err != nil {
		t.Fatalf("tiddlywiki --init server: %v\n%s", err, out)
	}
	port := freePort(t)
	app := startApp(t, "tiddlywiki", port, filepath.Dir(dir), "/status", nil,
		tw, dir, "--listen", fmt.Sprintf("port=%d", port), "host=127.0.0.1", "root-tiddler=$:/core/save/lazy-all")
	base := app.url
	// modified: the sidebar's Recent tab lists only tiddlers that have it.
	for _, td := range []struct{ title, text, tags, modified string }{
		{"$:/DefaultTiddlers", "[[Welcome]]", "", ""},
		{"$:/config/Navigation/UpdateAddressBar", "permalink", "", ""},
		{"$:/config/Navigation/UpdateHistory", "yes", "", ""},
		{"Welcome", "Start with the [[Shopping List]]. Old things: [[Old Notes]].", "", "20260601090000000"},
		{"Shopping List", "Milk and [[Bread Recipe]].", "Home", "20260602090000000"},
		{"Bread Recipe", "Flour, water, salt.", "", "20260603090000000"},
		{"Garden Plan", "Tomatoes in May.", "", "20260604090000000"},
		{"Old Notes", "Nothing to keep.", "", "20250101090000000"},
	} {
		f := map[string]string{"title": td.title, "text": td.text, "tags": td.tags, "type": "text/vnd.tiddlywiki"}
		if td.modified != "" {
			f["modified"], f["created"] = td.modified, td.modified
		}
		body, _ := json.Marshal(f)
		code, resp := appHTTP("PUT", base+"/recipes/default/tiddlers/"+url.PathEscape(td.title),
			map[string]string{"X-Requested-With": "TiddlyWiki", "Content-Type": "application/json"}, body)
		if code != 204 {
			t.Fatalf("seed tiddler %q: HTTP %d %s", td.title, code, resp)
		}
	}
	// The server's word on a tiddler: its text and tags, or absent.
	server := func(title string) func(*harness) string {
		return func(*harness) string {
			code, body := appHTTP("GET", base+"/recipes/default/tiddlers/"+url.PathEscape(title), nil, nil)
			if code == 404 {
				return "absent"
			}
			var f struct{ Text, Tags string }
			if code != 200 || json.Unmarshal([]byte(body), &f) != nil {
				return fmt.Sprintf("(HTTP %d %.80s)", code, body)
			}
			return "text: " + f.Text + "; tags: " + f.Tags
		}
	}
	// Views a click renders: a tiddler's heading and its text as the
	// server has it.
	shown := func(title string) []string {
		text := strings.TrimPrefix(strings.SplitN(server(title)(nil), "; tags:", 2)[0], "text: ")
		return []string{fmt.Sprintf("heading %q", title), "paragraph: " + text}
	}
	js := func(expr string) func(*harness) string {
		return func(h *harness) string { return appEval(h, expr) }
	}
	story := js(`decodeURIComponent(location.hash) + " | " + $tw.wiki.getTiddlerList("$:/StoryList").slice().sort().join(", ")`)
	drafts := js(`$tw.wiki.filterTiddlers("[is[draft]sort[]]").join(", ") || "none"`)
	draft := func(title, field string) func(*harness) string {
		q, _ := json.Marshal("Draft of '" + title + "'")
		f, _ := json.Marshal(field)
		return js(fmt.Sprintf(`(() => { const t = $tw.wiki.getTiddler(%s); if (!t) return "no draft"; const v = t.fields[%s];
			return Array.isArray(v) ? v.join(", ") : String(v === undefined ? "" : v); })()`, q, f))
	}
	selectedTab := js(`[...document.querySelectorAll('[role=tab][aria-selected=true]')].map(e => e.textContent.trim()).join(", ")`)
	inputValue := func(sel string) func(*harness) string {
		return js(fmt.Sprintf(`document.querySelector(%q)?.value ?? "no field"`, sel))
	}
	withView := func(st appStep, view ...string) appStep {
		st.view = view
		return st
	}
	ready := `typeof $tw === "object" && !!$tw.wiki && !!document.querySelector(".tc-story-river .tc-tiddler-frame")`

	h := newHarness(t)
	h.primaOK("browser", "open")
	runAppFlows(t, h, "tiddlywiki", base, []appFlow{
		{name: "follow links", path: "/", ready: ready, steps: []appStep{
			withView(appDo("click Shopping List", story, "#Shopping List | Shopping List, Welcome"), `heading "Shopping List"`),
			withView(appDo("click Bread Recipe", story, "#Bread Recipe | Bread Recipe, Shopping List, Welcome"), shown("Bread Recipe")...),
			appDo("click Recent", selectedTab, "Recent"),
			withView(appDo("click Garden Plan", story, "#Garden Plan | Bread Recipe, Garden Plan, Shopping List, Welcome"), shown("Garden Plan")...),
		}},
		{name: "create a tiddler", path: "/", ready: ready, steps: []appStep{
			appDo("click new tiddler", drafts, "Draft of 'New Tiddler'"),
			appDo("fill Title with Groceries", draft("New Tiddler", "draft.title"), "Groceries"),
			appPw("fill", []string{"textbox: New Tiddler", "textbox: Groceries"}, []string{"Groceries"}, draft("New Tiddler", "draft.title"), "Groceries"),
			appDo("fill Type the text for this tiddler with Eggs and butter.", draft("New Tiddler", "text"), "Eggs and butter."),
			withView(appDo("click Confirm changes to this tiddler", server("Groceries"), "text: Eggs and butter.; tags: "), `heading "Groceries"`),
		}},
		{name: "edit and tag a tiddler", path: "/#Shopping%20List", ready: ready, steps: []appStep{
			appDo("click Edit this tiddler", drafts, "Draft of 'Shopping List'"),
			appDo("fill Type the text for this tiddler with Milk, eggs and [[Bread Recipe]].", draft("Shopping List", "text"), "Milk, eggs and [[Bread Recipe]]."),
			appDo("fill tag name with Urgent", inputValue(`input[placeholder="tag name"]`), "Urgent"),
			appDo("press Enter", draft("Shopping List", "tags"), "Home, Urgent"),
			appDo("click Confirm changes to this tiddler", server("Shopping List"), "text: Milk, eggs and [[Bread Recipe]].; tags: Home Urgent"),
		}},
		{name: "search and open a result", path: "/", ready: ready, steps: []appStep{
			appDo("fill Search with Garden", inputValue(`input[type=search]`), "Garden"),
			appPw("fill", []string{"searchbox"}, []string{"Garden"}, inputValue(`input[type=search]`), "Garden"),
			// The results list it under title matches and all matches.
			{name: "do click Garden Plan (listed twice)", state: story, refuse: "ambiguous", args: func(string) ([]string, error) {
				return []string{"do", "click Garden Plan"}, nil
			}},
			withView(appPw("click", []string{`link "Garden Plan"`}, nil, story, "#Garden Plan | Garden Plan, Welcome"), shown("Garden Plan")...),
		}},
		{name: "delete a tiddler through its confirm", path: "/", ready: ready, steps: []appStep{
			withView(appDo("click Old Notes", story, "#Old Notes | Old Notes, Welcome"), shown("Old Notes")...),
			{name: "do click Edit this tiddler (two open)", state: drafts, refuse: "ambiguous", args: func(string) ([]string, error) {
				return []string{"do", "click Edit this tiddler"}, nil
			}},
			appPwLast("click", `button "Edit this tiddler"`, drafts, "Draft of 'Old Notes'"),
			appDo("click Delete this tiddler", server("Old Notes"), "text: Nothing to keep.; tags: "),
			appCmd([]string{"dialog", "accept"}, func(h *harness) string {
				return server("Old Notes")(h) + " | " + appEval(h, `$tw.wiki.getTiddlerList("$:/StoryList").join(", ")`)
			}, "absent | Welcome"),
		}},
	})
}
