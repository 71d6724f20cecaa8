package web

import (
	"encoding/json"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
)

// TestFiledRequestAnswerIsOneOnEveryRoute: once a check has filed (or
// found) the approval request a call needs, /authorize and a run's call
// answer as the gateway does: the request named in the message, and
// call_again_when_approved, never request_approval (the request exists:
// asking for another would file nothing new and send the runtime in a
// loop).
func TestFiledRequestAnswerIsOneOnEveryRoute(t *testing.T) {
	h := sqliteOnly(t)
	key := h.runtimeKey()
	want := approvalPending(&authority.Error{Type: authority.TypeApprovalRequired}, "REF", "workspace_write", true).NextActions
	for _, route := range []struct {
		path string
		body map[string]any
	}{
		{"/api/v1/authorize", map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("n1")}},
		{"/api/v1/runs/n-run/calls", map[string]any{"agent": "analyst", "tool": "workspace_write", "subject": contractor("n2"), "pins": []string{"workspace_write"}, "receipts": []any{},
			"arguments": map[string]any{"path": "notes/a.md", "content": "hi"}}},
	} {
		res, out := h.api(http.MethodPost, route.path, key, route.body)
		var a struct{ Error authority.Error }
		if err := json.Unmarshal(out, &a); err != nil || res.StatusCode >= 500 {
			t.Fatalf("%s: %d %s", route.path, res.StatusCode, out)
		}
		e := a.Error
		if e.Type != authority.TypeApprovalRequired || e.Approval == "" {
			t.Fatalf("%s: %s, want approval_required naming a request", route.path, out)
		}
		if slices.Contains(e.NextActions, authority.ActRequestApproval) || !slices.Equal(e.NextActions, want) {
			t.Errorf("%s: next_actions %v, want the gateway's %v", route.path, e.NextActions, want)
		}
		if !strings.Contains(e.Message, e.Approval) {
			t.Errorf("%s: the message does not name the filed request %s: %q", route.path, e.Approval, e.Message)
		}
	}
}
