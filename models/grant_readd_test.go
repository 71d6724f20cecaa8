package models_test

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestReaddingAGrantSaysTheApprovalChange: adding a grant that exists with
// the other requires-approval flag is a change of that flag, and the
// version's message (the audit's why, the command's output) says so.
func TestReaddingAGrantSaysTheApprovalChange(t *testing.T) {
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectSQLite})
	ctx := context.Background()
	git := models.GrantSpec{Kind: authority.KindService, Value: "git"}
	known := map[string]bool{"git.git_status": true}
	withApproval := git
	withApproval.RequiresApproval = true
	if _, err := s.ChangeGrants(ctx, "admin", "qa", true, []models.GrantSpec{withApproval}, known); err != nil {
		t.Fatal(err)
	}
	v, err := s.ChangeGrants(ctx, "admin", "qa", true, []models.GrantSpec{git}, known)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(v.Message, "no longer requires approval") {
		t.Errorf("dropping approval is not said: %q", v.Message)
	}
	v, err = s.ChangeGrants(ctx, "admin", "qa", true, []models.GrantSpec{withApproval}, known)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(v.Message, "now requires approval") {
		t.Errorf("adding approval is not said: %q", v.Message)
	}
}
