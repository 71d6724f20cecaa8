package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os/exec"
	"sync/atomic"
	"syscall"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// An upstream's answers are read under a ceiling, checked as the bytes
// arrive: one message (a line of a stdio server, a response of an HTTP
// one) of at most MaxMessage bytes, and a tool list of at most MaxList
// bytes over all its pages. A message over the ceiling ends the session
// (the next call reconnects) and its call gets a *TooLargeError: memory
// stays flat whatever the server sends.

// DefaultMaxMessage bounds one message from an upstream when the pool
// sets none: the catalog's import ceiling, so the largest tool list a
// sync can import fits in one page.
const DefaultMaxMessage = 8 << 20

// TooLargeError is an upstream answer refused at its ceiling: what was
// being read, and the ceiling in bytes.
type TooLargeError struct {
	Name  string
	What  string // "a message" or "the tool list"
	Limit int
}

func (e *TooLargeError) Error() string {
	return fmt.Sprintf("upstream %s: %s over %d bytes was refused (the ceiling of one upstream answer)", e.Name, e.What, e.Limit)
}

// maxResult bounds a call's answer: MaxResult, else MaxMessage.
func (p *Pool) maxResult() int {
	if p.MaxResult > 0 {
		return min(p.MaxResult, p.maxMessage())
	}
	return p.maxMessage()
}

func (p *Pool) maxMessage() int {
	if p.MaxMessage > 0 {
		return p.MaxMessage
	}
	return DefaultMaxMessage
}

// lineCap reads newline-delimited JSON, refusing a line over limit. It
// keeps each line's head and tail to tell which request the line answers
// (see markedConn): a refused line is charged to that request's mark, and
// a read line's bytes are counted on it. The id is read where servers
// write it: first (the Go SDK) from the head, last (the TypeScript SDK
// writes {"result":…,"jsonrpc":"2.0","id":N}) from the tail, so a line is
// never scanned twice. A line refused before its end has no tail: when
// its id comes last, it is charged to the only request waiting, if one.
type lineCap struct {
	r     io.Reader
	limit int
	run   int // bytes since the last newline
	head  [96]byte
	hn    int // bytes of head held
	tail  [96]byte
	tn    int // bytes of tail held (the line's last tn bytes)
	err   error
	conn  *markedConn
	name  string
}

// keepTail keeps the last bytes of the line so far, seg appended.
func (l *lineCap) keepTail(seg []byte) {
	if len(seg) >= len(l.tail) {
		l.tn = copy(l.tail[:], seg[len(seg)-len(l.tail):])
		return
	}
	if over := l.tn + len(seg) - len(l.tail); over > 0 {
		copy(l.tail[:], l.tail[over:l.tn])
		l.tn -= over
	}
	l.tn += copy(l.tail[l.tn:], seg)
}

func (l *lineCap) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for b := p[:n]; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		seg := b
		if i >= 0 {
			seg = b[:i]
		}
		if l.hn < len(l.head) {
			l.hn += copy(l.head[l.hn:], seg)
		}
		l.keepTail(seg)
		l.run += len(seg)
		if l.run > l.limit || i < 0 {
			break
		}
		l.lineEnd()
		b = b[i+1:]
	}
	if l.run > l.limit {
		// the stream ends for every request waiting on it; only the one
		// the line answers is told it was too large (its mark)
		l.err = fmt.Errorf("upstream %s: a line over %d bytes ended the session", l.name, l.limit)
		// a cut line has no end, so its id is read from its head only
		if l.conn != nil {
			if m := l.conn.owner(l.head[:l.hn], nil); m != nil {
				m.trip(l.limit)
			}
		}
		return 0, l.err
	}
	return n, err
}

// lineEnd counts a whole line on the request it answers.
func (l *lineCap) lineEnd() {
	if m := l.owner(); m != nil && l.run > 0 {
		m.bytes.Add(int64(l.run) + 1)
	}
	l.run, l.hn, l.tn = 0, 0, 0
}

func (l *lineCap) owner() *mark {
	if l.conn == nil {
		return nil
	}
	return l.conn.owner(l.head[:l.hn], l.tail[:l.tn])
}

// bodyCap reads one HTTP response, refusing more than limit bytes; the
// bytes are counted on the request's mark, and a refusal charged to it.
type bodyCap struct {
	io.ReadCloser
	left int
	err  error
	mark *mark
	name string
	max  int
}

