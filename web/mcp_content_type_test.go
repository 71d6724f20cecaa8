package web

import (
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRequestsAreJSONOnly: every POST says Content-Type:
// application/json (parameters allowed) or is refused with 415 naming the
// header, and nothing runs: not initialize alone, but a session's
// requests too (tools/call among them), which a page of another site
// could otherwise send as text/plain, a form or multipart without asking
// first. The gateway refuses them before it reads or records anything of
// the session (the SDK refused them after the call's step had run, which
// could record a list_changed notice the refused answer never carried).
func TestGatewayRequestsAreJSONOnly(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	call := `{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}}}`
	for _, c := range []struct{ method, body string }{
		{"tools/call", call},
		{"tools/list", `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`},
		{"ping", `{"jsonrpc":"2.0","id":5,"method":"ping"}`},
	} {
		for _, ct := range []string{"text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "", "application/jsonx"} {
			headers := map[string]string{"Content-Type": ct}
			a := f.postMessage(t, cs.ID(), c.body, headers)
			if a.status != http.StatusUnsupportedMediaType || !strings.Contains(a.body, "Content-Type") {
				t.Errorf("%s sent as %q: %d %s, want 415 naming Content-Type", c.method, ct, a.status, a.body)
			}
		}
	}
	if n := up.Calls("echo"); n != 0 {
		t.Errorf("the upstream ran demo.echo %d times for requests that were not JSON", n)
	}
	for _, ct := range []string{"application/json", "application/json; charset=utf-8", "Application/JSON"} {
		if a := f.postMessage(t, cs.ID(), call, map[string]string{"Content-Type": ct}); a.status != http.StatusOK || !strings.Contains(a.body, "hi") {
			t.Errorf("a call sent as %q: %d %s", ct, a.status, a.body)
		}
	}
}

// TestGatewayRefusesAMessageThatIsBothKinds: a message naming a method
// and carrying a result (or an error) was served as the request its
// method names; JSON-RPC has it be one or the other, so it is refused as
// an invalid request (400, -32600) and nothing runs. So is a response
// with both a result and an error.
func TestGatewayRefusesAMessageThatIsBothKinds(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}},"result":{}}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":"hi"}},"error":{"code":1,"message":"x"}}`,
		`{"jsonrpc":"2.0","id":3,"result":{},"error":{"code":1,"message":"x"}}`,
	} {
		a := f.postMessage(t, cs.ID(), body, nil)
		if a.status != http.StatusBadRequest || !strings.Contains(a.body, "-32600") {
			t.Errorf("%s: %d %s, want 400 and -32600", body, a.status, a.body)
		}
	}
	if n := up.Calls("echo"); n != 0 {
		t.Errorf("the upstream ran demo.echo %d times for messages of both kinds", n)
	}
}
