package models_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

func eachDialect(t *testing.T, fn func(t *testing.T, s *models.Store)) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { fn(t, modelstest.Open(t, d)) })
	}
}

func TestMigrateIsIdempotent(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		applied, err := s.Migrate(context.Background())
		if err != nil || len(applied) != 0 {
			t.Fatalf("second migrate applied %v, %v", applied, err)
		}
		v, err := s.SchemaVersion(context.Background())
		if err != nil || v < 1 {
			t.Fatalf("schema version %d, %v", v, err)
		}
	})
}

func TestBootstrap(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		res, err := s.Bootstrap(ctx, "", nil)
		if err != nil {
			t.Fatal(err)
		}
		if !res.CreatedAdmin || len(res.AdminPassword) < 12 || res.SeededTools < 30 {
			t.Fatalf("bootstrap = %+v", res)
		}
		if _, err := s.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
			t.Fatalf("generated password does not sign in: %v", err)
		}
		again, err := s.Bootstrap(ctx, "", nil)
		if err != nil || again.CreatedAdmin || again.SeededTools != 0 {
			t.Fatalf("second bootstrap = %+v, %v", again, err)
		}
		cs, err := s.AvailableContracts(ctx)
		if err != nil || len(cs) != res.SeededTools {
			t.Fatalf("available = %d, %v", len(cs), err)
		}
	})
}

func TestUsersAndSessions(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		u, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: "rita", Password: "correct horse", Roles: []models.Role{models.RoleReviewer}})
		if err != nil {
			t.Fatal(err)
		}
		var ve *models.ValidationError
		if _, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: "rita", Password: "correct horse", Roles: []models.Role{models.RoleViewer}}); !errors.As(err, &ve) || ve.Fields["username"] == "" {
			t.Errorf("duplicate username: %v", err)
		}
		if _, err := s.CreateUser(ctx, "test", models.NewUserInput{Username: "X y", Password: "short"}); !errors.As(err, &ve) || len(ve.Fields) != 3 {
			t.Errorf("bad input: %v", err)
		}
		if _, err := s.Authenticate(ctx, "rita", "wrong password"); !errors.Is(err, models.ErrBadCredentials) {
			t.Errorf("wrong password: %v", err)
		}
		tok, _, err := s.CreateSession(ctx, u.ID)
		if err != nil {
			t.Fatal(err)
		}
		if _, got, err := s.SessionByToken(ctx, tok, models.DefaultSessionPolicy); err != nil || got.ID != u.ID {
			t.Fatalf("session: %v", err)
		}
		if err := s.SetDisabled(ctx, "admin", u.ID, true); err != nil {
			t.Fatal(err)
		}
		if _, _, err := s.SessionByToken(ctx, tok, models.DefaultSessionPolicy); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("disabled user's session still works: %v", err)
		}
		if _, err := s.Authenticate(ctx, "rita", "correct horse"); err == nil {
			t.Error("disabled user signed in")
		}
	})
}

func TestSessionTimeouts(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		u, _ := s.CreateUser(ctx, "test", models.NewUserInput{Username: "ann", Password: "correct horse", Roles: []models.Role{models.RoleViewer}})
		tok, _, _ := s.CreateSession(ctx, u.ID)
		if _, _, err := s.SessionByToken(ctx, tok, models.SessionPolicy{Idle: -1, Absolute: 1 << 40}); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("idle session survived: %v", err)
		}
		tok, _, _ = s.CreateSession(ctx, u.ID)
		if _, _, err := s.SessionByToken(ctx, tok, models.SessionPolicy{Idle: 1 << 40, Absolute: -1}); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("expired session survived: %v", err)
		}
	})
}

