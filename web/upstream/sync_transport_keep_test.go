package upstream

import (
	"bufio"
	"context"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestSyncTransportSkipsInterimAnswers: a 103 Early Hints before the
// final answer is skipped, as net/http does: the caller gets the 200 and
// its body.
func TestSyncTransportSkipsInterimAnswers(t *testing.T) {
	addr := acceptOnce(t, func(c net.Conn) {
		r := bufio.NewReader(c)
		req, err := http.ReadRequest(r)
		if err != nil {
			return
		}
		_, _ = io.Copy(io.Discard, req.Body)
		_, _ = io.WriteString(c, "HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\n"+
			"HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfinal")
	})
	got, err := post(t, newSyncTransport(upstreamTransport.Clone()), context.Background(), "http://"+addr+"/", "x")
	if err != nil || got != "final" {
		t.Errorf("an answer after a 103: %q, %v; want the final answer's body", got, err)
	}
}

// TestSyncTransportSweepsConnectionsKeptTooLong: a connection kept for a
// host nobody asks again (a server removed) is closed once it has been
// unused longer than the idle time, when another host's connection is
// kept.
func TestSyncTransportSweepsConnectionsKeptTooLong(t *testing.T) {
	closed := make(chan struct{}, 1)
	gone := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "a") }))
	gone.Config.ConnState = func(_ net.Conn, st http.ConnState) {
		if st == http.StateClosed {
			closed <- struct{}{}
		}
	}
	gone.Start()
	defer gone.Close()
	other := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { _, _ = io.WriteString(w, "b") }))
	defer other.Close()
	base := upstreamTransport.Clone()
	base.IdleConnTimeout = 50 * time.Millisecond
	tr := newSyncTransport(base)
	if got, err := post(t, tr, context.Background(), gone.URL, "x"); err != nil || got != "a" {
		t.Fatalf("first host: %q, %v", got, err)
	}
	time.Sleep(120 * time.Millisecond) // past the idle time: a sweep is due
	if got, err := post(t, tr, context.Background(), other.URL, "x"); err != nil || got != "b" {
		t.Fatalf("second host: %q, %v", got, err)
	}
	select {
	case <-closed:
	case <-time.After(5 * time.Second):
		t.Fatal("the connection kept for a host nobody asked again stayed open past the idle time")
	}
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if n := len(tr.idle[gone.Listener.Addr().String()]); n != 0 {
		t.Errorf("%d connections still kept for the host nobody asked again", n)
	}
}
