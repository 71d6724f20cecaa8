package web

import (
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
)

// lastForwardedFor is the client address behind one trusted proxy: the
// rightmost X-Forwarded-For entry, the one the proxy appended (the peer
// when the header is missing or that entry is no address). Entries to its
// left are whatever the client sent. Echo's extractor skips private and
// loopback entries, so behind a proxy on an internal network a client
// whose own address is private could put any address left of it: a new
// one for each password guess, or its victim's.
func lastForwardedFor(req *http.Request) string {
	peer := echo.ExtractIPDirect()(req)
	xffs := req.Header.Values("X-Forwarded-For")
	if len(xffs) == 0 {
		return peer
	}
	last := xffs[len(xffs)-1]
	if i := strings.LastIndexByte(last, ','); i >= 0 {
		last = last[i+1:]
	}
	last = strings.TrimSpace(last)
	if host, _, err := net.SplitHostPort(last); err == nil {
		last = host // some proxies write address:port
	}
	last = strings.TrimSuffix(strings.TrimPrefix(last, "["), "]")
	ip := net.ParseIP(last)
	if ip == nil {
		return peer
	}
	return ip.String()
}
