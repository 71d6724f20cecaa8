package models_test

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestPersonTextStoredWithNewlines: every write path — a struct insert, a
// column-map update, a review — stores a person's text with "\n" line
// endings, whatever the client sent; the content digest does not depend on
// them.
func TestPersonTextStoredWithNewlines(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		rev := mustUser(t, s, "rita", models.RoleReviewer)
		c := models.SkillContent{Name: "Notes", Summary: "Takes\r\nnotes.", Procedure: "1. Listen.\r\n2. Write.\r3. Send.\r\n", RequiredTools: []string{}}
		p, err := s.Propose(ctx, "ed", "notes", true, c)
		if err != nil {
			t.Fatal(err)
		}
		lf := models.SkillContent{Name: "Notes", Summary: "Takes\nnotes.", Procedure: "1. Listen.\n2. Write.\n3. Send.\n", RequiredTools: []string{}}
		if p.Digest != lf.Digest() || c.Digest() != lf.Digest() {
			t.Errorf("digest depends on line endings: %s vs %s", p.Digest, lf.Digest())
		}
		c.Procedure += "4. File.\r\n"
		if p, err = s.Revise(ctx, "ed", p.ID, 1, c); err != nil {
			t.Fatal(err)
		}
		if _, err := s.AddReview(ctx, rev, p.ID, models.ReviewRequestChanges, p.Digest, "Say who\r\nreceives them."); err != nil {
			t.Fatal(err)
		}
		got, _ := s.ProposalByID(ctx, p.ID)
		revs, _ := s.Revisions(ctx, p.ID)
		reviews, _ := s.Reviews(ctx, p.ID)
		for name, text := range map[string]string{"proposal procedure (map update)": got.Procedure, "proposal summary": got.Summary,
			"revision 1 (insert)": revs[0].Procedure, "revision 2": revs[1].Procedure, "review comment": reviews[0].Comment} {
			if strings.Contains(text, "\r") {
				t.Errorf("%s stored %q", name, text)
			}
		}
	})
}

// TestRewordingStoredWithNewlines: a reviewer's rewording of a tool's
// description is a person's text like any other: recorded on the tool's
// page or with the review decision, through the store (what any caller
// reaches), it is stored with "\n" line endings and the model reads it so.
func TestRewordingStoredWithNewlines(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", githubContracts(t), ""); err != nil {
			t.Fatal(err)
		}
		ids := []string{"github.get_me", "github.list_issues"}
		seen, err := s.ToolDigests(ctx, ids)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReviewToolsReworded(ctx, "rita", map[string]string{ids[0]: seen[ids[0]]}, models.ToolAvailable,
			map[string]string{ids[0]: "Reads the signed-in user.\r\nNothing else."}); err != nil {
			t.Fatal(err)
		}
		if _, err := s.ReviewTools(ctx, "rita", map[string]string{ids[1]: seen[ids[1]]}, models.ToolAvailable); err != nil {
			t.Fatal(err)
		}
		if err := s.RewordTool(ctx, "rob", ids[1], seen[ids[1]], "Lists issues.\rOne page at a time."); err != nil {
			t.Fatal(err)
		}
		for id, want := range map[string]string{ids[0]: "Reads the signed-in user.\nNothing else.", ids[1]: "Lists issues.\nOne page at a time."} {
			tl, _ := s.ToolByID(ctx, id)
			if tl.ReviewedPurpose != want {
				t.Errorf("%s: rewording stored as %q, want %q", id, tl.ReviewedPurpose, want)
			}
		}
	})
}

// TestMigrationNormalizesStoredLineEndings: texts stored before the rule
// (simulated by raw SQL, which no check sees) get "\n" line endings;
// digests are computed again and the reviews bound to the old digest
// follow it, so an approval stays fresh; the audit chain verifies.
func TestMigrationNormalizesStoredLineEndings(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		s.SetAuditKey([]byte(strings.Repeat("k", 32)))
		rev := mustUser(t, s, "rita", models.RoleReviewer)
		c := models.SkillContent{Name: "Notes", Summary: "Takes notes.", Procedure: "1. Listen.\n2. Write.\n", RequiredTools: []string{}}
		p, err := s.Propose(ctx, "ed", "notes", true, c)
		if err != nil {
			t.Fatal(err)
		}
		// what the old code stored for a browser's post: "\r\n" and a digest over it
		old := c
		old.Procedure = strings.ReplaceAll(c.Procedure, "\n", "\r\n")
		b, _ := json.Marshal(old)
		sum := sha256.Sum256(b)
		oldDigest := hex.EncodeToString(sum[:])
		for _, q := range []string{"UPDATE proposals SET procedure = ?, digest = ?", "UPDATE proposal_revisions SET procedure = ?, digest = ?"} {
			if err := s.Exec(ctx, q, old.Procedure, oldDigest); err != nil {
				t.Fatal(err)
			}
		}
		if _, err := s.AddReview(ctx, rev, p.ID, models.ReviewApprove, oldDigest, "Good."); err != nil {
			t.Fatal(err)
		}
		if err := s.Exec(ctx, "UPDATE reviews SET comment = ?", "Good.\r\nShip it."); err != nil {
			t.Fatal(err)
		}
		rerunMigration(t, s, 160)
		got, _ := s.ProposalByID(ctx, p.ID)
		revs, _ := s.Revisions(ctx, p.ID)
		reviews, _ := s.Reviews(ctx, p.ID)
		if got.Procedure != c.Procedure || revs[0].Procedure != c.Procedure || reviews[0].Comment != "Good.\nShip it." {
			t.Errorf("after the migration: %q, %q, %q", got.Procedure, revs[0].Procedure, reviews[0].Comment)
		}
		if got.Digest != c.Digest() || revs[0].Digest != c.Digest() || reviews[0].Digest != c.Digest() {
			t.Errorf("digests %s %s %s, want %s", got.Digest, revs[0].Digest, reviews[0].Digest, c.Digest())
		}
		if fresh, _ := s.FreshApprovals(ctx, got); len(fresh) != 1 {
			t.Errorf("the approval of the migrated revision is no longer fresh: %v", fresh)
		}
	})
}

func mustUser(t *testing.T, s *models.Store, name string, roles ...models.Role) *models.User {
	t.Helper()
	u, err := s.CreateUser(context.Background(), "test", models.NewUserInput{Username: name, Password: name + " correct horse", Roles: roles})
	if err != nil {
		t.Fatal(err)
	}
	return u
}
