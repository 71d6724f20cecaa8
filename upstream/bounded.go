package upstream

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
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

// oversize counts a client's refused messages: a call that fails while
// the count moved failed on its ceiling (the SDK does not keep a
// transport's error type).
type oversize struct {
	n     atomic.Int64
	limit atomic.Int64 // the ceiling of the last refusal
}

func (o *oversize) trip(limit int) {
	o.limit.Store(int64(limit))
	o.n.Add(1)
}

// lineCap reads newline-delimited JSON, refusing a line over limit.
type lineCap struct {
	r     io.Reader
	limit int
	run   int // bytes since the last newline
	err   error
	seen  *oversize
	name  string
}

func (l *lineCap) Read(p []byte) (int, error) {
	if l.err != nil {
		return 0, l.err
	}
	n, err := l.r.Read(p)
	for b := p[:n]; len(b) > 0; {
		i := bytes.IndexByte(b, '\n')
		if i < 0 {
			l.run += len(b)
			break
		}
		l.run += i
		if l.run > l.limit {
			break
		}
		l.run, b = 0, b[i+1:]
	}
	if l.run > l.limit {
		l.err = &TooLargeError{Name: l.name, What: "a message", Limit: l.limit}
		l.seen.trip(l.limit)
		return 0, l.err
	}
	return n, err
}

// bodyCap reads one HTTP response, refusing more than limit bytes.
type bodyCap struct {
	io.ReadCloser
	left int
	err  error
	seen *oversize
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
	if b.left -= n; b.left < 0 {
		b.err = &TooLargeError{Name: b.name, What: "a message", Limit: b.max}
		b.seen.trip(b.max)
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
	seen      *oversize
	name      string
}

func (t cappedTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	res, err := t.base.RoundTrip(r)
	if err == nil && res.Body != nil {
		limit := t.limit
		if isCall(r) {
			limit = t.callLimit
		}
		res.Body = &bodyCap{ReadCloser: res.Body, left: limit, seen: t.seen, name: t.name, max: limit}
	}
	return res, err
}

// isCall reports whether a request to an HTTP upstream is a tools/call:
// the SDK marshals the method right after the id, in the body's head.
func isCall(r *http.Request) bool {
	if r.Method != http.MethodPost || r.GetBody == nil {
		return false
	}
	body, err := r.GetBody()
	if err != nil {
		return false
	}
	defer body.Close()
	head := make([]byte, 256)
	n, _ := io.ReadFull(body, head)
	return bytes.Contains(head[:n], []byte(`"method":"tools/call"`))
}

// commandTransport is mcp.CommandTransport reading the server's stdout
// under a line ceiling (the SDK's own is fixed at 16 MB).
type commandTransport struct {
	cmd   *exec.Cmd
	limit int
	seen  *oversize
	name  string
}

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
	r := io.NopCloser(&lineCap{r: stdout, limit: t.limit, seen: t.seen, name: t.name})
	return (&mcp.IOTransport{Reader: r, Writer: &process{cmd: t.cmd, stdin: stdin}, MaxLineLength: -1}).Connect(ctx)
}

// process is a stdio server's stdin; closing it ends the server as the
// MCP specification says: stdin closed, then SIGTERM, then SIGKILL.
type process struct {
	cmd   *exec.Cmd
	stdin io.WriteCloser
}

func (p *process) Write(b []byte) (int, error) { return p.stdin.Write(b) }

const terminateAfter = 2 * time.Second

func (p *process) Close() error {
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
	if p.cmd.Process.Signal(syscall.SIGTERM) == nil {
		if err, ok := wait(); ok {
			return err
		}
	}
	if err := p.cmd.Process.Kill(); err != nil {
		return err
	}
	if err, ok := wait(); ok {
		return err
	}
	return errors.New("unresponsive subprocess")
}
