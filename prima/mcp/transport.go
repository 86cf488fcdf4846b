package mcp

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sync"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	sdk "github.com/modelcontextprotocol/go-sdk/mcp"
)

// MaxLineBytes caps one inbound JSON-RPC line, as the SDK's own default.
const MaxLineBytes = sdk.DefaultMaxLineLength

// Stdio is the transport for `prima mcp`: newline-delimited JSON-RPC on r
// and w, like the SDK's stdio transport, except that a line which is not
// a JSON-RPC message (not JSON, not an object with "jsonrpc":"2.0", or too
// long) is answered with a JSON-RPC error and skipped. The SDK would end
// the session on it; a stray line must not take the server down.
func Stdio(r io.Reader, w io.Writer) sdk.Transport {
	lw := &lockedWriter{w: w}
	return &sdk.IOTransport{
		Reader:        &lineFilter{src: r, r: bufio.NewReaderSize(r, 64<<10), w: lw},
		Writer:        lw,
		MaxLineLength: -1, // lineFilter bounds lines
	}
}

// lockedWriter serialises the SDK's writes and the filter's error replies;
// each is one Write of one whole line. Close leaves w open.
type lockedWriter struct {
	mu sync.Mutex
	w  io.Writer
}

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

func (l *lockedWriter) Close() error { return nil }

// lineFilter passes valid JSON-RPC lines through and answers the others.
type lineFilter struct {
	src io.Reader
	r   *bufio.Reader
	w   io.Writer
	buf []byte // the rest of the current good line
}

// Close closes the source when it can be closed (ending the session
// unblocks the SDK's reader).
func (f *lineFilter) Close() error {
	if c, ok := f.src.(io.Closer); ok {
		return c.Close()
	}
	return nil
}

func (f *lineFilter) Read(p []byte) (int, error) {
	for len(f.buf) == 0 {
		line, tooLong, err := f.line()
		if tooLong {
			f.reply(nil, fmt.Sprintf("Parse error: a message longer than %d MB", MaxLineBytes>>20))
		} else if len(line) > 0 {
			if msg := f.check(line); msg != "" {
				f.reply(line, msg)
			} else {
				f.buf = append(line, '\n')
			}
		}
		if err != nil && len(f.buf) == 0 {
			return 0, err
		}
		if err != nil {
			break
		}
	}
	n := copy(p, f.buf)
	f.buf = f.buf[n:]
	return n, nil
}

// line reads one line, trimmed; the bytes of a line over MaxLineBytes are
// discarded and tooLong is set.
func (f *lineFilter) line() (line []byte, tooLong bool, err error) {
	var out []byte
	for {
		var chunk []byte
		chunk, err = f.r.ReadSlice('\n')
		if !tooLong {
			if len(out)+len(chunk) > MaxLineBytes {
				tooLong, out = true, nil
			} else {
				out = append(out, chunk...)
			}
		}
		if errors.Is(err, bufio.ErrBufferFull) {
			continue
		}
		if tooLong {
			return nil, true, err
		}
		return bytes.TrimSpace(out), false, err
	}
}

func (f *lineFilter) check(line []byte) string {
	if !json.Valid(line) {
		return "Parse error: the line is not JSON"
	}
	switch line[0] {
	case '{':
		return checkMessage(line)
	case '[':
		var batch []json.RawMessage
		json.Unmarshal(line, &batch)
		if len(batch) == 0 {
			return "Invalid Request: an empty batch"
		}
		for _, m := range batch {
			if msg := checkMessage(m); msg != "" {
				return msg
			}
		}
		return ""
	}
	return "Invalid Request: a JSON-RPC message is an object"
}

// checkMessage decodes m as the SDK will, so that what passes the filter
// cannot end the session.
func checkMessage(m json.RawMessage) string {
	if _, err := jsonrpc.DecodeMessage(m); err != nil {
		return "Invalid Request: " + err.Error()
	}
	return ""
}

// reply answers a bad line with a JSON-RPC error: the request's id when
// one can be read, else null.
func (f *lineFilter) reply(line []byte, msg string) {
	code := -32600
	if len(msg) >= 5 && msg[:5] == "Parse" {
		code = -32700
	}
	var head struct {
		ID json.RawMessage `json:"id"`
	}
	id := json.RawMessage("null")
	if json.Unmarshal(line, &head) == nil && len(head.ID) > 0 && (head.ID[0] == '"' || head.ID[0] == '-' || (head.ID[0] >= '0' && head.ID[0] <= '9')) {
		id = head.ID
	}
	b, _ := json.Marshal(struct {
		Version string          `json:"jsonrpc"`
		ID      json.RawMessage `json:"id"`
		Error   struct {
			Code    int    `json:"code"`
			Message string `json:"message"`
		} `json:"error"`
	}{Version: "2.0", ID: id, Error: struct {
		Code    int    `json:"code"`
		Message string `json:"message"`
	}{code, msg + " (the server keeps serving)"}})
	f.w.Write(append(b, '\n'))
}
