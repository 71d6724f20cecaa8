package upstream

import (
	"bufio"
	"context"
	"errors"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"sync/atomic"
	"testing"
	"time"
)

// post sends body to url through t and reads the answer whole.
func post(t *testing.T, tr http.RoundTripper, ctx context.Context, url, body string) (string, error) {
	t.Helper()
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	res, err := tr.RoundTrip(req)
	if err != nil {
		return "", err
	}
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	return string(b), err
}

// TestSyncTransportKeepsConnections: answers read to their end leave
// their connection for the next request; each request reaches the
// server once, with its body.
func TestSyncTransportKeepsConnections(t *testing.T) {
	var conns, reqs atomic.Int32
	s := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		reqs.Add(1)
		b, _ := io.ReadAll(r.Body)
		_, _ = w.Write(append([]byte("got "), b...))
	}))
	s.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateNew {
			conns.Add(1)
		}
	}
	s.Start()
	defer s.Close()
	tr := newSyncTransport(upstreamTransport.Clone())
	for i := range 20 {
		got, err := post(t, tr, context.Background(), s.URL, "x")
		if err != nil || got != "got x" {
			t.Fatalf("request %d: %q, %v", i, got, err)
		}
	}
	if n := conns.Load(); n != 1 {
		t.Errorf("20 requests in turn opened %d connections, want 1", n)
	}
	if n := reqs.Load(); n != 20 {
		t.Errorf("the server saw %d requests, want 20", n)
	}
}

// TestSyncTransportServerClosedKeptConnection: a kept connection its
// server closed meanwhile is not used: the request goes on a new one and
// reaches the server once; an answer that says Connection: close leaves
// its connection closed.
func TestSyncTransportServerClosedKeptConnection(t *testing.T) {
	var reqs atomic.Int32
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n := reqs.Add(1)
		if n == 2 {
			w.Header().Set("Connection", "close")
		}
		_, _ = io.WriteString(w, "ok")
	}))
	defer s.Close()
	tr := newSyncTransport(upstreamTransport.Clone())
	if _, err := post(t, tr, context.Background(), s.URL, "a"); err != nil {
		t.Fatal(err)
	}
	s.CloseClientConnections() // the server ends the kept connection
	time.Sleep(50 * time.Millisecond)
	for i := range 3 {
		if got, err := post(t, tr, context.Background(), s.URL, "b"); err != nil || got != "ok" {
			t.Fatalf("request %d after the server closed: %q, %v", i, got, err)
		}
	}
	if n := reqs.Load(); n != 4 {
		t.Errorf("the server saw %d requests, want 4 (each once)", n)
	}
}

// TestSyncTransportCancelled: a request whose context ends while its
// server has not answered fails with the context's error at once, and
// its connection is not kept.
func TestSyncTransportCancelled(t *testing.T) {
	release := make(chan struct{})
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/slow" {
			<-release
		}
		_, _ = io.WriteString(w, "ok")
	}))
	defer s.Close()
	defer close(release)
	tr := newSyncTransport(upstreamTransport.Clone())
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := post(t, tr, ctx, s.URL+"/slow", "a")
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("a request past its deadline: %v, want the context's deadline", err)
	}
	if took := time.Since(start); took > 2*time.Second {
		t.Errorf("the request gave up after %v", took)
	}
	if got, err := post(t, tr, context.Background(), s.URL, "b"); err != nil || got != "ok" {
		t.Fatalf("the next request: %q, %v", got, err)
	}
}

// TestSyncTransportBodyCancelled: a context that ends while the body is
// read ends the read.
func TestSyncTransportBodyCancelled(t *testing.T) {
	release := make(chan struct{})
	s := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/event-stream")
		_, _ = io.WriteString(w, "data: one\n\n")
		w.(http.Flusher).Flush()
		<-release
	}))
	defer s.Close()
	defer close(release)
	tr := newSyncTransport(upstreamTransport.Clone())
	ctx, cancel := context.WithCancel(context.Background())
	req, _ := http.NewRequestWithContext(ctx, http.MethodPost, s.URL, strings.NewReader("x"))
	res, err := tr.RoundTrip(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	line, err := bufio.NewReader(res.Body).ReadString('\n')
	if err != nil || line != "data: one\n" {
		t.Fatalf("first line %q, %v", line, err)
	}
	time.AfterFunc(50*time.Millisecond, cancel)
	done := make(chan error, 1)
	go func() { _, err := io.ReadAll(res.Body); done <- err }()
	select {
	case err := <-done:
		if err == nil {
			t.Error("a cancelled read ended without an error")
		}
	case <-time.After(5 * time.Second):
		t.Fatal("a cancelled body read did not end")
	}
}

// TestSyncTransportHeadCeiling: an answer whose head never ends is
// refused at the ceiling, not read without end.
func TestSyncTransportHeadCeiling(t *testing.T) {
	addr := acceptOnce(t, func(c net.Conn) {
		_, _ = bufio.NewReader(c).ReadString('\n')
		_, _ = io.WriteString(c, "HTTP/1.1 200 OK\r\n")
		line := "X-Filler: " + strings.Repeat("a", 1000) + "\r\n"
		for range 200 {
			if _, err := io.WriteString(c, line); err != nil {
				return
			}
		}
	})
	base := upstreamTransport.Clone()
	base.MaxResponseHeaderBytes = 64 << 10
	_, err := post(t, newSyncTransport(base), context.Background(), "http://"+addr+"/", "x")
	if !errors.Is(err, errHeadTooLarge) {
		t.Errorf("a 200 KB head under a 64 KB ceiling: %v", err)
	}
}

// TestSyncTransportLeavesTheRestToBase: https and proxied requests go
// through net/http's Transport.
func TestSyncTransportLeavesTheRestToBase(t *testing.T) {
	s := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "tls") }))
	defer s.Close()
	base := s.Client().Transport.(*http.Transport).Clone()
	if got, err := post(t, newSyncTransport(base), context.Background(), s.URL, "x"); err != nil || got != "tls" {
		t.Errorf("https: %q, %v", got, err)
	}
	var proxied atomic.Int32
	proxy := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		proxied.Add(1)
		_, _ = io.WriteString(w, "via proxy")
	}))
	defer proxy.Close()
	base = upstreamTransport.Clone()
	base.Proxy = func(*http.Request) (*url.URL, error) { return url.Parse(proxy.URL) }
	if got, err := post(t, newSyncTransport(base), context.Background(), "http://upstream.invalid/mcp", "x"); err != nil || got != "via proxy" || proxied.Load() != 1 {
		t.Errorf("through a proxy: %q, %v (the proxy saw %d)", got, err, proxied.Load())
	}
}

// acceptOnce listens on loopback and hands its first connection to serve
// (closed after it), for answers no net/http server would write; it
// returns the address.
func acceptOnce(t *testing.T, serve func(net.Conn)) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { ln.Close() })
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		serve(c)
	}()
	return ln.Addr().String()
}
