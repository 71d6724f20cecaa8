package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestASessionsToolSetIsASet: ?tools= and ?without= name sets; a later
// request of the session naming the same ids in another order, repeated,
// or split over repeated parameters is served as the session, and one
// naming another set is still refused.
func TestASessionsToolSetIsASet(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	t.Cleanup(up.Close)
	f := h.gatewayFixture("demo", up.URL, false)
	sam := map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"}
	cs, err := f.connectAt(t, "?tools=demo.echo,demo.remember&without=demo.slow", sam)
	if err != nil {
		t.Fatal(err)
	}
	post := func(query string) (int, string) {
		a := f.postMessageAt(t, query, cs.ID(), `{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`, sam)
		return a.status, a.body
	}
	for _, q := range []string{
		"?tools=demo.remember,demo.echo&without=demo.slow",
		"?tools=demo.echo,demo.echo,demo.remember&without=demo.slow",
		"?tools=demo.remember&tools=demo.echo&without=demo.slow,demo.slow",
	} {
		if status, body := post(q); status != http.StatusOK || !strings.Contains(body, "demo.echo") {
			t.Errorf("%s: %d %s, want the session served", q, status, body)
		}
	}
	for _, q := range []string{"?tools=demo.echo&without=demo.slow", "?tools=demo.echo,demo.remember"} {
		if status, body := post(q); status != http.StatusBadRequest || !strings.Contains(body, "?tools=") {
			t.Errorf("%s: %d %s, want 400 naming ?tools=", q, status, body)
		}
	}
}
