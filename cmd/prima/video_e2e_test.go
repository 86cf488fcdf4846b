package main

import (
	"bytes"
	"crypto/sha256"
	"encoding/binary"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// prima video records the selected tab between start and stop into an
// MJPEG AVI: a file of many JPEG frames, among them the page before and
// after each click, on prima's own browser and on an attached
// playwright-cli session (with no FILE: the artifacts folder). Stop
// without start, start twice, and stop with a FILE say what to do.
func TestVideoRecordsTheTabBetweenStartAndStop(t *testing.T) {
	h := newHarness(t)
	onBoth(h, "filmed", "/surface/tally?who=film", func(name string, p func(...string) string, q func(...string) result) {
		wantFailure(t, name+": stop before start", q("video", "stop"), "usage")
		mustContain(t, name+": stop before start", q("video", "stop").out, "prima video start")
		var start []string
		if name == "prima's own browser" {
			start = []string{"video", "start", "own.avi"}
		} else {
			start = []string{"video", "start"}
		}
		mustContain(t, name+": video start", p(start...), "recording the selected tab", "read-only: nothing on the page was acted on")
		again := q("video", "start")
		wantFailure(t, name+": start twice", again, "usage")
		mustContain(t, name+": start twice", again.out, "already recording")
		if r := q("video", "stop", "x.avi"); r.code != 2 {
			t.Errorf("%s: stop with a FILE: want a usage error (exit 2), got:\n%s", name, r)
		}
		snap := p("snapshot")
		for i := 1; i <= 4; i++ {
			acts(t, name+": click Add one", q("pw", "click", ref(t, snap, "button", "Add one")), "Count: ")
		}
		out := p("video", "stop")
		mustContain(t, name+": video stop", out, "### Artifacts", "frames at 10 a second")
		m := regexp.MustCompile(`bytes: (\S+\.avi)`).FindStringSubmatch(out)
		if m == nil {
			t.Fatalf("%s: video stop names no .avi file:\n%s", name, out)
		}
		path := m[1]
		if name == "prima's own browser" && path != filepath.Join(h.cwd, "own.avi") {
			t.Errorf("%s: the video went to %s, not the caller's folder's own.avi", name, path)
		}
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatalf("%s: %v", name, err)
		}
		frames, declared := aviFrames(t, name, b)
		distinct := map[[32]byte]bool{}
		for _, f := range frames {
			if !bytes.HasPrefix(f, []byte{0xFF, 0xD8}) {
				t.Fatalf("%s: a frame is no JPEG: % x", name, f[:min(len(f), 8)])
			}
			distinct[sha256.Sum256(f)] = true
		}
		t.Logf("%s: %d frames, %d different, %d bytes", name, len(frames), len(distinct), len(b))
		// Four clicks, each a repaint the screencast sends: the count
		// before and after them shows as several pictures, not one held.
		if len(frames) < 5 || len(distinct) < 3 || declared != len(frames) {
			t.Errorf("%s: want at least 5 frames, 3 of them different, as many as the header declares; got %d frames, %d different, %d declared", name, len(frames), len(distinct), declared)
		}
		wantFailure(t, name+": stop after stop", q("video", "stop"), "usage")
	})
}

// aviFrames reads an AVI's header and its movi list: the compressed video
// frames ('00dc' chunks) and the frame count the main header declares.
func aviFrames(t *testing.T, name string, b []byte) (frames [][]byte, declared int) {
	t.Helper()
	if len(b) < 12 || string(b[0:4]) != "RIFF" || string(b[8:12]) != "AVI " {
		t.Fatalf("%s: not an AVI file (no RIFF AVI header): % x", name, b[:min(len(b), 12)])
	}
	var walk func(b []byte)
	walk = func(b []byte) {
		for len(b) >= 8 {
			id, n := string(b[0:4]), int(binary.LittleEndian.Uint32(b[4:8]))
			if 8+n > len(b) {
				t.Fatalf("%s: chunk %q runs past the file", name, id)
			}
			body := b[8 : 8+n]
			switch {
			case id == "LIST" && n >= 4:
				walk(body[4:])
			case id == "avih" && n >= 20:
				declared = int(binary.LittleEndian.Uint32(body[16:20])) // dwTotalFrames
			case strings.HasSuffix(id, "dc"):
				frames = append(frames, body)
			}
			b = b[8+n+n%2:]
		}
	}
	walk(b[12:])
	return frames, declared
}
