package main

import (
	"archive/tar"
	"bytes"
	"compress/gzip"
	"crypto/sha1"
	"crypto/sha512"
	"encoding/base64"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

// Verdaccio 6.8.0: an npm registry with a React single-page UI. Its links
// change the route on the client (history API), then fetch the package's
// data and readme, then render: the test's client-routed view. It runs
// with no uplinks, so nothing leaves the machine; it is seeded through its
// npm API (a user, then packages published as npm publishes them), and its
// oracles are that API and the page's location.
func TestAppsVerdaccio(t *testing.T) {
	vd := appInstalled(t, "verdaccio", "verdaccio/bin/verdaccio")
	dir := t.TempDir()
	cfg := fmt.Sprintf(`storage: %s
auth:
  htpasswd:
    file: %s
    max_users: 10
uplinks: {}
packages:
  'secret-*':
    access: $authenticated
    publish: $authenticated
  '**':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
log: { type: stdout, format: pretty, level: warn }
`, filepath.Join(dir, "storage"), filepath.Join(dir, "htpasswd"))
	if err := os.WriteFile(filepath.Join(dir, "config.yaml"), []byte(cfg), 0o644); err != nil {
		t.Fatal(err)
	}
	port := freePort(t)
	app := startApp(t, "verdaccio", port, dir, "/-/ping", nil,
		vd, "--config", filepath.Join(dir, "config.yaml"), "--listen", fmt.Sprintf("127.0.0.1:%d", port))
	base := app.url

	const user, password = "alice", "secret-pass-1"
	code, body := appHTTP("PUT", base+"/-/user/org.couchdb.user:"+user, map[string]string{"Content-Type": "application/json"},
		[]byte(fmt.Sprintf(`{"name":%q,"password":%q}`, user, password)))
	var login struct{ Token string }
	if code != 201 || json.Unmarshal([]byte(body), &login) != nil || login.Token == "" {
		t.Fatalf("create user: HTTP %d %s", code, body)
	}
	readme := func(name string) string {
		return "# " + name + "\n\nA readme for " + name + ".\n\n## Usage\n\nCall it.\n"
	}
	for _, p := range []struct {
		name, version string
		deps          map[string]string
	}{
		{"left-pad-lite", "1.0.0", nil},
		{"left-pad-lite", "1.0.1", nil},
		{"tiny-router", "1.0.0", nil},
		{"tiny-router", "1.1.0", map[string]string{"left-pad-lite": "^1.0.0"}},
		{"date-fmt", "2.0.0", nil},
		{"secret-notes", "1.0.0", nil},
	} {
		if err := verdaccioPublish(base, login.Token, p.name, p.version, readme(p.name), p.deps); err != nil {
			t.Fatalf("publish %s@%s: %v", p.name, p.version, err)
		}
	}
	// What the registry says of a package: its versions, its latest
	// version's dependencies.
	manifest := func(name string) (versions []string, latest string, deps []string) {
		code, body := appHTTP("GET", base+"/"+name, nil, nil)
		var m struct {
			DistTags map[string]string `json:"dist-tags"`
			Versions map[string]struct {
				Dependencies map[string]string
			}
		}
		if code != 200 || json.Unmarshal([]byte(body), &m) != nil {
			t.Fatalf("GET /%s: HTTP %d %.200s", name, code, body)
		}
		for v := range m.Versions {
			versions = append(versions, v)
		}
		sort.Strings(versions)
		latest = m.DistTags["latest"]
		for d, r := range m.Versions[latest].Dependencies {
			deps = append(deps, d+": "+r)
		}
		sort.Strings(deps)
		return
	}
	lpVersions, _, _ := manifest("left-pad-lite")
	_, trLatest, trDeps := manifest("tiny-router")
	if len(trDeps) != 1 {
		t.Fatalf("tiny-router's dependencies as the registry has them: %q", trDeps)
	}

	js := func(expr string) func(*harness) string {
		return func(h *harness) string { return appEval(h, expr) }
	}
	path := js(`location.pathname`)
	// The selected tab, and the version links the page lists.
	versions := js(`"tab: " + [...document.querySelectorAll('[role=tab][aria-selected=true]')].map(e => e.textContent.trim()).join(", ") +
		"; versions: " + [...new Set([...document.querySelectorAll("a")].map(a => a.textContent.trim()).filter(s => /^\d+\.\d+\.\d+$/.test(s)))].sort().join(", ")`)
	deps := js(`"tab: " + [...document.querySelectorAll('[role=tab][aria-selected=true]')].map(e => e.textContent.trim()).join(", ") +
		"; dependencies: " + [...document.querySelectorAll('[role=button]')].map(e => e.textContent.trim()).filter(s => /: \S/.test(s)).sort().join(", ")`)
	options := js(`[...document.querySelectorAll('[role=option]')].map(o => o.firstElementChild ? o.firstElementChild.textContent.trim() : o.textContent.trim()).join(", ") || "none"`)
	field := func(placeholder string) func(*harness) string {
		return js(fmt.Sprintf(`document.querySelector('input[placeholder=%q]')?.value ?? "no field"`, placeholder))
	}
	// eval masks a password's value: its length is what can be read.
	passwordLen := js(`String(document.querySelector('input[type=password]')?.value.length ?? "no field")`)
	// Whether the login dialog is open, and who the page is logged in
	// as: the user it stored, when the registry takes its stored token
	// (the web API then lists secret-notes, which only a user may see).
	session := func(h *harness) string {
		s := appEval(h, `(document.querySelector("[role=dialog]") ? "dialog: open" : "dialog: none") + "|" +
			(localStorage.getItem("username") || "") + "|" + (localStorage.getItem("token") || "")`)
		parts := strings.SplitN(s, "|", 3)
		if len(parts) != 3 {
			return s
		}
		who := "nobody"
		if parts[2] != "" {
			code, body := appHTTP("GET", base+"/-/verdaccio/data/packages", map[string]string{"Authorization": "Bearer " + parts[2]}, nil)
			if code == 200 && strings.Contains(body, `"secret-notes"`) {
				who = parts[1]
			} else {
				who = fmt.Sprintf("(the registry does not take the token: HTTP %d)", code)
			}
		}
		return parts[0] + "; user: " + who
	}
	detail := func(name string) []string {
		return []string{fmt.Sprintf("heading %q", name), "paragraph: A readme for " + name + "."}
	}
	withView := func(st appStep, view ...string) appStep {
		st.view = view
		return st
	}
	named := func(st appStep, name string) appStep {
		st.name = name
		return st
	}
	listed := `document.querySelectorAll('a[href*="/-/web/detail/"]').length >= 3`

	h := newHarness(t)
	h.primaOK("browser", "open")
	runAppFlows(t, h, "verdaccio", base, []appFlow{
		{name: "open a package from the list", path: "/", ready: listed, steps: []appStep{
			withView(appDo("click left-pad-lite", path, "/-/web/detail/left-pad-lite"), detail("left-pad-lite")...),
			appDo("click Versions", versions, "tab: Versions; versions: "+strings.Join(lpVersions, ", ")),
			withView(appCmd([]string{"back"}, path, "/"), `link "date-fmt"`),
		}},
		{name: "search and pick a suggestion", path: "/", ready: listed, steps: []appStep{
			appDo("fill Search Packages with tiny", options, "re:^tiny-router"),
			withView(appPw("click", []string{fmt.Sprintf(`option "tiny-router The tiny-router package %s"`, trLatest)}, nil,
				path, "/-/web/detail/tiny-router"), detail("tiny-router")...),
		}},
		{name: "search and select a suggestion by name", path: "/", ready: listed, steps: []appStep{
			appDo("fill Search Packages with date", options, "re:^date-fmt"),
			withView(appDo("select date-fmt from Search Packages", path, "/-/web/detail/date-fmt"), detail("date-fmt")...),
		}},
		{name: "follow a dependency", path: "/-/web/detail/tiny-router", ready: `!!document.querySelector("h1")`, steps: []appStep{
			appDo("click Dependencies", deps, "tab: Dependencies; dependencies: "+strings.Join(trDeps, ", ")),
			withView(appDo("click "+trDeps[0], path, "/-/web/detail/left-pad-lite"), detail("left-pad-lite")...),
		}},
		{name: "log in", path: "/", ready: listed, steps: []appStep{
			appDo("click Login", session, "dialog: open; user: nobody"),
			appDo("fill Username with "+user, field("Your username"), user),
			appDo("fill Password with "+password, passwordLen, fmt.Sprint(len(password))),
			named(appDo("click Login", session, "dialog: none; user: "+user), "do click Login (in the login dialog)"),
			appPw("click", []string{`button "Login"`}, nil, session, "dialog: none; user: "+user),
		}},
	})
}

// verdaccioPublish publishes name@version as npm publish does: the
// manifest and its tarball in one PUT.
func verdaccioPublish(base, token, name, version, readme string, deps map[string]string) error {
	pkg := map[string]any{"name": name, "version": version, "description": "The " + name + " package",
		"keywords": []string{"demo"}, "author": map[string]string{"name": "Alice"}}
	if deps != nil {
		pkg["dependencies"] = deps
	}
	pj, _ := json.Marshal(pkg)
	var tgz bytes.Buffer
	gz := gzip.NewWriter(&tgz)
	tw := tar.NewWriter(gz)
	for _, f := range []struct{ name, body string }{{"package/package.json", string(pj)}, {"package/README.md", readme}} {
		tw.WriteHeader(&tar.Header{Name: f.name, Mode: 0o644, Size: int64(len(f.body)), ModTime: time.Unix(1700000000, 0)})
		tw.Write([]byte(f.body))
	}
	tw.Close()
	gz.Close()
	sum1 := sha1.Sum(tgz.Bytes())
	sum512 := sha512.Sum512(tgz.Bytes())
	file := name + "-" + version + ".tgz"
	ver := map[string]any{}
	json.Unmarshal(pj, &ver)
	ver["_id"] = name + "@" + version
	ver["readme"] = readme
	ver["readmeFilename"] = "README.md"
	ver["dist"] = map[string]string{"shasum": hex.EncodeToString(sum1[:]),
		"integrity": "sha512-" + base64.StdEncoding.EncodeToString(sum512[:]), "tarball": base + "/" + name + "/-/" + file}
	doc := map[string]any{"_id": name, "name": name, "description": pkg["description"], "readme": readme,
		"dist-tags": map[string]string{"latest": version}, "versions": map[string]any{version: ver},
		"_attachments": map[string]any{file: map[string]any{"content_type": "application/octet-stream",
			"data": base64.StdEncoding.EncodeToString(tgz.Bytes()), "length": tgz.Len()}}}
	b, _ := json.Marshal(doc)
	code, body := appHTTP("PUT", base+"/"+name, map[string]string{"Content-Type": "application/json", "Authorization": "Bearer " + token}, b)
	if code != 201 && code != 200 {
		return fmt.Errorf("HTTP %d %s", code, body)
	}
	return nil
}
