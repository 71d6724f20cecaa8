package upstream

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"os"
	"os/exec"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sync/singleflight"
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

	mu      sync.Mutex
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

type client struct {
	pool *Pool
	spec Spec
	key  string
	// secrets are spec's secret values, masked in what the server says
	secrets *secretSet

	mu sync.Mutex
	cs *mcp.ClientSession
	// direct is cs's route for direct calls (nil: through the SDK)
	direct   *directSession
	ids      atomic.Int64 // the direct calls' request ids
	failures int
	nextTry  time.Time
	// serial counts the sessions started; listing is the tool list of
	// the session numbered listed (nil: not read since it started or
	// since the server said its list changed)
	serial  uint64
	listed  uint64
	listing []*mcp.Tool
	// listedAt is when listing was read
	listedAt time.Time
	// stale: a list_changed was dropped past the rate limit since listing
	// was read (notify_limit.go); Served reads the list again
	stale atomic.Bool
	// relist lets one tools/list at a time read a stale listing again;
	// the calls that need it meanwhile share its answer (Served)
	relist singleflight.Group
	closed bool
	// dropped counts the notifications dropped past the rate limit
	// (notify_limit.go)
	dropped atomic.Int64
	// health is what the last real contact said (health.go), healthWhy
	// why the server is down; probing: a probe is waiting to reach it
	health    int
	healthWhy string
	probing   bool
	// stop is closed with the client (ends its probe)
	stop chan struct{}
}

// DefaultMaxBackoff is the longest restart wait of a connection that
// sets none.
const DefaultMaxBackoff = 30 * time.Second

// backoff is the wait after n consecutive failures: 100 ms doubling, at
// most limit (zero: DefaultMaxBackoff).
func backoff(n int, limit time.Duration) time.Duration {
	if limit <= 0 {
		limit = DefaultMaxBackoff
	}
	d := 100 * time.Millisecond
	for i := 1; i < n && d < limit; i++ {
		d *= 2
	}
	return min(d, limit)
}

