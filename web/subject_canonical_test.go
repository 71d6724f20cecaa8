package web

import (
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestSubjectIDsMustBeCanonical: a subject id that NFKC or trimming
// would change (user①, user¹, full-width letters, white space around it)
// names no other subject: /authorize and /approvals answer 400 naming
// subject.id, the gateway 400 naming X-Subject-Id, on initialize and in a
// session (HTTP itself drops the spaces and tabs around a header's
// value), so user1's approvals, idempotency keys and session are never
// reached as user①.
func TestSubjectIDsMustBeCanonical(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	ids := []string{"user①", "user¹", "ｕｓｅｒ1", " user1 ", "user1\u3000"}
	for _, id := range ids {
		subject := map[string]any{"id": id, "groups": []string{"everyone"}}
		for _, path := range []string{"/api/v1/authorize", "/api/v1/approvals"} {
			body := map[string]any{"agent": "analyst", "tool": "exec", "subject": subject}
			if path == "/api/v1/approvals" {
				body["summary"] = "run it"
			}
			res, out := h.api("POST", path, key, body)
			var e struct {
				Error struct{ Field, Message string }
			}
			_ = json.Unmarshal(out, &e)
			if res.StatusCode != http.StatusBadRequest || e.Error.Field != "subject.id" || !strings.Contains(e.Error.Message, `"user1"`) {
				t.Errorf("%s as %q: %d %s", path, id, res.StatusCode, out)
			}
		}
	}
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "user1"})
	// HTTP drops the spaces and tabs around a header's value: " user1 "
	// arrives as user1; any other white space is the id's
	for _, id := range []string{"user①", "user¹", "ｕｓｅｒ1", "user1\u3000", "\u00a0user1"} {
		for _, token := range []string{"", cs.ID()} {
			body := `{"jsonrpc":"2.0","id":2,"method":"tools/list"}`
			if token == "" {
				body = initializeBody
			}
			status, msg := f.rawPost(t, token, body, map[string]string{"X-Subject-Id": id})
			if status != http.StatusBadRequest || !strings.HasPrefix(msg, "X-Subject-Id: must be given in its canonical form") {
				t.Errorf("X-Subject-Id %q (session %v): %d %s", id, token != "", status, msg)
			}
		}
	}
}
