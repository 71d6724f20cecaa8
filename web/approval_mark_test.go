package web

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestApprovalOnlyToolsAreMarkedOnEverySurface: a tool the subject is
// granted only with a person's approval per call is taught as asking for
// approval — by /api/v1/compose, a run's step, the forge (its text and
// the tool's lever) and the gateway (initialize's instructions and the
// tool's description in tools/list) — and only for that subject: the same
// agent composed for everyone is not marked (the compositions share their
// cached entries and prefixes). The demo grants contractors
// workspace_write only with an approval.
func TestApprovalOnlyToolsAreMarkedOnEverySurface(t *testing.T) {
	h := sqliteOnly(t)
	// (the gateway first: the forge reads the connections into a cache
	// that holds them for a moment)
	// the gateway: instructions and tools/list
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	ctx := context.Background()
	h.changeGrants(t, "gwsubjects", true, models.GrantSpec{Kind: authority.KindTool, Value: "demo.echo", RequiresApproval: true})
	for _, groups := range []string{"gwsubjects", authority.Everyone} {
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "c1", "X-Subject-Groups": groups})
		want := groups == "gwsubjects"
		if got := strings.Contains(cs.InitializeResult().Instructions, catalog.ApprovalMark); got != want {
			t.Errorf("%s: gateway instructions marked %v, want %v", groups, got, want)
		}
		lt, err := cs.ListTools(ctx, nil)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, tl := range lt.Tools {
			if tl.Name == "demo.echo" {
				found = true
				if got := strings.Contains(tl.Description, catalog.ApprovalMark); got != want {
					t.Errorf("%s: demo.echo's description marked %v, want %v: %q", groups, got, want, tl.Description)
				}
			}
		}
		if !found {
			t.Errorf("%s: demo.echo not listed: %v", groups, toolNames(t, cs))
		}
	}
	key := h.runtimeKey()
	contractor := map[string]any{"id": "c1", "groups": []string{models.DemoContractors}}
	compose := func(body map[string]any) (text string, digest string) {
		res, out := h.api("POST", "/api/v1/compose", key, body)
		if res.StatusCode != 200 {
			t.Fatalf("compose %v: %d %s", body, res.StatusCode, out)
		}
		var r struct{ Text, Digest string }
		if err := json.Unmarshal(out, &r); err != nil {
			t.Fatal(err)
		}
		return r.Text, r.Digest
	}
	marked, md := compose(map[string]any{"agent": "analyst", "subject": contractor})
	plain, pd := compose(map[string]any{"agent": "analyst"})
	if !strings.Contains(marked, "workspace_write") || strings.Count(marked, catalog.ApprovalMark) != 1 {
		t.Errorf("compose for a contractor: %d approval marks, want 1 (workspace_write):\n%s", strings.Count(marked, catalog.ApprovalMark), marked)
	}
	if strings.Contains(plain, catalog.ApprovalMark) || md == pd {
		t.Error("compose for everyone is marked, or shares the contractor's digest")
	}
	// the contractor's compose again, after everyone's: still marked
	if again, _ := compose(map[string]any{"agent": "analyst", "subject": contractor}); again != marked {
		t.Error("a second compose for the contractor differs")
	}

	// a run's step: the pinned approval-only tool is marked in the prefix
	res, out := h.api("POST", "/api/v1/runs/run-mark/steps", key, map[string]any{"agent": "analyst", "subject": contractor, "receipts": []any{}, "pins": []string{"workspace_write"}})
	var st stepResult
	if err := json.Unmarshal(out, &st); res.StatusCode != 200 || err != nil {
		t.Fatalf("run step: %d %s", res.StatusCode, out)
	}
	if !strings.Contains(st.Text, catalog.ApprovalMark) {
		t.Errorf("a contractor's run step does not mark workspace_write:\n%s", st.Text)
	}
	res, out = h.api("POST", "/api/v1/runs/run-plain/steps", key, map[string]any{"agent": "analyst", "receipts": []any{}, "pins": []string{"workspace_write"}})
	if err := json.Unmarshal(out, &st); res.StatusCode != 200 || err != nil || strings.Contains(st.Text, catalog.ApprovalMark) {
		t.Errorf("everyone's run step: %d, marked %v", res.StatusCode, strings.Contains(st.Text, catalog.ApprovalMark))
	}

	// the forge, with the contractors picked
	viewer := h.login("admin", adminPassword)
	_, doc := viewer.get("/forge?agent=analyst&sg=contractors")
	if n := doc.Find(`[data-testid="lever-tool:workspace_write"] .note:contains("asks approval")`).Length(); n != 1 {
		t.Errorf("the forge's workspace_write lever carries %d approval notes, want 1", n)
	}
	if !strings.Contains(doc.Find("#projection").Text(), catalog.ApprovalMark) {
		t.Error("the forge's text for contractors does not mark workspace_write")
	}
	_, doc = viewer.get("/forge?agent=analyst")
	if doc.Find(`.note:contains("asks approval")`).Length() != 0 || strings.Contains(doc.Find("#projection").Text(), catalog.ApprovalMark) {
		t.Error("everyone's forge marks a tool as asking approval")
	}

}
