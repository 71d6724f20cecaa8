package upstream

import (
	"bytes"
	"io"
	"log/slog"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
)

// jsonLines passes on the lines of a stdio server's stdout that are
// JSON-RPC messages (blank lines pass as space) and drops every other
// line whole — a banner, a log line ("[warn] …"), a stray "true", a JSON
// log record ({"level":"info",…}), a broken line opening with '{' — as
// the official TypeScript client skips a line it cannot read. A line
// opening with '{' is held until its end and checked as the SDK decodes
// it (jsonrpc.DecodeMessage); one longer than limit passes on unchecked,
// for the line ceiling (lineCap) to refuse. (A batch, a line opening
// with '[', answers only a batch the console never sends.) Without it
// one such line ends the SDK's decoder, so the session, and every call
// waiting on it fails. A dropped line is logged by its count and length
// only (it may hold anything), the first and every thousandth. A line
// that does not parse but says which request it answers is that
// request's answer (jsonlines_unread.go), and a dropped line is bounded
// as any other (overLong).
type jsonLines struct {
	r io.Reader
	// limit bounds the line held for checking (DefaultMaxMessage when 0)
	limit   int
	state   int
	line    []byte // the '{' line held so far
	out     []byte // bytes kept and not yet read
	off     int    // out[off:] is unread
	buf     []byte // what each read from r lands in
	err     error  // r's error, answered once out is read
	dropped int
	log     *slog.Logger
	name    string
	// gate drops notifications past its rate unread (nil: none)
	gate *lineGate
	// decoded counts the lines decoded (a flood's cost)
	decoded *atomic.Int64
	// conn is told of a line it cannot read that answers a request
	// (jsonlines_unread.go; nil: such lines are dropped)
	conn *markedConn
	run  int // bytes of a dropped line so far
}

const (
	lineStart = iota // no byte of the line but space seen yet
	lineHold         // a line opening with '{', held until its end
	lineLong         // a '{' line longer than the limit: passed on
	lineDrop         // a line that is not JSON-RPC
)

func (j *jsonLines) Read(p []byte) (int, error) {
	for j.off == len(j.out) {
		j.out, j.off = j.out[:0], 0
		if j.err != nil {
			return 0, j.err
		}
		if j.buf == nil {
			j.buf = make([]byte, 32<<10)
		}
		n, err := j.r.Read(j.buf)
		j.filter(j.buf[:n])
		if j.err != nil {
			continue // the stream ended at a line over the ceiling
		}
		if err != nil {
			if j.state == lineHold {
				j.endLine() // the last line, with no newline after it
			}
			j.err = err
		}
	}
	n := copy(p, j.out[j.off:])
	j.off += n
	return n, nil
}

// filter appends to out the bytes of b to keep.
func (j *jsonLines) filter(b []byte) {
	for len(b) > 0 {
		switch j.state {
		case lineStart:
			switch c := b[0]; c {
			case ' ', '\t', '\r', '\n':
				j.out = append(j.out, c)
				b = b[1:]
				continue
			case '{':
				j.state = lineHold
			default:
				j.state, j.run = lineDrop, 0
				j.drop(0)
			}
		case lineHold:
			i := bytes.IndexByte(b, '\n')
			seg := b
			if i >= 0 {
				seg = b[:i+1]
			}
			if len(j.line)+len(seg) > j.max() {
				// too long to hold: the line ceiling answers it
				j.out = append(append(j.out, j.line...), seg...)
				j.line = j.line[:0]
				j.state = lineLong
				if i >= 0 {
					j.state = lineStart
				}
				b = b[len(seg):]
				continue
			}
			j.line = append(j.line, seg...)
			b = b[len(seg):]
			if i >= 0 {
				j.endLine()
			}
		case lineLong, lineDrop:
			i := bytes.IndexByte(b, '\n')
			if j.state == lineDrop {
				// a line that is not JSON-RPC is bounded as any other
				if j.run += len(b); i >= 0 {
					j.run -= len(b) - i
				}
				if j.run > j.max() {
					j.overLong()
					return
				}
			}
			if i < 0 {
				if j.state == lineLong {
					j.out = append(j.out, b...)
				}
				return
			}
			if j.state == lineLong {
				j.out = append(j.out, b[:i+1]...)
			}
			b = b[i+1:]
			j.state = lineStart
		}
	}
}

// endLine passes on the held line if it is a JSON-RPC message, else drops it.
func (j *jsonLines) endLine() {
	if j.gate != nil && j.gate.drops(j.line) {
		j.line, j.state = j.line[:0], lineStart
		return
	}
	if j.decoded != nil {
		j.decoded.Add(1)
	}
	line := bytes.TrimSpace(j.line)
	if _, err := jsonrpc.DecodeMessage(line); err == nil {
		j.out = append(j.out, j.line...)
	} else if !j.chargeUnread(line) {
		j.drop(len(line))
	}
	j.line = j.line[:0]
	if cap(j.line) > 1<<20 {
		j.line = nil // a large message's buffer is not kept for the small ones
	}
	j.state = lineStart
}

// drop counts a dropped line (size: its length when known) and logs the
// first and every thousandth.
func (j *jsonLines) drop(size int) {
	j.dropped++
	if j.log != nil && (j.dropped == 1 || j.dropped%1000 == 0) {
		args := []any{"connection", j.name, "lines", j.dropped}
		if size > 0 {
			args = append(args, "bytes", size)
		}
		j.log.Warn("upstream wrote lines that are not JSON-RPC messages on stdout; skipped", args...)
	}
}

func (j *jsonLines) max() int {
	if j.limit > 0 {
		return j.limit
	}
	return DefaultMaxMessage
}
