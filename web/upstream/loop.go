package upstream

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
)

// LoopHeader carries the pool's loop marker on every request the pool
// sends to an HTTP upstream. The console's gateway refuses a request
// carrying its own marker: a connection whose URL reaches the console's
// own gateway, under whatever host name or address, would otherwise call
// itself in a loop. A pool's marker is the deployment's (SetLoopMarker:
// every replica and CLI on one database sends and checks the same one),
// so a loop through another replica (A→B→A) is caught at its first hop.
// It is derived from a server secret, so it tells an upstream nothing
// about the console.
const LoopHeader = "X-Agent-Forge-Loop"

// processMarker is the marker of a pool whose deployment's is not set:
// random per process, drawn once at start.
var processMarker = func() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}()

// SetLoopMarker makes m (the deployment's marker: models.Store.LoopMarker)
// the marker the pool sends and its gateway refuses; "" keeps the
// process's own.
func (p *Pool) SetLoopMarker(m string) {
	if m != "" {
		p.loopMarker.Store(&m)
	}
}

// marker is the pool's loop marker.
func (p *Pool) marker() string {
	if m := p.loopMarker.Load(); m != nil {
		return *m
	}
	return processMarker
}

// RefuseLoop marks a gateway's refusal of a request the pool's marker
// Marked: the answer carries the marker back, so the pool that sent it
// reports OwnGatewayMessage instead of a bare 400.
func (p *Pool) RefuseLoop(h http.Header) {
	h.Set(LoopHeader, p.marker())
}

// errOwnGateway is the error a request refused by this console's own
// gateway ends in.
var errOwnGateway = errors.New(OwnGatewayMessage)

// Marked reports whether a request carries the pool's loop marker: it
// was sent by this console's own upstream pool, or another replica's.
func (p *Pool) Marked(h http.Header) bool {
	return h.Get(LoopHeader) == p.marker()
}

// OwnGatewayMessage is what the gateway answers such a request, and what
// adding or syncing the connection then reports: it names --url and says
// what to point it at.
const OwnGatewayMessage = "--url points at this console's own gateway (/mcp/…) or another replica's: the connection would call itself in a loop; point --url at the MCP server itself"
