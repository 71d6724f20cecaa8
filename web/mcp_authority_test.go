package web

import (
	"context"
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// connectAt is gwFixture.connect with a query on the gateway URL.
func (f *gwFixture) connectAt(t testing.TB, query string, headers map[string]string) (*mcp.ClientSession, error) {
	t.Helper()
	cl := mcp.NewClient(&mcp.Implementation{Name: "test-client", Version: "1"}, nil)
	h := headerTransport{"Authorization": "Bearer " + f.key}
	for k, v := range headers {
		h[k] = v
	}
	cs, err := cl.Connect(context.Background(), &mcp.StreamableClientTransport{Endpoint: f.front.URL + "/mcp/helper" + query, HTTPClient: &http.Client{Transport: h}, MaxRetries: -1, DisableStandaloneSSE: true}, nil)
	if err == nil {
		t.Cleanup(func() { cs.Close() })
	}
	return cs, err
}

// TestGatewayHoldsTheConversationsSet: the gateway URL's tools= and
// without= are the conversation's set (the fourth), fixed at initialize
// and kept by the session: a deselected tool is not listed, not found by
// search and not callable — answered exactly as a tool that does not
// exist — and an unknown id is refused at initialize naming the field.
func TestGatewayHoldsTheConversationsSet(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		subject := map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"}
		unavailable := func(tool string) string {
			return toolUnavailable(tool, true).Content[0].(*mcp.TextContent).Text
		}
		for _, q := range []string{"?without=demo.echo", "?tools=demo.remember,demo.slow", "?profile=gw&tools=demo.remember&without=demo.slow"} {
			cs, err := f.connectAt(t, q, subject)
			if err != nil {
				t.Fatalf("%s: %v", q, err)
			}
			text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back unchanged"}, nil)
			if isErr || strings.Contains(text, "demo.echo") {
				t.Errorf("%s: search finds the deselected demo.echo: %s", q, text)
			}
			if got := toolNames(t, cs); slices.Contains(got, "demo.echo") {
				t.Errorf("%s: tools/list %v", q, got)
			}
			if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); !isErr || text != unavailable("demo.echo") {
				t.Errorf("%s: the deselected tool answers %q, want the unknown tool's %q", q, text, unavailable("demo.echo"))
			}
		}
		if up.Calls("echo") != 0 {
			t.Errorf("the upstream ran a deselected tool %d times", up.Calls("echo"))
		}
		// the same session without the set finds and calls it
		cs, err := f.connectAt(t, "", subject)
		if err != nil {
			t.Fatal(err)
		}
		if text, _ := call(t, cs, "search_tools", map[string]any{"query": "echo a text back unchanged"}, nil); !strings.Contains(text, "demo.echo") {
			t.Fatalf("without a set, search does not find demo.echo (the check above proves nothing): %s", text)
		}
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr || text != "hi" {
			t.Errorf("without a set: %q", text)
		}
		for q, field := range map[string]string{"?tools=demo.nope": "tools", "?without=demo.nope": "without", "?tools=" + strings.Repeat("x", 300): "tools"} {
			body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
			req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+q, strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+f.key)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			var e struct{ Error struct{ Message string } }
			_ = json.NewDecoder(res.Body).Decode(&e)
			res.Body.Close()
			if res.StatusCode < 400 || res.StatusCode >= 500 || !strings.Contains(e.Error.Message, field) {
				t.Errorf("%s: %d %q, want a 4xx naming %s", q, res.StatusCode, e.Error.Message, field)
			}
		}
	})
}

