package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestRunEventsSurviveHostileText: a call event whose text came from a
// client or a server with a NUL or invalid UTF-8 is stored with those
// removed, and a row the database still refuses (a tool name over its
// column) loses only itself: every other event of the batch is stored,
// on both databases and both writers.
func TestRunEventsSurviveHostileText(t *testing.T) {
	eachWriter(t, func(t *testing.T, s *models.Store, save func(context.Context, []models.RunEvent) error) {
		ctx := context.Background()
		tools := []string{"ok.one", "x\x00", "bad\xff\xfeutf8", "ok.two", strings.Repeat("t", 300), "ok.three"}
		evs := make([]models.RunEvent, len(tools))
		for i, tool := range tools {
			evs[i] = models.RunEvent{Run: "hostile", Kind: models.RunCall, Agent: "analyst", Surface: "s", Tool: tool, Verdict: "allowed", CallStatus: "ok\x00"}
		}
		_ = save(ctx, evs) // the over-long row may be refused, alone
		got, err := s.RunEvents(ctx, "hostile", 100)
		if err != nil {
			t.Fatal(err)
		}
		stored := map[string]bool{}
		for _, e := range got {
			stored[e.Tool] = true
			if strings.ContainsRune(e.Tool, 0) || strings.ContainsRune(e.CallStatus, 0) {
				t.Errorf("a NUL was stored: %q %q", e.Tool, e.CallStatus)
			}
		}
		for _, want := range []string{"ok.one", "x", "badutf8", "ok.two", "ok.three"} {
			if !stored[want] {
				t.Errorf("event of tool %q lost; stored %d: %v", want, len(got), stored)
			}
		}
	})
}

// TestFailedSyncWithNULIsRecorded: a sync that failed with a server's
// error text holding a NUL is recorded on the connection and audited
// (before, Postgres refused the text: no audit, the status unchanged).
func TestFailedSyncWithNULIsRecorded(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		if _, err := s.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "nul", URL: "http://127.0.0.1:1/mcp"}); err != nil {
			t.Fatal(err)
		}
		if err := s.RecordSync(ctx, "alice", "nul", models.SyncResult{Err: "boom\x00 \xff here"}); err != nil {
			t.Fatal(err)
		}
		c, err := s.ConnectionByName(ctx, "nul")
		if err != nil || c.Status != models.ConnectionError || c.ContactError != "boom  here" {
			t.Fatalf("connection after the failed sync: %+v %v", c, err)
		}
		evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "connection.sync"})
		if err != nil || len(evs) == 0 || !strings.Contains(evs[0].Detail, "boom  here") {
			t.Fatalf("the failed sync is not audited: %+v %v", evs, err)
		}
	})
}
