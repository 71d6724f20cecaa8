package web

import (
	"io"
	"net/http"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesBadInputCleanly: malformed JSON-RPC, a batch, a
// missing or foreign session id, an oversized body, an unknown method and
// a GET are each answered with a clear 4xx (a JSON-RPC error body), never
// a 5xx; the session still works after each.
func TestGatewayRefusesBadInputCleanly(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	session := cs.ID()
	other := h.runtimeKey()
	send := func(method, agent, key, sid, body string) (int, string) {
		req, _ := http.NewRequest(method, f.front.URL+"/mcp/"+agent, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("MCP-Protocol-Version", "2025-11-25")
		if sid != "" {
			req.Header.Set("Mcp-Session-Id", sid)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, c := range []struct {
		name, method, key, sid, body string
		status                       int
		says                         string
	}{
		{"not JSON", "POST", f.key, session, `{"jsonrpc":`, 400, "not a JSON-RPC message"},
		{"not JSON-RPC 2.0", "POST", f.key, session, `{"id":1,"method":"tools/list"}`, 400, `not a JSON-RPC 2.0 message`},
		{"a batch", "POST", f.key, session, "[" + list + "]", 400, "batches are not accepted"},
		{"no session id", "POST", f.key, "", list, 400, "Mcp-Session-Id is required"},
		{"an unknown session id", "POST", f.key, "made-up", list, 404, "no such session"},
		{"another key's session id", "POST", other, session, list, 404, "no such session"},
		{"initialize inside a session", "POST", f.key, session, `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, 400, "Mcp-Session-Id is not allowed on initialize"},
		{"initialize with a session id that never existed", "POST", f.key, "made-up", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{}}`, 400, "Mcp-Session-Id is not allowed on initialize"},
		{"oversized", "POST", f.key, session, `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"` + strings.Repeat("a", maxMCPBody) + `"}}}`, 413, "larger than"},
		{"an unknown method", "POST", f.key, session, `{"jsonrpc":"2.0","id":9,"method":"tools/explode"}`, 200, `"code":-32601`},
		{"GET", "GET", f.key, session, "", 405, "answers POST"},
		// an id the answer could not echo byte for byte
		{"a fractional id", "POST", f.key, session, `{"jsonrpc":"2.0","id":1.5,"method":"tools/list"}`, 400, `"code":-32600,"message":"id: `},
		{"an id past 2^53", "POST", f.key, session, `{"jsonrpc":"2.0","id":9007199254740993,"method":"tools/list"}`, 400, `"code":-32600,"message":"id: `},
		{"an id with an exponent", "POST", f.key, session, `{"jsonrpc":"2.0","id":1e2,"method":"tools/list"}`, 400, `"code":-32600,"message":"id: `},
		{"an id written 6.0", "POST", f.key, session, `{"jsonrpc":"2.0","id":6.0,"method":"tools/list"}`, 400, `"code":-32600,"message":"id: `},
		{"an id of minus zero", "POST", f.key, session, `{"jsonrpc":"2.0","id":-0,"method":"tools/list"}`, 400, `"code":-32600,"message":"id: `},
		{"an object id", "POST", f.key, session, `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, 400, `"code":-32600`},
		{"the largest exact id", "POST", f.key, session, `{"jsonrpc":"2.0","id":-9007199254740991,"method":"tools/list"}`, 200, `"id":-9007199254740991,`},
		{"an unknown agent", "POST", f.key, "", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}}`, 404, "no agent"},
	} {
		t.Run(c.name, func(t *testing.T) {
			agent := "helper"
			if c.name == "an unknown agent" {
				agent = "ghost"
			}
			status, body := send(c.method, agent, c.key, c.sid, c.body)
			if status != c.status {
				t.Errorf("%d %s, want %d", status, body, c.status)
			}
			if !strings.Contains(body, c.says) {
				t.Errorf("answer %q does not say %q", body, c.says)
			}
		})
	}
	if got := toolNames(t, cs); len(got) != 1 {
		t.Errorf("the session after the bad requests lists %v", got)
	}
}

// TestGatewaySurvivesABadUpstream: an upstream that answers garbage, one
// that never answers in time and one that is gone each give a structured
// tool error; the session goes on, and the upstream is used again once it
// recovers.
func TestGatewaySurvivesABadUpstream(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	h.app.gw.pool.Timeout = 300 * time.Millisecond
	cs, _ := f.connect(t, nil)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "ok"}, nil); isErr || text != "ok" {
		t.Fatalf("a healthy call: %s", text)
	}
	up.Delay.Store(int64(2 * time.Second))
	if text, isErr := call(t, cs, "demo.slow", map[string]any{}, nil); !isErr || errType(text) != typeUnavailableEnv {
		t.Errorf("an upstream that never answers: %s", text)
	}
	up.Delay.Store(0)
	up.Garbage.Store(true)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); !isErr || errType(text) != typeUnavailableEnv {
		t.Errorf("an upstream answering garbage: %s", text)
	}
	up.Garbage.Store(false)
	ok := false
	for deadline := time.Now().Add(10 * time.Second); time.Now().Before(deadline); time.Sleep(100 * time.Millisecond) {
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "back"}, nil); !isErr && text == "back" {
			ok = true
			break
		}
	}
	if !ok {
		t.Error("the gateway did not use the upstream again once it recovered")
	}
	up.Close()
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil); !isErr || errType(text) != typeUnavailableEnv {
		t.Errorf("an upstream that is gone: %s", text)
	}
	if got := toolNames(t, cs); len(got) == 0 {
		t.Error("the session did not survive")
	}
}

// TestGatewayBoundsAnUpstreamFlood (a
// third party's document is bounded as it is read): an upstream that
// answers a call with 64 MB gets a structured result_too_large error naming
// the ceiling, the gateway reads at most its ceiling (allocating a small
// multiple of it, not of the 64 MB), and the session goes on; the
// upstream is used again.
func TestGatewayBoundsAnUpstreamFlood(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	up.Flood.Store(64 << 20)
	var text string
	var isErr bool
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	text, isErr = call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil)
	runtime.ReadMemStats(&after)
	n := after.TotalAlloc - before.TotalAlloc
	t.Logf("%s; allocated %.1f MB", text, float64(n)/(1<<20))
	if !isErr || errType(text) != typeResultTooLarge || !strings.Contains(text, "not read") || !strings.Contains(text, `"ceiling_bytes":1048576`) {
		t.Errorf("a 64 MB answer: %s", text)
	}
	if n > 32<<20 {
		t.Errorf("allocated %d bytes reading a flood: memory follows what the upstream sends", n)
	}
	// the SDK ends an HTTP upstream's session on a response it could not
	// read: the pool reconnects after its backoff
	up.Flood.Store(0)
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "back"}, nil)
		if !isErr && text == "back" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("after the flood: %s", text)
		}
	}
}
