package web

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

type stepResult struct {
	Active       []string              `json:"active"`
	PrefixTokens int                   `json:"prefix_tokens"`
	Text         string                `json:"text"`
	Digest       string                `json:"digest"`
	Channels     int                   `json:"channels"`
	Step         int                   `json:"step"`
	Surface      string                `json:"surface"`
	Rejected     []deferred.Rejection  `json:"rejected"`
	Totals       struct{ Total int }   `json:"totals"`
	Sections     []struct{ ID string } `json:"sections"`
}

type searchResult struct {
	Hits    []runHit          `json:"hits"`
	Receipt *deferred.Receipt `json:"receipt"`
	Surface string            `json:"surface"`
}

type callResult struct {
	Status     string            `json:"status"`
	Message    string            `json:"message"`
	HostReason string            `json:"host_reason"`
	Receipt    *deferred.Receipt `json:"receipt"`
}

type apiResp struct {
	res  *http.Response
	body []byte
}

func decodeAs[T any](t *testing.T, r apiResp) T {
	t.Helper()
	res, body := r.res, r.body
	if res.StatusCode != http.StatusOK {
		t.Fatalf("%s: %d %s", res.Request.URL.Path, res.StatusCode, body)
	}
	var v T
	if err := json.Unmarshal(body, &v); err != nil {
		t.Fatal(err)
	}
	return v
}

// TestDeferredRunEndToEnd follows only the OpenAPI document: a first step,
// a search, a known-but-inactive call repaired into SEARCH_REQUIRED, a step
// with the receipt, the call now active, a restart and a second replica
// that answer identically, a forged, a cross-run and a stale receipt, a new
// run that inherits nothing, and evidence that never holds the query.
func TestDeferredRunEndToEnd(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		key := h.runtimeKey()
		post := func(srvURL, path string, body any) apiResp {
			old := h.srv.URL
			h.srv.URL = srvURL
			defer func() { h.srv.URL = old }()
			res, b := h.api(http.MethodPost, path, key, body)
			return apiResp{res, b}
		}
		url := h.srv.URL
		target := map[string]any{"agent": "analyst"}
		with := func(extra map[string]any) map[string]any {
			m := map[string]any{}
			for k, v := range target {
				m[k] = v
			}
			for k, v := range extra {
				m[k] = v
			}
			return m
		}
		first := decodeAs[stepResult](t, post(url, "/api/v1/runs/run-a/steps", with(map[string]any{"receipts": []any{}})))
		if !slices.Equal(first.Active, []string{"ask_user"}) || first.PrefixTokens != first.Totals.Total || first.Channels != 3 {
			t.Fatalf("first step: active %v, prefix %d of %d, %d channels", first.Active, first.PrefixTokens, first.Totals.Total, first.Channels)
		}
		if strings.Contains(first.Text, "render_chart") || strings.Contains(first.Text, "<code>") {
			t.Fatal("the first step teaches an inactive tool")
		}
		const query = "draw a zanzibar chart of revenue"
		sr := decodeAs[searchResult](t, post(url, "/api/v1/runs/run-a/search", with(map[string]any{"query": query, "step": 0, "limit": 3})))
		if len(sr.Hits) == 0 || sr.Hits[0].Name != "render_chart" || sr.Receipt == nil || sr.Receipt.Surface != first.Surface {
			t.Fatalf("search: %+v", sr)
		}
		call := decodeAs[callResult](t, post(url, "/api/v1/runs/run-a/calls", with(map[string]any{"tool": "render_chart", "receipts": []any{}})))
		if call.Status != deferred.CallSearchRequired || call.Receipt == nil || call.Receipt.Kind != deferred.KindSearchRequired || !strings.Contains(call.Message, "SEARCH_REQUIRED") {
			t.Fatalf("inactive call: %+v", call)
		}
		hidden := decodeAs[callResult](t, post(url, "/api/v1/runs/run-a/calls", with(map[string]any{"tool": "web_fetch", "receipts": []any{}})))
		missing := decodeAs[callResult](t, post(url, "/api/v1/runs/run-a/calls", with(map[string]any{"tool": "rm_rf", "receipts": []any{}})))
		if hidden.Status != deferred.CallUnknown || missing.Status != deferred.CallUnknown || hidden.HostReason == missing.HostReason ||
			strings.ReplaceAll(hidden.Message, "web_fetch", "X") != strings.ReplaceAll(missing.Message, "rm_rf", "X") {
			t.Fatalf("hidden %+v, missing %+v: the model-visible answer must not tell them apart; the host reason must", hidden, missing)
		}
		receipts := []any{[]any{sr.Receipt, call.Receipt}}
		second := decodeAs[stepResult](t, post(url, "/api/v1/runs/run-a/steps", with(map[string]any{"receipts": receipts})))
		if !slices.Contains(second.Active, "render_chart") || !strings.HasPrefix(second.Text, first.Text) || second.PrefixTokens != first.Totals.Total || second.Step != 1 {
			t.Fatalf("second step: active %v, prefix kept %v, prefix tokens %d (first %d)", second.Active, strings.HasPrefix(second.Text, first.Text), second.PrefixTokens, first.Totals.Total)
		}
		if len(second.Rejected) != 1 || second.Rejected[0].Reason != deferred.ReasonSearchRequired || second.Rejected[0].Index != 1 {
			t.Fatalf("rejected %+v", second.Rejected)
		}
		active := decodeAs[callResult](t, post(url, "/api/v1/runs/run-a/calls", with(map[string]any{"tool": "render_chart", "receipts": receipts})))
		if active.Status != deferred.CallActive {
			t.Fatalf("activated call: %+v", active)
		}

		// a restart and a second replica on the same database reconstruct
		// the same step from the same receipts
		replica := New(h.store, sharedMeter, Config{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
		rs := httptest.NewServer(replica.Handler())
		defer rs.Close()
		again := decodeAs[stepResult](t, post(rs.URL, "/api/v1/runs/run-a/steps", with(map[string]any{"receipts": receipts})))
		if again.Digest != second.Digest {
			t.Fatal("a second replica composed a different step from the same receipts")
		}

		// forged, cross-run and malformed receipts activate nothing
		forged := *sr.Receipt
		forged.Names = []string{"render_chart", "exec"}
		bad := decodeAs[stepResult](t, post(url, "/api/v1/runs/run-a/steps", with(map[string]any{"receipts": []any{[]any{forged, "junk"}}})))
		other := decodeAs[stepResult](t, post(url, "/api/v1/runs/run-b/steps", with(map[string]any{"receipts": receipts})))
		for name, s := range map[string]stepResult{"forged": bad, "new run": other} {
			if !slices.Equal(s.Active, first.Active) || s.Digest != first.Digest {
				t.Errorf("%s: active %v", name, s.Active)
			}
		}
		if len(bad.Rejected) != 2 || bad.Rejected[0].Reason != deferred.ReasonForged || bad.Rejected[1].Reason != deferred.ReasonMalformed ||
			other.Rejected[0].Reason != deferred.ReasonCrossRun {
			t.Errorf("rejections: %+v / %+v", bad.Rejected, other.Rejected)
		}

		// a declaration change moves the surface: old receipts are stale
		a, _ := h.store.AgentBySlug(context.Background(), "analyst")
		decl := slices.DeleteFunc(a.Declared(), func(id string) bool { return id == "sql_query" })
		known := map[string]bool{}
		for _, id := range a.Declared() {
			known[id] = true
		}
		if _, err := h.store.UpdateAgent(context.Background(), "admin", "analyst", a.Version, models.AgentInput{Name: a.Name, Description: a.Description, Declared: decl, Services: a.Services(), DefaultProfile: "data-analyst"}, known); err != nil {
			t.Fatal(err)
		}
		stale := decodeAs[stepResult](t, post(url, "/api/v1/runs/run-a/steps", with(map[string]any{"receipts": receipts})))
		if stale.Surface == second.Surface || slices.Contains(stale.Active, "render_chart") || stale.Rejected[0].Reason != deferred.ReasonStaleSurface {
			t.Fatalf("after a declaration change: surface moved %v, active %v, rejected %+v", stale.Surface != second.Surface, stale.Active, stale.Rejected)
		}

		// evidence: every request left a row, none holds the query
		h.app.evidence.flush()
		replica.evidence.flush()
		evs, err := h.store.RunEvents(context.Background(), "run-a", 100)
		if err != nil {
			t.Fatal(err)
		}
		if len(evs) < 8 || evs[1].Kind != models.RunSearch || evs[1].QueryBytes != len(query) || evs[1].Receipts != sr.Receipt.ID() {
			t.Fatalf("evidence: %d events, %+v", len(evs), evs[1])
		}
		for _, needle := range []string{query, "zanzibar", sr.Receipt.MAC} {
			tables, err := h.store.TablesContaining(context.Background(), needle)
			if err != nil {
				t.Fatal(err)
			}
			if len(tables) > 0 {
				t.Errorf("%q is stored in %v", needle, tables)
			}
		}
	})
}

