package web

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayKnowsTheSDKsVersions: the table of versions the gateway
// knows holds every version the SDK speaks, once, and no other (a new SDK
// version fails here until the table says whether the gateway speaks
// it); the gateway speaks those with sessions.
func TestGatewayKnowsTheSDKsVersions(t *testing.T) {
	var known []string
	for _, v := range protocolVersions {
		if slices.Contains(known, v.version) {
			t.Errorf("%s is in the table twice", v.version)
		}
		known = append(known, v.version)
	}
	sdk := mcp.SupportedProtocolVersions()
	slices.Sort(known)
	slices.Sort(sdk)
	if !slices.Equal(known, sdk) {
		t.Errorf("the gateway knows %v, the SDK speaks %v", known, sdk)
	}
	if want := []string{"2025-11-25", "2025-06-18", "2025-03-26", "2024-11-05"}; !slices.Equal(gatewayVersions, want) {
		t.Errorf("the gateway speaks %v, want %v (newest first)", gatewayVersions, want)
	}
}

// TestSessionlessProbe: a request without a session that names one
// version the gateway knows and does not speak, or a date newer than
// every version it knows, is a newer client's probe; a version it
// speaks, an older date, an unknown date between known versions, a
// malformed value, a date that is no date, the header twice, or any
// request of a session is not.
func TestSessionlessProbe(t *testing.T) {
	for _, c := range []struct {
		session string
		values  []string
		want    bool
	}{
		{"", []string{"2026-07-28"}, true},
		{"", []string{"2099-01-01"}, true},
		{"", []string{"2026-07-29"}, true},
		{"", []string{"2025-11-26"}, false},
		{"", []string{"2026-07-27"}, false},
		{"", []string{"2025-11-25"}, false},
		{"", []string{"1999-01-01"}, false},
		{"", []string{"2026-07-28x"}, false},
		{"", []string{"2026-7-28"}, false},
		{"", []string{"2026-13-01"}, false},
		{"", []string{"29"}, false},
		{"", []string{"banana"}, false},
		{"", []string{""}, false},
		{"", nil, false},
		{"", []string{"2026-07-28", "2026-07-28"}, false},
		{"token", []string{"2026-07-28"}, false},
		{"token", []string{"2099-01-01"}, false},
	} {
		h := http.Header{protocolVersionHeader: c.values}
		if c.session != "" {
			h.Set(sessionHeader, c.session)
		}
		if got := sessionlessProbe(h); got != c.want {
			t.Errorf("session %q, %q: %v, want %v", c.session, c.values, got, c.want)
		}
	}
}

// TestGatewayAnswersANewerClientsProbeByItsMethod: without a session, a
// request naming a newer version is answered by its method (server/discover,
// which the gateway does not serve, is method-not-found, so the client
// falls back to initialize), and an initialize naming a malformed version,
// or an unknown one between known versions, is refused 400 with a
// JSON-RPC error (-32022) listing the versions spoken, never a plain-text
// answer.
func TestGatewayAnswersANewerClientsProbeByItsMethod(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	discover := `{"jsonrpc":"2.0","id":1,"method":"server/discover"}`
	for _, v := range []string{"2026-07-28", "2099-01-01"} {
		a := f.postMessage(t, "", discover, map[string]string{"Mcp-Protocol-Version": v, "Mcp-Session-Id": ""})
		if code, _, _ := rpcErrorOf(t, a.body); code != rpcNoMethod {
			t.Errorf("server/discover at %s: %d %s", v, a.status, a.body)
		}
	}
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, v := range []string{"2026-07-28x", "2999", "2026-02-30", "2025-11-26", "2026-07-27"} {
		a := f.postMessage(t, "", init, map[string]string{"Mcp-Protocol-Version": v, "Mcp-Session-Id": ""})
		code, _, data := rpcErrorOf(t, a.body)
		if a.status != http.StatusBadRequest || code != rpcUnsupportedVersion || !strings.Contains(string(data), `"supported":["2025-11-25"`) {
			t.Errorf("initialize at %q: %d %s", v, a.status, a.body)
		}
	}
}
