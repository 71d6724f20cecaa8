package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestConnectionResumeCLI: connection resume resumes a connection paused
// for an exposure (audited connection.resume under --as), and refuses a
// connection that is not paused, naming it.
func TestConnectionResumeCLI(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	ctx := context.Background()
	s := openTestStore(t, db)
	if err := s.Audit(ctx, models.Event{Actor: "apikey:1", Action: models.ActionSecretExposure, Subject: models.ConnectionSubject("demo"), Detail: "connection demo, tool demo.echo"}); err != nil {
		t.Fatal(err)
	}
	if _, err := runCLI(t, db, "connection", "resume", "demo", "--url", "http://x", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "connection resume takes only NAME and --as") {
		t.Errorf("resume with a flag: %v", err)
	}
	out, err := runCLI(t, db, "connection", "resume", "demo", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection demo resumed") {
		t.Fatalf("resume: %v\n%s", err, out)
	}
	if paused, err := s.ConnectionPaused(ctx, "demo"); paused || err != nil {
		t.Errorf("still paused after resume: %v %v", paused, err)
	}
	if evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: models.ActionConnectionResume}); len(evs) != 1 || evs[0].Actor != "admin" {
		t.Errorf("resume audited %v", evs)
	}
	if _, err := runCLI(t, db, "connection", "resume", "demo", "--as", "admin"); err == nil || !strings.Contains(err.Error(), `NAME: connection "demo" is not paused`) {
		t.Errorf("resume of a connection not paused: %v", err)
	}
}
