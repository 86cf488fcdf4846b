package steps

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/ariadiff"
	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/exec"
	"github.com/prima-dev/prima/prima/instruct"
	"github.com/prima-dev/prima/prima/wire"
	"github.com/prima-dev/prima/refs"
)

// UIMap is the research result for one page state (tier 1): its
// interactive elements grouped by section, each with a locator that
// matched exactly that element when the map was made.
type UIMap struct {
	State    string     `json:"state"`
	URL      string     `json:"url"`
	Title    string     `json:"title"`
	Elements []MapEntry `json:"elements"`
}

// MapEntry is one element of a UIMap.
type MapEntry struct {
	Section  string `json:"section"` // nearest landmark or container, e.g. navigation "Sidebar"
	Role     string `json:"role"`
	Name     string `json:"name"`
	Selector string `json:"selector"` // for page.Locator
	Code     string `json:"code"`     // the same, as Playwright code
}

// landmarks are the containers a map groups elements by.
var landmarks = map[string]bool{
	"navigation": true, "main": true, "banner": true, "contentinfo": true, "complementary": true,
	"form": true, "region": true, "dialog": true, "alertdialog": true, "search": true, "tablist": true,
	"menu": true, "list": true, "table": true, "radiogroup": true,
}

func mapPath(dir, state string) string {
	return filepath.Join(dir, strings.ReplaceAll(state, "/", "_")+".json")
}

// loadMap reads the stored map of a state: a plain file read, with no
// expiry, since a state's map stays true as long as the state does.
func loadMap(dir, state string) (*UIMap, bool) {
	if dir == "" {
		return nil, false
	}
	b, err := os.ReadFile(mapPath(dir, state))
	if err != nil {
		return nil, false
	}
	var m UIMap
	if json.Unmarshal(b, &m) != nil || len(m.Elements) == 0 {
		return nil, false
	}
	return &m, true
}

func init() {
	exec.Runs(func(in *exec.Instance, ctx context.Context, _ *wire.ResearchRequest) *envelope.Envelope {
		return Research(ctx, in)
	})
}

// Research builds the UI map of the current state and stores it under
// ResearchDir, keyed by the state id.
func Research(ctx context.Context, in *exec.Instance) *envelope.Envelope {
	env := &envelope.Envelope{Command: "research"}
	page, view, ok := in.Look(ctx, env)
	if !ok {
		return env
	}
	m := &UIMap{State: view.State().ID(), URL: view.URL, Title: view.Title}
	var skipped int
	var walk func(n *ariadiff.Node, section string)
	walk = func(n *ariadiff.Node, section string) {
		for _, c := range n.Children {
			sec := section
			if landmarks[c.Role] {
				sec = ariadiff.Head(c.Role, c.Name)
			}
			if ref := c.Ref(); ref != "" && instructFits(c) {
				r, err := refs.Parse(ref)
				if err == nil {
					if res, err := browser.ResolveRef(ctx, in.Engine().Within, page, view.Tree, r, c.Role, c.Name); err == nil && res.Selector != "" {
						m.Elements = append(m.Elements, MapEntry{Section: sec, Role: c.Role, Name: c.Name, Selector: res.Selector, Code: res.Code})
					} else {
						skipped++
					}
				}
			}
			walk(c, sec)
		}
	}
	walk(view.Tree.Root, "page")
	if err := os.MkdirAll(in.ResearchDir, 0o700); err != nil {
		env.Failure = exec.Failure(fmt.Errorf("store the map: %w", err))
		return env
	}
	b, _ := json.MarshalIndent(m, "", "  ")
	path := mapPath(in.ResearchDir, m.State)
	if err := os.WriteFile(path, b, 0o600); err != nil {
		env.Failure = exec.Failure(fmt.Errorf("store the map: %w", err))
		return env
	}
	env.Research = renderMap(m, skipped)
	env.Artifacts = append(env.Artifacts, envelope.Artifact{Name: "map", Path: path})
	env.OK = true
	return env
}

// instructFits: a map holds what a step can act on.
func instructFits(n *ariadiff.Node) bool {
	return interactiveRole[n.Role] || n.Has("cursor=pointer")
}

var interactiveRole = map[string]bool{
	"button": true, "link": true, "textbox": true, "searchbox": true, "checkbox": true, "radio": true,
	"switch": true, "combobox": true, "listbox": true, "menuitem": true, "menuitemcheckbox": true,
	"menuitemradio": true, "tab": true, "slider": true, "spinbutton": true, "treeitem": true, "option": true,
}

func renderMap(m *UIMap, skipped int) string {
	var b strings.Builder
	fmt.Fprintf(&b, "state: %s, %d elements", m.State, len(m.Elements))
	if skipped > 0 {
		fmt.Fprintf(&b, " (%d without a unique locator left out)", skipped)
	}
	b.WriteByte('\n')
	section := ""
	for _, e := range m.Elements {
		if e.Section != section {
			section = e.Section
			fmt.Fprintf(&b, "%s:\n", section)
		}
		fmt.Fprintf(&b, "  - %s → %s\n", ariadiff.Head(e.Role, e.Name), e.Code)
	}
	return strings.TrimRight(b.String(), "\n")
}

// mapTarget resolves an intent against a stored map with the same rules
// as refs (instruct.Resolve), then re-checks that the map's locator still
// matches exactly one element before it is used.
func mapTarget(page playwright.Page, m *UIMap, verb string, t instruct.Target) (playwright.Locator, MapEntry, bool) {
	root := &ariadiff.Node{}
	for i, e := range m.Elements {
		root.Children = append(root.Children, &ariadiff.Node{Role: e.Role, Name: e.Name, Groups: []string{fmt.Sprintf("ref=e%d", i+1)}})
	}
	cand, err := instruct.Resolve(&ariadiff.Tree{Root: root}, verb, t)
	if err != nil {
		return nil, MapEntry{}, false
	}
	var i int
	fmt.Sscanf(cand.Ref, "e%d", &i)
	if i < 1 || i > len(m.Elements) {
		return nil, MapEntry{}, false
	}
	e := m.Elements[i-1]
	loc := page.Locator(e.Selector)
	if n, err := loc.Count(); err != nil || n != 1 {
		return nil, MapEntry{}, false
	}
	return loc, e, true
}
