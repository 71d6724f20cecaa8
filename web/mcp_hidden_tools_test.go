package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayHiddenToolIsUnknown: ?tools= and ?without= at
// initialize are no oracle for the catalog: a tool id the catalog has
// but the agent does not (another agent's read_file) is answered exactly
// as an id no catalog entry has (same status, same message but for the
// id), while the agent's own tools still start a session.
func TestGatewayHiddenToolIsUnknown(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
	post := func(query string) (int, string) {
		req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper"+query, strings.NewReader(initialize))
		req.Header.Set("Authorization", "Bearer "+f.key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		req.Header.Set("X-Subject-Id", "u1")
		req.Header.Set("X-Subject-Groups", "everyone")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		var e struct{ Error struct{ Message string } }
		_ = json.NewDecoder(res.Body).Decode(&e)
		return res.StatusCode, e.Error.Message
	}
	if _, ok := h.knownToolIDs()["read_file"]; !ok {
		t.Fatal("the fixture's catalog lacks read_file (another agent's tool)")
	}
	for _, param := range []string{"tools", "without"} {
		hs, hm := post("?" + param + "=read_file")
		us, um := post("?" + param + "=nope.x")
		if hs != us || strings.ReplaceAll(hm, "read_file", "ID") != strings.ReplaceAll(um, "nope.x", "ID") {
			t.Errorf("?%s=: a hidden id answers %d %q, an unknown one %d %q: want the same answer", param, hs, hm, us, um)
		}
		if us < 400 || us >= 500 || !strings.Contains(um, param) {
			t.Errorf("?%s=nope.x: %d %q, want a 4xx naming %s", param, us, um, param)
		}
	}
	if status, msg := post("?tools=demo.echo&without=demo.remember"); status != http.StatusOK {
		t.Errorf("the agent's own tools: %d %q", status, msg)
	}
}
