package web

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// rpcErrorOf reads a JSON-RPC error answer: its code, message and data.
func rpcErrorOf(t *testing.T, body string) (int, string, json.RawMessage) {
	t.Helper()
	var m struct {
		JSONRPC string `json:"jsonrpc"`
		Error   *struct {
			Code    int             `json:"code"`
			Message string          `json:"message"`
			Data    json.RawMessage `json:"data"`
		} `json:"error"`
	}
	if err := json.Unmarshal([]byte(body), &m); err != nil || m.JSONRPC != "2.0" || m.Error == nil {
		t.Fatalf("not a JSON-RPC error: %v %.300s", err, body)
	}
	return m.Error.Code, m.Error.Message, m.Error.Data
}

// TestGatewayAcceptsResponsesAndNotifications: a POST whose body is a
// JSON-RPC response or a notification is answered 202 Accepted with no
// body, as the streamable HTTP transport says; a posted response was
// answered method-not-found. A response that names no request is refused.
func TestGatewayAcceptsResponsesAndNotifications(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	for _, body := range []string{
		`{"jsonrpc":"2.0","id":5,"result":{}}`,
		`{"jsonrpc":"2.0","id":"s-1","result":{"content":[]}}`,
		`{"jsonrpc":"2.0","id":6,"error":{"code":-32601,"message":"no such method"}}`,
		`{"jsonrpc":"2.0","method":"notifications/initialized"}`,
		`{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}`,
		`{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}`,
		`{"jsonrpc":"2.0","method":"notifications/something_new"}`,
	} {
		a := f.postMessage(t, cs.ID(), body, nil)
		if a.status != http.StatusAccepted || a.body != "" {
			t.Errorf("%s: %d %q, want 202 and no body", body, a.status, clip(a.body, 300))
		}
	}
	a := f.postMessage(t, cs.ID(), `{"jsonrpc":"2.0","result":{}}`, nil)
	if code, msg, _ := rpcErrorOf(t, a.body); a.status != http.StatusBadRequest || code != rpcInvalidRequest || !strings.Contains(msg, "id") {
		t.Errorf("a response without an id: %d %s", a.status, a.body)
	}
	if got := toolNames(t, cs); len(got) != 1 {
		t.Errorf("the session after the posted responses lists %v", got)
	}
}

// TestGatewayProtocolVersionHeader: an MCP-Protocol-Version the gateway
// does not speak — malformed, past, future, the sessionless version, or
// given twice — is refused 400 with a JSON-RPC error naming the header
// and listing the versions it speaks, before a session is read or
// started; each version it speaks, and no header, is served.
func TestGatewayProtocolVersionHeader(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	init := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
	for _, v := range []string{"banana", "1999-01-01", "2099-01-01", "2026-07-28", "not-a-version"} {
		for _, c := range []struct{ token, body string }{{cs.ID(), list}, {"", init}} {
			if c.token == "" && (v == "2099-01-01" || v == "2026-07-28") {
				continue // a newer client's probe: answered by its method (TestGatewayAnswersANewerClientsProbeByItsMethod)
			}
			a := f.postMessage(t, c.token, c.body, map[string]string{"Mcp-Protocol-Version": v, "Mcp-Session-Id": c.token})
			code, msg, data := rpcErrorOf(t, a.body)
			if a.status != http.StatusBadRequest || code != rpcUnsupportedVersion || !strings.Contains(msg, "MCP-Protocol-Version") || !strings.Contains(msg, "2025-11-25") {
				t.Errorf("%q: %d %d %s", v, a.status, code, msg)
			}
			if !strings.Contains(string(data), `"supported":["2025-11-25"`) {
				t.Errorf("%q: data %s", v, data)
			}
		}
	}
	req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper", strings.NewReader(list))
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	req.Header.Set("Mcp-Session-Id", cs.ID())
	req.Header.Add("Mcp-Protocol-Version", "2025-11-25")
	req.Header.Add("Mcp-Protocol-Version", "2025-06-18")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusBadRequest {
		t.Errorf("the header twice: %d", res.StatusCode)
	}
	for _, v := range []string{"", cs.InitializeResult().ProtocolVersion} {
		a := f.postMessage(t, cs.ID(), list, map[string]string{"Mcp-Protocol-Version": v})
		if a.status != http.StatusOK || !strings.Contains(a.body, `"tools"`) {
			t.Errorf("%q: %d %s", v, a.status, clip(a.body, 300))
		}
	}
}

