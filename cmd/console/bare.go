package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/agentforge/console/web/upstream/leanserver"
)

// runBare serves one file's bytes to every request with a bare net/http
// handler: the baseline of the repeated compose target (docs/performance.md),
// which the console must reach 75% of when serving the same bytes on the
// same machine in the same run. With --mcp it serves instead a lean Go
// MCP server whose echo tool answers at once (leanserver.Server): the
// gateway load run's upstream, in a process of its own. Loopback
// addresses only; it stops on SIGINT/SIGTERM like serve.
func runBare(ctx context.Context, args []string, stdout *os.File) error {
	fs := flag.NewFlagSet("bare", flag.ContinueOnError)
	addr := fs.String("addr", "127.0.0.1:18090", "loopback address to listen on")
	file := fs.String("body", "", "file whose bytes every answer carries (required)")
	ctype := fs.String("type", "application/json", "the answers' Content-Type")
	mcpServer := fs.Bool("mcp", false, "serve an MCP server over streamable HTTP (tools echo, remember, slow; echo answers its text) instead of --body")
	if err := fs.Parse(args); err != nil {
		return &exitError{2, err}
	}
	var handler http.Handler
	var what string
	switch {
	case *mcpServer:
		handler, what = leanserver.New().Handler(), "an MCP server"
	case *file == "":
		return &exitError{2, errors.New("--body: required (or --mcp)")}
	default:
		body, err := os.ReadFile(*file)
		if err != nil {
			return &exitError{2, fmt.Errorf("--body: %w", err)}
		}
		handler, what = bareHandler(body, *ctype), fmt.Sprintf("%d bytes", len(body))
	}
	host, _, err := net.SplitHostPort(*addr)
	if ip := net.ParseIP(host); err != nil || ip == nil || !ip.IsLoopback() {
		return &exitError{2, fmt.Errorf("--addr: %q is not a loopback address", *addr)}
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		return err
	}
	srv := &http.Server{Handler: handler, ReadHeaderTimeout: 10 * time.Second}
	fmt.Fprintf(stdout, "serving %s at http://%s\n", what, ln.Addr())
	go func() {
		<-ctx.Done()
		shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		srv.Shutdown(shut)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// bareHandler answers every request with body: no routing, no
// authentication, no work, what any Go HTTP server costs at least.
func bareHandler(body []byte, ctype string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", ctype)
		w.Write(body)
	})
}