// TestGatewayApprovalLoopForAPlainClient: a client that knows nothing of
// _meta.approval still closes the loop. An approval-only call is refused
// approval_required naming a request the run's check filed (asked again
// before a decision, the same request); the model is told to call again
// once it is approved. A reviewer approves it for one call: the next call
// runs once (the gateway presents the run's approved request), the one
// after that names a new request. Approved for an hour, calls run until
// it expires. The request is the call's, not the run's:
// another run of the same subject with the same arguments is named the
// same pending request and runs once it is approved.
func TestGatewayApprovalLoopForAPlainClient(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	h.changeGrants(t, "testers", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	subject := map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "testers"}
	cs, err := f.connectAt(t, "", subject)
	if err != nil {
		t.Fatal(err)
	}
	type refusal struct {
		Error struct {
			Type, Message, Approval string
			NextActions             []string `json:"next_actions"`
		}
	}
	refused := func(what string) refusal {
		t.Helper()
		text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
		var r refusal
		_ = json.Unmarshal([]byte(text), &r)
		if !isErr || r.Error.Type != authority.TypeApprovalRequired || r.Error.Approval == "" {
			t.Fatalf("%s: %s, want approval_required naming a request", what, text)
		}
		return r
	}
	allowed := func(what string) {
		t.Helper()
		if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr || text != "hi" {
			t.Fatalf("%s: %s", what, text)
		}
	}
	first := refused("first call")
	if !strings.Contains(first.Error.Message, first.Error.Approval) || !strings.Contains(first.Error.Message, "call demo.echo again once it is approved") || !slices.Contains(first.Error.NextActions, authority.ActAskUser) {
		t.Errorf("the refusal does not tell the model what to do: %+v", first.Error)
	}
	if again := refused("before a decision"); again.Error.Approval != first.Error.Approval {
		t.Errorf("asked again before a decision: request %s, want the pending %s", again.Error.Approval, first.Error.Approval)
	}
	a, err := h.store.ApprovalByRef(ctx, first.Error.Approval)
	if err != nil || a.Status != authority.ApprovalPending || a.Tool != "demo.echo" || a.Subject != "sam" || a.Run == "" {
		t.Fatalf("the filed request: %+v %v", a, err)
	}
	if _, err := h.store.DecideApproval(ctx, "admin", a.Ref, models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	allowed("the approved call")
	second := refused("after the single use")
	if second.Error.Approval == first.Error.Approval || up.Calls("echo") != 1 {
		t.Fatalf("after the single use: request %s (first %s), upstream calls %d", second.Error.Approval, first.Error.Approval, up.Calls("echo"))
	}
	if _, err := h.store.DecideApproval(ctx, "admin", second.Error.Approval, models.ApprovalDecision{Approve: true, Reason: "for an hour", Until: time.Now().Add(time.Hour)}, time.Now()); err != nil {
		t.Fatal(err)
	}
	allowed("time-bound, first")
	allowed("time-bound, second")
	if up.Calls("echo") != 3 {
		t.Errorf("upstream calls %d, want 3", up.Calls("echo"))
	}
	// the request belongs to the call, not the run: another
	// run of the same subject calling with the same arguments runs under
	// the approval for an hour
	other, err := f.connectAt(t, "", subject)
	if err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, other, "demo.echo", map[string]any{"text": "hi"}, nil); isErr || text != "hi" || up.Calls("echo") != 4 {
		t.Fatalf("another run, same call, approved for an hour: %s (upstream calls %d)", text, up.Calls("echo"))
	}
	// other arguments ask anew; a third run asking the same names that one
	// request, and runs once it is approved, whoever filed it
	otherArgs := map[string]any{"text": "other"}
	text, _ := call(t, other, "demo.echo", otherArgs, nil)
	var r refusal
	_ = json.Unmarshal([]byte(text), &r)
	if r.Error.Type != authority.TypeApprovalRequired || r.Error.Approval == "" || r.Error.Approval == second.Error.Approval {
		t.Fatalf("other arguments: %s", text)
	}
	third, err := f.connectAt(t, "", subject)
	if err != nil {
		t.Fatal(err)
	}
	text, _ = call(t, third, "demo.echo", otherArgs, nil)
	var r3 refusal
	_ = json.Unmarshal([]byte(text), &r3)
	if r3.Error.Approval != r.Error.Approval {
		t.Errorf("a third run asking for the same call: request %q, want the pending %s", r3.Error.Approval, r.Error.Approval)
	}
	if _, err := h.store.DecideApproval(ctx, "admin", r.Error.Approval, models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	if text, isErr := call(t, third, "demo.echo", otherArgs, nil); isErr || text != "other" {
		t.Errorf("the third run once the shared request is approved: %s", text)
	}
	// a denied request: the next such call is told so, naming it and the
	// reviewer's reason, and files nothing
	text, _ = call(t, other, "demo.echo", otherArgs, nil)
	_ = json.Unmarshal([]byte(text), &r)
	if _, err := h.store.DecideApproval(ctx, "admin", r.Error.Approval, models.ApprovalDecision{Reason: "not for this"}, time.Now()); err != nil {
		t.Fatal(err)
	}
	text, _ = call(t, other, "demo.echo", otherArgs, nil)
	var d refusal
	_ = json.Unmarshal([]byte(text), &d)
	if d.Error.Type != authority.TypePermissionDenied || d.Error.Approval != r.Error.Approval || !strings.Contains(d.Error.Message, "not for this") || up.Calls("echo") != 5 {
		t.Errorf("after a denial: %s (upstream calls %d)", text, up.Calls("echo"))
	}
}
