package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// roundFixture: ed proposes to change source-check (production v1), rita
// and rob review.
type roundFixture struct {
	h         *harness
	ed, rita  *client
	id        int
	prod      *models.SkillVersion
	path      string
	procedure string
}

func newRound(t *testing.T) *roundFixture {
	t.Helper()
	h := sqliteOnly(t)
	ctx := context.Background()
	h.addUser("ed", models.RoleEditor)
	h.addUser("rita", models.RoleReviewer)
	k, err := h.store.SkillBySlug(ctx, "source-check")
	if err != nil {
		t.Fatal(err)
	}
	prod, err := h.store.ProductionVersion(ctx, k.ID)
	if err != nil {
		t.Fatal(err)
	}
	f := &roundFixture{h: h, ed: h.login("ed", "ed-password"), rita: h.login("rita", "rita-password"), prod: prod}
	f.procedure = strings.Replace(prod.Procedure, "Quote it", "Cite it", 1)
	res, _ := f.ed.post("/skills/source-check/proposals", url.Values{"name": {prod.Name}, "summary": {prod.Summary}, "procedure": {f.procedure},
		"required_tools": {strings.Join(prod.RequiredTools(), ",")}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("propose: %d", res.StatusCode)
	}
	f.path = res.Header.Get("Location")
	f.id, _ = strconv.Atoi(strings.TrimPrefix(f.path, "/proposals/"))
	return f
}

func (f *roundFixture) review(t *testing.T, c *client, kind, comment string) {
	t.Helper()
	_, d := c.get(f.path)
	digest, _ := d.Find(`[data-testid="review-form"] input[name="digest"]`).Attr("value")
	if res, _ := c.post(f.path+"/reviews", url.Values{"digest": {digest}, "kind": {kind}, "comment": {comment}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("review %s: %d", kind, res.StatusCode)
	}
}

func (f *roundFixture) revise(t *testing.T, rev int, procedure string) {
	t.Helper()
	res, _ := f.ed.post(f.path+"/revise", url.Values{"revision": {strconv.Itoa(rev)}, "name": {f.prod.Name}, "summary": {f.prod.Summary},
		"procedure": {procedure}, "required_tools": {strings.Join(f.prod.RequiredTools(), ",")}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("revise: %d", res.StatusCode)
	}
}

// TestReviewerSeesOnlyWhatChangedSinceTheirReview: after a change request
// and a new revision, the reviewer's page shows the change from the
// revision they reviewed — one line — not the whole change against
// production; each review names its revision; an approval of an older
// revision says it is stale and why.
func TestReviewerSeesOnlyWhatChangedSinceTheirReview(t *testing.T) {
	f := newRound(t)
	f.h.addUser("rob", models.RoleReviewer)
	rob := f.h.login("rob", "rob-password")
	f.review(t, f.rita, "request_changes", "Say what to do when a source is gone.")
	f.review(t, rob, "approve", "Fine by me.")
	_, d := f.rita.get(f.path)
	if d.Find(`[data-testid="since-review"]`).Length() != 0 {
		t.Error("a comparison shows before any new revision")
	}
	f.revise(t, 1, f.procedure+"5. When a source is gone, say so.\n")
	_, d = f.rita.get(f.path)
	if got := d.Find(`[data-testid="since-title"]`).Text(); !strings.Contains(got, "since your review of revision 1") {
		t.Errorf("since title %q", got)
	}
	since := d.Find(`[data-testid="since-review"]`)
	if del, add := since.Find(".diff-del").Length(), since.Find(".diff-add").Length(); del != 0 || add != 1 || !strings.Contains(since.Find(".diff-add").Text(), "5. When a source is gone") {
		t.Errorf("since the review: %d removed, %d added lines, want 0 and 1:\n%s", del, add, since.Text())
	}
	if del := d.Find(`[data-testid="diff"] .diff-del`).Length(); del < 1 {
		t.Error("the diff against production lost its own change")
	}
	revs := d.Find(`[data-testid="review-revision"]`)
	if revs.Length() != 2 || !strings.Contains(revs.First().Text(), "revision 1") {
		t.Errorf("reviews name revisions %q", revs.Text())
	}
	if got := d.Find(`[data-testid="review-stale"]`).Text(); !strings.Contains(got, "approved revision 1, now revision 2") {
		t.Errorf("stale approval reads %q", got)
	}
	// any reader can compare any earlier revision
	_, d = f.ed.get(f.path + "?since=1")
	if got := d.Find(`[data-testid="since-title"]`).Text(); !strings.Contains(got, "Changes since revision 1") {
		t.Errorf("since=1 for the author: %q", got)
	}
	if d.Find(`[data-testid="compare-revisions"] option[value="1"]`).Length() != 1 {
		t.Error("no revision picker")
	}
}

// TestOutOfDateProposalSaysSoAndRebases: production moves (the seeded
// approved proposal is promoted) under ed's proposal; its page says from
// which version to which, shows the line promoting it would remove, and
// ed's rebase makes a new revision holding both changes, up to date.
func TestOutOfDateProposalSaysSoAndRebases(t *testing.T) {
	f := newRound(t)
	admin := f.h.login("admin", adminPassword)
	if res, _ := admin.post("/proposals/5/promote", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("promote 5: %d", res.StatusCode)
	}
	_, d := f.rita.get(f.path)
	ood := d.Find(`[data-testid="out-of-date"]`)
	if !strings.Contains(ood.Text(), "production moved from v1 to v2 since this was proposed") {
		t.Fatalf("out of date: %q", ood.Text())
	}
	undo := d.Find(`[data-testid="would-undo"]`)
	if undo.Find(".diff-del").Length() != 1 || !strings.Contains(undo.Find(".diff-del").Text(), "try an archived copy") || undo.Find(".diff-add").Length() != 0 {
		t.Errorf("would undo:\n%s", undo.Text())
	}
	if d.Find(`[data-testid="rebase"]`).Length() != 0 {
		t.Error("a reviewer is offered the author's rebase")
	}
	_, d = f.ed.get(f.path)
	if d.Find(`[data-testid="rebase"]`).Length() != 1 {
		t.Fatal("the author is not offered a rebase")
	}
	res, _ := f.ed.post(f.path+"/rebase", url.Values{"revision": {"1"}})
	if res.StatusCode != http.StatusSeeOther {
		t.Fatalf("rebase: %d", res.StatusCode)
	}
	p, _ := f.h.store.ProposalByID(context.Background(), uint(f.id))
	if p.BaseVersion != 2 || p.Revision != 2 || !strings.Contains(p.Procedure, "Cite it") || !strings.Contains(p.Procedure, "try an archived copy") {
		t.Errorf("rebased: base v%d revision %d\n%s", p.BaseVersion, p.Revision, p.Procedure)
	}
	_, d = f.rita.get(f.path)
	if d.Find(`[data-testid="out-of-date"]`).Length() != 0 {
		t.Error("still out of date after the rebase")
	}
	if del, add := d.Find(`[data-testid="production-diff"] .diff-del`).Length(), d.Find(`[data-testid="production-diff"] .diff-add`).Length(); del != 1 || add != 1 {
		t.Errorf("against production after the rebase: %d removed, %d added, want 1 and 1", del, add)
	}
}

// TestRebaseConflictsAreShownBeforeAnythingIsSaved: production and the
// proposal changed the same line; the rebase writes nothing, lists the
// conflict and fills the form with both sides; the form refuses the
// markers, and the author's resolution saves as a rebased revision.
func TestRebaseConflictsAreShownBeforeAnythingIsSaved(t *testing.T) {
	f := newRound(t)
	ctx := context.Background()
	admin, _ := f.h.store.UserByName(ctx, "admin")
	other := f.prod.Content()
	other.Procedure = strings.Replace(other.Procedure, "Quote it", "Paraphrase it", 1)
	p, err := f.h.store.Propose(ctx, "ed", "source-check", false, other)
	if err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.store.AddReview(ctx, admin, p.ID, models.ReviewApprove, p.Digest, "ok"); err != nil {
		t.Fatal(err)
	}
	if _, err := f.h.store.Promote(ctx, admin, p.ID, models.PromotePolicy{RequiredApprovals: 1}); err != nil {
		t.Fatal(err)
	}
	res, d := f.ed.post(f.path+"/rebase", url.Values{"revision": {"1"}})
	if res.StatusCode != http.StatusConflict {
		t.Fatalf("conflicting rebase: %d", res.StatusCode)
	}
	if got := d.Find(`[data-testid="rebase-conflicts"]`).Text(); !strings.Contains(got, "Paraphrase it") || !strings.Contains(got, "Cite it") {
		t.Errorf("conflicts %q", got)
	}
	form := d.Find(`[data-testid="skill-form"]`)
	merged := form.Find(`textarea[name="procedure"]`).Text()
	onto, _ := form.Find(`input[name="onto"]`).Attr("value")
	if !strings.Contains(merged, "<<<<<<< production v2") || onto != "2" {
		t.Fatalf("form: onto %q\n%s", onto, merged)
	}
	if got, _ := f.h.store.ProposalByID(ctx, uint(f.id)); got.Revision != 1 {
		t.Errorf("a conflicting rebase wrote revision %d", got.Revision)
	}
	post := func(procedure string) *http.Response {
		res, _ := f.ed.post(f.path+"/revise", url.Values{"revision": {"1"}, "onto": {onto}, "name": {f.prod.Name}, "summary": {f.prod.Summary},
			"procedure": {procedure}, "required_tools": {strings.Join(f.prod.RequiredTools(), ",")}})
		return res
	}
	if res := post(merged); res.StatusCode != http.StatusUnprocessableEntity {
		t.Errorf("markers saved: %d", res.StatusCode)
	}
	if res := post(strings.Replace(f.procedure, "Cite it", "Cite and paraphrase it", 1)); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("resolved: %d", res.StatusCode)
	}
	if got, _ := f.h.store.ProposalByID(ctx, uint(f.id)); got.BaseVersion != 2 || got.Revision != 2 {
		t.Errorf("resolved rebase: base v%d revision %d", got.BaseVersion, got.Revision)
	}
}
