package connlimit

import (
	"bufio"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serveCapped starts an HTTP server behind the caps; a request to /slow
// holds its connection until release is closed.
func serveCapped(t *testing.T, perPeer, total int) (*Listener, chan struct{}) {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	capped := New(ln, perPeer, total)
	release := make(chan struct{})
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-release
		}
		_, _ = io.WriteString(w, "ok")
	})}
	if h, ok := any(capped).(interface {
		ConnState(net.Conn, http.ConnState)
	}); ok {
		srv.ConnState = h.ConnState
	}
	go func() { _ = srv.Serve(capped) }()
	t.Cleanup(func() { _ = srv.Close() })
	return capped, release
}

// holdOpen opens a connection and sends half a request header, the way
// a slow client does: the server holds it until its read timeout.
func holdOpen(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	if _, err := io.WriteString(c, "POST /login HTTP/1.1\r\nHost: x\r\n"); err != nil {
		t.Fatal(err)
	}
	return c
}

func get(t *testing.T, addr string) *http.Response {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil {
		t.Fatalf("no response: %v", err)
	}
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	resp.Header.Set("X-Body", string(body))
	return resp
}

func waitOpen(t *testing.T, l *Listener, peer string, want int) {
	t.Helper()
	deadline := time.Now().Add(5 * time.Second)
	for {
		n, _ := l.Open(peer)
		if n == want {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("open from %s: %d, want %d", peer, n, want)
		}
		time.Sleep(5 * time.Millisecond)
	}
}

// TestSlowClientsPastThePeerCapAreRefused: a peer holding its cap of
// half-sent requests gets a complete 503 for the next connection, and is
// served again as soon as one of its connections closes.
func TestSlowClientsPastThePeerCapAreRefused(t *testing.T) {
	l, _ := serveCapped(t, 3, 0)
	addr := l.Addr().String()
	var held []net.Conn
	for range 3 {
		held = append(held, holdOpen(t, addr))
	}
	waitOpen(t, l, "127.0.0.1", 3)
	resp := get(t, addr)
	if resp.StatusCode != http.StatusServiceUnavailable || resp.Header.Get("Retry-After") != "1" ||
		!strings.Contains(resp.Header.Get("X-Body"), "too many open connections from this address") {
		t.Fatalf("past the cap: %d %v", resp.StatusCode, resp.Header)
	}
	if n := resp.ContentLength; n != int64(len(resp.Header.Get("X-Body"))) {
		t.Fatalf("Content-Length %d for a body of %d bytes", n, len(resp.Header.Get("X-Body")))
	}
	_ = held[0].Close()
	waitOpen(t, l, "127.0.0.1", 2)
	if resp := get(t, addr); resp.StatusCode != http.StatusOK {
		t.Fatalf("after one closed: %d", resp.StatusCode)
	}
	waitOpen(t, l, "127.0.0.1", 2)
}

// TestTheTotalCapHoldsAcrossPeers: the total bound counts every peer's
// connections; a request already being served is answered in full.
func TestTheTotalCapHoldsAcrossPeers(t *testing.T) {
	l, release := serveCapped(t, 0, 2)
	addr := l.Addr().String()
	done := make(chan *http.Response, 1)
	go func() {
		resp, err := http.Get("http://" + addr + "/slow")
		if err != nil {
			t.Error(err)
			done <- nil
			return
		}
		done <- resp
	}()
	holdOpen(t, addr)
	waitOpen(t, l, "127.0.0.1", 2)
	resp := get(t, addr)
	body := resp.Header.Get("X-Body")
	if resp.StatusCode != http.StatusServiceUnavailable {
		t.Fatalf("past the total: %d", resp.StatusCode)
	}
	// the total cap is not this address's doing: the refusal says which cap
	if strings.Contains(body, "from this address") || !strings.Contains(body, "too many open connections in all") {
		t.Fatalf("past the total, the refusal says %q", body)
	}
	if n := resp.ContentLength; n != int64(len(body)) {
		t.Fatalf("Content-Length %d for a body of %d bytes", n, len(body))
	}
	close(release)
	if resp := <-done; resp == nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("the request being served: %v", resp)
	}
}

// TestNoCapsServesEverything: zero bounds mean none.
func TestNoCapsServesEverything(t *testing.T) {
	l, _ := serveCapped(t, 0, 0)
	addr := l.Addr().String()
	for range 20 {
		holdOpen(t, addr)
	}
	waitOpen(t, l, "127.0.0.1", 20)
	if resp := get(t, addr); resp.StatusCode != http.StatusOK {
		t.Fatalf("no caps: %d", resp.StatusCode)
	}
}

// keepAlive opens a connection, is answered one request on it and goes
// silent, the way a browser keeps a connection for its next request.
func keepAlive(t *testing.T, addr string) net.Conn {
	t.Helper()
	c, err := net.Dial("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = c.Close() })
	_ = c.SetDeadline(time.Now().Add(5 * time.Second))
	if _, err := io.WriteString(c, "GET / HTTP/1.1\r\nHost: x\r\n\r\n"); err != nil {
		t.Fatal(err)
	}
	resp, err := http.ReadResponse(bufio.NewReader(c), nil)
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("keep-alive request: %v %v", resp, err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	_ = resp.Body.Close()
	return c
}

// TestIdleConnectionsGiveWayAtTheCap: connections that were answered and
// went silent held their place until the idle timeout (64 of them from 4
// addresses kept every new client at 503 for 100 s and more). At a cap
// the oldest idle connection is closed for the new one; connections in
// the middle of a request are never closed for it.
func TestIdleConnectionsGiveWayAtTheCap(t *testing.T) {
	for _, caps := range [][2]int{{0, 3}, {3, 0}} {
		l, _ := serveCapped(t, caps[0], caps[1])
		addr := l.Addr().String()
		first := keepAlive(t, addr)
		keepAlive(t, addr)
		holdOpen(t, addr)
		waitOpen(t, l, "127.0.0.1", 3)
		if resp := get(t, addr); resp.StatusCode != http.StatusOK {
			t.Fatalf("caps %v, two idle of three: %d", caps, resp.StatusCode)
		}
		// the oldest idle one was closed for it
		_ = first.SetReadDeadline(time.Now().Add(5 * time.Second))
		if _, err := first.Read(make([]byte, 1)); err == nil {
			t.Fatalf("caps %v: the oldest idle connection is still open", caps)
		}
		waitOpen(t, l, "127.0.0.1", 2)
		holdOpen(t, addr)
		waitOpen(t, l, "127.0.0.1", 3)
		if resp := get(t, addr); resp.StatusCode != http.StatusOK {
			t.Fatalf("caps %v, one idle of three: %d", caps, resp.StatusCode)
		}
		waitOpen(t, l, "127.0.0.1", 2)
		holdOpen(t, addr)
		waitOpen(t, l, "127.0.0.1", 3)
		if resp := get(t, addr); resp.StatusCode != http.StatusServiceUnavailable {
			t.Fatalf("caps %v, none idle: %d", caps, resp.StatusCode)
		}
	}
}
