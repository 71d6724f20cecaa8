package main

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"time"
)

// serveMetrics serves GET /metrics on its own address
// (CONSOLE_METRICS_ADDR), without an API key: bind it to an address only
// the scraper's network reaches. It prints the address it bound, so an
// address with port 0 can be scraped.
func serveMetrics(addr string, h http.Handler, stdout io.Writer) (*http.Server, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("GET /metrics", h)
	hs := &http.Server{Handler: mux, ReadHeaderTimeout: 10 * time.Second, WriteTimeout: 30 * time.Second}
	fmt.Fprintf(stdout, "Metrics on http://%s/metrics\n", ln.Addr())
	go func() { _ = hs.Serve(ln) }()
	return hs, nil
}
