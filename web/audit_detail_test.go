package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestOldAuditDetailsReadProperly: events written by older versions keep
// their text (the chain is append-only and hashed), and the audit log and
// the dashboard read them as the current version writes them: no raw
// "[admin]" list, no "(s)" plural. The chain still verifies.
func TestOldAuditDetailsReadProperly(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	for _, e := range []models.Event{
		{Actor: "admin", Action: "skill.promote", Subject: "skill:old proposal:90", Before: "v1", After: "v2", Detail: "approved by [admin rita]"},
		{Actor: "admin", Action: "tool.rejected", Subject: "tools:acme.x", Detail: "1 tool(s) marked rejected: acme.x"},
		{Actor: "admin", Action: "group.grants", Subject: "group:ops", Detail: "3 grant(s); tighter"},
	} {
		if err := h.store.Audit(ctx, e); err != nil {
			t.Fatal(err)
		}
	}
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/audit", "/"} {
		_, d := c.get(path)
		text := d.Find(`[data-testid="audit-table"]`).Text()
		for _, want := range []string{"approved by admin, rita", "1 tool marked rejected: acme.x", "3 grants; tighter"} {
			if !strings.Contains(text, want) {
				t.Errorf("%s: %q missing", path, want)
			}
		}
		for _, bad := range []string{"[admin", "(s)"} {
			if strings.Contains(text, bad) {
				t.Errorf("%s: %q still shows", path, bad)
			}
		}
	}
	res, err := h.store.VerifyAudit(ctx)
	if err != nil || res.BrokenAt != 0 {
		t.Fatalf("chain: %+v %v", res, err)
	}
}
