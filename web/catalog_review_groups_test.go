package web

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// pageDigests is what the review page carries for every tool it shows:
// digest.<id> fields, as a browser submits them whatever is selected.
func pageDigests(t *testing.T, c *client, path string) url.Values {
	t.Helper()
	_, page := c.get(path)
	form := url.Values{}
	page.Find(`[data-testid="review-form"] input[type="hidden"][name^="digest."]`).Each(func(_ int, s *goquerySelection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		form.Set(n, v)
	})
	if len(form) == 0 {
		t.Fatalf("%s carries no digests", path)
	}
	return form
}

// TestToolReviewReadAllSelectsItsSet: one "I have read these" tick per
// set selects every tool of the set the page showed (no per-tool click),
// and nothing outside it; the set's box is on the page for each set.
func TestToolReviewReadAllSelectsItsSet(t *testing.T) {
	h := sqliteOnly(t)
	cs := importGitHubAsCandidates(t, h)
	var readOnly, others []string
	for _, k := range cs {
		if k.Effects == catalog.EffectsReadOnly {
			readOnly = append(readOnly, k.ID)
		} else {
			others = append(others, k.ID)
		}
	}
	c := h.login("admin", adminPassword)
	_, page := c.get("/catalog/review")
	box := page.Find(`[data-testid="review-group-github-read-only"] input[name="readall"][value="github/read-only"]`)
	if box.Length() != 1 {
		t.Fatalf("the github read-only set has %d read-all boxes, want 1", box.Length())
	}
	if got := page.Find(`[data-testid="review-group-github-read-only"] [data-testid="read-all"]`).Text(); !strings.Contains(got, "I have read these") {
		t.Errorf("read-all label %q", got)
	}
	// the set spans pages (25 tools a page, a set's tools next to each
	// other): the tick selects what this page showed of it
	for range 10 {
		_, page := c.get("/catalog/review")
		if page.Find(`input[name="readall"][value="github/read-only"]`).Length() == 0 {
			break
		}
		form := pageDigests(t, c, "/catalog/review")
		form.Set("status", "available")
		form.Set("readall", "github/read-only")
		res, _ := c.post("/catalog/review", form)
		if res.StatusCode != http.StatusSeeOther {
			t.Fatalf("read-all review: %d", res.StatusCode)
		}
	}
	for _, id := range readOnly {
		if st := statusOf(t, h, id); st != models.ToolAvailable {
			t.Errorf("%s is %s after its set was read and made available", id, st)
		}
	}
	for _, id := range others {
		if st := statusOf(t, h, id); st != models.ToolCandidate {
			t.Errorf("%s, outside the set, is %s", id, st)
		}
	}
}

// TestToolReviewReadAllOnlyWhatWasShown: a read-all tick selects only the
// tools whose digest the page carried (the ones the reviewer was shown):
// a set's tool filtered out of the page stays a candidate.
func TestToolReviewReadAllOnlyWhatWasShown(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	form := pageDigests(t, c, "/catalog/review?effects=destructive&namespace=github")
	form.Set("status", "available")
	form.Set("confirm", "1")
	form.Add("readall", "github/destructive")
	form.Add("readall", "github/read-only") // not on the page it came from
	if res, _ := c.post("/catalog/review", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("read-all review: %d", res.StatusCode)
	}
	if st := statusOf(t, h, "github.get_me"); st != models.ToolCandidate {
		t.Errorf("github.get_me (read-only, not shown) is %s", st)
	}
}

// TestToolReviewRejectNeedsReason: rejecting without a reason is a 422
// whose message sits next to the reject button and names the field;
// nothing changes. With a reason the tools are rejected and the audit
// event keeps the reason.
func TestToolReviewRejectNeedsReason(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	form := url.Values{"status": {"rejected"}, "tools": {"github.get_me"}}
	addDigests(t, h, form)
	res, d := c.post("/catalog/review", form)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("reject without a reason: %d, want 422", res.StatusCode)
	}
	if got := d.Find(`[data-testid="action-bar"] [data-testid="reason-error"]`).Text(); !strings.Contains(got, "reason") {
		t.Errorf("no reason error at the reject button: %q", got)
	}
	if got := d.Find(`[data-testid="review-error"]`).Text(); !strings.Contains(got, "reason") {
		t.Errorf("the summary at the top does not name the reason: %q", got)
	}
	if st := statusOf(t, h, "github.get_me"); st != models.ToolCandidate {
		t.Fatalf("refused rejection changed the tool: %s", st)
	}
	form.Set("reason", "duplicates our own profile tool")
	if res, _ := c.post("/catalog/review", form); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("reject with a reason: %d", res.StatusCode)
	}
	if st := statusOf(t, h, "github.get_me"); st != models.ToolRejected {
		t.Fatalf("github.get_me is %s", st)
	}
	evs, _, err := h.store.AuditEvents(context.Background(), models.AuditFilter{Action: "tool.rejected"})
	if err != nil {
		t.Fatal(err)
	}
	if len(evs) != 1 || !strings.Contains(evs[0].Detail, "duplicates our own profile tool") {
		t.Errorf("audit of the rejection: %+v", evs)
	}
}

// TestToolReviewConfirmationAtTheButton: the refusal of an unconfirmed
// destructive tool is shown in the action bar, beside the confirmation and
// the button that needs it.
func TestToolReviewConfirmationAtTheButton(t *testing.T) {
	h := sqliteOnly(t)
	importGitHubAsCandidates(t, h)
	c := h.login("admin", adminPassword)
	form := pageDigests(t, c, "/catalog/review?effects=destructive")
	form.Set("status", "available")
	form.Set("readall", "github/destructive")
	res, d := c.post("/catalog/review", form)
	if res.StatusCode != http.StatusUnprocessableEntity {
		t.Fatalf("unconfirmed: %d", res.StatusCode)
	}
	bar := d.Find(`[data-testid="action-bar"]`)
	avail := bar.Find(`[data-testid="decide-available"]`)
	if avail.Find(`input[name="confirm"]`).Length() != 1 || avail.Find(`[data-testid="make-available"]`).Length() != 1 {
		t.Error("the confirmation is not beside the make-available button")
	}
	if got := avail.Find(`[data-testid="confirm-error"]`).Text(); !strings.Contains(got, "destructive") {
		t.Errorf("confirmation error at the button: %q", got)
	}
	if d.Find(`input[name="readall"][value="github/destructive"][checked]`).Length() != 1 {
		t.Error("the refused form lost the read-all tick")
	}
}
