package upstream

import "github.com/modelcontextprotocol/go-sdk/mcp"

// liveSession is a client's session and its direct route.
type liveSession struct {
	cs     *mcp.ClientSession
	direct *directSession
}

// setSessionLocked sets the client's session and direct route (c.mu
// held; cs nil: none).
func (c *client) setSessionLocked(cs *mcp.ClientSession, direct *directSession) {
	c.cs, c.direct = cs, direct
	if cs == nil || c.closed {
		c.live.Store(nil)
		return
	}
	c.live.Store(&liveSession{cs: cs, direct: direct})
}
