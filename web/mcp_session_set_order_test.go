package web

import (
	"io"
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
		req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`))
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("Mcp-Session-Id", cs.ID())
		req.Header.Set("Mcp-Protocol-Version", cs.InitializeResult().ProtocolVersion)
		for k, v := range sam {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
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
