package connlimit

import (
	"net"
	"net/http"

	"github.com/agentforge/console/models/peer"
)

// ConnState is the http.Server ConnState hook that tells the listener
// which of its connections are idle keep-alive ones (answered, waiting
// for a next request): those give way at a cap. Without it no connection
// is closed for a new one. A connection the server wrapped (TLS) is
// found through its NetConn.
func (l *Listener) ConnState(nc net.Conn, s http.ConnState) {
	for {
		if c, ok := nc.(*conn); ok {
			if c.l == l {
				l.mu.Lock()
				l.setIdle(c, s == http.StateIdle && !c.released)
				l.mu.Unlock()
			}
			return
		}
		w, ok := nc.(interface{ NetConn() net.Conn })
		if !ok {
			return
		}
		nc = w.NetConn()
	}
}

// setIdle files c as idle since now or takes it off the idle list; l.mu
// is held.
func (l *Listener) setIdle(c *conn, idle bool) {
	if c.idle != nil {
		l.idle.Remove(c.idle)
		c.idle = nil
	}
	if idle {
		c.idle = l.idle.PushBack(c)
	}
}

// oldestIdle is the connection idle the longest, from peer ("": any);
// l.mu is held.
func (l *Listener) oldestIdle(peer string) *conn {
	for e := l.idle.Front(); e != nil; e = e.Next() {
		if c := e.Value.(*conn); peer == "" || c.peer == peer {
			return c
		}
	}
	return nil
}

// Peer names the peer a connection from a is counted under: peer.Key of
// its address (an IPv4 address, an IPv6 /64), as sign-in throttling
// counts.
func Peer(a net.Addr) string {
	if t, ok := a.(*net.TCPAddr); ok {
		return peer.Key(t.IP.String())
	}
	if host, _, err := net.SplitHostPort(a.String()); err == nil {
		return peer.Key(host)
	}
	return a.String()
}
