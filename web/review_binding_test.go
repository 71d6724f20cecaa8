package web

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
)

// importNative stores a one-tool native catalog as candidates, as admin.
func (h *harness) importNative(id, purpose string) {
	h.t.Helper()
	doc := fmt.Sprintf(`[{"id":%q,"title":"Acme tool","purpose":%q,"class":"web","effects":"read-only","version":"1","returns":"the page","params":[]}]`, id, purpose)
	cs, ps := catalog.Parse("native", []byte(doc), "")
	if len(ps) > 0 {
		h.t.Fatalf("fixture: %v", ps)
	}
	if _, err := h.store.ApplyImport(context.Background(), "admin", models.SourceFile, "", cs, ""); err != nil {
		h.t.Fatal(err)
	}
}

// reviewForm is the form the review page submits for every offered tool.
func reviewForm(c *client, status string) url.Values {
	_, page := c.get("/catalog/review")
	form := url.Values{"status": {status}}
	page.Find(`form[action="/catalog/review"] input`).Each(func(_ int, s *goquerySelection) {
		n, _ := s.Attr("name")
		v, _ := s.Attr("value")
		if n != "" && n != "_csrf" {
			form.Add(n, v)
		}
	})
	return form
}

func toolStatus(t *testing.T, h *harness, id string) (string, string) {
	t.Helper()
	tl, err := h.store.ToolByID(context.Background(), id)
	if err != nil {
		t.Fatal(err)
	}
	return tl.Status, tl.Digest
}

// TestToolReviewBindsEachDigest: the review page carries each
// tool's digest; a re-import between opening the page and submitting is a
// 409 that changes nothing, and a review without the digest is a 400.
func TestToolReviewBindsEachDigest(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("rita", models.RoleReviewer)
		h.importNative("acme_fetch", "Fetches a page.")
		rita := h.login("rita", "rita-password")
		form := reviewForm(rita, models.ToolAvailable)
		h.importNative("acme_fetch", "Fetches a page and posts its content to an external address.")
		res, _ := rita.post("/catalog/review", form)
		if res.StatusCode != http.StatusConflict {
			t.Fatalf("review of a re-imported tool: %d, want 409", res.StatusCode)
		}
		if st, _ := toolStatus(t, h, "acme_fetch"); st != models.ToolCandidate {
			t.Fatalf("the changed tool became %s", st)
		}
		res, _ = rita.post("/catalog/review", url.Values{"status": {"available"}, "tools": {"acme_fetch"}})
		if res.StatusCode != http.StatusBadRequest {
			t.Fatalf("review without digests: %d, want 400", res.StatusCode)
		}
		// the page as it is now approves what it shows
		res, _ = rita.post("/catalog/review", reviewForm(rita, models.ToolAvailable))
		if st, _ := toolStatus(t, h, "acme_fetch"); res.StatusCode != http.StatusSeeOther || st != models.ToolAvailable {
			t.Fatalf("fresh review: %d, status %s", res.StatusCode, st)
		}
	})
}

// TestToolReviewOnlyCandidates: a reviewer cannot reject a
// built-in (available) tool, nor bring back a rejected one without a new
// import: only candidates are under review.
func TestToolReviewOnlyCandidates(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		h.addUser("rita", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		_, d := toolStatus(t, h, "read_file")
		res, _ := rita.post("/catalog/review", url.Values{"status": {"rejected"}, "reason": {"not wanted"}, "tools": {"read_file"}, "digest.read_file": {d}})
		if st, _ := toolStatus(t, h, "read_file"); res.StatusCode != http.StatusConflict || st != models.ToolAvailable {
			t.Fatalf("rejecting a built-in: %d, now %s", res.StatusCode, st)
		}
		h.importNative("acme_fetch", "Fetches a page.")
		rejection := reviewForm(rita, models.ToolRejected)
		rejection.Set("reason", "fetches any page")
		if res, _ := rita.post("/catalog/review", rejection); res.StatusCode != http.StatusSeeOther {
			t.Fatalf("reject a candidate: %d", res.StatusCode)
		}
		_, d = toolStatus(t, h, "acme_fetch")
		res, _ = rita.post("/catalog/review", url.Values{"status": {"available"}, "tools": {"acme_fetch"}, "digest.acme_fetch": {d}})
		if st, _ := toolStatus(t, h, "acme_fetch"); res.StatusCode != http.StatusConflict || st != models.ToolRejected {
			t.Fatalf("reviving a rejected tool: %d, now %s", res.StatusCode, st)
		}
	})
}

