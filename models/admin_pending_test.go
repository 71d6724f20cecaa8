package models_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// A server's first start leaves the admin's argon2id hash until it
// listens: until FinishAdmin stores it no password signs in (another
// process sees bad credentials), a sign-in through the starting store waits
// for it instead of failing, and afterwards the password signs in.
func TestDeferredAdminHashSignsInOnceStored(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, dsn := modelstest.OpenEmpty(t, d)
			res, err := s.BootstrapDeferred(ctx, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.CreatedAdmin || len(res.AdminPassword) < 12 || res.FinishAdmin == nil || !res.SeededDemo {
				t.Fatalf("deferred bootstrap = %+v", res)
			}
			other, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer other.Close()
			if _, err := other.Authenticate(ctx, "admin", res.AdminPassword); !errors.Is(err, models.ErrBadCredentials) {
				t.Fatalf("before the hash is stored another process signs in: %v (want bad credentials)", err)
			}
			gone, cancel := context.WithCancel(ctx)
			cancel()
			if _, err := s.Authenticate(gone, "admin", res.AdminPassword); !errors.Is(err, context.Canceled) {
				t.Fatalf("before the hash is stored the starting store answered %v (want it to wait, here until its context ends)", err)
			}
			if err := res.FinishAdmin(ctx); err != nil {
				t.Fatal(err)
			}
			for _, st := range []*models.Store{s, other} {
				if _, err := st.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
					t.Fatalf("after the hash is stored: %v", err)
				}
				if _, err := st.Authenticate(ctx, "admin", "wrong-password-1"); !errors.Is(err, models.ErrBadCredentials) {
					t.Fatalf("a wrong password: %v", err)
				}
			}
			if err := res.FinishAdmin(ctx); err == nil {
				t.Fatal("storing the hash twice succeeded")
			}
		})
	}
}

// A first start that ended before storing the admin's hash (its password
// was never shown) leaves the admin pending: the next server start gives
// it a new password; a CLI command (Bootstrap) leaves it alone.
func TestPendingAdminGetsANewPasswordAtTheNextStart(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, dsn := modelstest.OpenEmpty(t, d)
			first, err := s.BootstrapDeferred(ctx, "", nil)
			if err != nil || first.FinishAdmin == nil {
				t.Fatalf("first start: %+v, %v", first, err)
			}
			// the process ends here: FinishAdmin never runs
			cli, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer cli.Close()
			if res, err := cli.Bootstrap(ctx, "", nil); err != nil || res.CreatedAdmin || res.FinishAdmin != nil {
				t.Fatalf("a CLI bootstrap touched the pending admin: %+v, %v", res, err)
			}
			next, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer next.Close()
			res, err := next.BootstrapDeferred(ctx, "", nil)
			if err != nil {
				t.Fatal(err)
			}
			if !res.CreatedAdmin || res.FinishAdmin == nil || len(res.AdminPassword) < 12 || res.AdminPassword == first.AdminPassword || res.SeededTools != 0 {
				t.Fatalf("next start = %+v", res)
			}
			if err := res.FinishAdmin(ctx); err != nil {
				t.Fatal(err)
			}
			if _, err := next.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
				t.Fatalf("the new password: %v", err)
			}
			if _, err := next.Authenticate(ctx, "admin", first.AdminPassword); !errors.Is(err, models.ErrBadCredentials) {
				t.Fatalf("the first start's password, never shown: %v", err)
			}
			if again, err := next.BootstrapDeferred(ctx, "", nil); err != nil || again.CreatedAdmin || again.FinishAdmin != nil {
				t.Fatalf("a start after that = %+v, %v", again, err)
			}
		})
	}
}

// A first start that fails half-way through the demo leaves nothing: no
// tool, no user, no demo (it used to keep the catalog and the admin, and the
// next start, seeing a user, never seeded the demo). The next start seeds
// everything.
func TestFirstStartFailingHalfWayLeavesAnEmptyDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s, _ := modelstest.OpenEmpty(t, d)
			boom := errors.New("boom")
			failing := s.WithFault(func(step string) error {
				if step == "move-label" { // the demo's first promotion
					return boom
				}
				return nil
			})
			if _, err := failing.BootstrapDeferred(ctx, "", nil); !errors.Is(err, boom) {
				t.Fatalf("bootstrap error = %v, want the injected fault", err)
			}
			if n, err := s.CountUsers(ctx); err != nil || n != 0 {
				t.Fatalf("after the failed first start: %d users, %v", n, err)
			}
			if cs, err := s.AvailableContracts(ctx); err != nil || len(cs) != 0 {
				t.Fatalf("after the failed first start: %d tools, %v", len(cs), err)
			}
			res, err := s.Bootstrap(ctx, "", nil)
			if err != nil || !res.CreatedAdmin || !res.SeededDemo || res.SeededTools < 30 {
				t.Fatalf("the next start = %+v, %v", res, err)
			}
		})
	}
}
