package upstream

import (
	"context"
	"log/slog"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"
)

// An upstream server may send notifications without end (issue 24,
// hostile #6): each would be dispatched to the SDK's handlers, one after
// another, keeping a core busy for nothing. The notifications of one
// upstream session pass at most notifyRate a second (notifyBurst at
// once); the rest are dropped, counted, and logged once (then every
// notifyLogEvery), never ending the session. Requests and responses
// always pass.
const (
	notifyRate     = 100
	notifyBurst    = 200
	notifyLogEvery = 10000
)

// notifyLimited is a connection whose incoming notifications are rate
// limited.
type notifyLimited struct {
	mcp.Connection
	lim     *rate.Limiter
	dropped *atomic.Int64
	log     *slog.Logger
	name    string
}

// limitNotifications wraps conn; dropped counts what it drops.
func limitNotifications(conn mcp.Connection, dropped *atomic.Int64, log *slog.Logger, name string) mcp.Connection {
	return &notifyLimited{Connection: conn, lim: rate.NewLimiter(notifyRate, notifyBurst), dropped: dropped, log: log, name: name}
}

func (c *notifyLimited) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			return msg, err
		}
		if req, ok := msg.(*jsonrpc.Request); ok && !req.IsCall() && !c.lim.Allow() {
			if n := c.dropped.Add(1); (n == 1 || n%notifyLogEvery == 0) && c.log != nil {
				c.log.Warn("upstream sends notifications faster than the console takes them; dropped", "connection", c.name, "dropped", n, "per_second", notifyRate)
			}
			continue
		}
		return msg, nil
	}
}

// limitedTransport is a transport whose connections are notifyLimited.
type limitedTransport struct {
	mcp.Transport
	dropped *atomic.Int64
	log     *slog.Logger
	name    string
}

func (t *limitedTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return limitNotifications(conn, t.dropped, t.log, t.name), nil
}

// NotificationsDropped is how many notifications the connection name's
// sessions sent past the rate limit (0 for a name the pool does not
// hold).
func (p *Pool) NotificationsDropped(name string) int64 {
	p.mu.Lock()
	c := p.clients[name]
	p.mu.Unlock()
	if c == nil {
		return 0
	}
	return c.dropped.Load()
}
