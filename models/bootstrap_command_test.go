package models_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// A command that is not the server, seeding an empty database with no
// password given, creates the admin without one (no generated password
// nobody sees); the next server start gives it one, generated and shown or
// the one it is given. With a password given the admin signs in with it.
func TestACommandSeedingLeavesTheAdminsPasswordToTheServer(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			res, err := s.BootstrapForCommand(ctx, "", nil)
			if err != nil || !res.CreatedAdmin || !res.AdminPending || res.AdminPassword != "" || res.FinishAdmin != nil || !res.SeededDemo || res.SeededTools < 30 {
				t.Fatalf("command's bootstrap = %+v, %v", res, err)
			}
			if again, err := s.BootstrapForCommand(ctx, "", nil); err != nil || again.CreatedAdmin || again.AdminPending {
				t.Fatalf("a second command touched the admin: %+v, %v", again, err)
			}
			for _, pw := range []string{"", "!pending", res.AdminPassword} {
				if _, err := s.Authenticate(ctx, "admin", pw); !errors.Is(err, models.ErrBadCredentials) {
					t.Fatalf("admin signed in with %q before any server start: %v", pw, err)
				}
			}
			start, err := s.BootstrapDeferred(ctx, "", nil)
			if err != nil || !start.CreatedAdmin || start.FinishAdmin == nil || len(start.AdminPassword) < 12 || start.SeededTools != 0 {
				t.Fatalf("the first server start = %+v, %v", start, err)
			}
			if err := start.FinishAdmin(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Authenticate(ctx, "admin", start.AdminPassword); err != nil {
				t.Fatalf("the password the server start shows: %v", err)
			}

			given, _ := modelstest.OpenEmpty(t, d)
			res, err = given.BootstrapForCommand(ctx, "chosen-password-1", nil)
			if err != nil || !res.CreatedAdmin || res.AdminPending || res.AdminPassword != "" {
				t.Fatalf("command's bootstrap with a password = %+v, %v", res, err)
			}
			if _, err := given.Authenticate(ctx, "admin", "chosen-password-1"); err != nil {
				t.Fatalf("the given password: %v", err)
			}
		})
	}
}
