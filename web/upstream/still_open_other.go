//go:build !unix

package upstream

import "net"

// stillOpen cannot look at a kept connection's socket without reading
// from it here, so a kept connection is never reused: each request dials
// anew, as a fresh connection is always sound.
func stillOpen(net.Conn) bool { return false }
