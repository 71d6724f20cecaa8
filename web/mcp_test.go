package web

import (
	"context"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayEndToEnd drives the gateway with the official Go SDK's
// client against a Go upstream: list, search (list_changed), call, bad
// arguments refused without reaching the upstream, SEARCH_REQUIRED,
// unknown tools, an idempotent retry executed once, a grant revoked
// mid-session, and a console restarted mid-session keeping the run.
func TestGatewayEndToEnd(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, changed := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		if ins := cs.InitializeResult().Instructions; !strings.Contains(ins, "search_tools") {
			t.Errorf("instructions do not teach search_tools:\n%s", ins)
		}
		if got := toolNames(t, cs); !slices.Equal(got, []string{"search_tools"}) {
			t.Fatalf("first tools/list = %v, want only search_tools", got)
		}
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); !isErr || errType(text) != "search_required" {
			t.Errorf("inactive tool: %q (isError %v), want search_required", text, isErr)
		}
		text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil)
		if isErr || !strings.Contains(text, "demo.echo") {
			t.Fatalf("search: %q", text)
		}
		select {
		case <-changed:
		case <-time.After(5 * time.Second):
			t.Fatal("no notifications/tools/list_changed after a search")
		}
		if got := toolNames(t, cs); !slices.Contains(got, "demo.echo") {
			t.Fatalf("tools/list after the search = %v, want demo.echo", got)
		}
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hello upstream"}, nil); isErr || text != "hello upstream" {
			t.Errorf("valid call: %q isError %v", text, isErr)
		}
		if up.Calls("echo") != 1 {
			t.Fatalf("upstream echo calls = %d, want 1", up.Calls("echo"))
		}
		text, isErr = call(t, cs, "demo.echo", map[string]any{"text": 5}, nil)
		if !isErr || errType(text) != authority.TypeInvalidArguments || !strings.Contains(text, `"pointer":"/text"`) {
			t.Errorf("invalid arguments: %q", text)
		}
		if up.Calls("echo") != 1 {
			t.Errorf("the upstream was called with invalid arguments")
		}
		unknown, _ := call(t, cs, "demo.nope", nil, nil)
		hidden, _ := call(t, cs, "read_file", nil, nil)
		if errType(unknown) != authority.TypeUnavailable || strings.ReplaceAll(hidden, "read_file", "X") != strings.ReplaceAll(unknown, "demo.nope", "X") {
			t.Errorf("unknown and hidden answers differ:\n%s\n%s", unknown, hidden)
		}
		// an idempotent destructive call runs once
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "store a fact in memory"}, nil); isErr || !strings.Contains(text, "demo.remember") {
			t.Fatalf("search remember: %q", text)
		}
		meta := map[string]any{"idempotency_key": "k-1"}
		first, _ := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "b"}, meta)
		second, _ := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "b"}, meta)
		if up.Calls("remember") != 1 || first != second {
			t.Errorf("idempotent retry: %d executions, answers %q / %q", up.Calls("remember"), first, second)
		}
		// restart: a fresh console on the same database serves the session
		before := toolNames(t, cs)
		h.app.Close()
		fresh := New(h.store, sharedMeter, h.app.cfg)
		defer fresh.Close()
		handler := fresh.Handler()
		f.app.Store(&handler)
		if after := toolNames(t, cs); !slices.Equal(before, after) {
			t.Errorf("after a restart tools/list = %v, want %v", after, before)
		}
		if text, _ := call(t, cs, "demo.remember", map[string]any{"key": "a", "fact": "b"}, meta); text != first || up.Calls("remember") != 1 {
			t.Errorf("after a restart the retry ran again or changed: %q", text)
		}
		// a grant revoked mid-session: the next call is refused, not run
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "destructive"})
		text, isErr = call(t, cs, "demo.remember", map[string]any{"key": "c", "fact": "d"}, nil)
		if !isErr || up.Calls("remember") != 1 {
			t.Errorf("after the revocation: %q isError %v, %d executions", text, isErr, up.Calls("remember"))
		}
		// the runs page shows the gateway's calls, never their arguments
		fresh.gw.evidence.close()
		runs, err := h.store.RecentRuns(context.Background(), 5)
		if err != nil || len(runs) == 0 || !strings.HasPrefix(runs[0].Run, "mcp-") {
			t.Fatalf("runs %+v %v", runs, err)
		}
		res, page := h.login("admin", adminPassword).get("/runs/" + runs[0].Run)
		calls := page.Find(`[data-testid="gateway-call"]`)
		if res.StatusCode != 200 || calls.Length() < 3 || !strings.Contains(calls.Text(), "ran: ok") || !strings.Contains(calls.Text(), "ran: replayed") {
			t.Errorf("run page: %d, gateway calls %q", res.StatusCode, calls.Text())
		}
		if html, _ := page.Html(); strings.Contains(html, "hello upstream") {
			t.Error("the run page shows a call's arguments")
		}
	})
}
