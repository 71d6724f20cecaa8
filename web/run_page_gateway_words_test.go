package web

import (
	"net/http"
	"strings"
	"testing"
)

// TestGatewayRunPageUsesTheGatewaysWords: a gateway run's page headed its
// columns with the runtime API's words — receipts, receipt ids, surface,
// step — which an MCP client's run never shows its client (the gateway
// keeps the session's searches itself). Now its columns and notes say
// what an MCP client's run has: the searches made before each request,
// the search a call used, the tool set the subject may be
// shown, and the id of each search's activation; a runtime API run's page
// keeps the API's words. A call's row says what happened to it
// ("allowed", "refused: …"), not the protocol's "→ active".
func TestGatewayRunPageUsesTheGatewaysWords(t *testing.T) {
	h := sqliteOnly(t)
	run := gatewayRunWithACarry(t, h)
	admin := h.login("admin", adminPassword)
	res, doc := admin.get("/runs/" + run)
	if res.StatusCode != http.StatusOK {
		t.Fatalf("run page: %d", res.StatusCode)
	}
	head := strings.ToLower(doc.Find(`[data-testid="run-events"] thead`).Text())
	for _, word := range []string{"receipt", "surface", "step"} {
		if strings.Contains(head, word) {
			t.Errorf("a gateway run's columns say %q: %q", word, head)
		}
	}
	for _, want := range []string{"searches before", "searches used", "tool set", "activation"} {
		if !strings.Contains(head, want) {
			t.Errorf("a gateway run's columns do not say %q: %q", want, head)
		}
	}
	notes := strings.ToLower(doc.Find(`[data-testid="run-summary"]`).Text() + " " + doc.Find(`[data-testid="run-surfaces"]`).Text())
	for _, word := range []string{"receipt", "surface", "runtime api"} {
		if strings.Contains(notes, word) {
			t.Errorf("a gateway run's notes say %q: %q", word, notes)
		}
	}
	cells := strings.ToLower(doc.Find(`[data-testid="run-events"] tbody`).Text())
	for _, word := range []string{"valid", "new surface", "reachable", "→", "in effect"} {
		if strings.Contains(cells, word) {
			t.Errorf("a gateway run's rows say %q", word)
		}
	}
	for _, want := range []string{"no search used", "1 search used", "1 earlier search no longer applies", "new tool set"} {
		if !strings.Contains(cells, want) {
			t.Errorf("a gateway run's rows do not say %q:\n%s", want, cells)
		}
	}

	// a runtime API run keeps the API's words
	key := h.runtimeKey()
	h.api(http.MethodPost, "/api/v1/runs/api-run/steps", key, map[string]any{"agent": "analyst", "receipts": []any{}})
	h.app.gw.evidence.close()
	_, doc = admin.get("/runs/api-run")
	head = doc.Find(`[data-testid="run-events"] thead`).Text()
	for _, want := range []string{"Receipts", "Surface", "Step", "Receipt ids"} {
		if !strings.Contains(head, want) {
			t.Errorf("a runtime API run's columns do not say %q: %q", want, head)
		}
	}
}
