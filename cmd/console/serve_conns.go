package main

import (
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"strconv"

	"github.com/agentforge/console/web/connlimit"
)

// Connection caps' defaults: a browser opens at most six connections to a
// host and an MCP client or a load run a few dozen, so 256 from one
// address leaves room; 4,096 in all keeps a flood of idle connections
// (each a goroutine and its buffers) to a few tens of megabytes.
const (
	defaultConnsPerPeer = 256
	defaultConnsTotal   = 4096
)

// connCaps are serve's connection caps (--conns-per-peer, --conns).
type connCaps struct {
	perPeer, total *int
}

// connCapFlags declares the caps.
func connCapFlags(fs *flag.FlagSet) connCaps {
	return connCaps{
		perPeer: fs.Int("conns-per-peer", envCount("CONSOLE_CONNS_PER_PEER", defaultConnsPerPeer), "connections one peer (IPv4 address, IPv6 /64) may hold open; past it the peer's oldest idle one is closed, else the new one answered 503, 0: no cap (CONSOLE_CONNS_PER_PEER; default 256, none with a trusted proxy header)"),
		total:   fs.Int("conns", envCount("CONSOLE_CONNS", defaultConnsTotal), "connections held open in all; past it the oldest idle one is closed, else the new one answered 503, 0: no cap (CONSOLE_CONNS)"),
	}
}

// check refuses a negative cap, naming its flag. Behind a trusted proxy
// (proxyHeader set, by flag or environment) every connection comes from
// the proxy, so the per-peer cap is none unless set explicitly.
func (c connCaps) check(fs *flag.FlagSet, proxyHeader string) error {
	explicit := os.Getenv("CONSOLE_CONNS_PER_PEER") != ""
	fs.Visit(func(f *flag.Flag) { explicit = explicit || f.Name == "conns-per-peer" })
	if proxyHeader != "" && !explicit {
		*c.perPeer = 0
	}
	if *c.perPeer < 0 {
		return fmt.Errorf("--conns-per-peer: %d is negative (0: no cap)", *c.perPeer)
	}
	if *c.total < 0 {
		return fmt.Errorf("--conns: %d is negative (0: no cap)", *c.total)
	}
	return nil
}

// wrap puts the caps around ln, served by hs: hs tells the caps which
// connections are idle keep-alive ones, which give way at a cap.
func (c connCaps) wrap(ln net.Listener, hs *http.Server) net.Listener {
	l := connlimit.New(ln, *c.perPeer, *c.total)
	hs.ConnState = l.ConnState
	return l
}

// envCount reads a whole number ≥ 0 from k (def when unset); anything
// else is recorded for takeBadEnv.
func envCount(k string, def int) int {
	v := os.Getenv(k)
	if v == "" {
		return def
	}
	if n, err := strconv.Atoi(v); err == nil && n >= 0 {
		return n
	}
	badEnv = append(badEnv, fmt.Errorf("%s: %q is not a whole number (0: no cap)", k, v))
	return def
}
