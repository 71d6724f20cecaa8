package upstream

import "sync/atomic"

// refused, when set, is why no stdio server may start: a console running
// as root with no unprivileged user to run its servers as refuses them
// rather than run them as root.
var refused atomic.Pointer[error]

// RefuseServers makes every stdio server start from now on fail with err
// (nil: servers start again).
func RefuseServers(err error) {
	if err == nil {
		refused.Store(nil)
		return
	}
	refused.Store(&err)
}

// ServersRefused is why stdio servers are refused (nil: they are not).
func ServersRefused() error {
	if p := refused.Load(); p != nil {
		return *p
	}
	return nil
}
