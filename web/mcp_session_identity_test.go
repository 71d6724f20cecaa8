package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySessionKeepsItsIdentity: a request of an
// existing session that sends another subject (another id, other groups,
// none), another ?profile= or another ?tools=/?without= than the session
// was opened with is refused with a 4xx naming the header or parameter
// and telling the client to open a new session — never served as the
// session's old identity — while the same subject with its groups in
// another order is served, and a request that leaves ?tools= (or
// ?profile=) out keeps the session's pick. The session keeps no subject id, only its
// keyed digest.
func TestGatewaySessionKeepsItsIdentity(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, false)
		sam := map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone,staff"}
		cs, err := f.connectAt(t, "?tools=demo.echo", sam)
		if err != nil {
			t.Fatal(err)
		}
		toolNames(t, cs)
		token := cs.ID()
		post := func(query string, headers map[string]string) (int, string) {
			req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`))
			req.Header.Set("Authorization", "Bearer "+f.key)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			req.Header.Set("Mcp-Session-Id", token)
			req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
			for k, v := range headers {
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
		for _, c := range []struct {
			name, query string
			headers     map[string]string
			names       string
		}{
			{"another subject", "?tools=demo.echo", map[string]string{"X-Subject-Id": "eve", "X-Subject-Groups": "everyone,staff"}, "X-Subject-Id"},
			{"other groups", "?tools=demo.echo", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone,staff,admins"}, "X-Subject-Groups"},
			{"no subject", "?tools=demo.echo", nil, "X-Subject-Id"},
			{"another profile", "?tools=demo.echo&profile=other", sam, "?profile="},
			{"another set", "?tools=demo.echo,demo.remember", sam, "?tools="},
		} {
			status, body := post(c.query, c.headers)
			if status < 400 || status >= 500 || !strings.Contains(body, c.names) || !strings.Contains(body, "initialize a new session") {
				t.Errorf("%s: %d %s, want a 4xx naming %s and saying to open a new session", c.name, status, body, c.names)
			}
		}
		if status, body := post("?tools=demo.echo", map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "staff, everyone"}); status != http.StatusOK || !strings.Contains(body, "demo.echo") {
			t.Errorf("the same subject, groups reordered: %d %s", status, body)
		}
		// a request that leaves the query out keeps the session's pick
		// (as one without ?profile= keeps its profile): never all tools
		if status, body := post("", sam); status != http.StatusOK || !strings.Contains(body, "demo.echo") || strings.Contains(body, "demo.remember") {
			t.Errorf("the query left out: %d %s, want the session's pick (demo.echo alone)", status, body)
		}
		n, _ := h.store.Raw(context.Background(), "SELECT count(*) FROM gateway_sessions WHERE subject <> '' OR subject_digest = ''")
		if n != 0 {
			t.Errorf("%d sessions keep their subject in clear (or no digest of it)", n)
		}
	})
}