// TestRunSurfaceFollowsTheSubject: the surface is the effective roster for
// the subject's grants: contractors (no code execution) cannot reach exec
// by search, its call is denied (permission_denied, the reason only in
// host_reason), and their receipts are stale for a
// subject with other grants.
func TestRunSurfaceFollowsTheSubject(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	post := func(path string, body any) apiResp {
		res, b := h.api(http.MethodPost, path, key, body)
		return apiResp{res, b}
	}
	contractor := map[string]any{"id": "u1", "groups": []string{"contractors"}}
	everyone := decodeAs[searchResult](t, post("/api/v1/runs/s1/search", map[string]any{"agent": "analyst", "query": "run a python program exec", "step": 0}))
	narrowed := decodeAs[searchResult](t, post("/api/v1/runs/s1/search", map[string]any{"agent": "analyst", "subject": contractor, "query": "run a python program exec", "step": 0}))
	if everyone.Surface == narrowed.Surface {
		t.Fatal("the subject's grants did not change the surface")
	}
	has := func(hits []runHit, id string) bool {
		return slices.ContainsFunc(hits, func(h runHit) bool { return h.Name == id })
	}
	if !has(everyone.Hits, "exec") || has(narrowed.Hits, "exec") {
		t.Fatalf("exec reachable: everyone %v, contractors %v", has(everyone.Hits, "exec"), has(narrowed.Hits, "exec"))
	}
	call := decodeAs[callResult](t, post("/api/v1/runs/s1/calls", map[string]any{"agent": "analyst", "subject": contractor, "tool": "exec", "receipts": []any{}}))
	// never on the contractor's surface: unknown to the model (the deferred-run rules)
	if call.Status != deferred.CallUnknown || !strings.Contains(call.HostReason, "not granted") || strings.Contains(call.Message, "contractors") {
		t.Fatalf("contractor's exec call: %+v", call)
	}
	step := decodeAs[stepResult](t, post("/api/v1/runs/s1/steps", map[string]any{"agent": "analyst", "subject": contractor, "receipts": []any{[]any{everyone.Receipt}}}))
	if len(step.Rejected) != 1 || step.Rejected[0].Reason != deferred.ReasonStaleSurface || slices.Contains(step.Active, "exec") {
		t.Fatalf("a receipt of another subject's surface: active %v, rejected %+v", step.Active, step.Rejected)
	}
}
