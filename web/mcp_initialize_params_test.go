package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestARefusedInitializeOpensNoSession: an initialize whose params the
// protocol cannot read (a member of the wrong JSON type, at the top or
// nested) is refused -32602 naming the member, in plain words, and opens
// no session: no Mcp-Session-Id, nothing stored that would count toward
// the key's session cap. A well-formed initialize after them still works.
func TestARefusedInitializeOpensNoSession(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	send := func(params string) (int, string, string) {
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":` + params + `}`
		req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b), res.Header.Get("Mcp-Session-Id")
	}
	sessions := func() int64 {
		n, err := h.store.Raw(context.Background(), "SELECT count(*) FROM gateway_sessions")
		if err != nil {
			t.Fatal(err)
		}
		return n
	}
	before := sessions()
	for _, c := range []struct{ name, params, says string }{
		{"a number for protocolVersion", `{"protocolVersion":5,"capabilities":{},"clientInfo":{"name":"x","version":"1"}}`, "params.protocolVersion must be a string"},
		{"a string for capabilities", `{"protocolVersion":"2025-11-25","capabilities":"x","clientInfo":{"name":"x","version":"1"}}`, "params.capabilities must be a JSON object"},
		{"an array for clientInfo", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":[1]}`, "params.clientInfo must be a JSON object"},
		{"a number for clientInfo.name", `{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":5,"version":"1"}}`, "params.clientInfo.name must be a string"},
	} {
		t.Run(c.name, func(t *testing.T) {
			status, body, sid := send(c.params)
			if status >= 500 || !strings.Contains(body, `"code":-32602`) || !strings.Contains(body, c.says) {
				t.Errorf("%d %s, want -32602 saying %q", status, body, c.says)
			}
			if goInternals.MatchString(body) {
				t.Errorf("the answer names the program's insides: %s", body)
			}
			if sid != "" {
				t.Errorf("a refused initialize was given session %q", sid)
			}
		})
	}
	if n := sessions(); n != before {
		t.Errorf("%d sessions stored after the refused initializes, want %d", n, before)
	}
	if status, body, sid := send(`{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"x","version":"1"}}`); status != 200 || sid == "" {
		t.Errorf("a well-formed initialize after them: %d %s (session %q)", status, body, sid)
	}
}
