package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestToolIDsBreakAtWords: a tool id on the Approvals page and the review
// queue's tool list is rendered with a line-break opportunity where its
// words meet (views.NameWithBreaks), so a narrow column wraps
// "workspace_" / "write" instead of inside a word.
func TestToolIDsBreakAtWords(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	who := map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("c-8"), "summary": "Save the Q3 summary"}
	if res, out := h.api(http.MethodPost, "/api/v1/approvals", key, who); res.StatusCode != http.StatusCreated {
		t.Fatalf("request: %d %s", res.StatusCode, out)
	}
	_, page := h.login("admin", adminPassword).get("/approvals")
	html, _ := page.Html()
	if !strings.Contains(html, "workspace_<wbr/>write") && !strings.Contains(html, "workspace_<wbr>write") {
		t.Errorf("the Approvals page does not break workspace_write at its words")
	}
}
