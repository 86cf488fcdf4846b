package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// Node-RED 4.1.8: a flow editor whose flows are nodes drawn on an SVG
// canvas, edited in trays, and sent to the runtime by Deploy. It runs
// with a user folder of its own, no telemetry, no palette catalogue and
// no installs, so nothing leaves the machine; it is seeded through its
// admin API (POST /flows), and its oracles are that API (what was
// deployed) and the editor's own RED.nodes and RED.view (what the editor
// holds before Deploy).
func TestAppsNodeRED(t *testing.T) {
	red := appInstalled(t, "node-red", "node-red/red.js")
	dir := t.TempDir()
	port := freePort(t)
	settings := fmt.Sprintf(`module.exports = {
  uiHost: "127.0.0.1",
  uiPort: %d,
  flowFile: "flows.json",
  credentialSecret: false,
  diagnostics: { enabled: false, ui: false },
  telemetry: { enabled: false },
  externalModules: { autoInstall: false, palette: { allowInstall: false }, modules: { allowInstall: false } },
  editorTheme: { tours: false, palette: { catalogues: [] }, projects: { enabled: false } },
  logging: { console: { level: "warn" } },
};
`, port)
	if err := os.WriteFile(filepath.Join(dir, "settings.js"), []byte(settings), 0o644); err != nil {
		t.Fatal(err)
	}
	app := startApp(t, "node-red", port, dir, "/flows", nil,
		red, "--userDir", dir, "--settings", filepath.Join(dir, "settings.js"))
	base := app.url
	v2 := map[string]string{"Node-RED-API-Version": "v2", "Content-Type": "application/json", "Node-RED-Deployment-Type": "full"}
	seed := `{"flows":[
	{"id":"t1","type":"tab","label":"Orders"},
	{"id":"t2","type":"tab","label":"Sensors"},
	{"id":"n1","type":"inject","z":"t2","name":"tick","props":[{"p":"payload"}],"payload":"hello","payloadType":"str","repeat":"","once":false,"x":160,"y":100,"wires":[["n2"]]},
	{"id":"n2","type":"debug","z":"t2","name":"out","active":true,"tosidebar":true,"complete":"payload","x":360,"y":100,"wires":[]},
	{"id":"n3","type":"function","z":"t2","name":"cleanup","func":"return msg;","outputs":1,"x":160,"y":200,"wires":[[]]}]}`
	if code, body := appHTTP("POST", base+"/flows", v2, []byte(seed)); code != 200 {
		t.Fatalf("seed flows: HTTP %d %s", code, body)
	}
	// What the runtime has deployed: each tab's label and nodes, by id.
	type node struct {
		ID, Type, Z, Name, Label string
		Wires                    [][]string
	}
	deployed := func() map[string]node {
		code, body := appHTTP("GET", base+"/flows", map[string]string{"Node-RED-API-Version": "v2"}, nil)
		var f struct{ Flows []node }
		if code != 200 || json.Unmarshal([]byte(body), &f) != nil {
			return nil
		}
		m := map[string]node{}
		for _, n := range f.Flows {
			m[n.ID] = n
		}
		return m
	}
	server := func(describe func(map[string]node) string) func(*harness) string {
		return func(*harness) string {
			m := deployed()
			if m == nil {
				return "(GET /flows failed)"
			}
			return describe(m)
		}
	}
	tabs := func(m map[string]node) string {
		var l []string
		for _, n := range m {
			if n.Type == "tab" {
				l = append(l, n.Label)
			}
		}
		sort.Strings(l)
		return "deployed tabs: " + strings.Join(l, ", ")
	}
	js := func(expr string) func(*harness) string {
		return func(h *harness) string { return appEval(h, expr) }
	}
	active := js(`"active: " + (RED.nodes.workspace(RED.workspaces.active()) || {}).label`)
	selection := js(`"selected: " + (RED.view.selection().nodes || []).map(n => n.name || n.type).join(", ")`)
	nameField := js(`document.querySelector("#node-input-name") ? "tray: " + document.querySelector("#node-input-name").value : "no tray"`)
	editorNode := func(id string) func(*harness) string {
		return js(fmt.Sprintf(`(() => { const n = RED.nodes.node(%q); return n ? "editor: " + n.name : "editor: none"; })()`, id))
	}
	editorTabs := js(`(() => { const l = []; RED.nodes.eachWorkspace(w => l.push(w.label)); return "editor tabs: " + l.sort().join(", "); })()`)
	debugMsgs := js(`"debug: " + [...document.querySelectorAll(".red-ui-debug-msg-payload")].map(e => e.textContent.trim()).join(", ")`)
	sidebarTab := js(`"sidebar: " + (document.querySelector("#red-ui-sidebar-tabs .red-ui-tab.active")?.textContent.trim() ?? "none")`)
	ready := `typeof RED === "object" && !!RED.nodes && !!RED.nodes.workspace("t1") && !!document.querySelector("#red-ui-tab-t1")`

	h := newHarness(t)
	h.primaOK("browser", "open")
	runAppFlows(t, h, "node-red", base, []appFlow{
		{name: "rename a flow and deploy", path: "/", ready: ready, steps: []appStep{
			appPw("dblclick", []string{`link "Orders"`}, nil, nameField, "tray: Orders"),
			appDo("fill Name with Invoices", nameField, "tray: Invoices"),
			appDo("click Done", js(`"editor: " + RED.nodes.workspace("t1").label`), "editor: Invoices"),
			appDo("click Deploy", server(tabs), "deployed tabs: Invoices, Sensors"),
		}},
		{name: "rename a node and deploy", path: "/", ready: ready, steps: []appStep{
			appDo("click Sensors", active, "active: Sensors"),
			appDo("click tick", selection, "selected: tick"),
			// A node on the canvas is an SVG rect with no name: pw on it.
			appCmd([]string{"pw", "click", "#n1 > rect.red-ui-flow-node"}, selection, "selected: tick"),
			appCmd([]string{"pw", "dblclick", "#n1 > rect.red-ui-flow-node"}, nameField, "tray: tick"),
			appDo("fill Name with heartbeat", nameField, "tray: heartbeat"),
			appDo("click Done", editorNode("n1"), "editor: heartbeat"),
			appDo("click Deploy", server(func(m map[string]node) string { return "deployed: " + m["n1"].Name }), "deployed: heartbeat"),
		}},
		{name: "trigger an inject and read the debug sidebar", path: "/", ready: ready, steps: []appStep{
			appDo("click Sensors", active, "active: Sensors"),
			// The sidebar's debug tab shows only its icon (a glyph of
			// Font Awesome): no name to say.
			appPw("click", []string{`link "\uf188"`}, nil, sidebarTab, "sidebar: debug"),
			appCmd([]string{"pw", "click", "#n1 .red-ui-flow-node-button-button"}, debugMsgs, `debug: "hello"`),
		}},
		{name: "delete a node and deploy", path: "/", ready: ready, steps: []appStep{
			appDo("click Sensors", active, "active: Sensors"),
			appDo("click cleanup", selection, "selected: cleanup"),
			appCmd([]string{"pw", "click", "#n3 > rect.red-ui-flow-node"}, selection, "selected: cleanup"),
			appDo("press Delete", editorNode("n3"), "editor: none"),
			appDo("click Deploy", server(func(m map[string]node) string {
				if _, ok := m["n3"]; ok {
					return "deployed: cleanup is there"
				}
				return "deployed: cleanup is gone"
			}), "deployed: cleanup is gone"),
		}},
		{name: "add a flow and deploy", path: "/", ready: ready, steps: []appStep{
			appCmd([]string{"pw", "click", "#red-ui-workspace .red-ui-tab-button.red-ui-tabs-add > a"}, editorTabs, `re:^editor tabs: Flow \d+, \w+, Sensors$`),
			appDo("click Deploy", server(tabs), `re:^deployed tabs: Flow \d+, \w+, Sensors$`),
		}},
	})
}
