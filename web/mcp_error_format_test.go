package web

import (
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// goTypeName matches what a Go error names of the program's insides: a
// Go type, a struct field, a package-qualified name, the json package's
// own wording.
var goTypeName = regexp.MustCompile(`Go (value|struct)|of type [a-z*\[\]]|\bjson: |\b[a-z]+\.[A-Z][A-Za-z]+\b|\bstruct \{|\bmap\[|interface \{`)

// TestGatewayErrorsAreJSONRPC: every
// malformed request class sent to the gateway endpoint — before or after
// authentication, routing, the body limits, the protocol handler — is
// answered with a JSON-RPC error object as application/json: never
// text/plain, never an HTML page, never a 5xx, and its message names no
// Go type. Deep nesting is refused before it is decoded, naming the limit.
func TestGatewayErrorsAreJSONRPC(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	session := cs.ID()
	list := `{"jsonrpc":"2.0","id":1,"method":"tools/list"}`
	deep := `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"demo.echo","arguments":{"text":` + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + `}}}`
	type req struct {
		name, method, path, body string
		headers                  map[string]string
		status                   int
		says                     string
	}
	std := func(extra map[string]string) map[string]string {
		m := map[string]string{"Authorization": "Bearer " + f.key, "Content-Type": "application/json", "Accept": "application/json, text/event-stream", "MCP-Protocol-Version": "2025-11-25", "Mcp-Session-Id": session}
		for k, v := range extra {
			if v == "" {
				delete(m, k)
			} else {
				m[k] = v
			}
		}
		return m
	}
	cases := []req{
		{"no key", "POST", "/mcp/helper", list, std(map[string]string{"Authorization": ""}), 401, ""},
		{"a wrong key", "POST", "/mcp/helper", list, std(map[string]string{"Authorization": "Bearer nope"}), 401, ""},
		{"PUT", "PUT", "/mcp/helper", list, std(nil), 405, ""},
		{"no agent", "POST", "/mcp/", list, std(nil), 404, ""},
		{"a bad agent slug", "POST", "/mcp/" + strings.Repeat("x", 300), list, std(nil), 400, "agent"},
		{"beyond the server's body limit", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"` + strings.Repeat("a", 11<<20) + `"}}`, std(nil), 413, "larger than"},
		{"beyond the gateway's body limit", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":1,"method":"tools/list","params":{"cursor":"` + strings.Repeat("a", maxMCPBody) + `"}}`, std(nil), 413, "larger than"},
		{"empty body", "POST", "/mcp/helper", "", std(nil), 400, ""},
		{"not JSON", "POST", "/mcp/helper", `{"jsonrpc":`, std(nil), 400, ""},
		{"trailing garbage", "POST", "/mcp/helper", list + ` xyz`, std(nil), 400, ""},
		{"a method of the wrong type", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":1,"method":5}`, std(nil), 400, "method"},
		{"params of the wrong type", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":5}`, std(nil), 400, "params must be a JSON object"},
		{"an id of the wrong type", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}`, std(nil), 400, "id"},
		{"a tool name of the wrong type", "POST", "/mcp/helper", `{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":5}}`, std(nil), 200, "name"},
		{"deep nesting", "POST", "/mcp/helper", deep, std(nil), 400, fmt.Sprintf("nested deeper than %d levels", maxMCPDepth)},
		{"text/plain content", "POST", "/mcp/helper", list, std(map[string]string{"Content-Type": "text/plain"}), 415, ""},
		{"an Accept without JSON", "POST", "/mcp/helper", list, std(map[string]string{"Accept": "text/html"}), 400, "Accept"},
		{"an unknown protocol version", "POST", "/mcp/helper", list, std(map[string]string{"MCP-Protocol-Version": "1999-01-01"}), 400, ""},
		{"a bad subject", "POST", "/mcp/helper", list, std(map[string]string{"X-Subject-Id": strings.Repeat("s", 5000)}), 400, "X-Subject-Id"},
		{"GET", "GET", "/mcp/helper", "", std(nil), 405, ""},
		{"profile twice", "POST", "/mcp/helper?profile=gw&profile=other", list, std(nil), 400, "profile: give it once"},
		{"tools of empty names", "POST", "/mcp/helper?tools=,,,", list, std(nil), 400, "tools: an empty tool name"},
		{"without an empty name", "POST", "/mcp/helper?without=demo.echo,", list, std(nil), 400, "without: an empty tool name"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r, _ := http.NewRequest(c.method, f.front.URL+c.path, strings.NewReader(c.body))
			for k, v := range c.headers {
				r.Header.Set(k, v)
			}
			res, err := http.DefaultClient.Do(r)
			if err != nil {
				t.Fatal(err)
			}
			defer res.Body.Close()
			b, _ := io.ReadAll(res.Body)
			if c.status != 0 && res.StatusCode != c.status {
				t.Errorf("status %d, want %d: %.300s", res.StatusCode, c.status, b)
			}
			if res.StatusCode >= 500 {
				t.Errorf("a 5xx: %d %.300s", res.StatusCode, b)
			}
			if ct, _, _ := mime.ParseMediaType(res.Header.Get("Content-Type")); ct != "application/json" {
				t.Errorf("Content-Type %q, want application/json: %.300s", res.Header.Get("Content-Type"), b)
			}
			var m struct {
				JSONRPC string           `json:"jsonrpc"`
				ID      *json.RawMessage `json:"id"`
				Error   *struct {
					Code    int    `json:"code"`
					Message string `json:"message"`
				} `json:"error"`
				Result json.RawMessage `json:"result"`
			}
			if err := json.Unmarshal(b, &m); err != nil || m.JSONRPC != "2.0" || (m.Error == nil && m.Result == nil) {
				t.Fatalf("not a JSON-RPC answer: %v %.300s", err, b)
			}
			msg := string(m.Result)
			if m.Error != nil {
				msg = m.Error.Message
				if m.Error.Code == 0 {
					t.Errorf("an error without a code: %s", b)
				}
			}
			if !strings.Contains(msg, c.says) {
				t.Errorf("message %q does not say %q", msg, c.says)
			}
			if goTypeName.MatchString(msg) {
				t.Errorf("message %q names the program's insides", msg)
			}
		})
	}
	if got := toolNames(t, cs); len(got) != 1 {
		t.Errorf("the session after the bad requests lists %v", got)
	}
}
