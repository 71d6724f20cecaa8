package web

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// inboxOf reads a user's dashboard inbox: kind → link and unread state of
// the items about proposal id.
func inboxOf(t *testing.T, c *client, id int) map[string][2]string {
	t.Helper()
	_, d := c.get("/")
	out := map[string][2]string{}
	d.Find(`[data-testid="inbox-item"]`).Each(func(_ int, s *goquery.Selection) {
		href, _ := s.Find("a").Attr("href")
		if u, _ := url.Parse(href); u == nil || u.Path != "/proposals/"+strconv.Itoa(id) {
			return
		}
		kind, _ := s.Attr("data-kind")
		unread, _ := s.Attr("data-unread")
		out[kind] = [2]string{href, unread}
	})
	return out
}

// TestInboxTellsAuthorsAndReviewers: a reviewer's inbox holds the review
// request until they open the proposal; the author learns of the change
// request, linked to the revision, and after a new revision the link
// shows what changed since; approval and promotion reach the author; a
// rejection with its reason too; "Mark all read" clears the unread state.
func TestInboxTellsAuthorsAndReviewers(t *testing.T) {
	f := newRound(t)
	p := "/proposals/" + strconv.Itoa(f.id)
	if got := inboxOf(t, f.rita, f.id); got["review_requested"] != [2]string{p, "true"} {
		t.Fatalf("rita's inbox %v", got)
	}
	f.rita.get(p)
	if got := inboxOf(t, f.rita, f.id); got["review_requested"][1] != "false" {
		t.Errorf("opening the proposal did not read the request: %v", got)
	}
	f.review(t, f.rita, "request_changes", "Name the archive.")
	if got := inboxOf(t, f.ed, f.id); got["changes_requested"] != [2]string{p, "true"} {
		t.Fatalf("ed's inbox %v", got)
	}
	f.revise(t, 1, f.procedure+"5. Try the Internet Archive.\n")
	if got := inboxOf(t, f.ed, f.id); got["changes_requested"][0] != p+"?since=1" {
		t.Errorf("after revision 2 the change request links %v", got)
	}
	if got := inboxOf(t, f.rita, f.id); got["review_requested"] != [2]string{p, "true"} {
		t.Errorf("revision 2 is not a new review request for rita: %v", got)
	}
	f.review(t, f.rita, "approve", "Good.")
	if res, _ := f.rita.post(p+"/promote", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("promote: %d", res.StatusCode)
	}
	got := inboxOf(t, f.ed, f.id)
	if got["approved"][1] != "true" || got["promoted"][1] != "true" {
		t.Errorf("ed's inbox after the promotion %v", got)
	}
	if _, ok := inboxOf(t, f.rita, f.id)["review_requested"]; ok {
		t.Error("a promoted proposal still asks rita's review")
	}
	ctx := context.Background()
	other, err := f.h.store.Propose(ctx, "ed", "source-check", false, f.prod.Content())
	if err != nil {
		t.Fatal(err)
	}
	if res, _ := f.rita.post("/proposals/"+strconv.Itoa(int(other.ID))+"/reject", url.Values{"reason": {"no change"}}); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("reject: %d", res.StatusCode)
	}
	_, d := f.ed.get("/")
	rej := d.Find(`[data-testid="inbox-item"][data-kind="rejected"]`)
	if rej.Length() != 1 || !containsAll(rej.Text(), "rita rejected your proposal", "no change") {
		t.Errorf("rejection %q", rej.Text())
	}
	if d.Find(`[data-testid="inbox-unread"]`).Length() != 1 {
		t.Error("no unread count")
	}
	if res, _ := f.ed.post("/inbox/read", nil); res.StatusCode != http.StatusSeeOther {
		t.Fatalf("mark read: %d", res.StatusCode)
	}
	_, d = f.ed.get("/")
	if n := d.Find(`[data-testid="inbox-item"][data-unread="true"]`).Length(); n != 0 || d.Find(`[data-testid="inbox-unread"]`).Length() != 0 {
		t.Errorf("%d unread after marking all read", n)
	}
}
