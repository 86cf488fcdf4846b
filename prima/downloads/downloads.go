// Package downloads saves the downloads an action started, once ended and
// within the command's time, into a folder under a name no file there has,
// and says what the user got: the path, size and sha256, or why not.
package downloads

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
	"github.com/prima-dev/prima/prima/browser"
	"github.com/prima-dev/prima/prima/guard"
)

// saveReserve is the command's time a download being saved leaves for
// reading the page after it; startReserve is what `wait download` leaves
// past it for the download it waited for to end.
const (
	saveReserve  = time.Second
	startReserve = time.Second
)

// Folder is the folder `set download-dir` names (as asked, and
// resolved against the caller's folder), made when missing and proven
// writable; "" for none: each command's artifacts folder.
func Folder(asked, path string) (string, error) {
	if asked == "none" {
		return "", nil
	}
	abs, err := filepath.Abs(path)
	if err == nil {
		err = os.MkdirAll(abs, 0o755)
	}
	if err == nil {
		var f *os.File
		if f, err = os.CreateTemp(abs, ".prima-probe-*"); err == nil {
			f.Close()
			os.Remove(f.Name())
		}
	}
	if err != nil {
		return "", &FolderError{Asked: asked, Err: err}
	}
	return abs, nil
}

// FolderError: `set download-dir` named a folder no file can be saved in;
// the caller names another.
type FolderError struct {
	Asked string
	Err   error
}

func (e *FolderError) Error() string {
	return fmt.Sprintf("downloads cannot be saved in %s: %v", e.Asked, e.Err)
}

func (e *FolderError) FailureCode() envelope.Code { return envelope.CodeUsage }

// Download is one download a command saved, or could not.
type Download struct {
	Name string // the server's suggested name, fit for a folder
	URL  string
	// Path is where it was saved, "" when it was not; Taken is the file
	// of its name that was there already (kept: Path is a numbered
	// sibling of it).
	Path, Taken string
	Size        int64
	SHA256      string
	Failed      error // it failed in the browser (a server that cut it short)
	Left        bool  // still downloading when the command's time ran out: kept for `wait download`
	NotSaved    error // it ended, and could not be saved here
}

// Saved reports whether the download is on disk whole.
func (d Download) Saved() bool { return d.Path != "" && d.NotSaved == nil }

// Event is the download's Events line: where it went, how big, its
// sha256; or why it is not there.
func (d Download) Event() browser.Event {
	var s string
	at := browser.QuoteShort(d.URL)
	switch {
	case d.Failed != nil:
		s = fmt.Sprintf("(%s) failed: %s", at, why(d.Failed))
	case d.Left:
		s = fmt.Sprintf("(%s): still downloading when the command's time (--timeout) ran out; not saved yet: prima wait download saves it once it ends", at)
	case d.NotSaved != nil && d.Path != "":
		s = fmt.Sprintf("-> %s (%v)", d.Path, d.NotSaved)
	case d.NotSaved != nil:
		s = fmt.Sprintf("(%s): not saved: %v", at, d.NotSaved)
	default:
		s = fmt.Sprintf("-> %s (%d bytes, sha256 %s)", d.Path, d.Size, d.SHA256)
		if d.Taken != "" {
			s += fmt.Sprintf("; %s was there already: kept, not overwritten", d.Taken)
		}
	}
	return browser.Event{Kind: browser.EventDownload, Text: "download: " + d.Name + " " + s}
}

// Error: `wait download` has no download to show: none started
// in time, or the one that did failed or had not ended.
type Error struct {
	What   string
	For    time.Duration // how long it waited, when it timed out
	Failed bool
}

func (e *Error) Error() string {
	if e.For > 0 {
		return fmt.Sprintf("%s within %s (--timeout, less the %s the wait keeps to save a download and read the page)", e.What, e.For.Round(100*time.Millisecond), saveReserve+startReserve)
	}
	return e.What
}

// FailureCode: a download that failed is the navigation that became it
// failing; one that did not come or end in time is a timeout.
func (e *Error) FailureCode() envelope.Code {
	if e.Failed {
		return envelope.CodeNavigation
	}
	return envelope.CodeTimeout
}

// Await is `wait download`: it takes the downloads no command has saved
// yet (still running or ended: one a page began after its action settled,
// one that outlasted its action's time) and, when there are none, waits
// for one to start, within the command's time less what saving it and
// reading the page need. The downloads it got are then the action's.
func Await(ctx context.Context, obs *browser.Observer) error {
	if obs.Claim() > 0 {
		return nil
	}
	started := obs.Downloaded()
	wait := time.Until(by(ctx, saveReserve+startReserve))
	select {
	case <-started:
		return nil
	case <-time.After(max(wait, 0)):
	case <-ctx.Done():
	}
	select {
	case <-started:
		return nil
	default:
	}
	if wait <= 0 {
		return &Error{What: fmt.Sprintf("no download had started, and the command's time (--timeout) leaves none to wait for one: the wait keeps %s of it to save the download and read the page", saveReserve+startReserve)}
	}
	return &Error{What: "no download started", For: wait}
}

