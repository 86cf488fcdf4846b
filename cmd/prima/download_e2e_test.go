package main

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/prima-dev/prima/fixtures"
)

var downloadRE = regexp.MustCompile(`download: report\.csv -> (\S+) \((\d+) bytes, sha256 ([0-9a-f]{64})\)`)

// A download a click starts is saved, and its Events line says where, how
// big and its sha256; the file holds what the server sent. A download the
// server cuts short is named as failed, never as saved. On prima's own
// browser and on an attached playwright-cli session.
func TestADownloadIsSavedAndNamedWithItsDigest(t *testing.T) {
	h := newHarness(t)
	h.pwcli("files", "open", app.URL+"/surface/reports")
	sum := sha256.Sum256([]byte(fixtures.ReportCSV))
	for _, where := range [][]string{{"--instance", "prima"}, {"--pw-session", "files"}} {
		name := where[1]
		if name == "prima" {
			h.primaOK("browser", "open", app.URL+"/surface/reports")
		}
		p := func(args ...string) string { return h.primaOK(append(args, where...)...) }
		snap := p("snapshot")
		r := h.prima(append([]string{"pw", "click", ref(t, snap, "link", "Download report")}, where...)...)
		if r.code != 0 {
			t.Fatalf("%s: click Download report: %s", name, r)
		}
		m := downloadRE.FindStringSubmatch(section(r.out, "Events"))
		if m == nil {
			t.Fatalf("%s: no Events line names the saved report with its size and sha256:\n%s", name, r.out)
		}
		got, err := os.ReadFile(m[1])
		if err != nil {
			t.Fatalf("%s: the saved report: %v", name, err)
		}
		if string(got) != fixtures.ReportCSV || m[3] != hex.EncodeToString(sum[:]) || m[2] != strconv.Itoa(len(fixtures.ReportCSV)) {
			t.Errorf("%s: saved %q (%s bytes, sha256 %s), want the server's %d bytes, sha256 %x", name, got, m[2], m[3], len(fixtures.ReportCSV), sum)
		}
		r = h.prima(append([]string{"pw", "click", ref(t, snap, "link", "Download broken report")}, where...)...)
		wantEvent(t, name+": a download the server cut short", r.out, "download: broken.csv", "failed")
	}
}

// downloadedRE reads an Events line of a saved download: its name, where it
// went, its size and sha256.
var downloadedRE = regexp.MustCompile(`download: (\S+) -> (.+?) \((\d+) bytes, sha256 ([0-9a-f]{64})\)`)

// wantSaved requires an Events line saying name was saved at path, and
// the file there to hold body, byte for byte, as the line's size and
// sha256 say.
func wantSaved(t *testing.T, what, out, name, path, body string) {
	t.Helper()
	for _, m := range downloadedRE.FindAllStringSubmatch(section(out, "Events"), -1) {
		if m[1] != name {
			continue
		}
		if m[2] != path {
			t.Errorf("%s: %s was saved at %s, want %s", what, name, m[2], path)
			return
		}
		got, err := os.ReadFile(path)
		sum := sha256.Sum256([]byte(body))
		if err != nil || string(got) != body || m[3] != strconv.Itoa(len(body)) || m[4] != hex.EncodeToString(sum[:]) {
			t.Errorf("%s: %s holds %d bytes (%v), the line says %s bytes, sha256 %s; want the server's %d bytes, sha256 %x", what, path, len(got), err, m[3], m[4], len(body), sum)
		}
		return
	}
	t.Errorf("%s: no Events line names %s saved with its size and sha256:\n%s", what, name, out)
}

// set download-dir sends every download after it into the folder asked
// for (relative to the caller's, with a space in its name), under the
// server's name; a second download of that name gets a numbered sibling
// and the first file is kept as it was, which Events say; none sends
// them back to each command's artifacts folder. On prima's own browser
// and on an attached playwright-cli session.
func TestDownloadsGoToTheFolderSetAndNeverOverwrite(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "dlfolder", "/surface/reports", func(name string, p func(...string) string, q func(...string) result) {
		folder := "saved " + strings.Fields(name)[0]
		dir := filepath.Join(h.cwd, folder)
		out := p("set", "download-dir", folder)
		mustContain(t, name+": set download-dir", out, "downloads go to "+dir)
		snap := p("snapshot")
		report := ref(t, snap, "link", "Download report")

		out = p("pw", "click", report)
		wantSaved(t, name+": the first report", out, "report.csv", filepath.Join(dir, "report.csv"), fixtures.ReportCSV)

		out = p("pw", "click", report)
		wantSaved(t, name+": the second report", out, "report.csv", filepath.Join(dir, "report-2.csv"), fixtures.ReportCSV)
		wantEvent(t, name+": the second report", out, filepath.Join(dir, "report.csv")+" was there already: kept, not overwritten")
		// The first is still whole: the second went beside it.
		if got, err := os.ReadFile(filepath.Join(dir, "report.csv")); err != nil || string(got) != fixtures.ReportCSV {
			t.Errorf("%s: after the second download the first holds %q (%v)", name, got, err)
		}
		if ls, _ := os.ReadDir(dir); len(ls) != 2 {
			t.Errorf("%s: %s holds %d files, want the two reports", name, dir, len(ls))
		}

		out = p("set", "download-dir", "none")
		mustContain(t, name+": set download-dir none", out, "downloads go to each command's artifacts folder")
		out = p("pw", "click", report)
		m := downloadedRE.FindStringSubmatch(section(out, "Events"))
		if m == nil || !strings.HasPrefix(m[2], filepath.Join(h.home, "artifacts")+"/") {
			t.Errorf("%s: after download-dir none, the report is not in the artifacts folder:\n%s", name, out)
		}
	})
	// A folder no file can be made in is refused, naming it.
	os.WriteFile(filepath.Join(h.cwd, "a-file"), nil, 0o600)
	r := h.prima("set", "download-dir", "a-file/sub", "--instance", "prima")
	wantFailure(t, "set download-dir under a file", r, "usage")
	mustContain(t, "set download-dir under a file", r.out, "downloads cannot be saved in a-file/sub")
}

