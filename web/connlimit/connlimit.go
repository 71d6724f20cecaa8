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
	"sync"
	"time"
)

// Refusal is what a connection past a cap is answered: a complete HTTP
// response, so a client sees why rather than a reset.
const Refusal = "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain; charset=utf-8\r\nRetry-After: 1\r\nConnection: close\r\nContent-Length: 51\r\n\r\ntoo many open connections from this address, retry\n"

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
// one is answered Refusal and closed, and Accept waits for the next.
func (l *Listener) Accept() (net.Conn, error) {
	for {
		c, err := l.Listener.Accept()
		if err != nil {
			return nil, err
		}
		cc := &conn{Conn: c, l: l, peer: Peer(c.RemoteAddr())}
		ok, idle := l.take(cc.peer)
		if idle != nil {
			_ = idle.Conn.Close()
		}
		if ok {
			return cc, nil
		}
		go refuse(c)
	}
}

// Open reports the connections held open from peer (as Peer names it)
// and in all.
func (l *Listener) Open(peer string) (fromPeer, total int) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.open[peer], l.total
}

// take counts a connection from peer if the caps allow, giving up the
// place of the connection idle the longest (the peer's own at its cap,
// anyone's at the total) when one is needed: the caller closes it.
func (l *Listener) take(peer string) (ok bool, closed *conn) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.PerPeer > 0 && l.open[peer] >= l.PerPeer {
		if closed = l.oldestIdle(peer); closed == nil {
			return false, nil
		}
		l.releaseLocked(closed)
	}
	if l.Total > 0 && l.total >= l.Total {
		if closed = l.oldestIdle(""); closed == nil {
			return false, nil
		}
		l.releaseLocked(closed)
	}
	l.open[peer]++
	l.total++
	return true, closed
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
func refuse(c net.Conn) {
	_ = c.SetWriteDeadline(time.Now().Add(2 * time.Second))
	_, _ = c.Write([]byte(Refusal))
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
