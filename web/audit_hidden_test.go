package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAuditShowsHiddenCharactersEscaped: a server's text recorded in an
// audit event (a failed sync's error) is shown on /audit and the
// dashboard with its bidi overrides, zero-width characters and line breaks
// escaped, so it cannot reverse, split or forge a row.
func TestAuditShowsHiddenCharactersEscaped(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	detail := "sync failed: server said ok\u202edeliaf\u200b\r\nconnection.sync ok"
	if err := h.store.Audit(ctx, models.Event{Actor: "admin", Action: "connection.sync", Subject: "connection:bidi\u202ec", Detail: detail}); err != nil {
		t.Fatal(err)
	}
	c := h.login("admin", adminPassword)
	for _, path := range []string{"/audit", "/"} {
		_, d := c.get(path)
		text := d.Find(`[data-testid="audit-table"]`).Text()
		if strings.ContainsAny(text, "\u202e\u200b\r") || !strings.Contains(text, `ok\u202edeliaf\u200b\r\nconnection.sync ok`) || !strings.Contains(text, `connection:bidi\u202ec`) {
			t.Errorf("%s shows %q", path, text)
		}
	}
}