// wait download saves a download an action did not: one the page starts
// after the click has settled (held by the server until the click is
// done, so it cannot be the click's), one still running when its click's
// time ran out, and names one that fails as failed; a wait for a download
// that never comes is a timeout naming it. On prima's own browser and on
// an attached playwright-cli session.
func TestWaitDownloadSavesWhatTheActionDidNot(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "dlwait", "/surface/reports", func(name string, p func(...string) string, q func(...string) result) {
		dir := filepath.Join(h.cwd, "w-"+strings.Fields(name)[0])
		p("set", "download-dir", dir)

		r := q("wait", "download", "--timeout", "5s")
		wantFailure(t, name+": a wait for a download that never comes", r, "timeout")
		mustContain(t, name+": a wait for a download that never comes", section(r.out, "Failure"), "no download started within")

		// A download the page starts a second after the click.
		t.Cleanup(app.ServeDownloads)
		release := app.HoldDownloads()
		t.Cleanup(func() { release(false) })
		snap := p("snapshot")
		out := p("pw", "click", ref(t, snap, "button", "Export later"))
		if strings.Contains(section(out, "Events"), "download:") {
			t.Errorf("%s: the click names a download the server had not begun:\n%s", name, out)
		}
		release(false)
		out = p("wait", "download")
		wantSaved(t, name+": wait download after Export later", out, "later.csv", filepath.Join(dir, "later.csv"), fixtures.LaterCSV)

		// A download still running when its click's time runs out.
		release = app.HoldDownloads()
		t.Cleanup(func() { release(false) })
		export := ref(t, snap, "link", "Download export")
		out = p("pw", "click", export, "--timeout", "5s")
		wantEvent(t, name+": a click whose download outlasts it", out, "download: export.csv", "still downloading", "prima wait download saves it")
		if _, err := os.Stat(filepath.Join(dir, "export.csv")); err == nil {
			t.Errorf("%s: export.csv is in the folder before it ended", name)
		}
		release(false)
		out = p("wait", "download")
		wantSaved(t, name+": wait download after a slow export", out, "export.csv", filepath.Join(dir, "export.csv"), fixtures.ExportCSV)

		// One the server cuts short is named failed.
		release = app.HoldDownloads()
		t.Cleanup(func() { release(false) })
		p("pw", "click", export, "--timeout", "5s")
		release(true)
		r = q("wait", "download")
		wantFailure(t, name+": wait download for a download cut short", r, "navigation")
		wantEvent(t, name+": wait download for a download cut short", r.out, "download: export.csv", "failed")
		mustContain(t, name+": wait download for a download cut short", section(r.out, "Failure"), "the download export.csv failed")
		if _, err := os.Stat(filepath.Join(dir, "export-2.csv")); err == nil {
			t.Errorf("%s: the export cut short left a file", name)
		}
		app.ServeDownloads()
	})
}

// An MCP client sets the download folder with the set tool (relative to
// the server's folder) and waits for a download with the wait tool.
func TestMCPSetsTheDownloadFolderAndWaitsForADownload(t *testing.T) {
	h := newHarness(t)
	ctx, cancel := context.WithTimeout(context.Background(), 3*time.Minute)
	defer cancel()
	cs, _ := mcpSession(t, h, ctx)
	call := func(tool string, args map[string]any) string {
		t.Helper()
		res, text, _ := mcpCall(t, cs, ctx, tool, args)
		if res.IsError {
			t.Fatalf("%s %v: %s", tool, args, text)
		}
		return text
	}
	call("browser_open", map[string]any{"url": app.URL + "/surface/reports"})
	dir := filepath.Join(h.cwd, "mcp-downloads")
	mustContain(t, "set download-dir", call("set", map[string]any{"what": "download-dir", "values": []string{"mcp-downloads"}}), "downloads go to "+dir)
	defer app.ServeDownloads()
	release := app.HoldDownloads()
	defer release(false)
	call("pw", map[string]any{"action": "click", "target": ref(t, call("snapshot", nil), "button", "Export later")})
	release(false)
	wantSaved(t, "the wait tool", call("wait", map[string]any{"for": "download"}), "later.csv", filepath.Join(dir, "later.csv"), fixtures.LaterCSV)
}