func (b *bodyCap) Read(p []byte) (int, error) {
	if b.err != nil {
		return 0, b.err
	}
	if len(p) > b.left+1 {
		p = p[:b.left+1]
	}
	n, err := b.ReadCloser.Read(p)
	if b.mark != nil {
		b.mark.bytes.Add(int64(n))
	}
	if b.left -= n; b.left < 0 {
		b.err = &TooLargeError{Name: b.name, What: "a message", Limit: b.max}
		if b.mark != nil {
			b.mark.trip(b.max)
		}
		return 0, b.err
	}
	return n, err
}

// cappedTransport bounds each response of an HTTP upstream.
type cappedTransport struct {
	base  http.RoundTripper
	limit int
	// callLimit bounds the answer of a tools/call: each HTTP answer is its
	// own response (a stdio server's lines share one stream, MaxMessage)
	callLimit int
	name      string
}

func (t cappedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(r)
	if err == nil && res.Body != nil {
		// the pool says through the request's context what it sends
		m := markOf(r.Context())
		limit := t.limit
		if m != nil && m.call {
			limit = t.callLimit
		}
		res.Body = &bodyCap{ReadCloser: res.Body, left: limit, mark: m, name: t.name, max: limit}
	}
	return res, err
}

// commandTransport is mcp.CommandTransport reading the server's stdout
// under a line ceiling (the SDK's own is fixed at 16 MB).
type commandTransport struct {
	cmd   *exec.Cmd
	limit int
	name  string
	log   *slog.Logger
	gate  *lineGate // drops a notification flood unread (nil: none)
	// marker is the NAME=value in cmd's environment its descendants inherit
	marker string
}

// linesDecoded counts the stdout lines of stdio servers the console
// decoded to check them (a notification flood's cost).
var linesDecoded atomic.Int64

func (t *commandTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	stdout, err := t.cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	stdin, err := t.cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	if err := t.cmd.Start(); err != nil {
		return nil, err
	}
	// the stream closes by closing stdin (then the process is ended), not stdout
	mc := &markedConn{pending: map[string]*mark{}}
	lc := &lineCap{r: &jsonLines{r: stdout, limit: t.limit, log: t.log, name: t.name, gate: t.gate, decoded: &linesDecoded, conn: mc}, limit: t.limit, name: t.name, conn: mc}
	// the SDK's own frame cap is off: it counts its decoder's read-ahead,
	// not lines, and a refusal there names no request (ours does both)
	conn, err := (&mcp.IOTransport{Reader: io.NopCloser(lc), Writer: &process{cmd: t.cmd, stdin: stdin, marker: t.marker}, MaxLineLength: -1}).Connect(ctx)
	if err != nil {
		return nil, err
	}
	mc.Connection = conn
	return mc, nil
}

// process is a stdio server's stdin; closing it ends the server as the
// MCP specification says: stdin closed, then SIGTERM, then SIGKILL. (The
// SDK's CommandTransport does the same, but it reads stdout itself with
// a fixed 16 MB line cap and keeps no record of which request a refused
// line answered, so the pool cannot use it.)
type process struct {
	cmd    *exec.Cmd
	stdin  io.WriteCloser
	marker string // the process's run marker (kill_marked.go)
}

func (p *process) Write(b []byte) (int, error) { return p.stdin.Write(b) }

const terminateAfter = 2 * time.Second

func (p *process) Close() error {
	// whatever way the server ends, what it started in its process group
	// ends with it (a grandchild would otherwise outlive every restart)
	defer func() { _ = killGroup(p.cmd, syscall.SIGKILL); killMarked(p.marker) }()
	if err := p.stdin.Close(); err != nil {
		return fmt.Errorf("closing stdin: %w", err)
	}
	done := make(chan error, 1)
	go func() { done <- p.cmd.Wait() }()
	wait := func() (error, bool) {
		select {
		case err := <-done:
			return err, true
		case <-time.After(terminateAfter):
			return nil, false
		}
	}
	if err, ok := wait(); ok {
		return err
	}
	if killGroup(p.cmd, syscall.SIGTERM) == nil {
		if err, ok := wait(); ok {
			return err
		}
	}
	if err := killGroup(p.cmd, syscall.SIGKILL); err != nil {
		return err
	}
	if err, ok := wait(); ok {
		return err
	}
	return errors.New("unresponsive subprocess")
}
