package runtime_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// echoingServer is an MCP server reached by URL that answers initialize
// (mode "init") or tools/list (mode "list") with a JSON-RPC error
// repeating the Authorization header it was sent, as a hostile or
// careless server does; mode "" answers both.
func echoingServer(mode *atomic.Value) *httptest.Server {
	return httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method != http.MethodPost {
			http.Error(w, "no", http.StatusMethodNotAllowed)
			return
		}
		var req struct {
			ID     json.RawMessage `json:"id"`
			Method string          `json:"method"`
		}
		_ = json.NewDecoder(r.Body).Decode(&req)
		if len(req.ID) == 0 {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		m := mode.Load().(string)
		fail := func() {
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"error":{"code":-32000,"message":%q}}`, req.ID, "unauthorized: got "+r.Header.Get("Authorization"))
		}
		switch req.Method {
		case "initialize":
			if m == "init" {
				fail()
				return
			}
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"protocolVersion":"2025-06-18","capabilities":{"tools":{}},"serverInfo":{"name":"echo","version":"1"}}}`, req.ID)
		case "tools/list":
			if m == "list" {
				fail()
				return
			}
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{"tools":[{"name":"ping","description":"Answers pong.","inputSchema":{"type":"object"}}]}}`, req.ID)
		default:
			fmt.Fprintf(w, `{"jsonrpc":"2.0","id":%s,"result":{}}`, req.ID)
		}
	}))
}

type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}
func (s *syncBuffer) String() string { s.mu.Lock(); defer s.mu.Unlock(); return s.b.String() }

// TestUpstreamErrorTextIsMasked: a server whose initialize or tools/list
// error repeats the connection's header secret never gets that secret
// into what add, sync and edit say, the connection's row (so every
// page, CLI and API view of it), the audit log or the console's log.
func TestUpstreamErrorTextIsMasked(t *testing.T) {
	const token = "zq-http-secret-EEEE5555"
	ctx := context.Background()
	store := sealedStore(t)
	var logs syncBuffer
	pool := upstream.NewPool(slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelDebug})))
	defer pool.Close()
	var mode atomic.Value
	mode.Store("init")
	srv := echoingServer(&mode)
	defer srv.Close()
	in := models.ConnectionInput{Name: "echo", URL: srv.URL, Headers: map[string]string{"Authorization": "Bearer " + token}}
	var said []string
	_, err := runtime.AddConnection(ctx, store, pool, "alice", in)
	if err == nil {
		t.Fatal("add of a server whose initialize fails was accepted")
	}
	said = append(said, "add: "+err.Error())
	mode.Store("")
	if _, err := runtime.AddConnection(ctx, store, pool, "alice", in); err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"list", "init"} {
		mode.Store(m)
		pool.ForgetName("echo") // a new session, so initialize runs again
		if _, err := runtime.SyncConnection(ctx, store, pool, "alice", "echo"); err == nil {
			t.Fatalf("sync with %s failing succeeded", m)
		} else {
			said = append(said, "sync: "+err.Error())
		}
		c, err := store.ConnectionByName(ctx, "echo")
		if err != nil {
			t.Fatal(err)
		}
		said = append(said, "row: "+c.ContactError+" "+c.LastError)
		if _, err := runtime.EditConnection(ctx, store, pool, "alice", "echo", models.ConnectionEdit{Headers: map[string]string{"Authorization": "Bearer " + token}}); err == nil {
			t.Fatalf("edit with %s failing succeeded", m)
		} else {
			said = append(said, "edit: "+err.Error())
		}
	}
	evs, _, err := store.AuditEvents(ctx, models.AuditFilter{Action: "connection.sync", PerPage: 200})
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range evs {
		said = append(said, "audit: "+e.Detail)
	}
	said = append(said, "log: "+logs.String())
	for _, s := range said {
		if strings.Contains(s, token) || strings.Contains(s, "zq-http-secret") {
			t.Errorf("the header secret shows in %s", s)
		}
	}
	if !strings.Contains(strings.Join(said, "\n"), "unauthorized: got") {
		t.Errorf("the server's error text is not said at all: %q", said)
	}
}
