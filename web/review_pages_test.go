package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// importLargeTools imports n tools of one service, each with a long
// description, as "importer": the queue a large upstream leaves.
func importLargeTools(t *testing.T, h *harness, ns string, n int) {
	t.Helper()
	sentence := "Returns the stored record for the key the caller gives, with its history and its owner's notes. "
	long := strings.Repeat(sentence, 16000/len(sentence))
	cs := make([]catalog.Contract, n)
	for i := range cs {
		cs[i] = catalog.Contract{ID: fmt.Sprintf("%s.t%03d", ns, i), Title: fmt.Sprintf("Record %d", i), Purpose: long, Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	}
	if _, err := h.store.ApplyImport(context.Background(), "importer", models.SourceMCP, ns, cs, ""); err != nil {
		t.Fatal(err)
	}
}

// TestReviewPageIsBoundedForALargeQueue: 150 candidates with long
// descriptions are listed 25 a page with the counts of all, and a view
// computes the leak findings of its page's tools only, once per tool
// version: a reload and a refused submission compute none. Failed
// before: one view listed and checked all 150.
func TestReviewPageIsBoundedForALargeQueue(t *testing.T) {
	h := sqliteOnly(t)
	importLargeTools(t, h, "many", 150)
	c := h.login("admin", adminPassword)
	res, d := c.get("/catalog/review?namespace=many")
	if res.StatusCode != http.StatusOK {
		t.Fatalf("review page: %d", res.StatusCode)
	}
	if n := d.Find(`[data-testid="review-form"] input[name="tools"]`).Length(); n != reviewPageSize {
		t.Fatalf("%d tools listed, want one page of %d", n, reviewPageSize)
	}
	if got := h.app.findings.count(); got != reviewPageSize {
		t.Errorf("%d leak checks for one page, want %d", got, reviewPageSize)
	}
	if txt := strings.Join(strings.Fields(d.Find(`[data-testid="review-pages"]`).Text()), " "); !strings.Contains(txt, "1–25 of 150") || !strings.Contains(txt, "page 1 of 6") {
		t.Errorf("pager says %q", txt)
	}
	if txt := d.Find(`[data-testid="review-count"]`).Text(); !strings.Contains(txt, "150") {
		t.Errorf("the count does not say 150: %q", txt)
	}
	next, ok := d.Find(`[data-testid="review-next"]`).Attr("href")
	if !ok || !strings.Contains(next, "namespace=many") || !strings.Contains(next, "page=2") {
		t.Fatalf("next page link %q keeps no filter", next)
	}
	c.get("/catalog/review?namespace=many")
	if got := h.app.findings.count(); got != reviewPageSize {
		t.Errorf("a reload computed %d more leak checks", got-reviewPageSize)
	}
	// a stale digest is refused with the one page, its findings cached
	form := url.Values{"tools": {"many.t000"}, "digest.many.t000": {strings.Repeat("0", 64)}, "status": {"available"}, "namespace": {"many"}}
	if res, _ := c.post("/catalog/review", form); res.StatusCode != http.StatusConflict {
		t.Errorf("stale digest: %d, want 409", res.StatusCode)
	}
	if got := h.app.findings.count(); got != reviewPageSize {
		t.Errorf("the refusal computed %d more leak checks", got-reviewPageSize)
	}
	_, d = c.get("/catalog/review?namespace=many&page=6")
	if n := d.Find(`[data-testid="review-form"] input[name="tools"]`).Length(); n != 25 || d.Find(`[data-testid="review-tool-many.t149"]`).Length() != 1 {
		t.Errorf("last page lists %d tools, or not many.t149", n)
	}
	if d.Find(`[data-testid="review-next"]`).Length() != 0 || d.Find(`[data-testid="review-prev"]`).Length() != 1 {
		t.Error("last page links: want a previous link and no next one")
	}
}

// TestReviewCostPerToolDoesNotGrowWithTheQueue: reading every page of a
// queue computes each tool's findings exactly once, with 30 tools as with
// 150, so the work is linear in the queue and one page's is bounded.
func TestReviewCostPerToolDoesNotGrowWithTheQueue(t *testing.T) {
	for _, n := range []int{30, 150} {
		h := sqliteOnly(t)
		importLargeTools(t, h, "many", n)
		c := h.login("admin", adminPassword)
		pages := (n + reviewPageSize - 1) / reviewPageSize
		for p := 1; p <= pages; p++ {
			before := h.app.findings.count()
			c.get(fmt.Sprintf("/catalog/review?page=%d", p))
			if got := h.app.findings.count() - before; got > reviewPageSize {
				t.Errorf("n=%d page %d: %d leak checks", n, p, got)
			}
		}
		if got := h.app.findings.count(); got != n {
			t.Errorf("n=%d: %d leak checks over all pages, want one a tool", n, got)
		}
	}
}