func TestLoginThrottle(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for i := 0; i < models.MaxFailuresPerAccount; i++ {
			if _, ok, err := s.BeginAttempt(ctx, "bob", "10.0.0.1"); !ok || err != nil {
				t.Fatalf("throttled after %d failures: %v", i, err)
			}
		}
		if _, ok, _ := s.BeginAttempt(ctx, "bob", "10.0.0.1"); ok {
			t.Error("account not throttled from the flooding address")
		}
		// the owner, elsewhere, is not locked out; success clears only
		// their own address's failures
		if _, ok, _ := s.BeginAttempt(ctx, "bob", "10.0.0.2"); !ok {
			t.Error("owner locked out from another address")
		}
		if err := s.AttemptSucceeded(ctx, "bob", "10.0.0.2"); err != nil {
			t.Fatal(err)
		}
		if _, ok, _ := s.BeginAttempt(ctx, "bob", "10.0.0.1"); ok {
			t.Error("the owner's success elsewhere unthrottled the flooding address")
		}
		// one address across many accounts
		for i := 0; i < models.MaxFailuresPerIP; i++ {
			_, _, _ = s.BeginAttempt(ctx, fmt.Sprintf("user%d", i), "10.0.0.3")
		}
		if _, ok, _ := s.BeginAttempt(ctx, "someone-else", "10.0.0.3"); ok {
			t.Error("address not throttled across accounts")
		}
	})
}

func TestAuditChainDetectsTampering(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for i := 0; i < 5; i++ {
			if err := s.Audit(ctx, models.Event{Actor: "a", Action: "x.y", Subject: "s"}); err != nil {
				t.Fatal(err)
			}
		}
		res, err := s.VerifyAudit(ctx)
		if err != nil || res.BrokenAt != 0 || res.Events != 5 {
			t.Fatalf("verify = %+v, %v", res, err)
		}
		tamper := "UPDATE audit_events SET actor = 'mallory' WHERE id = (SELECT MIN(id) FROM audit_events) + 2"
		if s.Dialect() == models.DialectPostgres {
			// the trigger refuses edits; a superuser behind the console's back can disable it
			if err := s.Exec(ctx, tamper); err == nil {
				t.Fatal("Postgres accepted an UPDATE of the audit log")
			}
			if err := s.Exec(ctx, "DELETE FROM audit_events"); err == nil {
				t.Fatal("Postgres accepted a DELETE from the audit log")
			}
			if err := s.Exec(ctx, "ALTER TABLE audit_events DISABLE TRIGGER audit_events_no_update_delete"); err != nil {
				t.Fatal(err)
			}
		}
		if err := s.Exec(ctx, tamper); err != nil {
			t.Fatal(err)
		}
		res, _ = s.VerifyAudit(ctx)
		if res.BrokenAt == 0 {
			t.Fatal("a changed row went unnoticed")
		}
	})
}

// TestBootstrapOnAnEmptyDatabase: a first start on a database without
// tables (its admin's password hashed beside the migrations) leaves an
// admin who signs in with the generated or the given password, and only
// with it.
func TestBootstrapOnAnEmptyDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		for _, given := range []string{"", "given-password-42"} {
			t.Run(fmt.Sprintf("%s/given=%t", d.Name, given != ""), func(t *testing.T) {
				ctx := context.Background()
				s, _ := modelstest.OpenEmpty(t, d)
				res, err := s.Bootstrap(ctx, given, nil)
				if err != nil || !res.CreatedAdmin || len(res.Migrated) == 0 {
					t.Fatalf("bootstrap = %+v, %v", res, err)
				}
				pw := given
				if pw == "" {
					pw = res.AdminPassword
				}
				u, err := s.Authenticate(ctx, "admin", pw)
				if err != nil || !u.Has(models.RoleAdmin) {
					t.Fatalf("admin does not sign in with its password: %+v, %v", u, err)
				}
				if _, err := s.Authenticate(ctx, "admin", pw+"x"); !errors.Is(err, models.ErrBadCredentials) {
					t.Fatalf("a wrong password: %v", err)
				}
			})
		}
	}
}
