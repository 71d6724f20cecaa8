package upstream

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"sync"
	"sync/atomic"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/sync/singleflight"
)

// client is one connection's MCP client: its session (restarted with
// backoff), its tool listing and the health of its last contact.
type client struct {
	pool *Pool
	spec Spec
	key  string
	// secrets are spec's secret values, masked in what the server says
	secrets *secretSet

	mu sync.Mutex
	cs *mcp.ClientSession
	// live is cs and direct as one pointer (nil: no session, or closed),
	// stored under mu with them: a call of a live session reads it
	// without taking mu (sessionDirect)
	live atomic.Pointer[liveSession]
	// steadyUntil: until this time (Unix nanoseconds, the pool's clock)
	// the server is up with no failure counted and its last contact
	// recent, so an answer changes nothing (healthy skips mu); 0 after
	// any failure
	steadyUntil atomic.Int64
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
	healthAt  time.Time // when the last report was made (ContactEvery)
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

// session returns the client's live session, connecting when there is
// none and the backoff allows.
func (c *client) session(ctx context.Context) (*mcp.ClientSession, error) {
	cs, _, err := c.sessionDirect(ctx)
	return cs, err
}

// sessionDirect is session with its route for direct calls (nil: none).
func (c *client) sessionDirect(ctx context.Context) (*mcp.ClientSession, *directSession, error) {
	if l := c.live.Load(); l != nil {
		return l.cs, l.direct, nil
	}
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
	c.setSessionLocked(cs, directOf(c.spec.URL, hc, cs, c.forgetAnyListing))
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
	c.setSessionLocked(nil, nil)
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
		c.setSessionLocked(nil, nil)
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

func (c *client) close() {
	c.mu.Lock()
	if !c.closed {
		close(c.stop)
	}
	c.closed = true
	cs := c.cs
	c.setSessionLocked(nil, nil)
	c.mu.Unlock()
	if cs != nil {
		_ = cs.Close()
	}
}

// connect starts a session; an HTTP one with the HTTP client its direct
// calls use.
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
	hc := &http.Client{Transport: noRedirects{newHeaderTransport(c.spec.URL, c.spec.Headers, capped, c.pool.marker())}, CheckRedirect: refuseRedirect}
	t := &mcp.StreamableClientTransport{Endpoint: c.spec.URL, HTTPClient: hc, MaxRetries: -1, DisableStandaloneSSE: true}
	cs, err := cl.Connect(ctx, &limitedTransport{Transport: t, dropped: &c.dropped, log: c.pool.log, name: c.spec.Name, stale: c.forgetAnyListing}, nil)
	// the direct calls (direct.go) go out on the caller's goroutine
	// (sync_transport.go), with the same headers, ceilings and refusals
	capped.base = directBase
	dt := newHeaderTransport(c.spec.URL, c.spec.Headers, capped, c.pool.marker())
	dt.owned = true // direct.go builds each of its requests for this client
	direct := &http.Client{Transport: noRedirects{dt}, CheckRedirect: refuseRedirect}
	return cs, direct, err
}

// connectCommand starts a stdio server and its session. Its stderr goes
// through a pipe the console reads to its end (to the log), so a server
// that exits at once is explained by its own last words (StartError).
func (c *client) connectCommand(ctx context.Context, cl *mcp.Client) (*mcp.ClientSession, error) {
	if err := ServersRefused(); err != nil {
		return nil, err
	}
	cmd := exec.Command(c.spec.Command[0], c.spec.Command[1:]...)
	cmd.Dir = c.spec.Dir
	own := c.spec.processEnv()
	cmd.Env = childEnv(own) // never the console's own environment: env.go
	marker := newRunMarker()
	cmd.Env = append(cmd.Env, marker)
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
	asServerUser(cmd, own) // run_as.go: not as root
	ct := &commandTransport{cmd: cmd, limit: c.pool.maxMessage(), name: c.spec.Name, log: c.pool.log, gate: newLineGate(&c.dropped, c.pool.log, c.spec.Name, c.forgetAnyListing), marker: marker}
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
		err = asUserHint(err)
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
