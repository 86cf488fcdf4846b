package engine

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/prima/browser"
)

// saveDownloads saves each download the action started into the folder
// dir gives (made only when there is one), within ctx, and names each in
// an Events line with where it went, its size and sha256: what the user
// got, not only that a download began. One that fails or outlasts the
// command says so.
func saveDownloads(ctx context.Context, dls []playwright.Download, dir func() (string, error)) []browser.Event {
	var out []browser.Event
	used := map[string]bool{}
	for _, dl := range dls {
		name := safeName(dl.SuggestedFilename())
		line := func(format string, args ...any) {
			out = append(out, browser.Event{Kind: browser.EventDownload, Text: "download: " + name + " " + fmt.Sprintf(format, args...)})
		}
		if dir == nil {
			line("(%s): not saved", browser.QuoteShort(dl.URL()))
			continue
		}
		d, err := dir()
		if err != nil {
			line("(%s): not saved: %v", browser.QuoteShort(dl.URL()), err)
			continue
		}
		path := filepath.Join(d, name)
		for i := 2; used[path]; i++ {
			ext := filepath.Ext(name)
			path = filepath.Join(d, fmt.Sprintf("%s-%d%s", strings.TrimSuffix(name, ext), i, ext))
		}
		used[path] = true
		saved := make(chan error, 1)
		go func() { saved <- guard("a download", func() error { return dl.SaveAs(path) }) }()
		select {
		case err = <-saved:
		case <-ctx.Done():
			line("(%s): still downloading when the command's time (--timeout) ran out; not saved", browser.QuoteShort(dl.URL()))
			continue
		}
		if err != nil {
			why := err.Error()
			if f := dl.Failure(); f != nil {
				why = f.Error()
			}
			line("(%s) failed: %s", browser.QuoteShort(dl.URL()), why)
			continue
		}
		size, sum, err := digest(path)
		if err != nil {
			line("-> %s (unreadable: %v)", path, err)
			continue
		}
		line("-> %s (%d bytes, sha256 %s)", path, size, sum)
	}
	return out
}

// safeName is a suggested file name fit for a folder of prima's own: its
// base alone, never empty, never hidden.
func safeName(s string) string {
	s = filepath.Base(strings.ReplaceAll(s, "\\", "/"))
	s = strings.TrimLeft(s, ".")
	if s == "" || s == "/" {
		return "download"
	}
	return s
}

func digest(path string) (int64, string, error) {
	f, err := os.Open(path)
	if err != nil {
		return 0, "", err
	}
	defer f.Close()
	h := sha256.New()
	n, err := io.Copy(h, f)
	if err != nil {
		return 0, "", err
	}
	return n, hex.EncodeToString(h.Sum(nil)), nil
}
