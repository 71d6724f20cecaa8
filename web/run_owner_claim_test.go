package web

import (
	"context"
	"net/http"
	"testing"
)

// TestARefusedRequestOpensNoRun: a runs API request that failed
// validation (an agent that does not exist, a bad body, a search without
// its step) still claimed its run id for its key, for ever: 300 refused
// requests left 300 owners, and another runtime could pre-claim a run id
// with requests that were never valid. Now a run id is claimed only by a
// valid request: refused ones leave no owner, and the key that then
// opens the run with a valid request owns it.
func TestARefusedRequestOpensNoRun(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		squatter, owner := h.runtimeKey(), h.runtimeKey()
		owners := func() int64 {
			n, err := h.store.Raw(ctx, "SELECT count(*) FROM run_owners")
			if err != nil {
				t.Fatal(err)
			}
			return n
		}
		before := owners()
		run := "victim-run-1"
		for _, req := range []struct {
			path string
			body map[string]any
		}{
			{"steps", map[string]any{"agent": "no-such-agent", "receipts": []any{}}},
			{"steps", map[string]any{"agent": "analyst", "receipts": []any{}, "tier": "gold"}},
			{"search", map[string]any{"agent": "analyst", "query": "draw a chart"}},
			{"search", map[string]any{"agent": "no-such-agent", "query": "draw a chart", "step": 0}},
			{"calls", map[string]any{"agent": "analyst", "receipts": []any{}}},
			{"calls", map[string]any{"agent": "no-such-agent", "tool": "render_chart", "receipts": []any{}}},
		} {
			res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/"+req.path, squatter, req.body)
			if res.StatusCode < 400 || res.StatusCode >= 500 {
				t.Errorf("%s %v: %d %s, want a 4xx refusal", req.path, req.body, res.StatusCode, b)
			}
		}
		if n := owners(); n != before {
			t.Errorf("refused requests left %d run owners (before %d)", n, before)
		}
		if res, b := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", owner, map[string]any{"agent": "analyst", "receipts": []any{}}); res.StatusCode != http.StatusOK {
			t.Fatalf("the first valid request on the run: %d %s", res.StatusCode, b)
		}
		if res, _ := h.api(http.MethodPost, "/api/v1/runs/"+run+"/steps", squatter, map[string]any{"agent": "analyst", "receipts": []any{}}); res.StatusCode != http.StatusForbidden {
			t.Errorf("the key whose requests were refused, once another key opened the run: %d", res.StatusCode)
		}
		if n := owners(); n != before+1 {
			t.Errorf("%d run owners after one run was opened (before %d)", n, before)
		}
	})
}
