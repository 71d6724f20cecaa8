package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesAnUnreadableSession: a session whose stored state
// (the conversation's set, the subject's digest, the receipts) cannot be read is
// refused with a clear error naming the field, never served as if the
// field were empty: a corrupt without= would otherwise show the tool it
// dropped (fail open). The upstream is never called; no answer is a 5xx.
func TestGatewayRefusesAnUnreadableSession(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, false)
		ctx := context.Background()
		subject := map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"}
		for _, c := range []struct{ column, value, field string }{
			{"pick_without", `{"demo.echo"`, "without"},
			{"pick_without", `null`, "without"},
			{"pick_without", `"demo.echo"`, "without"},
			{"pick_without", `[""]`, "without"},
			{"pick_tools", `[1]`, "tools"},
			{"pick_tools", `null`, "tools"},
			{"subject_digest", `0000`, "X-Subject-Id"},
			{"subject_digest", ``, "X-Subject-Id"},
			{"receipts", `{`, "receipts"},
			{"receipts", `null`, "receipts"},
		} {
			cs, err := f.connectAt(t, "?tools=demo.remember,demo.slow&without=demo.echo", subject)
			if err != nil {
				t.Fatal(err)
			}
			if got := toolNames(t, cs); strings.Contains(strings.Join(got, ","), "demo.echo") {
				t.Fatalf("before the damage the set already lists demo.echo: %v", got)
			}
			token := cs.ID()
			if err := h.store.Exec(ctx, "UPDATE gateway_sessions SET "+c.column+" = ? WHERE run = (SELECT run FROM gateway_sessions ORDER BY created_at DESC LIMIT 1)", c.value); err != nil {
				t.Fatal(err)
			}
			for _, body := range []string{
				`{"jsonrpc":"2.0","id":2,"method":"tools/list","params":{}}`,
				`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}}}`,
			} {
				status, text := f.rawPost(t, token, body, subject)
				if status < 400 || status >= 500 || !strings.Contains(text, c.field) || strings.Contains(text, "demo.echo") {
					t.Errorf("%s=%s: %d %s, want a 4xx naming %s, showing no tool", c.column, c.value, status, text, c.field)
				}
			}
			cs.Close()
		}
		if n := up.Calls("echo"); n != 0 {
			t.Errorf("the upstream ran demo.echo %d times for damaged sessions", n)
		}
	})
}

// gwAnswer is the status, content type, cache control and body of one
// gateway answer.
type gwAnswer struct {
	status             int
	ctype, cache, body string
}

// postMessage posts one JSON-RPC message in the session token with the
// headers a stock client sends (protocol version 2025-11-25), changed by
// headers (an empty value removes one).
func (f *gwFixture) postMessage(t testing.TB, token, body string, headers map[string]string) gwAnswer {
	t.Helper()
	return f.postMessageAt(t, "", token, body, headers)
}

// postMessageAt is postMessage to the gateway's address with query (""
// or "?…").
func (f *gwFixture) postMessageAt(t testing.TB, query, token, body string, headers map[string]string) gwAnswer {
	t.Helper()
	req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(body))
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", token)
	req.Header.Set("Mcp-Protocol-Version", "2025-11-25")
	for k, v := range headers {
		if v == "" {
			req.Header.Del(k)
		} else {
			req.Header.Set(k, v)
		}
	}
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer res.Body.Close()
	b, _ := io.ReadAll(res.Body)
	return gwAnswer{res.StatusCode, res.Header.Get("Content-Type"), res.Header.Get("Cache-Control"), string(b)}
}

// rawPost posts one JSON-RPC message of the session token (protocol
// version 2025-11-25, the SDK client's, unless headers name another) and returns the status
// and the error's message, or the body when there is none.
func (f *gwFixture) rawPost(t testing.TB, token, body string, headers map[string]string) (int, string) {
	t.Helper()
	h := map[string]string{"Mcp-Protocol-Version": "2025-11-25"}
	for k, v := range headers {
		h[http.CanonicalHeaderKey(k)] = v
	}
	a := f.postMessage(t, token, body, h)
	var e struct{ Error struct{ Message string } }
	if json.Unmarshal([]byte(a.body), &e) == nil && e.Error.Message != "" {
		return a.status, e.Error.Message
	}
	return a.status, a.body
}
