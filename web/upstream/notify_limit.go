package upstream

import (
	"context"
	"log/slog"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
	"golang.org/x/time/rate"
)

// An upstream server may send notifications without end: each would be dispatched to the SDK's handlers, one after
// another, keeping a core busy for nothing. The notifications of one
// upstream session pass at most notifyRate a second (notifyBurst at
// once); the rest are dropped, counted, and logged once (then every
// notifyLogEvery), never ending the session. Requests and responses
// always pass. A notification that changes what the console serves
// (changesState: tools/list_changed) is never lost: dropped
// past the limit, it still marks the listing stale (the stale callback,
// before the next message is read), so the next call reads the tool list
// again and a changed tool is caught, however many notifications came
// before it.
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
	// stale is called for a changesState notification dropped past the
	// limit (its handler's work, done without dispatching it)
	stale func()
}

// changesState: a notification whose loss would keep a changed contract
// served (the console reads tools only; resources and prompts it never
// lists).
func changesState(method string) bool {
	return method == "notifications/tools/list_changed"
}

// limitNotifications wraps conn; dropped counts what it drops, stale is
// called for a dropped changesState notification.
func limitNotifications(conn mcp.Connection, dropped *atomic.Int64, log *slog.Logger, name string, stale func()) mcp.Connection {
	return &notifyLimited{Connection: conn, lim: rate.NewLimiter(notifyRate, notifyBurst), dropped: dropped, log: log, name: name, stale: stale}
}

func (c *notifyLimited) Read(ctx context.Context) (jsonrpc.Message, error) {
	for {
		msg, err := c.Connection.Read(ctx)
		if err != nil {
			return msg, err
		}
		if req, ok := msg.(*jsonrpc.Request); ok && !req.IsCall() && !c.lim.Allow() {
			noteDropped(c.dropped, c.log, c.name)
			if changesState(req.Method) && c.stale != nil {
				c.stale()
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
	stale   func()
}

func (t *limitedTransport) Connect(ctx context.Context) (mcp.Connection, error) {
	conn, err := t.Transport.Connect(ctx)
	if err != nil {
		return nil, err
	}
	return limitNotifications(conn, t.dropped, t.log, t.name, t.stale), nil
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
