package loadgen

import (
	"bytes"
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/agentforge/console/web/upstream/leanserver"
)

// TestSessionSpeaksMCP: a session started at an MCP server calls a tool,
// lists tools, counts a tool error as a failure, times a call (its id,
// sent and read in order), and ends with a DELETE; Join sends the
// requests of that session too.
func TestSessionSpeaksMCP(t *testing.T) {
	lean := leanserver.New()
	var deletes atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodDelete {
			deletes.Add(1)
		}
		lean.Handler().ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx := context.Background()
	s, err := Start(ctx, srv.Client(), srv.URL, "", leanserver.Version)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.Call("echo", `{"text":"hello"}`); err != nil {
		t.Errorf("echo: %v", err)
	}
	if err := s.List(); err != nil {
		t.Errorf("tools/list: %v", err)
	}
	if err := s.Call("no_such_tool", `{}`); err == nil || !strings.Contains(err.Error(), "tool error") {
		t.Errorf("an unknown tool: %v, want a tool error", err)
	}
	var span Span
	if err := s.CallSpan("echo", `{"text":"hello"}`, &span); err != nil || span.ID == 0 || span.Read.Before(span.Sent) {
		t.Errorf("a timed call: %v, span %+v", err, span)
	}
	joined := Join(ctx, srv.Client(), srv.URL, s.header)
	if err := joined.Call("echo", `{"text":"again"}`); err != nil {
		t.Errorf("a joined session's call: %v", err)
	}
	s.Close()
	if deletes.Load() != 1 {
		t.Errorf("%d DELETEs, want the session ended once", deletes.Load())
	}
}

// TestSessionRequestsEndWithTheirContext: a request in flight to a
// server that never answers ends when the session's context does (a
// signal to `console loadtest`), and Close still sends its DELETE.
func TestSessionRequestsEndWithTheirContext(t *testing.T) {
	lean := leanserver.New()
	var deletes atomic.Int32
	inFlight := make(chan struct{}, 1)
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		if bytes.Contains(body, []byte(`"stall"`)) {
			inFlight <- struct{}{}
			<-r.Context().Done()
			return
		}
		if r.Method == http.MethodDelete {
			deletes.Add(1)
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		lean.Handler().ServeHTTP(w, r)
	}))
	defer srv.Close()
	ctx, cancel := context.WithCancel(context.Background())
	s, err := Start(ctx, srv.Client(), srv.URL, "", leanserver.Version)
	if err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- s.Call("stall", `{}`) }()
	<-inFlight
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("a call in flight when the context ended: %v, want context.Canceled", err)
	}
	s.Close()
	if deletes.Load() != 1 {
		t.Errorf("%d DELETEs after the context ended, want 1", deletes.Load())
	}
}
