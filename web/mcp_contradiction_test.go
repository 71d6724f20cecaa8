package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayRefusesAContradictorySet: a gateway
// URL whose tools= and without= name the same tool is refused at
// initialize naming both parameters and the tool (it gave a session with
// no tools); the compose API refuses the same set the same way. Groups
// without X-Subject-Id are told the id is missing.
func TestGatewayRefusesAContradictorySet(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	post := func(query string, headers map[string]string) (int, string) {
		req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(initialize))
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		for k, v := range headers {
			req.Header.Set(k, v)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var e struct{ Error struct{ Message string } }
		_ = json.NewDecoder(res.Body).Decode(&e)
		return res.StatusCode, e.Error.Message
	}
	subject := map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"}
	for _, q := range []string{"?tools=demo.echo&without=demo.echo", "?tools=demo.remember,demo.echo&without=demo.echo"} {
		status, msg := post(q, subject)
		if status != http.StatusBadRequest || !strings.Contains(msg, "tools") || !strings.Contains(msg, "without") || !strings.Contains(msg, "demo.echo") {
			t.Errorf("%s: %d %q, want 400 naming tools, without and demo.echo", q, status, msg)
		}
	}
	if status, _ := post("?tools=demo.remember&without=demo.echo", subject); status != http.StatusOK {
		t.Errorf("a set without a contradiction: %d", status)
	}
	status, msg := post("", map[string]string{"X-Subject-Groups": "everyone"})
	if status != http.StatusBadRequest || !strings.Contains(msg, "X-Subject-Id is missing") || strings.Contains(msg, "bytes") {
		t.Errorf("groups without an id: %d %q", status, msg)
	}
	res, body := h.api("POST", "/api/v1/compose", h.apiKey(), `{"agent":"analyst","tools":["render_chart"],"without":["render_chart"]}`)
	if res.StatusCode < 400 || res.StatusCode >= 500 || !strings.Contains(string(body), "tools and without") {
		t.Errorf("compose with a contradiction: %d %s", res.StatusCode, body)
	}
}
