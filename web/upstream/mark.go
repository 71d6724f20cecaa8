package upstream

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"sync"
	"sync/atomic"

	"github.com/modelcontextprotocol/go-sdk/jsonrpc"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// A mark is one pool request's own record (a call, or a tool listing
// over all its pages), carried in its context to the transport: whether
// it is a tools/call (its answer has the call ceiling), how many bytes
// its answers took, and the ceiling its answer was refused at. Each
// request reads only its own mark, so concurrent requests on one client
// never get each other's error (the SDK does not keep a transport's
// error type).
type mark struct {
	call    bool
	refused atomic.Int64 // the ceiling an answer was refused at (0: none)
	// unread is what came in place of an answer that could not be read
	// (jsonlines_unread.go; nil: none)
	unread atomic.Pointer[error]
	bytes  atomic.Int64 // the answers' bytes so far
	// release forgets the request ids a stdio connection holds for it
	// (set by the caller's goroutine as it writes, so read there only)
	release []func()
}

type markKey struct{}

// withMark is ctx carrying m.
func withMark(ctx context.Context, m *mark) context.Context {
	return context.WithValue(ctx, markKey{}, m)
}

// markOf is the mark a request's context carries (nil: none).
func markOf(ctx context.Context) *mark {
	m, _ := ctx.Value(markKey{}).(*mark)
	return m
}

func (m *mark) trip(limit int) { m.refused.CompareAndSwap(0, int64(limit)) }

// unreadable records err as what came in place of the request's answer.
func (m *mark) unreadable(err error) { m.unread.CompareAndSwap(nil, &err) }

// unreadErr is what came in place of the request's answer (nil: none).
func (m *mark) unreadErr() error {
	if p := m.unread.Load(); p != nil {
		return *p
	}
	return nil
}

// done forgets the mark's request ids.
func (m *mark) done() {
	for _, f := range m.release {
		f()
	}
}

// err is the request's failure: its own *TooLargeError when its answer
// was refused at the ceiling, what came in place of an answer that could
// not be read, else err.
func (m *mark) err(name string, err error) error {
	if l := m.refused.Load(); l > 0 {
		return &TooLargeError{Name: name, What: "a message", Limit: int(l)}
	}
	if ue := m.unreadErr(); ue != nil {
		return ue
	}
	return err
}

// markedConn is a stdio connection that knows which mark each request id
// it wrote belongs to, so a line refused at the ceiling (or counted) is
// charged to the request it answers.
type markedConn struct {
	mcp.Connection
	mu      sync.Mutex
	pending map[string]*mark
}

func (c *markedConn) Write(ctx context.Context, msg jsonrpc.Message) error {
	if req, ok := msg.(*jsonrpc.Request); ok && req.IsCall() {
		if m := markOf(ctx); m != nil {
			if k, err := json.Marshal(req.ID.Raw()); err == nil {
				id := string(k)
				c.mu.Lock()
				c.pending[id] = m
				c.mu.Unlock()
				m.release = append(m.release, func() {
					c.mu.Lock()
					delete(c.pending, id)
					c.mu.Unlock()
				})
			}
		}
	}
	return c.Connection.Write(ctx, msg)
}

// owner is the mark of the request a line answers, by the id in the
// line's head, else in its tail (nil: the line's end was not read); when
// neither names one, the only request waiting (nil when that is not one).
func (c *markedConn) owner(head, tail []byte) *mark {
	c.mu.Lock()
	defer c.mu.Unlock()
	if id, ok := headID(head); ok {
		return c.pending[string(id)]
	}
	if id, ok := tailID(tail); ok {
		return c.pending[string(id)]
	}
	if len(c.pending) == 1 {
		for _, m := range c.pending {
			return m
		}
	}
	return nil
}

// headID is the value of the top-level "id" member in the head of a
// JSON-RPC message (a number or a string, as written), when the head
// holds it whole.
func headID(head []byte) ([]byte, bool) {
	v, ok := headMember(head, "id")
	return v, ok && v != nil
}

// valueToken is a number or string token at the start of b, whole.
func valueToken(b []byte) ([]byte, bool) {
	if len(b) == 0 {
		return nil, false
	}
	if b[0] == '"' {
		for i := 1; i < len(b); i++ {
			switch b[i] {
			case '\\':
				i++
			case '"':
				return b[:i+1], true
			}
		}
		return nil, false
	}
	for i := 0; i < len(b); i++ {
		if c := b[i]; c == ',' || c == '}' || c == ' ' || c == '\t' || c == '\r' || c == '\n' {
			return b[:i], i > 0
		}
	}
	return nil, false
}

// tailID is the value of the top-level "id" member a JSON-RPC message's
// tail ends with (a number or a string, as written), read backwards from
// the object's closing brace: the last member of the top-level object is
// the one just before it, so no scan of the whole line is needed.
func tailID(tail []byte) ([]byte, bool) {
	const ws = " \t\r\n"
	t := bytes.TrimRight(tail, ws)
	if len(t) == 0 || t[len(t)-1] != '}' {
		return nil, false
	}
	t = bytes.TrimRight(t[:len(t)-1], ws)
	var val []byte
	if n := len(t); n > 0 && t[n-1] == '"' {
		i := n - 2
		for i >= 0 && (t[i] != '"' || escapedAt(t, i)) {
			i--
		}
		if i < 0 {
			return nil, false
		}
		val, t = t[i:], t[:i]
	} else {
		i := len(t)
		for i > 0 && strings.IndexByte("0123456789+-.eE", t[i-1]) >= 0 {
			i--
		}
		if i == len(t) {
			return nil, false
		}
		val, t = t[i:], t[:i]
	}
	t = bytes.TrimRight(t, ws)
	if len(t) == 0 || t[len(t)-1] != ':' {
		return nil, false
	}
	t = bytes.TrimRight(t[:len(t)-1], ws)
	if !bytes.HasSuffix(t, []byte(`"id"`)) {
		return nil, false
	}
	t = bytes.TrimRight(t[:len(t)-len(`"id"`)], ws)
	if len(t) == 0 || (t[len(t)-1] != ',' && t[len(t)-1] != '{') {
		return nil, false
	}
	return val, true
}

// escapedAt reports whether the byte at i follows an odd run of
// backslashes (a quote inside a string).
func escapedAt(b []byte, i int) bool {
	n := 0
	for j := i - 1; j >= 0 && b[j] == '\\'; j-- {
		n++
	}
	return n%2 == 1
}
