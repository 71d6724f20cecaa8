package models_test

import (
	"context"
	"errors"
	"strings"
	"testing"
	"time"

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
			// the process ends here: FinishAdmin never runs (and its
			// connections close, so another start may take the admin)
			s.Close()
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
			failing := failingAtTheDemo(s, boom)
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

// Two replicas starting together on an empty database: both start,
// exactly one creates the admin and the demo, and the password it shows
// is the one that signs in (neither fails on the other's first start, nor
// gives the other's admin a password of its own). On SQLite the two are
// two processes on one file (here two stores, each with its own lock
// file handle).
func TestTwoReplicasStartingTogetherOnAnEmptyDatabase(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { twoStartsTogether(t, d) })
	}
}

func twoStartsTogether(t *testing.T, d modelstest.Dialect) {
	ctx := context.Background()
	for round := 0; round < 4; round++ {
		_, dsn := modelstest.OpenEmpty(t, d)
		var stores [2]*models.Store
		for i := range stores {
			s, err := models.Open(ctx, dsn)
			if err != nil {
				t.Fatal(err)
			}
			defer s.Close()
			stores[i] = s
		}
		var results [2]models.BootstrapResult
		var errs [2]error
		done := make(chan int)
		for i := range stores {
			go func() {
				results[i], errs[i] = stores[i].BootstrapDeferred(ctx, "", nil)
				if errs[i] == nil && results[i].FinishAdmin != nil {
					errs[i] = results[i].FinishAdmin(ctx)
				}
				done <- i
			}()
		}
		<-done
		<-done
		created := -1
		for i, res := range results {
			if errs[i] != nil {
				t.Fatalf("round %d: replica %d: %v", round, i, errs[i])
			}
			if res.CreatedAdmin {
				if created >= 0 {
					t.Fatalf("round %d: both replicas created the admin: %+v and %+v", round, results[0], res)
				}
				created = i
			}
		}
		if created < 0 || !results[created].SeededDemo {
			t.Fatalf("round %d: no replica created the admin and the demo: %+v", round, results)
		}
		for _, s := range stores {
			if _, err := s.Authenticate(ctx, "admin", results[created].AdminPassword); err != nil {
				t.Fatalf("round %d: the shown password: %v", round, err)
			}
		}
	}
}

// A replica starting while another's first start is storing its admin's
// hash leaves that admin alone: it waits for the hash instead of giving
// the admin a password of its own, and the first replica's password (the
// one it shows) signs in.
func TestAStartLeavesAnotherReplicasPendingAdminAlone(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { aStartLeavesAPendingAdminAlone(t, d) })
	}
}

func aStartLeavesAPendingAdminAlone(t *testing.T, d modelstest.Dialect) {
	ctx := context.Background()
	first, dsn := modelstest.OpenEmpty(t, d)
	res, err := first.BootstrapDeferred(ctx, "", nil)
	if err != nil || res.FinishAdmin == nil {
		t.Fatalf("first start: %+v, %v", res, err)
	}
	second, err := models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	type outcome struct {
		res models.BootstrapResult
		err error
	}
	started := make(chan outcome, 1)
	go func() {
		r, err := second.BootstrapDeferred(ctx, "", nil)
		started <- outcome{r, err}
	}()
	if err := res.FinishAdmin(ctx); err != nil {
		t.Fatalf("the first replica's hash: %v", err)
	}
	o := <-started
	if o.err != nil || o.res.CreatedAdmin || o.res.FinishAdmin != nil {
		t.Fatalf("the second replica's start = %+v, %v (want it to leave the admin alone)", o.res, o.err)
	}
	if _, err := second.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
		t.Fatalf("the first replica's password: %v", err)
	}
}

// TestAStartWaitsForAnotherStartBoundedAndSaysWhy (review finding): a
// start waiting for another replica's start lock does not block without
// a word forever: past its bound it fails naming the lock and what may
// hold it, and once the other start is done the next start goes through.
func TestAStartWaitsForAnotherStartBoundedAndSaysWhy(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) { aStartWaitsBounded(t, d) })
	}
}

func aStartWaitsBounded(t *testing.T, d modelstest.Dialect) {
	ctx := context.Background()
	first, dsn := modelstest.OpenEmpty(t, d)
	res, err := first.BootstrapDeferred(ctx, "", nil) // holds the lock until its hash is stored
	if err != nil || res.FinishAdmin == nil {
		t.Fatalf("first start: %+v, %v", res, err)
	}
	second, err := models.Open(ctx, dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer second.Close()
	restore := models.SetStartLockWait(300 * time.Millisecond)
	_, err = second.BootstrapDeferred(ctx, "", nil)
	restore()
	lock, holder := "advisory lock (7005", "pooling proxy"
	if d.Name == models.DialectSQLite {
		lock, holder = dsn+".start.lock", "a start that hangs"
	}
	if err == nil || !strings.Contains(err.Error(), lock) || !strings.Contains(err.Error(), holder) {
		t.Fatalf("a start past its wait = %v, want the lock named (%s) and what may hold it", err, lock)
	}
	if err := res.FinishAdmin(ctx); err != nil {
		t.Fatal(err)
	}
	if r, err := second.BootstrapDeferred(ctx, "", nil); err != nil || r.CreatedAdmin {
		t.Fatalf("the next start = %+v, %v", r, err)
	}
	if _, err := second.Authenticate(ctx, "admin", res.AdminPassword); err != nil {
		t.Fatalf("the first replica's password: %v", err)
	}
}
