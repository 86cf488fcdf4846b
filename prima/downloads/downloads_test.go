package downloads

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
)

// fakeDownload is a download the browser would hand over: it ends when
// ended is closed (at once when nil), with failure, and holds body.
type fakeDownload struct {
	playwright.Download
	name, url, body string
	failure         error
	ended           chan struct{}
}

func (d *fakeDownload) SuggestedFilename() string { return d.name }
func (d *fakeDownload) URL() string               { return d.url }
func (d *fakeDownload) Failure() error {
	if d.ended != nil {
		<-d.ended
	}
	return d.failure
}
func (d *fakeDownload) SaveAs(path string) error {
	if err := d.Failure(); err != nil {
		return err
	}
	return os.WriteFile(path, []byte(d.body), 0o600)
}

func sum(s string) string {
	h := sha256.Sum256([]byte(s))
	return hex.EncodeToString(h[:])
}

// A download keeps the server's name; one whose name is taken in the
// folder gets a numbered sibling, and the file there is kept as it was,
// which its Events line says.
func TestADownloadNeverOverwritesAFile(t *testing.T) {
	dir := t.TempDir()
	os.WriteFile(filepath.Join(dir, "report.csv"), []byte("mine"), 0o600)
	obs := browser.NewObserver()
	first := &fakeDownload{name: "report.csv", url: "http://x/report.csv", body: "a,b\n1,2\n"}
	second := &fakeDownload{name: "report.csv", url: "http://x/report.csv?again", body: "a,b\n3,4\n"}
	got := Save(context.Background(), []playwright.Download{first, second}, func() (string, error) { return dir, nil }, obs)
	if len(got) != 2 {
		t.Fatalf("%d downloads, want 2", len(got))
	}
	for i, c := range []struct{ path, body string }{{"report-2.csv", first.body}, {"report-3.csv", second.body}} {
		d := got[i]
		want := filepath.Join(dir, c.path)
		if !d.Saved() || d.Path != want || d.Taken != filepath.Join(dir, "report.csv") {
			t.Errorf("download %d: %+v, want saved at %s beside the report.csv there", i, d, want)
		}
		if b, _ := os.ReadFile(want); string(b) != c.body || d.SHA256 != sum(c.body) || d.Size != int64(len(c.body)) {
			t.Errorf("download %d: %s holds %q (%d bytes, sha256 %s), want %q", i, want, b, d.Size, d.SHA256, c.body)
		}
		line := d.Event().Text
		wantLine := fmt.Sprintf("download: report.csv -> %s (%d bytes, sha256 %s); %s was there already: kept, not overwritten", want, len(c.body), sum(c.body), filepath.Join(dir, "report.csv"))
		if line != wantLine {
			t.Errorf("download %d's line:\n%s\nwant\n%s", i, line, wantLine)
		}
	}
	if b, _ := os.ReadFile(filepath.Join(dir, "report.csv")); string(b) != "mine" {
		t.Errorf("the file that was there holds %q, want it kept", b)
	}
	if err := Check(got); err != nil {
		t.Errorf("a wait for these: %v, want ok", err)
	}
}

// A download that fails is named failed, and fails a wait for it with
// code navigation; nothing of it is left in the folder.
func TestAFailedDownloadIsNamedFailed(t *testing.T) {
	dir := t.TempDir()
	obs := browser.NewObserver()
	dl := &fakeDownload{name: "broken.csv", url: "http://x/broken.csv", failure: fmt.Errorf("%w: net::ERR_FAILED", playwright.ErrPlaywright)}
	got := Save(context.Background(), []playwright.Download{dl}, func() (string, error) { return dir, nil }, obs)
	if len(got) != 1 || got[0].Failed == nil || got[0].Saved() {
		t.Fatalf("%+v, want one failed download", got)
	}
	if line := got[0].Event().Text; line != `download: broken.csv ("http://x/broken.csv") failed: net::ERR_FAILED` {
		t.Errorf("its line: %s", line)
	}
	var de *Error
	if err := Check(got); !errors.As(err, &de) || de.FailureCode() != envelope.CodeNavigation || !strings.Contains(err.Error(), "the download broken.csv failed: net::ERR_FAILED") {
		t.Errorf("a wait for it: %v, want an Error with code navigation naming it", err)
	}
	if left, _ := os.ReadDir(dir); len(left) != 0 {
		t.Errorf("the folder holds %d files, want none", len(left))
	}
}

// A download still running when the command's time is up is not saved:
// it is left to the observer, which hands it to the next command that
// claims it, and a wait for it is a timeout naming it.
func TestADownloadThatOutlastsTheCommandIsLeftForTheNext(t *testing.T) {
	dir := t.TempDir()
	obs := browser.NewObserver()
	dl := &fakeDownload{name: "big.zip", url: "http://x/big.zip", body: "zip", ended: make(chan struct{})}
	ctx, cancel := context.WithTimeout(context.Background(), saveReserve+200*time.Millisecond)
	defer cancel()
	got := Save(ctx, []playwright.Download{dl}, func() (string, error) { return dir, nil }, obs)
	if len(got) != 1 || !got[0].Left || got[0].Saved() {
		t.Fatalf("%+v, want one left running", got)
	}
	if line := got[0].Event().Text; !strings.Contains(line, "download: big.zip (\"http://x/big.zip\"): still downloading") || !strings.Contains(line, "prima wait download saves it") {
		t.Errorf("its line: %s", line)
	}
	var de *Error
	if err := Check(got); !errors.As(err, &de) || de.FailureCode() != envelope.CodeTimeout || !strings.Contains(err.Error(), "big.zip did not end") {
		t.Errorf("a wait for it: %v, want a timeout naming it", err)
	}
	if obs.Claim() != 0 {
		t.Error("a download was claimed with no command armed")
	}
	armed := obs.Arm(browser.DialogPolicy{})
	if n := obs.Claim(); n != 1 {
		t.Fatalf("the next command claimed %d downloads, want the one left", n)
	}
	select {
	case <-obs.Downloaded():
	default:
		t.Error("claiming a download does not tell the armed command one started")
	}
	close(dl.ended)
	rec := armed.Disarm(nil)
	got = Save(context.Background(), rec.Downloads, func() (string, error) { return dir, nil }, obs)
	if len(got) != 1 || !got[0].Saved() || got[0].Path != filepath.Join(dir, "big.zip") || got[0].SHA256 != sum("zip") {
		t.Errorf("saved by the next command: %+v", got)
	}
	if obs.Claim() != 0 {
		t.Error("a saved download was claimed again")
	}
}

// `set download-dir` makes its folder, refuses one no file can be
// written to, and none is each command's artifacts folder.
func TestFolder(t *testing.T) {
	base := t.TempDir()
	got, err := Folder("out/a", filepath.Join(base, "out", "a"))
	if err != nil || got != filepath.Join(base, "out", "a") {
		t.Fatalf("Folder: %q, %v", got, err)
	}
	if st, err := os.Stat(got); err != nil || !st.IsDir() {
		t.Fatalf("the folder was not made: %v", err)
	}
	if left, _ := os.ReadDir(got); len(left) != 0 {
		t.Errorf("the probe left %d files", len(left))
	}
	file := filepath.Join(base, "file")
	os.WriteFile(file, nil, 0o600)
	if _, err := Folder("file", file); err == nil || !strings.Contains(err.Error(), "downloads cannot be saved in file") {
		t.Errorf("a file as the folder: %v", err)
	}
	if got, err := Folder("none", filepath.Join(base, "none")); got != "" || err != nil {
		t.Errorf("none: %q, %v", got, err)
	}
}
