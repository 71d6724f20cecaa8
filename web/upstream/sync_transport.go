package upstream

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"sync"
	"time"
)

// syncTransport makes a plain-HTTP request on its caller's goroutine: it
// writes the request on a kept connection and reads the answer's head
// there, and the body is read from the connection by whoever reads it.
// net/http's Transport hands every request to a writing goroutine and
// every answer from a reading one, four goroutine switches a call: under
// load each is a wait in the scheduler's queue (the gateway call's tail),
// and together they cost about as much CPU as the gateway's own check.
// Requests it does not serve exactly as net/http would — https, a proxy
// from the environment — go to base.
type syncTransport struct {
	base *http.Transport
	// maxIdle bounds the kept connections per host (base's own bound)
	maxIdle int
	// idleFor closes a kept connection unused this long (base's)
	idleFor time.Duration
	dialer  net.Dialer
	mu      sync.Mutex
	idle    map[string][]*syncConn
	swept   time.Time // the last sweep of connections kept too long
}

// syncConn is one kept connection with its buffers.
type syncConn struct {
	c net.Conn
	// head bounds what an answer's head may read (net/http's
	// MaxResponseHeaderBytes), br reads through it
	head   *headLimit
	br     *bufio.Reader
	bw     *bufio.Writer
	addr   string
	usedAt time.Time
	// sent counts the bytes that reached the socket: a request none of
	// whose bytes did may be sent again on a fresh connection
	sent int64
}

// newSyncTransport serves plain-HTTP requests itself and the rest with
// base, keeping as many idle connections per host as base does.
func newSyncTransport(base *http.Transport) *syncTransport {
	return &syncTransport{base: base, maxIdle: base.MaxIdleConnsPerHost, idleFor: base.IdleConnTimeout,
		dialer: net.Dialer{Timeout: 30 * time.Second, KeepAlive: 30 * time.Second}, idle: map[string][]*syncConn{}}
}

func (t *syncTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	if req.URL.Scheme != "http" || req.URL.Host == "" || t.proxied(req) {
		return t.base.RoundTrip(req)
	}
	ctx := req.Context()
	if err := ctx.Err(); err != nil {
		closeBody(req)
		return nil, err
	}
	addr := req.URL.Host
	if req.URL.Port() == "" {
		addr = net.JoinHostPort(req.URL.Hostname(), "80")
	}
	for {
		sc, reused, err := t.get(ctx, addr)
		if err != nil {
			closeBody(req)
			return nil, err
		}
		stop := context.AfterFunc(ctx, func() { _ = sc.c.SetDeadline(aLongTimeAgo) })
		res, err := t.exchange(sc, req)
		if err == nil {
			t.hold(sc, res, stop)
			return res, nil
		}
		stop()
		_ = sc.c.Close()
		var unsent *unsentError
		if reused && errors.As(err, &unsent) && req.GetBody != nil && ctx.Err() == nil {
			// a kept connection the server closed before any byte of
			// the request reached it: sent again on a new one, as
			// net/http sends a request its server never saw
			if req.Body, err = req.GetBody(); err == nil {
				continue
			}
		}
		closeBody(req)
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		return nil, err
	}
}

// aLongTimeAgo is a deadline that has passed: it ends any read or write
// in progress on a connection.
var aLongTimeAgo = time.Unix(1, 0)

// unsentError is a write that failed before any byte left.
type unsentError struct{ err error }

func (e *unsentError) Error() string { return e.err.Error() }
func (e *unsentError) Unwrap() error { return e.err }

// exchange writes req on sc and reads its answer's head.
func (t *syncTransport) exchange(sc *syncConn, req *http.Request) (*http.Response, error) {
	before := sc.sent
	err := req.Write(sc.bw)
	if err == nil {
		err = sc.bw.Flush()
	}
	if err != nil {
		if sc.sent == before { // not a byte of it left: safe to send again
			return nil, &unsentError{err}
		}
		return nil, err
	}
	sc.head.on, sc.head.left = true, t.maxHead()
	defer func() { sc.head.on = false }()
	for {
		res, err := http.ReadResponse(sc.br, req)
		// an interim answer (103 Early Hints…) precedes the final one,
		// as net/http skips it; 101 switches protocols and is final
		if err != nil || res.StatusCode < 100 || res.StatusCode >= 200 || res.StatusCode == http.StatusSwitchingProtocols {
			return res, err
		}
		sc.head.left = t.maxHead()
	}
}

