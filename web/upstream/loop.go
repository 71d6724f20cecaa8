package upstream

import (
	"crypto/rand"
	"encoding/hex"
	"errors"
	"net/http"
)

// LoopHeader carries this process's loop marker on every request the
// pool sends to an HTTP upstream. The console's gateway refuses a request
// carrying its own process's marker: a connection whose URL reaches the
// console's own gateway, under whatever host name or address, would
// otherwise call itself in a loop. The marker is random per process, so
// it tells an upstream nothing about the console.
const LoopHeader = "X-Agent-Forge-Loop"

// loopMarker is this process's marker, drawn once at start.
var loopMarker = func() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b)
	return hex.EncodeToString(b)
}()

// RefuseLoop marks a gateway's refusal of a request FromThisProcess: the
// answer carries the marker back, so the pool that sent it reports
// OwnGatewayMessage instead of a bare 400.
func RefuseLoop(h http.Header) {
	h.Set(LoopHeader, loopMarker)
}

// errOwnGateway is the error a request refused by this console's own
// gateway ends in.
var errOwnGateway = errors.New(OwnGatewayMessage)

// FromThisProcess reports whether a request carries this process's loop
// marker: it was sent by this console's own upstream pool.
func FromThisProcess(h http.Header) bool {
	return h.Get(LoopHeader) == loopMarker
}

// OwnGatewayMessage is what the gateway answers such a request, and what
// adding or syncing the connection then reports: it names --url and says
// what to point it at.
const OwnGatewayMessage = "--url points at this console's own gateway (/mcp/…): the connection would call itself in a loop; point --url at the MCP server itself"
