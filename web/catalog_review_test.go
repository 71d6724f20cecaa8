package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/models"
)

// importGitHubAsCandidates imports the fixture as "importer"; the tools
// stay candidates.
func importGitHubAsCandidates(t *testing.T, h *harness) []catalog.Contract {
	t.Helper()
	cs := catalogtest.GitHub(t)
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	return cs
}

// addDigests adds the digest.<id> fields the review page carries for
// each selected tool.
func addDigests(t *testing.T, h *harness, form url.Values) {
	t.Helper()
	seen, err := h.store.ToolDigests(context.Background(), form["tools"])
	if err != nil {
		t.Fatal(err)
	}
	for id, d := range seen {
		form.Set("digest."+id, d)
	}
}

func statusOf(t *testing.T, h *harness, id string) string {
	t.Helper()
	r, err := h.store.ToolByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return r.Status
}

// TestToolReviewNothingPreselected: 117 candidates, none checked, each
// with its rendered contract on the page, the buttons in one action bar.
func TestToolReviewNothingPreselected(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	res, d := c.get("/catalog/review")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("review page: %d", res.StatusCode)
	}
	boxes := d.Find(`[data-testid="review-form"] input[name="tools"]`)
	if boxes.Length() != reviewPageSize {
		t.Fatalf("%d tools offered, want a page of %d", boxes.Length(), reviewPageSize)
	}
	if got := d.Find(`[data-testid="review-pages"]`).Text(); !strings.Contains(got, "of 117") {
		t.Errorf("the pager does not count 117 candidates: %q", got)
	}
	if n := d.Find(`input[name="tools"][checked]`).Length(); n != 0 {
		t.Errorf("%d tools pre-selected", n)
	}
	empty := 0
	d.Find(`[data-testid^="review-tool-"]`).Each(func(_ int, s *goquerySelection) {
		if strings.TrimSpace(s.Find(`[data-testid="contract-text"]`).Text()) == "" {
			empty++
		}
	})
	if empty > 0 {
		t.Errorf("%d tools without a rendered contract", empty)
	}
	first := d.Find(`[data-testid^="review-tool-github."]`).First()
	id, _ := first.Attr("data-testid")
	if name := strings.TrimPrefix(id, "review-tool-github."); name == id || !strings.Contains(first.Find(`[data-testid="contract-text"]`).Text(), name) {
		t.Errorf("%s's contract does not render its name", id)
	}
	if d.Find(`[data-testid="action-bar"] [data-testid="make-available"]`).Length() != 1 || d.Find(`[data-testid="make-available"]`).Length() != 1 {
		t.Error("the buttons are not in the one action bar")
	}
	if d.Find(`[data-testid="action-bar"] input[name="confirm"]`).Length() != 1 {
		t.Error("no confirmation for risky tools in the action bar")
	}
}

// TestToolReviewRiskyNeedsConfirmation: making a destructive or
// external-write tool available without the confirmation is a 422 naming
// it, nothing changes and the selection is kept; with it, it works.
func TestToolReviewRiskyNeedsConfirmation(t *testing.T) {
	h := sqliteOnly(t)
	cs := importGitHubAsCandidates(t, h)
	var safe, destructive string
	for _, k := range cs {
		switch {
		case k.Effects == catalog.EffectsReadOnly && safe == "":
			safe = k.ID
		case k.Effects == catalog.EffectsDestructive && destructive == "":
			destructive = k.ID
		}
	}
	if safe == "" || destructive == "" {
		t.Fatal("fixture lacks a read-only or a destructive tool")
	}
	c := h.login("admin", adminPassword)
	form := url.Values{"status": {"available"}, "tools": {safe, destructive}, "effects": {""}, "namespace": {"github"}}
	addDigests(t, h, form)
	res, d := c.post("/catalog/review", form)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("unconfirmed destructive: %d, want 422", res.StatusCode)
	}
	msg := d.Find(`[data-testid="review-error"]`).Text()
	if !strings.HasPrefix(msg, "confirm:") || !strings.Contains(msg, destructive) || strings.Contains(msg, safe) {
		t.Errorf("error %q does not name the field and the destructive tool only", msg)
	}
	for _, id := range []string{safe, destructive} {
		if st := statusOf(t, h, id); st != models.ToolCandidate {
			t.Errorf("%s is %s after a refused review", id, st)
		}
		if d.Find(`input[name="tools"][value="`+id+`"][checked]`).Length() != 1 {
			t.Errorf("the refused form lost the selection of %s", id)
		}
	}
	form.Set("confirm", "1")
	res, _ = c.post("/catalog/review", form)
	if res.StatusCode != http.StatusSeeOther || res.Header.Get("Location") != "/catalog/review?namespace=github" {
		t.Fatalf("confirmed: %d → %s", res.StatusCode, res.Header.Get("Location"))
	}
	for _, id := range []string{safe, destructive} {
		if st := statusOf(t, h, id); st != models.ToolAvailable {
			t.Errorf("%s is %s after a confirmed review", id, st)
		}
	}
	// rejecting needs no confirmation; read-only alone needs none either
	var other string
	for _, k := range cs {
		if k.Effects == catalog.EffectsReadOnly && k.ID != safe {
			other = k.ID
			break
		}
	}
	form = url.Values{"status": {"available"}, "tools": {other}}
	addDigests(t, h, form)
	if res, _ := c.post("/catalog/review", form); res.StatusCode != http.StatusSeeOther {
		t.Errorf("read-only only: %d", res.StatusCode)
	}
}

