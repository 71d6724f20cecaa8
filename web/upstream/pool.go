package upstream

import (
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Pool holds one client per connection name, connected on first use and
// reconnected (with backoff) when its server exits or its spec changes.
// Close ends every client and kills every child process.
type Pool struct {
	log *slog.Logger
	// Timeout bounds one upstream call (connect included) of a spec that
	// sets none.
	Timeout time.Duration
	// MaxMessage bounds one message from an upstream in bytes, and a tool
	// list over all its pages (zero: DefaultMaxMessage): bounded.go.
	MaxMessage int
	// MaxResult bounds one call's answer from an HTTP upstream (zero:
	// MaxMessage; never more).
	MaxResult int

	// mu guards clients and closed; a call finding its client as made
	// for its spec takes it shared (client), so calls never queue on it
	mu      sync.RWMutex
	clients map[string]*client
	closed  bool
	// sdkCalls: every call through the SDK's client (direct.go; the
	// reference a test compares the direct call with)
	sdkCalls atomic.Bool
	// OnHealth, when set (before the first use), is told each change of
	// a connection's health (health.go), in a goroutine of its own: a
	// report may arrive after a later one, so order them by At.
	OnHealth func(name string, h Health)
	// RelistEvery is how old the tool list of a server reached by URL may
	// get before Served reads it again (zero: DefaultRelistEvery): such a
	// server sends the pool no list_changed and is never restarted.
	RelistEvery time.Duration
	// clock is the pool's time for listing ages (nil: time.Now; a test
	// moves its own)
	clock func() time.Time
	// loopMarker is the deployment's loop marker (loop.go; nil: the
	// process's own)
	loopMarker atomic.Pointer[string]
}

// now is the pool's time.
func (p *Pool) now() time.Time {
	if p.clock != nil {
		return p.clock()
	}
	return time.Now()
}

// DefaultRelistEvery is RelistEvery when the pool sets none.
const DefaultRelistEvery = time.Minute

// SetDirectCalls turns the direct call to HTTP upstreams (direct.go) on,
// the default, or off: every call then goes through the SDK's client.
func (p *Pool) SetDirectCalls(on bool) { p.sdkCalls.Store(!on) }

// ErrClosed is returned after Close.
var ErrClosed = errors.New("upstream: the console is shutting down")

// UnavailableError is an upstream that cannot be reached now; Retry says
// when the next attempt is due.
type UnavailableError struct {
	Name  string
	Retry time.Duration
	Err   error
}

func (e *UnavailableError) Error() string {
	if e.Err != nil {
		return fmt.Sprintf("upstream %s is unavailable (%v)", e.Name, e.Err)
	}
	return fmt.Sprintf("upstream %s is unavailable; next attempt in %s", e.Name, e.Retry.Round(time.Millisecond))
}

func (e *UnavailableError) Unwrap() error { return e.Err }

// DefaultTimeout bounds an upstream call when the pool sets none.
const DefaultTimeout = 30 * time.Second

// NewPool returns an empty pool logging to log.
func NewPool(log *slog.Logger) *Pool {
	if log == nil {
		log = slog.New(slog.DiscardHandler)
	}
	return &Pool{log: log, Timeout: DefaultTimeout, clients: map[string]*client{}}
}

func (p *Pool) client(spec Spec) (*client, error) {
	p.mu.RLock()
	if c := p.clients[spec.Name]; !p.closed && c != nil && c.spec.same(spec) {
		p.mu.RUnlock()
		return c, nil
	}
	p.mu.RUnlock()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	c := p.clients[spec.Name]
	// the spec compared field by field first: its key (an encoding and a
	// hash) is made only for a spec that is not the client's
	if c != nil && c.spec.same(spec) {
		return c, nil
	}
	k := spec.key()
	if c != nil && c.key == k {
		return c, nil
	}
	if c != nil {
		go c.close()
	}
	spec = spec.clone() // compared with later specs: never one its caller may change
	c = &client{pool: p, spec: spec, key: k, secrets: newSecretSet(spec), stop: make(chan struct{})}
	p.clients[spec.Name] = c
	return c, nil
}

// Names lists the connection names the pool holds a client for, sorted.
func (p *Pool) Names() []string {
	p.mu.Lock()
	defer p.mu.Unlock()
	out := make([]string, 0, len(p.clients))
	for n := range p.clients {
		out = append(out, n)
	}
	slices.Sort(out)
	return out
}

// Forget ends the client of spec's name when it was made for spec (a
// client of another spec under that name is left alone), closing its
// session and stopping its child process: a probe whose connection was
// not added leaves nothing behind.
func (p *Pool) Forget(spec Spec) {
	p.mu.Lock()
	c := p.clients[spec.Name]
	if c == nil || c.key != spec.key() {
		p.mu.Unlock()
		return
	}
	delete(p.clients, spec.Name)
	p.mu.Unlock()
	c.close()
}

// TimeoutOf is how long one request to spec's server may run: its own
// timeout, else the pool's, else DefaultTimeout. What is derived from
// how long a call may last (a session's in-use mark, an idempotency
// claim's lease) uses it, so a connection's own timeout holds there too.
func (p *Pool) TimeoutOf(spec Spec) time.Duration { return p.timeout(spec) }

// timeout bounds one request to spec's server: its own timeout, else the
// pool's.
func (p *Pool) timeout(spec Spec) time.Duration {
	if spec.Timeout > 0 {
		return spec.Timeout
	}
	if p.Timeout > 0 {
		return p.Timeout
	}
	return DefaultTimeout
}

const pingTimeout = 5 * time.Second

// ForgetName ends the client of a connection name, whatever its spec,
// if any (its child process stopped): the connection was removed or
// changed.
func (p *Pool) ForgetName(name string) {
	p.mu.Lock()
	c := p.clients[name]
	delete(p.clients, name)
	p.mu.Unlock()
	if c != nil {
		c.close()
	}
}

// Close ends every client; child processes are stopped (stdin closed,
// then SIGTERM, then SIGKILL).
func (p *Pool) Close() {
	p.mu.Lock()
	p.closed = true
	cs := p.clients
	p.clients = map[string]*client{}
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range cs {
		wg.Add(1)
		go func() { defer wg.Done(); c.close() }()
	}
	wg.Wait()
}

// upstreamTransport keeps enough idle connections per upstream for the
// gateway's concurrent calls (the default keeps two, so a busy gateway
// would open a new connection for most calls).
var upstreamTransport = func() *http.Transport {
	t := http.DefaultTransport.(*http.Transport).Clone()
	t.MaxIdleConns, t.MaxIdleConnsPerHost = 512, 128
	return t
}()

// syncUpstream makes the direct calls' plain-HTTP requests on the
// caller's goroutine (sync_transport.go), the rest through
// upstreamTransport.
var syncUpstream = newSyncTransport(upstreamTransport)

// directBase is the transport under the direct calls' headers and
// ceilings (a benchmark compares it with upstreamTransport).
var directBase http.RoundTripper = syncUpstream
