package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// searchRemember opens a session for subject and activates demo.remember.
func searchRemember(t *testing.T, f *gwFixture, subject string) *mcp.ClientSession {
	t.Helper()
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": subject, "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
		t.Fatalf("search remember: %q", text)
	}
	return cs
}

// TestGatewayIdempotencyAcrossSessions: a key holds for the agent, the
// subject and the tool across sessions (a client that started a new
// session must not run its retry twice): a new session
// of the same subject gets the recorded outcome, or idempotency_key_reused
// for other arguments; another subject's key of the same text is its own.
func TestGatewayIdempotencyAcrossSessions(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		meta := map[string]any{"idempotency_key": "cross-1"}
		args := map[string]any{"key": "x", "fact": "once"}
		first, isErr := call(t, searchRemember(t, f, "u1"), "demo.remember", args, meta)
		if isErr {
			t.Fatalf("first call: %q", first)
		}
		second := searchRemember(t, f, "u1")
		if again, isErr := call(t, second, "demo.remember", args, meta); isErr || again != first {
			t.Errorf("new session, same key: %q (isError %v), want the recorded %q", again, isErr, first)
		}
		if text, isErr := call(t, second, "demo.remember", map[string]any{"key": "x", "fact": "twice"}, meta); !isErr || errType(text) != "idempotency_key_reused" {
			t.Errorf("new session, same key, other arguments: %q, want idempotency_key_reused", text)
		}
		if n := up.Calls("remember"); n != 1 {
			t.Errorf("upstream remember calls = %d, want 1", n)
		}
		// a restarted console serves a new session the same record
		h.app.Close()
		fresh := New(h.store, sharedMeter, h.app.cfg)
		defer fresh.Close()
		handler := fresh.Handler()
		f.app.Store(&handler)
		if again, _ := call(t, searchRemember(t, f, "u1"), "demo.remember", args, meta); again != first || up.Calls("remember") != 1 {
			t.Errorf("after a restart, new session: %q with %d upstream calls, want the recorded outcome and 1", again, up.Calls("remember"))
		}
		if _, isErr := call(t, searchRemember(t, f, "u2"), "demo.remember", args, meta); isErr || up.Calls("remember") != 2 {
			t.Errorf("another subject's key: isError %v, %d upstream calls, want its own call (2)", isErr, up.Calls("remember"))
		}
	})
}

// TestGatewayKeyedCallOutlivesItsClient: a client that gives up on a
// keyed destructive call does not leave its key "still running" for ever:
// the call runs to its end upstream, its outcome is
// recorded with a context the request's end does not cancel, and a retry
// gets that outcome; the call ran once and its evidence says ok.
func TestGatewayKeyedCallOutlivesItsClient(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs := searchRemember(t, f, "u1")
		meta := map[string]any{"idempotency_key": "drop-1"}
		args := map[string]any{"key": "d", "fact": "f"}
		up.Linger.Store(int64(700 * time.Millisecond))
		ctx, cancel := context.WithTimeout(context.Background(), 150*time.Millisecond)
		if _, err := cs.CallTool(ctx, &mcp.CallToolParams{Name: "demo.remember", Arguments: args, Meta: meta}); err == nil {
			t.Fatal("the client did not give up")
		}
		cancel()
		var text string
		var isErr bool
		for deadline := time.Now().Add(20 * time.Second); ; time.Sleep(100 * time.Millisecond) {
			text, isErr = call(t, searchSession(t, f), "demo.remember", args, meta)
			if errType(text) != "uncertain_side_effect" || time.Now().After(deadline) {
				break
			}
		}
		var out struct {
			Stored int `json:"stored"`
		}
		if isErr || json.Unmarshal([]byte(text), &out) != nil || out.Stored != 1 {
			t.Fatalf("retry after the client gave up: %q (isError %v), want the call's recorded outcome", text, isErr)
		}
		if n := up.Calls("remember"); n != 1 {
			t.Errorf("upstream remember calls = %d, want 1", n)
		}
		var statuses []string
		for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
			statuses = nil
			if err := h.store.RawScan(context.Background(), &statuses, "SELECT call_status FROM run_events WHERE tool = 'demo.remember' AND call_status = 'ok'"); err != nil {
				t.Fatal(err)
			}
			if len(statuses) == 1 {
				break
			}
		}
		if len(statuses) != 1 {
			t.Errorf("evidence of the call the client gave up on: %d ok events, want 1", len(statuses))
		}
	})
}

// searchSession is searchRemember for subject u1.
func searchSession(t *testing.T, f *gwFixture) *mcp.ClientSession { return searchRemember(t, f, "u1") }

// TestGatewayLapsedClaimIsFinal: a claim whose console stopped mid-call
// (its outcome never recorded) no longer answers "still running" for
// ever: once its lease ends, a retry — on a restarted
// console — settles it as uncertain_side_effect, final, saying the call
// will not run again under the key and to use a new key after checking;
// nothing runs, and every later retry gets the same answer. A claim
// still within its lease says how long it may run.
func TestGatewayLapsedClaimIsFinal(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		ctx := context.Background()
		args := map[string]any{"key": "l", "fact": "f"}
		raw, _ := json.Marshal(args)
		// what a console killed mid-call leaves: an open claim
		leave := func(key string, lease time.Duration) {
			k, err := h.store.APIKeyBySecret(ctx, f.key)
			if err != nil {
				t.Fatal(err)
			}
			sc, err := h.store.IdempotencyScope(ctx, "helper", "u1", "mcp-killed", k.ID)
			if err != nil {
				t.Fatal(err)
			}
			if _, claimed, err := h.store.ClaimIdempotent(ctx, sc, "demo.remember", key, h.store.ArgumentsDigest(sc, "demo.remember", key, canonicalArguments(raw)), lease); err != nil || !claimed {
				t.Fatalf("claim %v %v", claimed, err)
			}
		}
		leave("lost-1", time.Millisecond)
		leave("open-1", time.Hour)
		time.Sleep(10 * time.Millisecond)
		h.app.Close()
		fresh := New(h.store, sharedMeter, h.app.cfg)
		defer fresh.Close()
		handler := fresh.Handler()
		f.app.Store(&handler)
		cs := searchSession(t, f)
		first, isErr := call(t, cs, "demo.remember", args, map[string]any{"idempotency_key": "lost-1"})
		if !isErr || errType(first) != "uncertain_side_effect" || !strings.Contains(first, "new idempotency key") || strings.Contains(first, "still running") {
			t.Errorf("retry of a lost call: %q, want a final uncertain_side_effect pointing to a new key", first)
		}
		if again, _ := call(t, searchSession(t, f), "demo.remember", args, map[string]any{"idempotency_key": "lost-1"}); again != first {
			t.Errorf("second retry of a lost call: %q, want %q", again, first)
		}
		text, isErr := call(t, cs, "demo.remember", args, map[string]any{"idempotency_key": "open-1"})
		if !isErr || errType(text) != "uncertain_side_effect" || !strings.Contains(text, "still running") || !strings.Contains(text, "ends within") {
			t.Errorf("retry of a call within its lease: %q", text)
		}
		if n := up.Calls("remember"); n != 0 {
			t.Errorf("upstream remember calls = %d, want 0", n)
		}
		if _, isErr := call(t, cs, "demo.remember", args, map[string]any{"idempotency_key": "new-1"}); isErr || up.Calls("remember") != 1 {
			t.Errorf("a new key runs the call: isError %v, %d calls", isErr, up.Calls("remember"))
		}
	})
}
