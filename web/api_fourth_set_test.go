package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestTheConversationsSetHoldsAtRunTime: runs, /authorize and bindings
// take the conversation's pick (tools, without); a deselected tool is
// neither searchable nor callable in a run, and /authorize and bindings
// answer it capability_unavailable (deselected, in host_reason only).
// Failed first: tools and without were unknown fields (400) on every
// runtime route.
func TestTheConversationsSetHoldsAtRunTime(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	search := func(extra map[string]any) []string {
		t.Helper()
		b := map[string]any{"agent": "analyst", "query": "draw a chart from the table", "step": 0, "limit": 10}
		for k, v := range extra {
			b[k] = v
		}
		res, out := h.api(http.MethodPost, "/api/v1/runs/r4/search", key, b)
		if res.StatusCode != 200 {
			t.Fatalf("search %v: %d %s", extra, res.StatusCode, out)
		}
		var r struct{ Hits []struct{ Name string } }
		_ = json.Unmarshal(out, &r)
		var names []string
		for _, h := range r.Hits {
			names = append(names, h.Name)
		}
		return names
	}
	has := func(l []string, s string) bool {
		for _, x := range l {
			if x == s {
				return true
			}
		}
		return false
	}
	if !has(search(nil), "render_chart") {
		t.Fatal("render_chart is not found without a conversation set")
	}
	if got := search(map[string]any{"without": []string{"render_chart"}}); has(got, "render_chart") {
		t.Errorf("a tool the conversation left out is searchable: %v", got)
	}
	if got := search(map[string]any{"tools": []string{"sql_query", "load_table"}}); has(got, "render_chart") {
		t.Errorf("a tool outside the conversation's pick is searchable: %v", got)
	}
	// a call of it is unknown, as of any tool outside the run
	res, out := h.api(http.MethodPost, "/api/v1/runs/r4/calls", key, map[string]any{"agent": "analyst", "tool": "render_chart", "without": []string{"render_chart"}, "pins": []string{"render_chart"}})
	if res.StatusCode == 200 && !strings.Contains(string(out), `"type":"capability_unavailable"`) {
		t.Errorf("a deselected tool's call: %d %s", res.StatusCode, out)
	}
	res, out = h.api(http.MethodPost, "/api/v1/runs/r4/calls", key, map[string]any{"agent": "analyst", "tool": "render_chart", "without": []string{"render_chart"}})
	if res.StatusCode != 200 || !strings.Contains(string(out), `"status":"unknown"`) {
		t.Errorf("a deselected tool's call: %d %s", res.StatusCode, out)
	}
	// /authorize and bindings
	for _, set := range []map[string]any{{"without": []string{"render_chart"}}, {"tools": []string{"sql_query"}}} {
		b := map[string]any{"agent": "analyst", "tool": "render_chart"}
		for k, v := range set {
			b[k] = v
		}
		d := h.authorize(key, b)
		if d.Decision != "deny" || d.Error.Type != authority.TypeUnavailable || !strings.Contains(d.HostReason, "deselected") {
			t.Errorf("authorize with %v: %+v", set, d)
		}
		if res, out := h.api(http.MethodPost, "/api/v1/bindings", key, b); res.StatusCode != http.StatusForbidden || !strings.Contains(string(out), authority.TypeUnavailable) {
			t.Errorf("bind with %v: %d %s", set, res.StatusCode, out)
		}
	}
	if d := h.authorize(key, map[string]any{"agent": "analyst", "tool": "render_chart", "tools": []string{"render_chart"}}); d.Decision != "allow" {
		t.Errorf("a picked tool: %+v", d)
	}
	if res, out := h.api(http.MethodPost, "/api/v1/runs/r4/search", key, map[string]any{"agent": "analyst", "query": "x", "step": 0, "without": []string{"no_such_tool"}}); res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(string(out), "without") {
		t.Errorf("an unknown tool in without: %d %s", res.StatusCode, out)
	}
}
