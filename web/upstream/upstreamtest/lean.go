package upstreamtest

import (
	"net/http/httptest"

	"github.com/agentforge/console/web/upstream/leanserver"
)

// LeanVersion is the protocol version a Lean server speaks: the SDK's
// newest but one, the newest with sessions (the gateway's newest too).
var LeanVersion = leanserver.Version

// Lean is a leanserver.Server on a loopback port of this process, for
// tests and benchmarks: one JSON answer per POST, sessions by
// Mcp-Session-Id, the tools of Tools, of which it runs echo.
type Lean struct {
	URL  string
	http *httptest.Server
	*leanserver.Server
}

// NewLean starts a Lean server; it stops when Close is called.
func NewLean() *Lean {
	s := &Lean{Server: leanserver.New()}
	s.http = httptest.NewServer(s.Handler())
	s.URL = s.http.URL
	return s
}

// Close stops the server.
func (s *Lean) Close() { s.http.Close() }
