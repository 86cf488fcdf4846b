package view

import (
	_ "embed"
	"strings"
	"sync"

	"github.com/mxschmitt/playwright-go"
)

//go:embed js/labels.js
var labelsJS string

// utilityWorldPrefix names the isolated world Playwright's server keeps in
// each frame of a Chromium page: its aria snapshots and ref maps live
// there, for every client of the page (playwright-cli's included).
const utilityWorldPrefix = "__playwright_utility_world_"

// labelsUtility installs labels.js in Playwright's utility world
// (js/labels_utility.js says how it stays exact).
//
//go:embed js/labels_utility.js
var labelsUtility string

var labelsInUtilityJS = "(" + strings.TrimSpace(labelsUtility) + ")(" + labelsJS + ")"

// utilityWorlds follows Playwright's utility worlds in one page's frames
// over prima's CDP session, and gives each the faster labels getter
// before prima's first Playwright snapshot of its document. A page's
// first AI snapshot after a navigation then costs what a later one does
// (it cost 4–7 times more), for prima and for a playwright-cli user
// sharing the page alike; the snapshot's text is unchanged.
type utilityWorlds struct {
	mu        sync.Mutex
	listening bool
	on        bool
	primed    map[int]bool // context id -> the getter is in it
}

// prime installs the getter in every utility world not yet given it.
// Failing costs speed only, so errors are dropped: the snapshot then
// runs on Blink's own labels.
func (u *utilityWorlds) prime(cdp playwright.CDPSession) {
	if !u.listening {
		u.listening = true
		u.primed = map[int]bool{}
		cdp.On("Runtime.executionContextCreated", func(ev map[string]any) {
			name, _ := dig(ev, "context", "name").(string)
			id, _ := dig(ev, "context", "id").(float64)
			if strings.HasPrefix(name, utilityWorldPrefix) && id != 0 {
				u.mu.Lock()
				if _, ok := u.primed[int(id)]; !ok {
					u.primed[int(id)] = false
				}
				u.mu.Unlock()
			}
		})
		cdp.On("Runtime.executionContextDestroyed", func(ev map[string]any) {
			id, _ := dig(ev, "executionContextId").(float64)
			u.mu.Lock()
			delete(u.primed, int(id))
			u.mu.Unlock()
		})
		cdp.On("Runtime.executionContextsCleared", func(map[string]any) {
			u.mu.Lock()
			clear(u.primed)
			u.mu.Unlock()
		})
	}
	if !u.on {
		// Enabling reports every context that exists, then each new one.
		if _, err := cdp.Send("Runtime.enable", nil); err != nil {
			return
		}
		u.on = true
	}
	u.mu.Lock()
	var todo []int
	for id, done := range u.primed {
		if !done {
			todo = append(todo, id)
		}
	}
	u.mu.Unlock()
	for _, id := range todo {
		_, err := cdp.Send("Runtime.evaluate", map[string]any{"expression": labelsInUtilityJS, "contextId": id, "returnByValue": true})
		u.mu.Lock()
		if _, ok := u.primed[id]; ok && err == nil {
			u.primed[id] = true
		}
		u.mu.Unlock()
	}
}

// Primed: some utility world of the page has the faster labels.
func (c *Engine) Primed() bool {
	c.utility.mu.Lock()
	defer c.utility.mu.Unlock()
	for _, done := range c.utility.primed {
		if done {
			return true
		}
	}
	return false
}