// TestToolReviewFilters: effects and service narrow the list and keep the
// total; a filter with no match says so and offers the way back.
func TestToolReviewFilters(t *testing.T) {
	h := sqliteOnly(t)
	cs := importGitHubAsCandidates(t, h)
	want := 0
	for _, k := range cs {
		if k.Effects == catalog.EffectsDestructive {
			want++
		}
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/catalog/review?effects=destructive")
	if n := d.Find(`input[name="tools"]`).Length(); n != min(want, reviewPageSize) {
		t.Errorf("destructive filter shows %d tools, want %d", n, min(want, reviewPageSize))
	}
	if got := d.Find(`[data-testid="review-count"]`).Text(); !strings.Contains(got, fmt.Sprint(want)+" of 117 candidates") {
		t.Errorf("count %q", got)
	}
	_, d = c.get("/catalog/review?namespace=native")
	if d.Find(`[data-testid="review-empty"]`).Length() != 1 || d.Find(`[data-testid="review-form"]`).Length() != 0 {
		t.Error("a filter with no match shows no empty state")
	}
}

// TestToolReviewShowsDiffOfChangedTool: a re-imported, changed tool shows
// the diff against the approved version next to its contract.
func TestToolReviewShowsDiffOfChangedTool(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	cs := importGitHubAsCandidates(t, h)
	ids := make([]string, len(cs))
	for i, k := range cs {
		ids[i] = k.ID
	}
	seen, err := h.store.ToolDigests(ctx, ids)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := h.store.ReviewTools(ctx, "reviewer", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	for i := range cs {
		if cs[i].ID == "github.get_me" {
			cs[i].Purpose += " It now also returns the user's plan."
		}
	}
	if _, err := h.store.ApplyImport(ctx, "importer", models.SourceMCP, "github", cs, ""); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	_, d := c.get("/catalog/review")
	item := d.Find(`[data-testid="review-tool-github.get_me"]`)
	diff := item.Find(`[data-testid="diff"]`).Text()
	if !strings.Contains(diff, "returns the user's plan") {
		t.Errorf("changed tool's diff: %q", diff)
	}
	if len(diff) > 4000 {
		t.Errorf("the diff shows %d bytes for a one-sentence change", len(diff))
	}
}

// TestReviewQueueListsCandidateTools: tools awaiting review appear in the
// review queue, by effects, except for their importer.
func TestReviewQueueListsCandidateTools(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	_, d := c.get("/reviews")
	if got := d.Find(`[data-testid="queue-tools-link"]`).Text(); got != "117 candidate tools" {
		t.Errorf("queue shows %q", got)
	}
	h.addUser("importer", models.RoleReviewer)
	_, d = h.login("importer", "importer-password").get("/reviews")
	if d.Find(`[data-testid="queue-tools-link"]`).Length() != 0 || !strings.Contains(d.Find(`[data-testid="queue-tools"]`).Text(), "117 candidates you imported wait") {
		t.Errorf("importer's queue: %q", d.Find(`[data-testid="queue-tools"]`).Text())
	}
}
