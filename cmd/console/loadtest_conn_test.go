package main

import (
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

// TestLoadConnReadsEveryAnswerShape: the load generator's connection reads
// answers with a Content-Length, chunked answers and answers that close
// the connection, keeps the connection alive otherwise, and sends the
// bearer key and the body as written.
func TestLoadConnReadsEveryAnswerShape(t *testing.T) {
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		if r.Header.Get("Authorization") != "Bearer k1" || r.Method != http.MethodPost {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		switch r.URL.Path {
		case "/length":
			w.Header().Set("Content-Length", "7")
			io.WriteString(w, "len:"+string(b[:3]))
		case "/chunked":
			w.WriteHeader(http.StatusAccepted)
			for i := 0; i < 3; i++ {
				io.WriteString(w, strings.Repeat("c", 5000))
				w.(http.Flusher).Flush()
			}
		case "/close":
			w.Header().Set("Connection", "close")
			io.WriteString(w, "bye")
		}
	}))
	var opened atomic.Int32
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	addr := strings.TrimPrefix(srv.URL, "http://")
	c := newLoadConn(addr, "k1")
	defer c.close()
	for _, tc := range []struct {
		path, want string
		status     int
	}{
		{"/length", "len:abc", 200},
		{"/chunked", strings.Repeat("c", 15000), 202},
		{"/length", "len:abc", 200},
		{"/close", "bye", 200},
		{"/length", "len:abc", 200},
	} {
		status, body, err := c.post(tc.path, []byte("abcdef"), true)
		if err != nil || status != tc.status || string(body) != tc.want {
			t.Fatalf("%s: %d %q %v", tc.path, status, body, err)
		}
	}
	if n := opened.Load(); n != 2 {
		t.Fatalf("%d connections for five requests, one of them closing: want 2 (keep-alive)", n)
	}
	if status, body, err := c.post("/length", []byte("abcdef"), false); err != nil || status != 200 || len(body) != 0 {
		t.Fatalf("discarded answer: %d %q %v", status, body, err)
	}
	if status, _, _ := newLoadConn(addr, "wrong").post("/length", nil, false); status != http.StatusUnauthorized {
		t.Fatalf("wrong key: %d", status)
	}
}
