package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestToolSetNamingAnotherAgentsTool: a conversation set (tools,
// without) naming a tool the agent does not have (another agent's
// read_file, which the catalog holds) is refused on every route that
// acts on one (authorize, bindings, a run's steps, the gateway's
// initialize URL) with 422 naming the field and the
// id, exactly as an id no catalog entry has: never zero tools in silence,
// and no oracle for which tools exist beyond the agent's.
func TestToolSetNamingAnotherAgentsTool(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	if _, ok := h.knownToolIDs()["read_file"]; !ok {
		t.Fatal("the fixture's catalog lacks read_file (another agent's tool)")
	}
	subject := `"subject":{"id":"u1","groups":["everyone"]}`
	routes := []struct {
		name string
		send func(param, id string) (int, string)
	}{
		{"authorize", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/authorize", f.key, `{"agent":"helper","tool":"demo.echo",`+subject+`,"`+param+`":["`+id+`"]}`)
		}},
		{"bindings", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/bindings", f.key, `{"agent":"helper","tool":"demo.echo",`+subject+`,"`+param+`":["`+id+`"]}`)
		}},
		{"run steps", func(param, id string) (int, string) {
			return h.apiAnswer("/api/v1/runs/r-tools-1/steps", f.key, `{"agent":"helper",`+subject+`,"`+param+`":["`+id+`"],"receipts":[]}`)
		}},
		{"gateway initialize", func(param, id string) (int, string) {
			initialize := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"c","version":"1"}}}`
			req, _ := http.NewRequest("POST", f.front.URL+"/mcp/helper?"+param+"="+id, strings.NewReader(initialize))
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
		}},
	}
	for _, r := range routes {
		for _, param := range []string{"tools", "without"} {
			t.Run(r.name+" "+param, func(t *testing.T) {
				hs, hm := r.send(param, "read_file")
				us, um := r.send(param, "nope.x")
				if hs != http.StatusUnprocessableEntity || !strings.Contains(hm, param) || !strings.Contains(hm, "read_file") {
					t.Errorf("another agent's tool: got %d %q, want 422 naming %s and read_file", hs, hm, param)
				}
				if hs != us || strings.ReplaceAll(hm, "read_file", "ID") != strings.ReplaceAll(um, "nope.x", "ID") {
					t.Errorf("another agent's tool answers %d %q, an unknown id %d %q: want the same answer", hs, hm, us, um)
				}
			})
		}
	}
}

// apiAnswer posts body to path and returns the status and the error's
// field and message ("field: message"), or the body when it is no error.
func (h *harness) apiAnswer(path, key, body string) (int, string) {
	h.t.Helper()
	res, out := h.api("POST", path, key, body)
	var e struct {
		Error struct{ Field, Message string }
	}
	if json.Unmarshal(out, &e) != nil || e.Error.Message == "" {
		return res.StatusCode, clip(string(out), 120)
	}
	return res.StatusCode, e.Error.Field + ": " + e.Error.Message
}
