// Package video records a page's screencast frames into an MJPEG AVI file, with no ffmpeg.
package video

import (
	"bytes"
	"errors"
	"fmt"
	"image/jpeg"
	"os"
	"path/filepath"
	"sync"
	"time"

	"github.com/icza/mjpeg"
	"github.com/mxschmitt/playwright-go"

	"github.com/prima-dev/prima/envelope"
)

// FPS is the file's frame rate. The browser sends a frame only when the
// page repaints; each frame is repeated until the next one, so the video
// keeps the pace of what happened.
const FPS = 10

// Recording is one page's screencast being written to Path.
type Recording struct {
	Page  playwright.Page
	Path  string
	Since time.Time
	cast  playwright.Screencast

	mu     sync.Mutex
	w      mjpeg.AviWriter
	last   []byte // the newest frame, written up to its slot when the next slot begins
	slot   int    // the newest frame's slot (FPS slots a second since Since)
	filled int    // slots written
	err    error  // the first write that failed; the recording is lost
	done   bool   // stopped: a frame still on its way is dropped
}

// Start asks the page for its frames; the file is created at the first
// frame, whose JPEG gives the video its size.
func Start(page playwright.Page, path string) (*Recording, error) {
	cast, err := page.Screencast()
	if err != nil {
		return nil, err
	}
	r := &Recording{Page: page, Path: path, Since: time.Now(), cast: cast}
	// Quality 80: Playwright's own recorder's default, sharp text at a
	// modest size.
	if err := cast.Start(playwright.ScreencastStartOptions{OnFrame: r.frame, Quality: playwright.Int(80)}); err != nil {
		return nil, err
	}
	return r, nil
}

// frame runs on playwright-go's goroutine for each frame the browser
// sends; the browser waits for it to return before it sends the next.
func (r *Recording) frame(f playwright.OnFrame) {
	r.mu.Lock()
	defer r.mu.Unlock()
	if r.done || r.err != nil || len(f.Data) == 0 {
		return
	}
	// The time the frame arrived, not the browser's stamp: a remote
	// browser's clock need not agree with the stop's.
	s := r.slotOf(time.Now())
	if r.w == nil {
		cfg, err := jpeg.DecodeConfig(bytes.NewReader(f.Data))
		if err != nil {
			r.err = fmt.Errorf("the browser's first frame is no JPEG: %w", err)
			return
		}
		if r.w, r.err = mjpeg.New(r.Path, int32(cfg.Width), int32(cfg.Height), FPS); r.err != nil {
			return
		}
		r.filled = s // the video begins at its first frame
	} else if s > r.slot {
		r.fill(s)
	}
	r.last, r.slot = f.Data, s
}

func (r *Recording) slotOf(t time.Time) int { return int(t.Sub(r.Since) * FPS / time.Second) }

// fill writes the newest frame into every slot before s.
func (r *Recording) fill(s int) {
	for ; r.filled < s && r.err == nil; r.filled++ {
		r.err = r.w.AddFrame(r.last)
	}
}

// Stop ends the screencast and closes the file, the newest frame held
// until now, and answers how many frames the file holds.
func (r *Recording) Stop() (frames int, err error) {
	stopErr := r.cast.Stop()
	r.mu.Lock()
	defer r.mu.Unlock()
	r.done = true
	if r.w == nil {
		if r.err == nil {
			r.err = errors.New("the browser sent no frame (is the page open?)")
		}
		if stopErr != nil {
			r.err = fmt.Errorf("%w; stopping it: %v", r.err, stopErr)
		}
		return 0, r.err
	}
	r.fill(max(r.slotOf(time.Now()), r.slot) + 1)
	if cerr := r.w.Close(); r.err == nil {
		r.err = cerr
	}
	r.w = nil
	if r.err != nil {
		os.Remove(r.Path) // a broken file is no video
		return 0, r.err
	}
	// A page that closed first stops the screencast itself; the frames
	// it sent are the video still.
	return r.filled, nil
}

// Recorder is a browser's one recording at a time.
type Recorder struct{ rec *Recording }

// Run is `video start` (of page, into the file path names) or `video
// stop`, its answer and artifact in env.
func (k *Recorder) Run(env *envelope.Envelope, op string, page playwright.Page, path func() (string, error)) (err error) {
	if op == "start" {
		env.Answer, err = k.Start(page, path)
	} else {
		var a envelope.Artifact
		if a, env.Answer, err = k.Stop(); err == nil {
			env.Artifacts = append(env.Artifacts, a)
		}
	}
	env.OK = err == nil
	return err
}

// Start records page into the file path names, and answers so. A second
// start is refused before path makes any folder.
func (k *Recorder) Start(page playwright.Page, path func() (string, error)) (string, error) {
	if r := k.rec; r != nil {
		return "", &Error{Why: fmt.Sprintf("a video is already recording into %s (since %s ago): prima video stop writes it", r.Path, time.Since(r.Since).Round(time.Second))}
	}
	p, err := path()
	if err != nil {
		return "", &Error{Why: "no folder for the video: " + err.Error()}
	}
	if k.rec, err = Start(page, p); err != nil {
		return "", &Error{Why: "the browser did not start the screencast: " + err.Error()}
	}
	return "recording the selected tab into " + p + ": prima video stop writes it", nil
}

// Stop ends the recording and names its file, only when one was written
// and holds something.
func (k *Recorder) Stop() (envelope.Artifact, string, error) {
	r := k.rec
	if r == nil {
		return envelope.Artifact{}, "", &Error{Why: "no video is recording: prima video start [FILE] begins one"}
	}
	k.rec = nil
	frames, err := r.Stop()
	st, statErr := os.Stat(r.Path)
	if err != nil || statErr != nil || st.Size() == 0 {
		return envelope.Artifact{}, "", &Error{Why: fmt.Sprintf("no video was written to %s: %v", r.Path, errors.Join(err, statErr))}
	}
	return envelope.Artifact{Name: filepath.Base(r.Path), Path: r.Path},
		fmt.Sprintf("a video of %s, %d frames at %d a second, %d bytes: %s", time.Since(r.Since).Round(time.Second), frames, FPS, st.Size(), r.Path), nil
}

// Error: a video could not be started, was not recording, or could not
// be written.
type Error struct{ Why string }

func (e *Error) Error() string { return "video: " + e.Why }

// FailureCode: each is the caller's to fix (stop before start, a second
// start, a folder that cannot be written, a screencast the browser refuses).
func (e *Error) FailureCode() envelope.Code { return envelope.CodeUsage }
