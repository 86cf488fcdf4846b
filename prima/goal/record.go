package goal

import (
	"encoding/json"
	"os"
	"path/filepath"
	"time"
)

// RecordFile is the record's file name in a run's artifacts folder.
const RecordFile = "goal.jsonl"

// Recorder writes the replayable record: one JSON line per observation
// (its digest hash, not its text), decision request and response,
// dispatch (written before the action runs), outcome, verification and
// stop. Every line is redacted before it is written.
type Recorder struct {
	f      *os.File
	redact func(string) string
	now    func() time.Time
	err    error
}

// OpenRecord creates (or truncates) the record at path, private to the user.
func OpenRecord(path string) (*Recorder, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, err
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, err
	}
	return &Recorder{f: f, now: time.Now}, nil
}

// Close closes the file.
func (r *Recorder) Close() error {
	if r == nil {
		return nil
	}
	return r.f.Close()
}

// line is one record entry; Kind says which fields are set.
type line struct {
	Time string `json:"time"`
	Step int    `json:"step"`
	Kind string `json:"kind"`
	Data any    `json:"data"`
}

// write appends one line; the first failure is kept and later lines are
// dropped, so the record is a prefix of the run, never a patchwork.
func (r *Recorder) write(step int, kind string, data any) {
	if r == nil || r.err != nil {
		return
	}
	b, err := json.Marshal(line{Time: r.now().UTC().Format(time.RFC3339Nano), Step: step, Kind: kind, Data: data})
	if err != nil {
		r.err = err
		return
	}
	s := string(b)
	if r.redact != nil {
		s = r.redact(s)
	}
	if _, err := r.f.WriteString(s + "\n"); err != nil {
		r.err = err
	}
}
