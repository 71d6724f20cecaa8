package web

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestALookAlikeSubjectIsTheSameSubject: an id with a joiner that draws
// nothing (after an Arabic letter that never joins leftwards, between
// Devanagari letters with no virama) read as a second subject: it filed a
// second approval request beside the one a reviewer denied. Subjects are
// matched by their key, so the look-alike is the same subject: its call
// meets the reviewer's denial and files nothing new.
func TestALookAlikeSubjectIsTheSameSubject(t *testing.T) {
	for _, pair := range [][2]string{{"دا", "د\u200cا"}, {"कष", "क\u200dष"}} {
		eachDialect(t, func(t *testing.T, h *harness) {
			ctx := context.Background()
			key := h.runtimeKey()
			args := map[string]any{"path": "notes/a.md", "content": "x"}
			ask := func(id string) authority.Error {
				t.Helper()
				var out struct{ Error authority.Error }
				_, body := h.api(http.MethodPost, "/api/v1/authorize", key, map[string]any{"agent": "analyst", "tool": "workspace_write",
					"subject": map[string]any{"id": id, "groups": []string{"contractors"}}, "arguments": args})
				if err := json.Unmarshal(body, &out); err != nil {
					t.Fatalf("%s", body)
				}
				return out.Error
			}
			first := ask(pair[0])
			if first.Type != authority.TypeApprovalRequired || first.Approval == "" {
				t.Fatalf("the first call: %+v", first)
			}
			if again := ask(pair[1]); again.Approval != first.Approval {
				t.Errorf("the look-alike %q named request %q, want the same request %q", pair[1], again.Approval, first.Approval)
			}
			if _, err := h.store.DecideApproval(ctx, "admin", first.Approval, models.ApprovalDecision{Reason: "no"}, time.Now()); err != nil {
				t.Fatal(err)
			}
			if again := ask(pair[1]); again.Type != authority.TypePermissionDenied || again.Approval != first.Approval {
				t.Errorf("the look-alike after the denial: %+v, want permission_denied naming %s", again, first.Approval)
			}
			if n := countApprovals(t, h, "workspace_write"); n != 1 {
				t.Errorf("%d approval requests, want 1", n)
			}
		})
	}
}