// TestGatewayHonoursTheNegotiatedVersion: initialize negotiates the
// version the client asks for when the gateway speaks it, else the
// gateway's newest, and the session keeps it (both databases); a later
// request naming another version, one the gateway speaks, is refused 400
// naming the header and the negotiated version, and one naming none is
// served at the negotiated version.
func TestGatewayHonoursTheNegotiatedVersion(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		post := func(token, body string, hdr map[string]string) (*http.Response, string) {
			req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper", strings.NewReader(body))
			req.Header.Set("Authorization", "Bearer "+f.key)
			req.Header.Set("Content-Type", "application/json")
			req.Header.Set("Accept", "application/json, text/event-stream")
			if token != "" {
				req.Header.Set("Mcp-Session-Id", token)
			}
			for k, v := range hdr {
				req.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(req)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			return res, string(b)
		}
		for _, c := range []struct{ asks, want string }{
			{"2025-06-18", "2025-06-18"}, {"2024-11-05", "2024-11-05"}, {"2025-11-25", "2025-11-25"}, {"2099-01-01", gatewayVersions[0]}, {"2026-07-28", gatewayVersions[0]},
		} {
			res, body := post("", `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"`+c.asks+`","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`, nil)
			var ir struct {
				Result struct {
					ProtocolVersion string `json:"protocolVersion"`
				} `json:"result"`
			}
			token := res.Header.Get("Mcp-Session-Id")
			if err := json.Unmarshal([]byte(body), &ir); err != nil || res.StatusCode != http.StatusOK || token == "" || ir.Result.ProtocolVersion != c.want {
				t.Fatalf("initialize asking %s: %d %v %.300s", c.asks, res.StatusCode, err, body)
			}
			states, err := h.store.GatewayStatesByTokens(context.Background(), []string{token})
			if err != nil || states[token].Session == nil || states[token].Session.ProtocolVersion != c.want {
				t.Fatalf("asking %s: the session keeps %+v, %v", c.asks, states[token].Session, err)
			}
			for _, v := range gatewayVersions {
				res, body := post(token, `{"jsonrpc":"2.0","id":2,"method":"ping"}`, map[string]string{"Mcp-Protocol-Version": v})
				if v == c.want {
					if res.StatusCode != http.StatusOK || !strings.Contains(body, `"result"`) {
						t.Errorf("%s session, %s: %d %s", c.want, v, res.StatusCode, body)
					}
					continue
				}
				code, msg, _ := rpcErrorOf(t, body)
				if res.StatusCode != http.StatusBadRequest || code != rpcInvalidRequest || !strings.HasPrefix(msg, "MCP-Protocol-Version: ") || !strings.Contains(msg, "negotiated "+c.want) {
					t.Errorf("%s session, %s: %d %s", c.want, v, res.StatusCode, body)
				}
			}
			for _, m := range []string{`{"jsonrpc":"2.0","id":3,"method":"ping"}`, `{"jsonrpc":"2.0","id":4,"method":"tools/list"}`} {
				if res, body := post(token, m, nil); res.StatusCode != http.StatusOK || !strings.Contains(body, `"result"`) {
					t.Errorf("%s session, no header: %d %s", c.want, res.StatusCode, body)
				}
			}
		}
	})
}

// TestGatewayOrigin (DNS-rebinding protection): a request without an
// Origin header (a client that is not a browser) is served; one from the
// console's own origin on this machine, or from an origin the operator
// allows, is served; any other Origin — another site, a name rebound to
// this machine, "null" — is refused 403 with a JSON-RPC error naming the
// header, before a session is started.
func TestGatewayOrigin(t *testing.T) {
	allowed, err := ParseAllowedOrigins("https://inspector.example.com, http://LOCALHOST:6274/")
	if err != nil {
		t.Fatal(err)
	}
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) { c.AllowedOrigins = allowed })
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	for _, o := range []string{"", f.front.URL, "https://inspector.example.com", "https://Inspector.Example.com:443", "http://localhost:6274"} {
		a := f.postMessage(t, cs.ID(), list, map[string]string{"Origin": o})
		if a.status != http.StatusOK || !strings.Contains(a.body, `"tools"`) {
			t.Errorf("Origin %q: %d %s", o, a.status, clip(a.body, 300))
		}
	}
	for _, o := range []string{"https://evil.example", "http://inspector.example.com", "https://inspector.example.com:8443", "null", "http://localhost:6275", "file://", strings.Replace(f.front.URL, "127.0.0.1", "localhost", 1)} {
		a := f.postMessage(t, cs.ID(), list, map[string]string{"Origin": o})
		code, msg, _ := rpcErrorOf(t, a.body)
		if a.status != http.StatusForbidden || code != rpcInvalidRequest || !strings.HasPrefix(msg, "Origin: ") || !strings.Contains(msg, "CONSOLE_ALLOWED_ORIGINS") {
			t.Errorf("Origin %q: %d %s", o, a.status, a.body)
		}
	}
	// a page whose name was rebound to this machine: its Host is its own
	// name, and its origin is that name
	req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper", strings.NewReader(`{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`))
	req.Host = "rebound.example:" + f.front.URL[strings.LastIndex(f.front.URL, ":")+1:]
	req.Header.Set("Origin", "http://"+req.Host)
	req.Header.Set("Authorization", "Bearer "+f.key)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Accept", "application/json, text/event-stream")
	res, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	res.Body.Close()
	if res.StatusCode != http.StatusForbidden || res.Header.Get("Mcp-Session-Id") != "" {
		t.Errorf("a rebound name: %d, session %q", res.StatusCode, res.Header.Get("Mcp-Session-Id"))
	}
	for _, bad := range []string{"inspector.example.com", "https://x.example/path", "ftp://x.example", "https://x.example:99999", "null"} {
		if _, err := ParseAllowedOrigins("https://ok.example " + bad); err == nil || !strings.Contains(err.Error(), bad) {
			t.Errorf("ParseAllowedOrigins(%q): %v", bad, err)
		}
	}
}
