package models_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestDemoEditorHasNoPassword: a first start's demo editor has no
// password — no password signs it in, not the empty one, the stored marker
// or the dummy hash's own — until an admin sets one, on both databases.
func TestDemoEditorHasNoPassword(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.OpenSeeded(t, d, "admin-password-1", nil)
			for _, pw := range []string{"", "!", "timing equalizer", "admin-password-1"} {
				if _, err := s.Authenticate(ctx, "demo-editor", pw); !errors.Is(err, models.ErrBadCredentials) {
					t.Fatalf("password %q: %v, want bad credentials", pw, err)
				}
			}
			u, err := s.UserByName(ctx, "demo-editor")
			if err != nil {
				t.Fatal(err)
			}
			if err := s.SetPassword(ctx, "admin", u.ID, "editor-password-1"); err != nil {
				t.Fatal(err)
			}
			if _, err := s.Authenticate(ctx, "demo-editor", "editor-password-1"); err != nil {
				t.Fatalf("after an admin set a password: %v", err)
			}
			if _, err := s.Authenticate(ctx, "admin", "admin-password-1"); err != nil {
				t.Fatalf("admin: %v", err)
			}
		})
	}
}
