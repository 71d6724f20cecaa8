package models_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestADisabledUsersKeysStopWorking: the API keys a user created stop
// authenticating while that user is disabled (ErrKeyOwnerDisabled) and
// work again once an admin enables them; another user's keys are
// untouched. Failed first: a disabled admin's runtime key kept working.
func TestADisabledUsersKeysStopWorking(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			var ids []uint
			for _, name := range []string{"ops2", "ops3"} {
				u, err := s.CreateUser(ctx, "admin", models.NewUserInput{Username: name, Password: "some-password-1", Roles: []models.Role{models.RoleAdmin}})
				if err != nil {
					t.Fatal(err)
				}
				ids = append(ids, u.ID)
			}
			mine, _, err := s.CreateScopedAPIKey(ctx, "ops2", "deploy", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			other, _, err := s.CreateScopedAPIKey(ctx, "ops3", "deploy", models.ScopeRuntime)
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SetDisabled(ctx, "admin", ids[0], true); err != nil {
				t.Fatal(err)
			}
			if _, err := s.APIKeyBySecret(ctx, mine); !errors.Is(err, models.ErrKeyOwnerDisabled) {
				t.Errorf("a disabled user's key: %v, want ErrKeyOwnerDisabled", err)
			}
			if k, err := s.APIKeyBySecret(ctx, other); err != nil || k.CreatedBy != "ops3" {
				t.Errorf("another user's key: %v %v", k, err)
			}
			if err := s.SetDisabled(ctx, "admin", ids[0], false); err != nil {
				t.Fatal(err)
			}
			if k, err := s.APIKeyBySecret(ctx, mine); err != nil || k.CreatedBy != "ops2" {
				t.Errorf("the key once its creator is enabled again: %v %v", k, err)
			}
		})
	}
}
