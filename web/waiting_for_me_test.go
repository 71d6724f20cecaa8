package web

import (
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
)

// TestWaitingForMeIsTheInboxsRequests: the dashboard's "Waiting for your
// review" figure, the inbox's review requests and the review queue's
// proposals are one list: an open proposal the viewer may review, did not
// write, and has not reviewed at its current revision. In the demo data
// the admin approved #5 already: it waits for nobody's review of theirs.
func TestWaitingForMeIsTheInboxsRequests(t *testing.T) {
	h := sqliteOnly(t)
	for _, who := range []struct{ user, pw string }{{"admin", adminPassword}, {"rita", "rita-password"}} {
		if who.user == "rita" {
			h.addUser("rita", "reviewer")
		}
		c := h.login(who.user, who.pw)
		_, dash := c.get("/")
		figure := strings.TrimSpace(dash.Find(`[data-testid="waiting-for-me"]`).Text())
		var inbox []string
		dash.Find(`[data-testid="inbox-item"][data-kind="review_requested"]`).Each(func(_ int, s *goquery.Selection) {
			href, _ := s.Find("a").First().Attr("href")
			inbox = append(inbox, strings.SplitN(strings.TrimPrefix(href, "/proposals/"), "?", 2)[0])
		})
		_, queue := c.get("/reviews")
		var listed []string
		queue.Find(`[data-testid="proposals-table"] tbody tr`).Each(func(_ int, s *goquery.Selection) {
			listed = append(listed, strings.TrimPrefix(s.AttrOr("data-testid", ""), "proposal-"))
		})
		slices.Sort(inbox)
		slices.Sort(listed)
		if figure != itoa(uint(len(inbox))) || !slices.Equal(inbox, listed) {
			t.Errorf("%s: dashboard says %s waiting, the inbox asks for reviews of %v, the review queue lists %v", who.user, figure, inbox, listed)
		}
		if who.user == "admin" && slices.Contains(listed, "5") {
			t.Errorf("admin approved #5 and still sees it waiting: %v", listed)
		}
	}
}