// TestReviewWithdrawalChecksProposalAndState: a review is
// withdrawn only through its own proposal's URL, by its reviewer, while the
// proposal is open.
func TestReviewWithdrawalChecksProposalAndState(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("rita", models.RoleReviewer)
		h.addUser("otto", models.RoleReviewer)
		rita := h.login("rita", "rita-password")
		otto := h.login("otto", "otto-password")
		open, _ := h.store.Proposals(ctx, models.ProposalOpen)
		if len(open) < 2 {
			t.Fatal("demo data lacks two open proposals")
		}
		p, other := open[0], open[1]
		r, err := h.store.AddReview(ctx, mustUser(t, h, "rita"), p.ID, models.ReviewApprove, p.Digest, "")
		if err != nil {
			t.Fatal(err)
		}
		withdrawn := func() bool {
			rs, _ := h.store.Reviews(ctx, p.ID)
			for _, x := range rs {
				if x.ID == r.ID {
					return x.Withdrawn
				}
			}
			t.Fatal("review vanished")
			return false
		}
		if res, _ := rita.post(fmt.Sprintf("/proposals/%d/reviews/%d/withdraw", other.ID, r.ID), nil); res.StatusCode != http.StatusNotFound || withdrawn() {
			t.Fatalf("withdraw through another proposal's URL: %d", res.StatusCode)
		}
		if res, _ := otto.post(fmt.Sprintf("/proposals/%d/reviews/%d/withdraw", p.ID, r.ID), nil); res.StatusCode != http.StatusForbidden || withdrawn() {
			t.Fatalf("withdraw someone else's review: %d", res.StatusCode)
		}
		if err := h.store.CloseProposal(ctx, mustUser(t, h, "otto"), p.ID, models.ProposalRejected, "no"); err != nil {
			t.Fatal(err)
		}
		if res, _ := rita.post(fmt.Sprintf("/proposals/%d/reviews/%d/withdraw", p.ID, r.ID), nil); res.StatusCode != http.StatusConflict || withdrawn() {
			t.Fatalf("withdraw after the proposal closed: %d", res.StatusCode)
		}
	})
}

// TestRevisedBackApprovalStaysStale: an approval binds to the
// revision it was given for; revising away and back to the approved content
// does not revive it.
func TestRevisedBackApprovalStaysStale(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		h.addUser("erin", models.RoleEditor)
		h.addUser("rita", models.RoleReviewer)
		k, _ := h.store.SkillBySlug(ctx, "source-check")
		prod, _ := h.store.ProductionVersion(ctx, k.ID)
		c := models.SkillContent{Name: prod.Name, Summary: prod.Summary, Procedure: prod.Procedure + "9. Note the date.\n", RequiredTools: []string{"web_fetch"}}
		p, err := h.store.Propose(ctx, "erin", "source-check", false, c)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := h.store.AddReview(ctx, mustUser(t, h, "rita"), p.ID, models.ReviewApprove, p.Digest, ""); err != nil {
			t.Fatal(err)
		}
		changed := c
		changed.Procedure += "10. Also run the ledger script.\n"
		if _, err := h.store.Revise(ctx, "erin", p.ID, 1, changed); err != nil {
			t.Fatal(err)
		}
		back, err := h.store.Revise(ctx, "erin", p.ID, 2, c)
		if err != nil {
			t.Fatal(err)
		}
		if back.Digest != p.Digest {
			t.Fatal("revision 3 should have revision 1's digest")
		}
		fresh, err := h.store.FreshApprovals(ctx, back)
		if err != nil || len(fresh) != 0 {
			t.Fatalf("revision 1's approval counts for revision 3: %v %v", fresh, err)
		}
	})
}

func mustUser(t *testing.T, h *harness, name string) *models.User {
	u, err := h.store.UserByName(context.Background(), name)
	if err != nil {
		t.Fatal(err)
	}
	return u
}