// maxHead is base's bound on an answer's head (net/http's default when
// it sets none).
func (t *syncTransport) maxHead() int64 {
	if t.base.MaxResponseHeaderBytes > 0 {
		return t.base.MaxResponseHeaderBytes
	}
	return 10 << 20
}

// proxied reports whether base would send req through a proxy.
func (t *syncTransport) proxied(req *http.Request) bool {
	if t.base.Proxy == nil {
		return false
	}
	u, err := t.base.Proxy(req)
	return err != nil || u != nil
}

// closeBody closes a request's body, as a RoundTripper must.
func closeBody(req *http.Request) {
	if req.Body != nil {
		_ = req.Body.Close()
	}
}

// get is a kept connection to addr that is still open, or a new one.
func (t *syncTransport) get(ctx context.Context, addr string) (*syncConn, bool, error) {
	now := time.Now()
	for {
		t.mu.Lock()
		l := t.idle[addr]
		if len(l) == 0 {
			t.mu.Unlock()
			break
		}
		sc := l[len(l)-1]
		l[len(l)-1] = nil
		t.idle[addr] = l[:len(l)-1]
		t.mu.Unlock()
		if (t.idleFor > 0 && now.Sub(sc.usedAt) > t.idleFor) || !stillOpen(sc.c) {
			_ = sc.c.Close()
			continue
		}
		return sc, true, nil
	}
	c, err := t.dialer.DialContext(ctx, "tcp", addr)
	if err != nil {
		return nil, false, err
	}
	h := &headLimit{r: c}
	sc := &syncConn{c: c, head: h, br: bufio.NewReaderSize(h, 4<<10), addr: addr}
	sc.bw = bufio.NewWriterSize(sentCounter{c, &sc.sent}, 4<<10)
	return sc, false, nil
}

// headLimit fails a read past its bound while on (an answer's head).
type headLimit struct {
	r    io.Reader
	on   bool
	left int64
}

// errHeadTooLarge is an answer whose head is past the bound.
var errHeadTooLarge = errors.New("the server's answer has too many header bytes")

func (h *headLimit) Read(p []byte) (int, error) {
	if !h.on {
		return h.r.Read(p)
	}
	if h.left <= 0 {
		return 0, errHeadTooLarge
	}
	if int64(len(p)) > h.left {
		p = p[:h.left]
	}
	n, err := h.r.Read(p)
	h.left -= int64(n)
	return n, err
}

// hold gives res a body that keeps sc for the next request once it was
// read to its end (closed before, or cancelled, sc is closed).
func (t *syncTransport) hold(sc *syncConn, res *http.Response, stop func() bool) {
	keep := !res.Close && !res.Request.Close
	if res.Body == http.NoBody || res.Body == nil {
		t.release(sc, keep, stop)
		return
	}
	res.Body = &syncBody{rc: res.Body, t: t, sc: sc, keep: keep, stop: stop}
}

// release keeps sc for the next request when it may be, or closes it.
func (t *syncTransport) release(sc *syncConn, keep bool, stop func() bool) {
	if !stop() || !keep || sc.br.Buffered() > 0 {
		_ = sc.c.Close()
		return
	}
	sc.usedAt = time.Now()
	t.mu.Lock()
	t.sweep(sc.usedAt)
	if l := t.idle[sc.addr]; len(l) < t.maxIdle {
		t.idle[sc.addr] = append(l, sc)
		t.mu.Unlock()
		return
	}
	t.mu.Unlock()
	_ = sc.c.Close()
}

// syncBody is an answer's body on a kept connection.
type syncBody struct {
	rc   io.ReadCloser
	t    *syncTransport
	sc   *syncConn
	keep bool
	stop func() bool
	mu   sync.Mutex
	done bool
}

func (b *syncBody) Read(p []byte) (int, error) {
	n, err := b.rc.Read(p)
	if err != nil {
		b.finish(err == io.EOF)
	}
	return n, err
}

func (b *syncBody) Close() error {
	b.finish(false)
	return nil
}

// finish gives the connection back (read to its end) or closes it, once.
func (b *syncBody) finish(atEnd bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.done {
		return
	}
	b.done = true
	if atEnd {
		b.t.release(b.sc, b.keep, b.stop)
		return
	}
	b.stop()
	_ = b.sc.c.Close()
}
