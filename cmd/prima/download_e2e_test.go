package main

import (
	"crypto/sha256"
	"encoding/hex"
	"os"
	"regexp"
	"strconv"
	"testing"

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
