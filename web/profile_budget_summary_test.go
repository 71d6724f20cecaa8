package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestTheVersionSummaryStatesBudgets: a profile version's summary (its
// page's current version and history) said tier, catalog form and
// deferral but not the run budgets, so two versions that differ only in
// their budgets read alike. It states them now.
func TestTheVersionSummaryStatesBudgets(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	p, err := h.store.ProfileBySlug(ctx, "web-research")
	if err != nil {
		t.Fatal(err)
	}
	v, err := h.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
	if err != nil {
		t.Fatal(err)
	}
	ct := v.Content()
	ct.SearchBudget, ct.CallBudget, ct.Message = 5, 0, "a search budget"
	if _, err := h.store.SaveProfileVersion(ctx, "admin", "web-research", p.CurrentVersion, ct, h.knownToolIDs(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	_, d := h.login("admin", adminPassword).get("/profiles/web-research")
	text := strings.Join(strings.Fields(d.Find("main").Text()), " ")
	if !strings.Contains(text, "run budget: 5 searches, no call limit") || !strings.Contains(text, "no run budget") {
		t.Errorf("the version summaries do not state the budgets: %q", text)
	}
	if got := budgetText(1, 30); got != "run budget: 1 search, 30 calls" {
		t.Errorf("budgetText(1, 30) = %q", got)
	}
}
