package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayServerErrorIsAnAnswer: an upstream that answers a
// call with a JSON-RPC error answered. The client gets a tool result with
// isError carrying the server's message (its connection's secrets
// masked), never "did not answer" (environment_unavailable) nor, for a
// destructive tool, uncertain_side_effect; the evidence says tool_error as
// the answer's result does; with an idempotency key the answer is the
// recorded outcome (a retry gets it, the server is not called again).
// Both the direct call and the SDK's client.
func TestGatewayServerErrorIsAnAnswer(t *testing.T) {
	for _, direct := range []bool{true, false} {
		name := "direct"
		if !direct {
			name = "sdk"
		}
		t.Run(name, func(t *testing.T) {
			h := sqliteOnly(t)
			h.app.gw.pool.SetDirectCalls(direct)
			defer h.app.gw.pool.SetDirectCalls(true)
			up := upstreamtest.New()
			defer up.Close()
			f := h.gatewayFixtureFor(models.ConnectionInput{Name: "demo", URL: up.URL, Headers: map[string]string{"X-Api-Token": "tok-secret-999"}}, false)
			cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
			msg := "Failed to execute kubectl get command: The connection to the server 127.0.0.1:1 was refused (token tok-secret-999)"
			up.Fail.Store(&msg)
			want := "Failed to execute kubectl get command: The connection to the server 127.0.0.1:1 was refused (token [secret])"
			for tool, args := range map[string]any{"demo.echo": map[string]any{"text": "hi"}, "demo.remember": map[string]any{"key": "a", "fact": "f"}} {
				text, isErr := call(t, cs, tool, args, nil)
				if !isErr || !strings.Contains(text, want) || strings.Contains(text, "tok-secret") || strings.Contains(text, "did not answer") || errType(text) != "" {
					t.Errorf("%s answered with an error: %q (isError %v), want the server's message as a tool error", tool, text, isErr)
				}
			}
			meta := map[string]any{"idempotency_key": "k-1"}
			first, isErr := call(t, cs, "demo.remember", map[string]any{"key": "b", "fact": "g"}, meta)
			if !isErr || !strings.Contains(first, want) {
				t.Fatalf("with a key: %q", first)
			}
			up.Fail.Store(nil)
			if again, _ := call(t, cs, "demo.remember", map[string]any{"key": "b", "fact": "g"}, meta); again != first {
				t.Errorf("a retry with the key: %q, want the recorded answer %q", again, first)
			}
			if n := up.Calls("remember"); n != 2 {
				t.Errorf("upstream remember calls = %d, want 2 (the retry is the recorded outcome)", n)
			}
			if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); isErr || text != "hi" {
				t.Errorf("after the error answers: %q %v", text, isErr)
			}
			h.app.gw.evidence.flush() // a read call's evidence follows its answer
			runs, err := h.store.RecentRuns(context.Background(), 1)
			if err != nil || len(runs) != 1 {
				t.Fatal(runs, err)
			}
			evs, err := h.store.RunEvents(context.Background(), runs[0].Run, 20)
			if err != nil {
				t.Fatal(err)
			}
			var status []string
			for _, e := range evs {
				if e.Kind == models.RunCall {
					status = append(status, e.CallStatus)
				}
			}
			if got := strings.Join(status, " "); got != "tool_error tool_error tool_error replayed ok" {
				t.Errorf("call evidence %q, want tool_error for each error answer", got)
			}
		})
	}
}
