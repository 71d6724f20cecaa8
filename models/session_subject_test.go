package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestGatewaySessionSubjectMigration: migration 241 replaces
// each gateway session's subject in clear by its keyed digest — the one a
// request with that subject's headers computes (groups in any order) — an
// unreadable one by a digest no subject has, and keeps no subject id in
// the table.
func TestGatewaySessionSubjectMigration(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			if _, err := s.MigrateBefore(ctx, 241); err != nil {
				t.Fatal(err)
			}
			for _, r := range []struct{ run, subject string }{
				{"run-sam", `{"id":"sam","groups":["staff","everyone"]}`},
				{"run-none", ``},
				{"run-bad", `{"id":"sam","groups":"everyone"}`},
			} {
				if err := s.Exec(ctx, `INSERT INTO gateway_sessions (id, key_id, agent, subject, run, receipts, created_at, updated_at) VALUES (?, 1, 'helper', ?, ?, '[]', CURRENT_TIMESTAMP, CURRENT_TIMESTAMP)`,
					models.SessionHash("tok-"+r.run), r.subject, r.run); err != nil {
					t.Fatal(err)
				}
			}
			if _, err := s.Migrate(ctx); err != nil {
				t.Fatal(err)
			}
			sam, err := s.SessionSubjectDigest(ctx, &authority.Subject{ID: "sam", Groups: []string{"everyone", "staff"}})
			if err != nil || sam == "" {
				t.Fatal(sam, err)
			}
			want := map[string]string{"run-sam": sam, "run-none": "", "run-bad": "unreadable"}
			for run, digest := range want {
				g, err := s.GatewaySessionByToken(ctx, "tok-"+run)
				if err != nil {
					t.Fatal(run, err)
				}
				if g.Subject != "" || g.SubjectDigest != digest {
					t.Errorf("%s: subject %q, digest %q, want no subject and digest %q", run, g.Subject, g.SubjectDigest, digest)
				}
			}
			if n, _ := s.Raw(ctx, "SELECT count(*) FROM gateway_sessions WHERE subject LIKE '%sam%' OR subject_digest LIKE '%sam%'"); n != 0 {
				t.Errorf("%d sessions still name the subject", n)
			}
			other, _ := s.SessionSubjectDigest(ctx, &authority.Subject{ID: "sam", Groups: []string{"everyone"}})
			if other == sam {
				t.Errorf("another group set digests the same")
			}
		})
	}
}
