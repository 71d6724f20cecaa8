package web

import (
	"context"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayEveryRequestOfASessionKeepsItsVersion: every request of a
// session — a ping, tools/list, tools/call (the direct path) and the
// DELETE that ends it — naming a protocol version the gateway speaks but
// the session did not negotiate is refused 400 naming the header and the
// negotiated version, and leaves the session as it was; the DELETE naming
// the negotiated version (or none) ends it.
func TestGatewayEveryRequestOfASessionKeepsItsVersion(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	negotiated := cs.InitializeResult().ProtocolVersion
	other := gatewayVersions[len(gatewayVersions)-1]
	if other == negotiated {
		t.Fatalf("the client negotiated the oldest version %s: no other to name", negotiated)
	}
	tool := toolNames(t, cs)[0]
	refused := func(what string, status int, body string) {
		t.Helper()
		code, msg, _ := rpcErrorOf(t, body)
		if status != http.StatusBadRequest || code != rpcInvalidRequest || !strings.HasPrefix(msg, "MCP-Protocol-Version: ") || !strings.Contains(msg, "negotiated "+negotiated) {
			t.Errorf("%s naming %s on a %s session: %d %s", what, other, negotiated, status, body)
		}
	}
	for _, m := range []string{
		`{"jsonrpc":"2.0","id":1,"method":"ping"}`,
		`{"jsonrpc":"2.0","id":2,"method":"tools/list"}`,
		`{"jsonrpc":"2.0","id":3,"method":"tools/call","params":{"name":"` + tool + `","arguments":{}}}`,
	} {
		a := f.postMessage(t, cs.ID(), m, map[string]string{"Mcp-Protocol-Version": other})
		refused(m, a.status, a.body)
	}
	del := func(version string) (int, string) {
		req, _ := http.NewRequest(http.MethodDelete, f.front.URL+"/mcp/helper", nil)
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Mcp-Session-Id", cs.ID())
		if version != "" {
			req.Header.Set("Mcp-Protocol-Version", version)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	status, body := del(other)
	refused("DELETE", status, body)
	if _, err := cs.ListTools(context.Background(), nil); err != nil {
		t.Fatalf("a DELETE naming another version ended the session: %v", err)
	}
	if status, body := del(negotiated); status != http.StatusNoContent {
		t.Errorf("DELETE naming the negotiated version: %d %s", status, body)
	}
}
