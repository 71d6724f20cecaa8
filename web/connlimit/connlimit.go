// Package connlimit caps the connections a listener holds open: per peer
// address and in all. A client that opens connections and trickles its
// requests (a slow body, never a full header) holds a goroutine and its
// buffers per connection until the server's read timeout; thousands of
// them from one address grew a console's memory from 119 to 294 MB and
// made its login page take seconds. Past a cap the connection is answered
// 503 with Retry-After at once and closed, before a byte of its request
// is read; the connections already open are served as before, except
// idle keep-alive ones: at a cap the oldest idle connection is closed for
// the new one (see ConnState). A peer is its IPv4 address or its IPv6 /64.
package connlimit

import (
	"container/list"
	"net"
	"strconv"
	"sync"
	"time"
)

// PeerRefusal and TotalRefusal are what a connection past the per-peer
// cap and past the total cap is answered: a complete HTTP response that
// says which cap was hit, so a client sees why rather than a reset.
var (
	PeerRefusal  = refusal("too many open connections from this address, retry\n")
	TotalRefusal = refusal("too many open connections in all, retry\n")
)

// refusal is the 503 answer carrying body.
func refusal(body string) string {
	return "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\n" +
		"Connection: close\r\nContent-Length: " + strconv.Itoa(len(body)) + "\r\n\r\n" + body
}

// Listener wraps a net.Listener with the caps. PerPeer bounds the
// connections open at once from one peer (0: no bound); Total bounds
// them all (0: no bound).
type Listener struct {
	net.Listener
	PerPeer int
	Total   int

	mu    sync.Mutex
	open  map[string]int
	total int
	idle  list.List // of *conn, idle the longest first
}

// New wraps ln; perPeer and total as on Listener.
func New(ln net.Listener, perPeer, total int) *Listener {
	return &Listener{Listener: ln, PerPeer: perPeer, Total: total, open: map[string]int{}}
}

// Accept returns the next connection within the caps; a connection past
// one is answered the refusal of the cap it hit and closed, and Accept
// waits for the next.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		cc := &conn{Conn: c, l: l, peer: Peer(c.RemoteAddr())}
		answer, idle := l.take(cc.peer)
		if idle != nil {
			_ = idle.Conn.Close()
		}
		if answer == "" {
			return cc, nil
		}
		go refuse(c, answer)
	}
}

// Open reports the connections held open from peer (as Peer names it)
// and in all.
func (l *Listener) Open(peer string) (fromPeer, total int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[peer], l.total
}

// take counts a connection from peer if the caps allow (refused == ""),
// giving up the place of the connection idle the longest (the peer's own
// at its cap, anyone's at the total) when one is needed: the caller
// closes it. Past a cap, refused is that cap's answer.
func (l *Listener) take(peer string) (refused string, closed *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.PerPeer > 0 && l.open[peer] >= l.PerPeer {
		if closed = l.oldestIdle(peer); closed == nil {
			return PeerRefusal, nil
		}
		l.releaseLocked(closed)
	}
	if l.Total > 0 && l.total >= l.Total {
		if closed = l.oldestIdle(""); closed == nil {
			return TotalRefusal, nil
		}
		l.releaseLocked(closed)
	}
	l.open[peer]++
	l.total++
	return "", closed
}

func (l *Listener) release(c *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.releaseLocked(c)
}

// releaseLocked gives up c's place once, however often it is closed.
func (l *Listener) releaseLocked(c *conn) {
	if c.released {
		return
	}
	c.released = true
	l.setIdle(c, false)
	l.total--
	if n := l.open[c.peer] - 1; n > 0 {
		l.open[c.peer] = n
	} else {
		delete(l.open, c.peer)
	}
}

// refuse answers a connection past a cap without reading its request:
// the write is bounded so a peer that reads nothing cannot hold it.
func refuse(c net.Conn, answer string) {
	_ = c.SetWriteDeadline(time.Now().Add(2 * time.Second))
	_, _ = c.Write([]byte(answer))
	_ = c.Close()
}

// conn gives up its place once, however often it is closed.
type conn struct {
	net.Conn
	l    *Listener
	peer string
	// under l.mu
	released bool
	idle     *list.Element
}

func (c *conn) Close() error {
	err := c.Conn.Close()
	c.l.release(c)
	return err
}
