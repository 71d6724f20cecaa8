package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"
)

// TestApprovalSummaryHoldsNoSecret: a summary holding what reads as a
// credential is refused with 400 naming summary and nothing is filed,
// as the same secret in the arguments is; a summary stored before that
// rule shows masked on the Approvals page, the dashboard and the API.
func TestApprovalSummaryHoldsNoSecret(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	ctx := context.Background()
	leak := "token ghp_Ab3dEf6hIj9lMn2pQr5tUv8wXy1zAb4dEf7h password=hunter2hunter2"
	for _, summary := range []string{leak, "Bearer abcdefghijklmnop", "use API_KEY=sk-live-0123456789abcdef for it"} {
		res, out := h.api("POST", "/api/v1/approvals", key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u1"), "summary": summary})
		var e struct {
			Error struct{ Field, Message string }
		}
		_ = json.Unmarshal(out, &e)
		if res.StatusCode != http.StatusBadRequest || e.Error.Field != "summary" || strings.Contains(string(out), "hunter2") || strings.Contains(string(out), "ghp_Ab3d") {
			t.Errorf("summary %q: %d %s", summary, res.StatusCode, out)
		}
	}
	if n, _ := h.store.Raw(ctx, "SELECT count(*) FROM approvals"); n != 0 {
		t.Fatalf("%d approvals filed for refused summaries", n)
	}
	res, out := h.api("POST", "/api/v1/approvals", key, map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("u1"), "summary": "write the weekly report"})
	var filed struct{ Approval string }
	if res.StatusCode != http.StatusCreated || json.Unmarshal(out, &filed) != nil {
		t.Fatalf("a clean summary: %d %s", res.StatusCode, out)
	}
	// a row kept from before the rule
	if err := h.store.Exec(ctx, "UPDATE approvals SET summary = ?", leak); err != nil {
		t.Fatal(err)
	}
	admin := h.login("admin", adminPassword)
	for _, page := range []string{"/approvals", "/"} {
		_, doc := admin.get(page)
		html, _ := doc.Html()
		if strings.Contains(html, "hunter2") || strings.Contains(html, "ghp_Ab3d") {
			t.Errorf("%s shows the summary's secret", page)
		}
	}
	if _, out := h.api("GET", "/api/v1/approvals/"+filed.Approval, key, nil); strings.Contains(string(out), "hunter2") || !strings.Contains(string(out), "[masked]") {
		t.Errorf("the API shows the summary: %s", out)
	}
}
