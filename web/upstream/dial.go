package upstream

import (
	"errors"
	"net"
)

// dialFailed reports whether err is a failure to open a connection to
// the server (refused, no route, a name that does not resolve, a dial
// timeout): the request was never written, so the server got nothing.
// A connection that broke after it was opened is not one (the request
// may have reached the server).
func dialFailed(err error) bool {
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		return true
	}
	var de *net.DNSError
	return errors.As(err, &de)
}
