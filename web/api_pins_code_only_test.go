package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestCodeOnlyPinIsRefused: a code-only helper is never shown as a tool,
// so pinning one pins nothing; a runtime that asks for it gets a 422
// naming pins (as for a pin the agent never had), not a pin silently
// ignored — on compose, steps and calls alike.
func TestCodeOnlyPinIsRefused(t *testing.T) {
	h := sqliteOnly(t)
	read, runtime := h.apiKey(), h.runtimeKey()
	for _, c := range []struct{ path, key, body string }{
		{"/api/v1/compose", read, `{"agent":"analyst","deferred":true,"pins":["emit_artifact"]}`},
		{"/api/v1/runs/r1/steps", runtime, `{"agent":"analyst","pins":["emit_artifact"],"receipts":[]}`},
		{"/api/v1/runs/r1/calls", runtime, `{"agent":"analyst","tool":"emit_artifact","pins":["emit_artifact"],"receipts":[]}`},
	} {
		res, out := h.api(http.MethodPost, c.path, c.key, c.body)
		e := apiErrorOf(t, out)
		if res.StatusCode != http.StatusUnprocessableEntity || e.Field != "pins" || !strings.Contains(e.Message, "code-only") {
			t.Errorf("%s: %d %s, want 422 naming pins, saying code-only", c.path, res.StatusCode, out)
		}
	}
}
