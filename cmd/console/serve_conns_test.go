package main

import (
	"bufio"
	"errors"
	"flag"
	"io"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeCapsSlowConnectionsPerPeer: a client that opened connections
// and trickles half a request on each held them all until the read
// timeout (10,500 from one address grew the console from 119 to 294 MB
// and slowed its login page to seconds). Past --conns-per-peer the next
// connection is answered 503 at once; when one closes, the peer is
// served again.
func TestServeCapsSlowConnectionsPerPeer(t *testing.T) {
	base := startServe(t, t.TempDir(), "--conns-per-peer", "2")
	addr := strings.TrimPrefix(base, "http://")
	var held []net.Conn
	for range 2 {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		if _, err := io.WriteString(c, "POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 100\r\n\r\nuser"); err != nil {
			t.Fatal(err)
		}
		held = append(held, c)
	}
	status := func() int {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		defer c.Close()
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		_, _ = io.WriteString(c, "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		resp.Body.Close()
		return resp.StatusCode
	}
	// the two connections are accepted asynchronously: wait until the
	// third is the one refused
	deadline := time.Now().Add(10 * time.Second)
	for status() != http.StatusServiceUnavailable {
		if time.Now().After(deadline) {
			t.Fatal("a third connection from the peer holding two is still served")
		}
		time.Sleep(20 * time.Millisecond)
	}
	_ = held[0].Close()
	for status() != http.StatusOK {
		if time.Now().After(deadline) {
			t.Fatal("the peer is not served again after closing one connection")
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// TestServeRefusesANegativeConnectionCap: a cap below 0 is refused naming
// its flag or variable; a word in the variable too.
func TestServeRefusesANegativeConnectionCap(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for _, args := range [][]string{{"--conns-per-peer", "-1"}, {"--conns", "-3"}} {
		_, err := runCLI(t, db, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), args[0]) {
			t.Errorf("%v: %v, want exit 2 naming %s", args, err, args[0])
		}
	}
	t.Setenv("CONSOLE_CONNS_PER_PEER", "many")
	_, err := runCLI(t, db, "serve", "--addr", "127.0.0.1:0")
	if err == nil || !strings.Contains(err.Error(), "CONSOLE_CONNS_PER_PEER") {
		t.Errorf("CONSOLE_CONNS_PER_PEER=many: %v", err)
	}
}

// TestServeProxyHeaderFlagDropsThePeerCap: behind a trusted proxy every
// connection comes from the proxy, so the per-peer cap's default is none
// whether the header is given by flag or environment; an explicit cap
// still holds.
func TestServeProxyHeaderFlagDropsThePeerCap(t *testing.T) {
	for _, tc := range []struct {
		args []string
		env  string
		want int
	}{
		{[]string{"--trusted-proxy-header", "X-Forwarded-For"}, "", 0},
		{nil, "X-Forwarded-For", 0},
		{[]string{"--trusted-proxy-header", "X-Real-IP", "--conns-per-peer", "9"}, "", 9},
		{nil, "", defaultConnsPerPeer},
	} {
		t.Setenv("CONSOLE_TRUSTED_PROXY_HEADER", tc.env)
		fs := flag.NewFlagSet("serve", flag.ContinueOnError)
		proxy := fs.String("trusted-proxy-header", os.Getenv("CONSOLE_TRUSTED_PROXY_HEADER"), "")
		conns := connCapFlags(fs)
		if err := fs.Parse(tc.args); err != nil {
			t.Fatal(err)
		}
		if err := conns.check(fs, *proxy); err != nil {
			t.Fatal(err)
		}
		if *conns.perPeer != tc.want {
			t.Errorf("%v (env %q): per-peer cap %d, want %d", tc.args, tc.env, *conns.perPeer, tc.want)
		}
	}
}

// TestServeIdleConnectionsGiveWay: connections answered once and left
// silent (a browser's keep-alive) held their place for the idle timeout:
// 64 of them from 4 addresses kept a new client at 503 for 100 s and
// more. At the cap the oldest idle one is closed for the newcomer.
func TestServeIdleConnectionsGiveWay(t *testing.T) {
	base := startServe(t, t.TempDir(), "--conns", "3", "--conns-per-peer", "0")
	addr := strings.TrimPrefix(base, "http://")
	ask := func(c net.Conn, closing bool) int {
		_ = c.SetDeadline(time.Now().Add(10 * time.Second))
		req := "GET /healthz HTTP/1.1\r\nHost: x\r\n\r\n"
		if closing {
			req = "GET /healthz HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"
		}
		_, _ = io.WriteString(c, req)
		resp, err := http.ReadResponse(bufio.NewReader(c), nil)
		if err != nil {
			t.Fatalf("no answer: %v", err)
		}
		_, _ = io.Copy(io.Discard, resp.Body)
		resp.Body.Close()
		return resp.StatusCode
	}
	dial := func() net.Conn {
		c, err := net.Dial("tcp", addr)
		if err != nil {
			t.Fatal(err)
		}
		t.Cleanup(func() { _ = c.Close() })
		return c
	}
	for i := range 3 {
		if got := ask(dial(), false); got != http.StatusOK {
			t.Fatalf("keep-alive %d: %d", i, got)
		}
	}
	if got := ask(dial(), true); got != http.StatusOK {
		t.Fatalf("a new client with 3 idle connections open: %d", got)
	}
}