func (p *Pool) client(spec Spec) (*client, error) {
	k := spec.key()
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	c := p.clients[spec.Name]
	if c != nil && c.key == k {
		return c, nil
	}
	if c != nil {
		go c.close()
	}
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

// session returns the client's live session, connecting when there is
// none and the backoff allows.
func (c *client) session(ctx context.Context) (*mcp.ClientSession, error) {
	cs, _, err := c.sessionDirect(ctx)
	return cs, err
}

// sessionDirect is session with its route for direct calls (nil: none).
func (c *client) sessionDirect(ctx context.Context) (*mcp.ClientSession, *directSession, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.closed {
		return nil, nil, ErrClosed
	}
	if c.cs != nil {
		return c.cs, c.direct, nil
	}
	if wait := time.Until(c.nextTry); wait > 0 {
		return nil, nil, &UnavailableError{Name: c.spec.Name, Retry: wait}
	}
	cs, hc, err := c.connect(ctx)
	if err != nil {
		c.failures++
		c.nextTry = time.Now().Add(backoff(c.failures, c.spec.MaxBackoff))
		err = c.masked(err)
		c.pool.log.Warn("upstream connect failed", "connection", c.spec.Name, "attempt", c.failures, "err", err)
		c.setHealthLocked(false, err)
		return nil, nil, &UnavailableError{Name: c.spec.Name, Err: err}
	}
	c.setHealthLocked(true, nil)
	c.cs, c.direct = cs, directOf(c.spec.URL, hc, cs, c.forgetAnyListing)
	c.serial++
	c.ids.Store(directIDBase)
	go c.watch(cs)
	return cs, c.direct, nil
}

// watch waits for a session to end; a server that exits is restarted
// after the backoff, so the next call finds it running.
func (c *client) watch(cs *mcp.ClientSession) {
	err := cs.Wait()
	c.mu.Lock()
	if c.cs != cs || c.closed {
		c.mu.Unlock()
		return
	}
	c.cs, c.direct = nil, nil
	c.failures++
	wait := backoff(c.failures, c.spec.MaxBackoff)
	c.nextTry = time.Now().Add(wait)
	ended := errors.New("the server ended its session")
	if err != nil {
		ended = fmt.Errorf("the server ended its session: %w", err)
	}
	c.setHealthLocked(false, ended)
	c.mu.Unlock()
	c.pool.log.Warn("upstream session ended; restarting", "connection", c.spec.Name, "after", wait, "err", c.masked(err))
	if len(c.spec.Command) > 0 {
		time.AfterFunc(wait, func() {
			ctx, cancel := context.WithTimeout(context.Background(), c.pool.timeout(c.spec))
			defer cancel()
			_, _ = c.session(ctx)
		})
	}
}

// drop forgets a session that failed a call at the transport level; the
// next call reconnects (restarts a stdio server) once the backoff allows.
func (c *client) drop(cs *mcp.ClientSession, why error) { c.dropAfter(cs, why, nil) }

// dropAfter is drop closing the session only once after is closed (nil:
// at once); the pool stops using it at once either way.
func (c *client) dropAfter(cs *mcp.ClientSession, why error, after <-chan struct{}) {
	c.mu.Lock()
	mine := c.cs == cs
	var wait time.Duration
	if mine {
		c.cs, c.direct = nil, nil
		c.failures++
		wait = backoff(c.failures, c.spec.MaxBackoff)
		c.nextTry = time.Now().Add(wait)
		c.setHealthLocked(false, why)
	}
	c.mu.Unlock()
	if mine {
		c.pool.log.Warn("upstream session lost; restarting", "connection", c.spec.Name, "after", wait, "err", c.masked(why))
	}
	if after == nil {
		_ = cs.Close()
		return
	}
	go func() {
		<-after
		_ = cs.Close()
	}()
}

// healthy ends a run of failures: the next failure waits the least.
func (c *client) healthy() {
	c.mu.Lock()
	c.failures = 0
	c.setHealthLocked(true, nil)
	c.mu.Unlock()
}

// unreachable records a request that failed for want of the server (not
// its answer): the connection is down until a contact answers.
func (c *client) unreachable(why error) {
	c.mu.Lock()
	c.setHealthLocked(false, why)
	c.mu.Unlock()
}

func (c *client) close() {
	c.mu.Lock()
	if !c.closed {
		close(c.stop)
	}
	c.closed = true
	cs := c.cs
	c.cs, c.direct = nil, nil
	c.mu.Unlock()
	if cs != nil {
		_ = cs.Close()
	}
}

// connect starts a session; an HTTP one with the HTTP client it uses.
func (c *client) connect(ctx context.Context) (*mcp.ClientSession, *http.Client, error) {
	// a server that says its tool list changed has its listing read again
	// (Served) before its next call
	cl := mcp.NewClient(&mcp.Implementation{Name: "agentforge-console", Version: "1"}, &mcp.ClientOptions{
		ToolListChangedHandler: func(_ context.Context, req *mcp.ToolListChangedRequest) { c.forgetListing(req.Session) },
	})
	if len(c.spec.Command) > 0 {
		cs, err := c.connectCommand(ctx, cl)
		return cs, nil, err
	}
	capped := cappedTransport{base: upstreamTransport, limit: c.pool.maxMessage(), callLimit: c.pool.maxResult(), name: c.spec.Name}
	hc := &http.Client{Transport: noRedirects{newHeaderTransport(c.spec.URL, c.spec.Headers, capped)}, CheckRedirect: refuseRedirect}
	t := &mcp.StreamableClientTransport{Endpoint: c.spec.URL, HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}
	cs, err := cl.Connect(ctx, &limitedTransport{Transport: t, dropped: &c.dropped, log: c.pool.log, name: c.spec.Name, stale: c.forgetAnyListing}, nil)
	return cs, hc, err
}

// connectCommand starts a stdio server and its session. Its stderr goes
// through a pipe the console reads to its end (to the log), so a server
// that exits at once is explained by its own last words (StartError).
func (c *client) connectCommand(ctx context.Context, cl *mcp.Client) (*mcp.ClientSession, error) {
	cmd := exec.Command(c.spec.Command[0], c.spec.Command[1:]...)
	cmd.Env = childEnv(c.spec.Env) // never the console's own environment: env.go
	pr, pw, err := os.Pipe()
	if err != nil {
		return nil, err
	}
	ll := newLineLog(c.pool.log, c.spec)
	read := make(chan struct{})
	go func() {
		_, _ = io.Copy(ll, pr)
		ll.flush()
		_ = pr.Close()
		close(read)
	}()
	cmd.Stderr = pw
	killWithParent(cmd)
	ct := &commandTransport{cmd: cmd, limit: c.pool.maxMessage(), name: c.spec.Name, log: c.pool.log}
	cs, err := cl.Connect(ctx, &limitedTransport{Transport: ct, dropped: &c.dropped, log: c.pool.log, name: c.spec.Name, stale: c.forgetAnyListing}, nil)
	_ = pw.Close() // the child holds its own end
	if err != nil {
		select { // a server that exited has closed its stderr
		case <-read:
		case <-time.After(stderrWait):
		}
		if tail := ll.Tail(); tail != "" {
			err = &StartError{Err: err, Stderr: tail}
		}
	}
	return cs, err
}

// stderrWait bounds the wait for a failed server's stderr to end.
const stderrWait = time.Second

// StartError is a stdio server that did not start: the protocol's error
// and the last lines of the server's stderr (environment values masked),
// which usually say why.
type StartError struct {
	Err    error
	Stderr string
}

func (e *StartError) Error() string {
	return fmt.Sprintf("%v; the server's stderr ends: %s", e.Err, e.Stderr)
}

func (e *StartError) Unwrap() error { return e.Err }

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

// ListTools lists every tool the server offers (all pages, at most
// maxTools): the describe-only probe of a sync.
func (p *Pool) ListTools(ctx context.Context, spec Spec) ([]*mcp.Tool, error) {
	c, err := p.client(spec)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	cs, err := c.session(ctx)
	if err != nil {
		return nil, err
	}
	return p.listOn(ctx, c, cs)
}

// listOn lists every tool of the session cs of c, the connection's
// secrets masked in their text (maskTools).
func (p *Pool) listOn(ctx context.Context, c *client, cs *mcp.ClientSession) ([]*mcp.Tool, error) {
	spec := c.spec
	var out []*mcp.Tool
	params := &mcp.ListToolsParams{}
	// the list's bytes over all its pages are counted by the transport,
	// as it reads them, on the listing's own mark
	m := &mark{}
	defer m.done()
	lctx := withMark(ctx, m)
	for range maxPages {
		res, err := cs.ListTools(lctx, params)
		if err != nil {
			err = p.failed(c, cs, m, err, nil)
			return nil, fmt.Errorf("upstream %s: tools/list: %w", spec.Name, c.masked(err))
		}
		if m.bytes.Load() > int64(p.maxMessage()) {
			return nil, &TooLargeError{Name: spec.Name, What: "the tool list", Limit: p.maxMessage()}
		}
		out = append(out, res.Tools...)
		if len(out) > maxTools {
			return nil, fmt.Errorf("upstream %s: more than %d tools", spec.Name, maxTools)
		}
		if res.NextCursor == "" {
			c.healthy()
			return maskTools(c.secrets, out)
		}
		params.Cursor = res.NextCursor
	}
	return nil, fmt.Errorf("upstream %s: tools/list: more than %d pages", spec.Name, maxPages)
}

const (
	maxPages = 100
	maxTools = 5000
)

// Call calls one tool with raw JSON arguments, bounded by the pool's
// timeout. A transport failure ends the session (the next call
// reconnects); the server's own tool errors come back as results.
func (p *Pool) Call(ctx context.Context, spec Spec, tool string, args json.RawMessage) (*mcp.CallToolResult, error) {
	res, _, err := p.CallJSON(ctx, spec, tool, args)
	return res, err
}

// CallJSON is Call with the result's JSON as ResultJSON writes it, when
// the result came as those bytes (nil otherwise: encode the result).
func (p *Pool) CallJSON(ctx context.Context, spec Spec, tool string, args json.RawMessage) (*mcp.CallToolResult, []byte, error) {
	c, err := p.client(spec)
	if err != nil {
		return nil, nil, err
	}
	ctx, cancel := context.WithTimeout(ctx, p.timeout(spec))
	defer cancel()
	cs, direct, err := c.sessionDirect(ctx)
	if err != nil {
		return nil, nil, err
	}
	m := &mark{call: true}
	defer m.done()
	var res *mcp.CallToolResult
	var told <-chan struct{}
	var raw []byte
	useDirect := direct != nil && !p.sdkCalls.Load()
	if useDirect {
		id := c.ids.Add(1)
		if res, raw, err = direct.call(withMark(ctx, m), id, tool, args); err != nil && ctx.Err() != nil {
			// abandoned (timed out, or the caller went away): the server
			// is told, before a session the failure ends is closed
			told = direct.cancelled(ctx, id)
		}
	} else {
		params := &mcp.CallToolParams{Name: tool}
		if len(args) > 0 {
			params.Arguments = args
		}
		res, err = cs.CallTool(withMark(ctx, m), params)
	}
	if err != nil {
		if se := serverError(c.spec, err, useDirect); se != nil && m.refused.Load() == 0 {
			// the server answered (with an error): its session is well
			c.healthy()
			return nil, nil, se
		}
		err = p.failed(c, cs, m, err, told)
		var re *RefusedError
		if !errors.As(err, &re) && errors.Is(err, mcp.ErrSessionMissing) {
			// the SDK's client read a 404: the server did not know the
			// session and did not process the call
			err = &RefusedError{Status: http.StatusNotFound, Err: err}
		}
		return nil, nil, c.masked(err)
	}
	c.healthy()
	// the server's text may repeat a secret it was started or called
	// with (an error result naming its token): masked on every path
	return maskResult(c.secrets, res, raw)
}

// failed is a request's failure as its caller sees it (its own
// *TooLargeError when its answer was refused), once a session that
// cannot serve another request is dropped: a stdio server's line over
// the ceiling ends its stream.
// A session it ends is closed once after is closed (nil: at once), so a
// notice the failure sends on it goes first.
func (p *Pool) failed(c *client, cs *mcp.ClientSession, m *mark, err error, after <-chan struct{}) error {
	if len(c.spec.Command) > 0 && m.refused.Load() > 0 {
		c.dropAfter(cs, err, after)
	} else {
		p.dropIfGone(c, cs, err, after)
	}
	return m.err(c.spec.Name, err)
}

// dropIfGone ends a session whose transport failed, so a crashed server
// is restarted rather than reused. A call that timed out says nothing of
// the others (one slow query): its session stays, and is ended only when
// the server then does not answer a ping in time either (a hung server).
// (A stdio server's line over the ceiling ends its stream, so its
// session; an HTTP answer over it ends only that response.)
func (p *Pool) dropIfGone(c *client, cs *mcp.ClientSession, err error, after <-chan struct{}) {
	switch {
	case errors.Is(err, mcp.ErrConnectionClosed):
		c.dropAfter(cs, err, after)
	case errors.Is(err, context.DeadlineExceeded):
		go func() {
			ctx, cancel := context.WithTimeout(context.Background(), min(p.timeout(c.spec), pingTimeout))
			defer cancel()
			if perr := cs.Ping(ctx, nil); perr != nil {
				c.dropAfter(cs, fmt.Errorf("a call timed out, then a ping failed: %w", perr), after)
			}
		}()
	case errors.Is(err, context.Canceled):
		// the caller went away: nothing learnt of the server
	case errors.As(err, new(*MalformedError)):
		// the server answered, one message of it malformed: that call
		// failed, the session stays (attack #11)
	default:
		// refused connection, an HTTP error status, a broken answer
		c.unreachable(err)
	}
}

// pingTimeout bounds the ping that tells a hung server from a slow call.
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
