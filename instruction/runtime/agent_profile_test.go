package runtime_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// otherDefault is a store whose agents' default profiles read as made
// for another agent: the state a default set before the agent's save
// refused one leaves behind.
type otherDefault struct{ *models.Store }

func (s otherDefault) ProfileByID(ctx context.Context, id uint) (*models.Profile, error) {
	p, err := s.Store.ProfileByID(ctx, id)
	if err != nil {
		return nil, err
	}
	other := uint(1 << 30)
	p.AgentID = &other
	return p, nil
}

// TestLoadAgentRefusesAnotherAgentsProfile: the runtime's loader refuses
// a named profile made for another agent and a stored default made for
// one, each a field error naming profile; the pages' loader takes both;
// an agent's save refuses another agent's profile as its default.
func TestLoadAgentRefusesAnotherAgentsProfile(t *testing.T) {
	ctx := context.Background()
	store := modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, "admin-password-1", nil)
	var fe *instruction.FieldError
	// web-research is made for the researcher
	if _, err := runtime.LoadAgent(ctx, store, "analyst", "web-research"); !errors.As(err, &fe) || fe.Field != "profile" || !strings.Contains(fe.Message, "another agent") {
		t.Errorf("analyst under web-research: %v, want a field error naming profile", err)
	}
	if _, err := runtime.LoadAgentAnyProfile(ctx, store, "analyst", "web-research"); err != nil {
		t.Errorf("the pages' loader refused analyst under web-research: %v", err)
	}
	if ac, err := runtime.LoadAgent(ctx, store, "analyst", "data-analyst"); err != nil || ac.Profile.Slug != "data-analyst" {
		t.Errorf("analyst under its own data-analyst: %v", err)
	}
	if _, err := runtime.LoadAgent(ctx, otherDefault{store}, "analyst", ""); !errors.As(err, &fe) || fe.Field != "profile" || !strings.Contains(fe.Message, "default profile") {
		t.Errorf("analyst under a stored default made for another agent: %v, want a field error naming profile", err)
	}
	if ac, err := runtime.LoadAgent(ctx, store, "analyst", ""); err != nil || ac.Profile == nil || ac.Profile.Slug != "data-analyst" {
		t.Errorf("analyst under its own default: %+v, %v", ac.Profile, err)
	}
	a, err := store.AgentBySlug(ctx, "analyst")
	if err != nil {
		t.Fatal(err)
	}
	known := map[string]bool{}
	for _, id := range a.Declared() {
		known[id] = true
	}
	_, err = store.UpdateAgent(ctx, "admin", "analyst", a.Version, models.AgentInput{Name: a.Name, Declared: a.Declared(), DefaultProfile: "web-research"}, known)
	var ve *models.ValidationError
	if !errors.As(err, &ve) || !strings.Contains(ve.Fields["default_profile"], "another agent") {
		t.Errorf("saving the analyst with the researcher's profile as default: %v, want default_profile refused", err)
	}
}
