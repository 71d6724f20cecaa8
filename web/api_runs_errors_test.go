package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestRunAPIErrors: every bad request gets a 4xx JSON error naming the
// field, and nothing is stored for it.
func TestRunAPIErrors(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	long := strings.Repeat("chart ", 100)
	many := make([]any, 600)
	for i := range many {
		many[i] = map[string]any{"v": 1}
	}
	cases := []struct {
		name, path string
		body       any
		key        string
		status     int
		field      string
	}{
		{"no key", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst"}, "-", 401, "Authorization"},
		{"read-scoped key", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst"}, "read", 403, "Authorization"},
		{"bad run id", "/api/v1/runs/-x/steps", map[string]any{"agent": "analyst"}, "", 400, "run"},
		{"no agent", "/api/v1/runs/r/steps", map[string]any{}, "", 400, "agent"},
		{"unknown agent", "/api/v1/runs/r/steps", map[string]any{"agent": "nobody"}, "", 404, "agent"},
		{"unknown profile", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "profile": "nope"}, "", 404, "profile"},
		{"unknown field", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "toolz": []string{"exec"}}, "", 400, "toolz"},
		{"unknown tool in the conversation's pick", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "tools": []string{"no_such_tool"}}, "", 422, "tools"},
		{"unknown tool in without", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": "chart", "step": 0, "without": []string{"no_such_tool"}}, "", 422, "without"},
		{"receipts not grouped", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "receipts": []any{map[string]any{"v": 1}}}, "", 400, "receipts"},
		{"too many receipts", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "receipts": []any{many}}, "", 422, "receipts"},
		{"bad tier", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "tier": "huge"}, "", 400, "tier"},
		{"bad encoding", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "encoding": "p50k"}, "", 400, "encoding"},
		{"pin outside the surface", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "pins": []string{"web_fetch"}}, "", 422, "pins"},
		{"bad subject", "/api/v1/runs/r/steps", map[string]any{"agent": "analyst", "subject": map[string]any{"id": ""}}, "", 400, "subject.id"},
		{"search without step", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": "chart"}, "", 400, "step"},
		{"negative step", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": "chart", "step": -1}, "", 400, "step"},
		{"empty query", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": " ", "step": 0}, "", 400, "query"},
		{"query over its ceiling", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": long, "step": 0}, "", 422, "query"},
		{"limit over its ceiling", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": "chart", "step": 0, "limit": 26}, "", 422, "limit"},
		{"step not a number", "/api/v1/runs/r/search", map[string]any{"agent": "analyst", "query": "chart", "step": "one"}, "", 400, "step"},
		{"call without tool", "/api/v1/runs/r/calls", map[string]any{"agent": "analyst"}, "", 400, "tool"},
		{"not JSON", "/api/v1/runs/r/calls", "{", "", 400, ""},
		// a gateway session's run is its session's alone
		{"a gateway run's steps", "/api/v1/runs/mcp-2b68fc36564840b4/steps", map[string]any{"agent": "analyst"}, "", 400, "run"},
		{"a gateway run's search", "/api/v1/runs/mcp-2b68fc36564840b4/search", map[string]any{"agent": "analyst", "query": "chart", "step": 0}, "", 400, "run"},
		{"a gateway run's calls", "/api/v1/runs/MCP-x/calls", map[string]any{"agent": "analyst", "tool": "read_file"}, "", 400, "run"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			k := key
			switch tc.key {
			case "-":
				k = ""
			case "read":
				k = h.apiKey()
			}
			res, body := h.api(http.MethodPost, tc.path, k, tc.body)
			if res.StatusCode != tc.status {
				t.Fatalf("status %d, want %d: %s", res.StatusCode, tc.status, body)
			}
			if e := apiErrorOf(t, body); e.Field != tc.field {
				t.Fatalf("field %q, want %q: %s", e.Field, tc.field, body)
			}
		})
	}
	h.app.evidence.flush()
	if runs, _ := h.store.RecentRuns(t.Context(), 10); len(runs) != 0 {
		t.Fatalf("refused requests left evidence: %+v", runs)
	}
}
