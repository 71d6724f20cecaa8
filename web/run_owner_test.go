package web

import (
	"context"
	"net/http"
	"strings"
	"testing"
)

// TestARunBelongsToTheKeyThatOpenedIt: any runtime key could append
// searches, steps and calls to another key's run id (the events recorded
// no key). Now the key that opens a run id owns it: another key's request
// on it is refused (403 naming the run) before anything is decided or
// written, on every replica; the owner carries on.
func TestARunBelongsToTheKeyThatOpenedIt(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		owner, other := h.runtimeKey(), h.runtimeKey()
		run := "owned-run-1"
		step := func(key string) (*http.Response, []byte) {
			return h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", key, map[string]any{"agent": "analyst", "receipts": []any{}})
		}
		if res, b := step(owner); res.StatusCode != http.StatusOK {
			t.Fatalf("the owner's first step: %d %s", res.StatusCode, b)
		}
		for _, req := range []struct {
			path string
			body map[string]any
		}{
			{"steps", map[string]any{"agent": "analyst", "receipts": []any{}}},
			{"search", map[string]any{"agent": "analyst", "query": "draw a chart", "step": 0}},
			{"calls", map[string]any{"agent": "analyst", "tool": "render_chart", "receipts": []any{}}},
		} {
			res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/"+req.path, other, req.body)
			if res.StatusCode != http.StatusForbidden || !strings.Contains(string(b), `"field":"run"`) {
				t.Errorf("another key's %s on the run: %d %s", req.path, res.StatusCode, b)
			}
		}
		if evs, err := h.store.RunEvents(ctx, run, 100); err != nil || len(evs) != 1 {
			t.Errorf("the run holds %d events (%v), want the owner's one", len(evs), err)
		}
		if res, b := step(owner); res.StatusCode != http.StatusOK {
			t.Errorf("the owner's next step: %d %s", res.StatusCode, b)
		}
		if res, b := h.api(http.MethodPost, "/api/v1/runs/other-run-1/steps", other, map[string]any{"agent": "analyst", "receipts": []any{}}); res.StatusCode != http.StatusOK {
			t.Errorf("the other key's own run: %d %s", res.StatusCode, b)
		}
	})
}
