package judge

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sync"
	"time"
)

// TraceFile is the trace's file name under PRIMA_HOME.
const TraceFile = "judge.jsonl"

// TracePath is the trace file in the prima home folder home.
func TracePath(home string) string { return filepath.Join(home, TraceFile) }

// traceLine is one call in the trace: enough to tune the threshold and the
// phrasing from real calls. The state is never written, only its size: it
// holds page content and whatever secrets the page shows.
type traceLine struct {
	Time        string   `json:"time"`
	Call        string   `json:"call"` // decide or consult
	Provider    string   `json:"provider"`
	Question    string   `json:"question"`
	Options     []string `json:"options,omitempty"` // as asked, Undecided included; none for yes/no
	StateBytes  int      `json:"state_bytes"`
	Cut         string   `json:"cut,omitempty"` // what PageState left out of the page or the options
	Value       string   `json:"value"`
	Probability float64  `json:"probability"`
	Approved    bool     `json:"approved"`
	Reason      string   `json:"reason,omitempty"`
	Candidates  []Scored `json:"candidates,omitempty"`
	LatencyMS   int64    `json:"latency_ms"`
}

func (t *traceLine) finish(d Decision, start time.Time) {
	t.Time = start.UTC().Format(time.RFC3339Nano)
	t.Value, t.Probability, t.Approved, t.Reason = d.Value, d.Probability, d.Approved, d.Reason
	t.Candidates = d.Candidates
	t.LatencyMS = time.Since(start).Milliseconds()
}

// traceMu keeps the lines of concurrent calls whole.
var traceMu sync.Mutex

// writeTrace appends t to path. A trace that cannot be written is dropped:
// the decision stands without it.
func writeTrace(path string, t traceLine) {
	if path == "" {
		return
	}
	line, err := json.Marshal(t)
	if err != nil {
		return
	}
	line = append(line, '\n')
	traceMu.Lock()
	defer traceMu.Unlock()
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_APPEND|os.O_CREATE, 0o600)
	if err != nil {
		return
	}
	f.Write(line)
	f.Close()
}
