package web

import (
	"context"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/instruction/deferred"
	"github.com/agentforge/console/models"
)

// runCall is a calls answer with its structured error.
type runCall struct {
	Status  string            `json:"status"`
	Message string            `json:"message"`
	Receipt *deferred.Receipt `json:"receipt"`
	Error   *struct {
		Type        string   `json:"type"`
		Message     string   `json:"message"`
		NextActions []string `json:"next_actions"`
	} `json:"error"`
	HostReason string `json:"host_reason"`
}

func (c runCall) outcome() string {
	if c.Error != nil {
		return c.Status + "/" + c.Error.Type
	}
	return c.Status
}

// TestRunCallsAreChecked: POST /api/v1/runs/{run}/calls runs the
// call-time check of /api/v1/authorize on every call that is not
// search_required — subject, grants, ledger state, approval, binding —
// and answers each denial with the same structured error, a safe next
// action and the real reason only in host_reason; each check is counted.
// A revoked grant denies the very next call of an active tool.
func TestRunCallsAreChecked(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		call := func(run string, body map[string]any) runCall {
			t.Helper()
			res, out := h.api(http.MethodPost, "/api/v1/runs/"+run+"/calls", key, body)
			return decodeAs[runCall](t, apiResp{res, out})
		}
		u1 := contractor("u1")
		expect := func(name string, got runCall, want, host string) {
			t.Helper()
			if got.outcome() != want || !strings.Contains(got.HostReason, host) {
				t.Errorf("%s: %s (%q), want %s (…%s…)", name, got.outcome(), got.HostReason, want, host)
			}
			if got.Error != nil {
				if len(got.Error.NextActions) == 0 || got.Error.Message == "" {
					t.Errorf("%s: an error without a message or next actions: %+v", name, got.Error)
				}
				if strings.Contains(got.Message+got.Error.Message, "not granted") || strings.Contains(got.Message+got.Error.Message, "contractors") {
					t.Errorf("%s: the model-visible text carries the host reason: %q / %q", name, got.Message, got.Error.Message)
				}
			}
		}

		// pins make a tool of the surface active without a search
		expect("contractor, active, granted", call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "render_chart", "pins": []string{"render_chart"}, "receipts": []any{}}), deferred.CallActive, "")
		expect("contractor, active, approval only", call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "workspace_write", "pins": []string{"workspace_write"}, "receipts": []any{}}),
			deferred.CallDenied+"/"+authority.TypeApprovalRequired, "approval")
		// a tool the run was never shown (not granted: never on the surface)
		// is unknown to the model; host_reason keeps the real reason
		notGranted := call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "exec", "receipts": []any{}})
		expect("contractor, not granted, never shown", notGranted, deferred.CallUnknown+"/"+authority.TypeUnavailable, "not granted")
		unknown := call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "launch_rockets", "receipts": []any{}})
		hidden := call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "web_fetch", "receipts": []any{}})
		expect("unknown tool", unknown, deferred.CallUnknown+"/"+authority.TypeUnavailable, "unknown")
		expect("undeclared tool", hidden, deferred.CallUnknown+"/"+authority.TypeUnavailable, "undeclared")
		if unknown.Error.Message != notGranted.Error.Message || strings.ReplaceAll(unknown.Message, "launch_rockets", "X") != strings.ReplaceAll(notGranted.Message, "exec", "X") {
			t.Errorf("unknown %+v and never-shown ungranted %+v must look the same to the model", unknown, notGranted)
		}
		if unknown.Error.Message != hidden.Error.Message || strings.ReplaceAll(unknown.Message, "launch_rockets", "X") != strings.ReplaceAll(hidden.Message, "web_fetch", "X") {
			t.Errorf("unknown %+v and undeclared %+v must look the same to the model", unknown, hidden)
		}
		expect("known but inactive: search first, no check", call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query", "receipts": []any{}}), deferred.CallSearchRequired, "")
		expect("a binding of nothing", call("c1", map[string]any{"agent": "analyst", "subject": u1, "tool": "render_chart", "pins": []string{"render_chart"}, "binding": "afb_nope", "receipts": []any{}}),
			deferred.CallDenied+"/"+authority.TypeBindingStale, "unknown or released")

		// the revocation case: sql_query active by a receipt and bound;
		// the grant is removed; the very next call is denied
		res, out := h.api(http.MethodPost, "/api/v1/runs/c2/search", key, map[string]any{"agent": "analyst", "subject": u1, "query": "run a SQL query against the database", "step": 0})
		sr := decodeAs[searchResult](t, apiResp{res, out})
		if sr.Receipt == nil || !slices.Contains(sr.Receipt.Names, "sql_query") {
			t.Fatalf("search did not reach sql_query: %+v", sr)
		}
		receipts := []any{[]any{sr.Receipt}}
		handle := h.bind(key, map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query"})
		expect("active by its receipt", call("c2", map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query", "receipts": receipts}), deferred.CallActive, "")
		expect("active and bound", call("c2", map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query", "binding": handle, "receipts": receipts}), deferred.CallActive, "")
		expect("bound for another subject", call("c2", map[string]any{"agent": "analyst", "subject": contractor("u9"), "tool": "sql_query", "binding": handle, "receipts": receipts}),
			deferred.CallDenied+"/"+authority.TypeBindingStale, "issued for")
		if _, err := h.store.ChangeGrants(ctx, "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
			t.Fatal(err)
		}
		// the run's receipt showed it: the grant it had was revoked
		expect("after the revocation", call("c2", map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query", "receipts": receipts}),
			deferred.CallDenied+"/"+authority.TypeRevoked, "not granted")
		expect("after the revocation, bound", call("c2", map[string]any{"agent": "analyst", "subject": u1, "tool": "sql_query", "binding": handle, "receipts": receipts}),
			deferred.CallDenied+"/"+authority.TypeRevoked, "not granted")
		expect("everyone keeps it", call("c3", map[string]any{"agent": "analyst", "tool": "sql_query", "pins": []string{"sql_query"}, "receipts": []any{}}), deferred.CallActive, "")

		// the run's evidence says which denial, never the host reason
		evs, err := h.store.RunEvents(ctx, "c2", 100)
		if err != nil {
			t.Fatal(err)
		}
		verdicts := map[string]int{}
		for _, e := range evs {
			verdicts[e.Verdict]++
		}
		if verdicts["denied:permission_denied"] != 0 || verdicts["denied:capability_revoked"] != 2 || verdicts["denied:binding_stale"] != 1 {
			t.Errorf("run c2's call verdicts: %v", verdicts)
		}
		// every checked call was counted, by outcome; search_required was not
		if err := h.app.counters.flush(ctx); err != nil {
			t.Fatal(err)
		}
		cs, _ := h.store.CheckCounters(ctx, "analyst", 100)
		got := map[string]int64{}
		for _, c := range cs {
			got[c.Tool+"/"+c.GroupName+"/"+c.Outcome] = c.Count
		}
		for k, n := range map[string]int64{
			"render_chart/contractors/allow": 1, "workspace_write/contractors/approval_required": 1, "exec/contractors/permission_denied": 1,
			"(unknown)/contractors/capability_unavailable": 1, "web_fetch/contractors/capability_unavailable": 1,
			"render_chart/contractors/binding_stale": 1, "sql_query/contractors/allow": 3, // two calls and the binding "sql_query/contractors/binding_stale": 1,
			"sql_query/contractors/permission_denied": 1, "sql_query/contractors/capability_revoked": 1, "sql_query/everyone/allow": 1,
		} {
			if got[k] != n {
				t.Errorf("counter %s = %d, want %d (all: %v)", k, got[k], n, got)
			}
		}
	})
}

// TestRunCallCatalogChanged: a bound tool that left the catalog (its
// service re-imported without it) is catalog_changed on the next call.
func TestRunCallCatalogChanged(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	cs := catalogtest.GitHub(t)[:2]
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	seen, _ := h.store.ToolDigests(ctx, []string{cs[0].ID, cs[1].ID})
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	snap, _ := h.app.snapshot(ctx)
	a, _ := h.store.AgentBySlug(ctx, "dev-helper")
	if _, err := h.store.UpdateAgent(ctx, "admin", "dev-helper", a.Version, models.AgentInput{Name: a.Name, Description: a.Description,
		Declared: append(a.Declared(), cs[0].ID, cs[1].ID), Services: a.Services()}, snap.KnownTools()); err != nil {
		t.Fatal(err)
	}
	key := h.runtimeKey()
	tool := cs[1].ID
	handle := h.bind(key, map[string]any{"agent": "dev-helper", "tool": tool})
	body := map[string]any{"agent": "dev-helper", "tool": tool, "binding": handle, "pins": []string{tool}, "receipts": []any{}}
	res, out := h.api(http.MethodPost, "/api/v1/runs/g1/calls", key, body)
	if got := decodeAs[runCall](t, apiResp{res, out}); got.outcome() != deferred.CallActive {
		t.Fatalf("bound and pinned: %+v", got)
	}
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs[:1], ""); err != nil {
		t.Fatal(err)
	}
	delete(body, "pins") // it left the surface too
	res, out = h.api(http.MethodPost, "/api/v1/runs/g1/calls", key, body)
	if got := decodeAs[runCall](t, apiResp{res, out}); got.outcome() != deferred.CallDenied+"/"+authority.TypeCatalogChanged || !strings.Contains(got.HostReason, "left the catalog") {
		t.Fatalf("after the tool left the catalog: %+v", got)
	}
}

// TestRunCallOfARevokedPin: a runtime pins tools; one pin's grant is
// revoked. The next call of it is denied with the structured error (not
// a 422 about pins), and calls of the other pins still proceed.
func TestRunCallOfARevokedPin(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	body := func(tool string) map[string]any {
		return map[string]any{"agent": "analyst", "subject": contractor("u1"), "tool": tool, "pins": []string{"sql_query", "render_chart"}, "receipts": []any{}}
	}
	call := func(tool string) runCall {
		t.Helper()
		res, out := h.api(http.MethodPost, "/api/v1/runs/p1/calls", key, body(tool))
		return decodeAs[runCall](t, apiResp{res, out})
	}
	if got := call("sql_query"); got.outcome() != deferred.CallActive {
		t.Fatalf("pinned and granted: %+v", got)
	}
	if _, err := h.store.ChangeGrants(context.Background(), "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
		t.Fatal(err)
	}
	if got := call("sql_query"); got.outcome() != deferred.CallDenied+"/"+authority.TypePermissionDenied || !strings.Contains(got.HostReason, "not granted") {
		t.Errorf("the revoked pin's next call: %+v", got)
	}
	if got := call("render_chart"); got.outcome() != deferred.CallActive {
		t.Errorf("another pin after the revocation: %+v", got)
	}
	// a pin the agent never had, or no tool at all, is still the runtime's error
	for _, pin := range []string{"no_such_tool", "web_fetch"} {
		res, out := h.api(http.MethodPost, "/api/v1/runs/p1/calls", key, map[string]any{"agent": "analyst", "tool": "render_chart", "pins": []string{pin}, "receipts": []any{}})
		if res.StatusCode != http.StatusUnprocessableEntity || apiErrorOf(t, out).Field != "pins" {
			t.Errorf("pin %s: %d %s", pin, res.StatusCode, out)
		}
	}
}

// TestRunStepOfARevokedPin: a runtime pins tools; one pin's grant is
// revoked. The next step still composes (no 422 about pins), without the
// revoked tool, and keeps the other pin.
func TestRunStepOfARevokedPin(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	step := func() stepResult {
		t.Helper()
		res, out := h.api(http.MethodPost, "/api/v1/runs/p2/steps", key, map[string]any{"agent": "analyst", "subject": contractor("u1"), "pins": []string{"sql_query", "render_chart"}, "receipts": []any{}})
		return decodeAs[stepResult](t, apiResp{res, out})
	}
	before := step()
	if !slices.Contains(before.Active, "sql_query") || !slices.Contains(before.Active, "render_chart") {
		t.Fatalf("pinned tools not active: %v", before.Active)
	}
	if _, err := h.store.ChangeGrants(context.Background(), "admin", "contractors", false, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, nil); err != nil {
		t.Fatal(err)
	}
	after := step()
	if slices.Contains(after.Active, "sql_query") || !slices.Contains(after.Active, "render_chart") || strings.Contains(after.Text, "sql_query") {
		t.Errorf("after the revocation: active %v, text teaches sql_query %v", after.Active, strings.Contains(after.Text, "sql_query"))
	}
	// a reviewer rejects the other pinned tool
	rc, _ := h.store.ToolByID(context.Background(), "render_chart")
	if err := h.store.ClassifyTool(context.Background(), "rita", rc.ID, rc.Digest, authority.StateRejected, models.Classification{}); err != nil {
		t.Fatal(err)
	}
	if rejected := step(); slices.Contains(rejected.Active, "render_chart") || strings.Contains(rejected.Text, "render_chart") {
		t.Errorf("after the rejection: active %v", rejected.Active)
	}
}

// TestRunCallOfTheSearchTool: every deferred
// step tells the model to call search_tools, so a runtime that sends that
// call to /calls is told it may proceed and where the console serves it —
// not "No tool named search_tools is available", which contradicted the
// step's own text.
func TestRunCallOfTheSearchTool(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	res, out := h.api(http.MethodPost, "/api/v1/runs/st1/calls", key, map[string]any{"agent": "analyst", "tool": "search_tools", "receipts": []any{}})
	got := decodeAs[runCall](t, apiResp{res, out})
	if got.outcome() != deferred.CallActive || !strings.Contains(got.HostReason, "/runs/{run}/search") || strings.Contains(got.Message, "No tool") {
		t.Fatalf("search_tools via /calls: %d %s", res.StatusCode, out)
	}
}
