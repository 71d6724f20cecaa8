package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayUnreadableResult: a server that answers a call with a result
// that is not a tool result ran the call. A read-only tool is answered
// result_schema_mismatch saying so (never environment_unavailable's
// "nothing was run"); a tool with effects uncertain_side_effect naming
// the unreadable answer. The result itself is not returned.
func TestGatewayUnreadableResult(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
	odd := `{"content":"notalist"}`
	up.Result.Store(&odd)
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
	if !isErr || errType(text) != typeResultMismatch || !strings.Contains(text, "ran the call") || strings.Contains(text, "notalist") || strings.Contains(text, "nothing was run") {
		t.Errorf("read-only tool: %s (isError %v), want %s saying the call ran", text, isErr, typeResultMismatch)
	}
	text, isErr = call(t, cs, "demo.remember", map[string]any{"key": "k", "fact": "f"}, nil)
	if !isErr || errType(text) != typeUncertainEffect || !strings.Contains(text, "not a tool result") {
		t.Errorf("tool with effects: %s (isError %v), want %s naming the unreadable result", text, isErr, typeUncertainEffect)
	}
}
