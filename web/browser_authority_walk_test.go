package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestBrowserAuthorityWalk walks the approval story as a user: the
// runtime asks for an approval-only tool (a contractor writing to the
// workspace) and is told approval_required naming a request; the request
// shows on the Approvals page, where a reviewer other than anyone it was
// made for approves it for one call (in Chromium, 1440 and 1024 px); the
// runtime binds with the reference and the call is allowed once, then
// refused. A descriptor change invalidates a binding and reverting it does
// not revive it (the Checks page shows the recorded verdict). A tool the
// conversation deselected is neither searchable nor callable in a run;
// a hidden and a nonexistent tool answer alike; bad arguments are refused
// naming the JSON pointer.
func TestBrowserAuthorityWalk(t *testing.T) {
	h := sqliteOnly(t)
	bg := context.Background()
	key := h.runtimeKey()
	who := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-9")}
	with := func(extra map[string]any) map[string]any {
		m := map[string]any{}
		for k, v := range who {
			m[k] = v
		}
		for k, v := range extra {
			m[k] = v
		}
		return m
	}
	type answer struct {
		Decision string
		Error    struct {
			Type, Approval string
			Problems       []struct{ Pointer string }
		}
		HostReason string `json:"host_reason"`
	}
	authorize := func(body map[string]any) answer {
		t.Helper()
		res, out := h.api(http.MethodPost, "/api/v1/authorize", key, body)
		var a answer
		if err := json.Unmarshal(out, &a); err != nil || res.StatusCode != 200 {
			t.Fatalf("authorize %v: %d %s", body, res.StatusCode, out)
		}
		return a
	}

	// 1. the runtime asks; the check names an approval request
	asked := authorize(who)
	if asked.Error.Type != authority.TypeApprovalRequired || asked.Error.Approval == "" {
		t.Fatalf("the runtime's first check: %+v", asked)
	}
	ref := asked.Error.Approval

	// 2. another reviewer approves it for one call on the Approvals page
	h.addUser("rita", models.RoleReviewer)
	ctx := browser(t)
	browserLogin(t, ctx, h.srv.URL, "rita", "rita-password")
	row := `[data-testid="approval-` + ref + `"]`
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/approvals"), waitVisible(row)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-approvals-pending-1440")
	if got := text(t, ctx, row); !strings.Contains(got, "workspace_write") || !strings.Contains(got, "c-9") || !strings.Contains(got, "pending") {
		t.Errorf("the pending request's row: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-approvals-pending-1024")
	if err := chromedp.Do(ctx,
		typeInto(`[data-testid="approve-reason-`+ref+`"]`, "one report, path checked"),
		navigates(click(`[data-testid="approve-`+ref+`"]`)),
		waitVisible(`[data-testid="flash"]`),
	); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-approvals-approved-1024")
	if got := text(t, ctx, `[data-testid="approval-state-`+ref+`"]`); !strings.Contains(got, "approved") || !strings.Contains(got, "single-use") {
		t.Errorf("after approving: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1440, 1000)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-approvals-approved-1440")

	// 3. the runtime binds with the reference; the call is allowed once
	handle := h.bind(key, with(map[string]any{"approval": ref}))
	call := with(map[string]any{"binding": handle, "arguments": map[string]any{"path": "reports/q3.md", "content": "Q3"}})
	if a := authorize(call); a.Decision != "allow" {
		t.Fatalf("the approved call: %+v", a)
	}
	if a := authorize(call); a.Error.Type != authority.TypeApprovalRequired || !strings.Contains(a.HostReason, "already used") {
		t.Errorf("the second call on a single-use approval: %+v", a)
	}

	// 4. a descriptor change invalidates a binding; the revert does not
	// revive it, and the Checks page shows the recorded verdict
	read := map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("c-9")}
	hd := h.bind(key, read)
	dt, _ := h.store.ToolByID(bg, "describe_table")
	orig, _ := dt.Parsed()
	changed := orig
	changed.Purpose += " Now also counts nulls."
	if _, err := h.store.ApplyImport(bg, "ivan", models.SourceFile, "", []catalog.Contract{changed}, ""); err != nil {
		t.Fatal(err)
	}
	withBinding := map[string]any{"agent": "analyst", "tool": "describe_table", "subject": contractor("c-9"), "binding": hd}
	if a := authorize(withBinding); a.Error.Type != authority.TypeBindingStale {
		t.Fatalf("after the descriptor change: %+v", a)
	}
	if _, err := h.store.ApplyImport(bg, "ivan", models.SourceFile, "", []catalog.Contract{orig}, ""); err != nil {
		t.Fatal(err)
	}
	// the revert restores the reviewed version (no new review), and
	// still does not revive the invalidated binding
	if back, _ := h.store.ToolByID(bg, "describe_table"); back.Status != models.ToolAvailable || back.Validation != authority.StateBindable {
		t.Fatalf("the reverted descriptor is %s/%s, want restored to the reviewed version", back.Status, back.Validation)
	}
	if a := authorize(withBinding); a.Error.Type != authority.TypeBindingStale || !strings.Contains(a.HostReason, "invalidated at") {
		t.Errorf("the reverted descriptor revived the binding: %+v", a)
	}
	if a := authorize(read); a.Decision != "allow" {
		t.Errorf("without the binding, the reverted tool: %+v", a)
	}
	if err := chromedp.Do(ctx, visit(h.srv.URL+"/checks"), waitVisible(`[data-testid="bindings"]`), scrollTo(`[data-testid="bindings"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-checks-1440")
	if got := text(t, ctx, `[data-testid="bindings"]`); !strings.Contains(got, "binding_stale") || !strings.Contains(got, "descriptor changed") {
		t.Errorf("the Checks page does not show the recorded invalidation: %q", got)
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(1024, 900), scrollTo(`[data-testid="bindings"]`)); err != nil {
		t.Fatal(err)
	}
	screenshot(t, ctx, "walk25-checks-1024")

	// 5. a deselected tool is neither searchable nor callable in a run
	run := map[string]any{"agent": "analyst", "without": []string{"render_chart"}, "receipts": []any{}}
	res, out := h.api(http.MethodPost, "/api/v1/runs/walk/search", key, map[string]any{"agent": "analyst", "query": "draw a chart from the table", "step": 0, "limit": 10, "without": []string{"render_chart"}})
	if res.StatusCode != 200 || strings.Contains(string(out), `"render_chart"`) {
		t.Errorf("a deselected tool is searchable: %d %s", res.StatusCode, out)
	}
	run["tool"] = "render_chart"
	if res, out := h.api(http.MethodPost, "/api/v1/runs/walk/calls", key, run); res.StatusCode != 200 || !strings.Contains(string(out), `"type":"capability_unavailable"`) {
		t.Errorf("a deselected tool's call: %d %s", res.StatusCode, out)
	}

	// 6. hidden and nonexistent tools answer alike (only host_reason differs)
	hres, hout := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "analyst", "tool": "exec", "subject": contractor("c-9")})
	nres, nout := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "analyst", "tool": "exed", "subject": contractor("c-9")})
	if hv, nv := modelVisible(t, hres.StatusCode, hout, "exec"), modelVisible(t, nres.StatusCode, nout, "exed"); string(hv) != string(nv) {
		t.Errorf("hidden and nonexistent differ:\n%s\n%s", hv, nv)
	}

	// 7. bad arguments are refused naming the pointer
	a := authorize(map[string]any{"agent": "analyst", "tool": "sql_query", "arguments": map[string]any{"max_rows": 9000}})
	pointers := map[string]bool{}
	for _, p := range a.Error.Problems {
		pointers[p.Pointer] = true
	}
	if a.Error.Type != authority.TypeInvalidArguments || !pointers["/max_rows"] || !pointers["/query"] {
		t.Errorf("bad arguments: %+v", a)
	}
}