// Check is what the downloads a wait for them got say of it: nil when
// each was saved whole, else the first that was not.
func Check(ds []Download) error {
	for _, d := range ds {
		switch {
		case d.Failed != nil:
			return &Error{What: fmt.Sprintf("the download %s failed: %s", d.Name, why(d.Failed)), Failed: true}
		case d.Left:
			return &Error{What: fmt.Sprintf("the download %s did not end before the command's time (--timeout) ran out", d.Name)}
		case !d.Saved():
			return fmt.Errorf("the download %s was not saved: %w", d.Name, d.NotSaved)
		}
	}
	return nil
}

// why is a download's failure as the browser gave it.
func why(err error) string { return strings.TrimPrefix(err.Error(), "playwright: ") }

// by is ctx's deadline less reserve (an hour on when ctx has none).
func by(ctx context.Context, reserve time.Duration) time.Time {
	if dl, ok := ctx.Deadline(); ok {
		return dl.Add(-reserve)
	}
	return time.Now().Add(time.Hour)
}

// Save saves each download into the folder dir gives (made only
// when there is one): it waits, within the command's time less what
// reading the page needs, for the download to end, then copies it under
// the server's suggested name, a numbered sibling when that name is taken
// (never over a file), and reads its size and sha256 back: what the user
// got, not only that a download began. One that fails says so; one still
// running is left to the observer for a later `wait download`.
func Save(ctx context.Context, dls []playwright.Download, dir func() (string, error), obs *browser.Observer) []Download {
	var out []Download
	for _, dl := range dls {
		d := Download{Name: safeName(dl.SuggestedFilename()), URL: dl.URL()}
		out = append(out, d)
		last := &out[len(out)-1]
		if dir == nil {
			last.NotSaved = errors.New("no folder to save it in")
			continue
		}
		ended := make(chan error, 1)
		go func() { ended <- guard.Run("a download", dl.Failure) }()
		select {
		case err := <-ended:
			if err != nil {
				last.Failed = err
				continue
			}
		case <-time.After(max(time.Until(by(ctx, saveReserve)), 100*time.Millisecond)):
			last.Left = true
		case <-ctx.Done():
			last.Left = true
		}
		if last.Left {
			obs.Leave(dl)
			continue
		}
		*last = save(ctx, dl, *last, dir)
	}
	return out
}

// save copies an ended download into dir's folder under a name no file
// has, and digests what it wrote.
func save(ctx context.Context, dl playwright.Download, d Download, dir func() (string, error)) Download {
	folder, err := dir()
	if err != nil {
		d.NotSaved = err
		return d
	}
	path, err := claimName(folder, d.Name)
	if err != nil {
		d.NotSaved = err
		return d
	}
	if path != filepath.Join(folder, d.Name) {
		d.Taken = filepath.Join(folder, d.Name)
	}
	saved := make(chan error, 1)
	go func() { saved <- guard.Run("a download", func() error { return dl.SaveAs(path) }) }()
	select {
	case err = <-saved:
	case <-ctx.Done():
		d.Path, d.NotSaved = path, errors.New("still being written when the command's time (--timeout) ran out")
		return d
	}
	if err != nil {
		os.Remove(path)
		d.NotSaved = err
		return d
	}
	d.Path = path
	if d.Size, d.SHA256, err = digest(path); err != nil {
		d.NotSaved = fmt.Errorf("unreadable: %w", err)
	}
	return d
}

// claimName creates, empty, the first of name, name-2, name-3, … that is
// not in folder yet, and returns its path: a download never replaces a
// file, nor one another instance saves at the same moment.
func claimName(folder, name string) (string, error) {
	ext := filepath.Ext(name)
	stem := strings.TrimSuffix(name, ext)
	for i := 1; i <= 10000; i++ {
		path := filepath.Join(folder, name)
		if i > 1 {
			path = filepath.Join(folder, fmt.Sprintf("%s-%d%s", stem, i, ext))
		}
		f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
		if err == nil {
			f.Close()
			return path, nil
		}
		if !errors.Is(err, fs.ErrExist) {
			return "", err
		}
	}
	return "", fmt.Errorf("%s and 10,000 numbered names beside it are taken in %s", name, folder)
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
