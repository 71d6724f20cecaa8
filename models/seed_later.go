package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog/builtin"
)

// BootstrapSeedLater is BootstrapDeferred for a server that listens
// before it seeds: it migrates and takes the start's lock, and on an empty
// database leaves the first start's transaction (the built-in catalog, the
// admin and the demo) to res.Seed, which the server runs once it listens
// while every request but its health check waits for it; res.FinishAdmin
// stores the admin's hash after res.Seed. A database already seeded is
// treated as BootstrapDeferred treats it.
func (s *Store) BootstrapSeedLater(ctx context.Context, adminPassword string, totals TotalsFunc) (BootstrapResult, error) {
	return s.bootstrap(ctx, adminPassword, totals, bootstrapMode{deferred: true, later: true})
}

// BootstrapForCommand is Bootstrap for a command other than the server:
// with no adminPassword, an empty database's admin is created without a
// password (res.AdminPending) instead of with a generated one nobody would
// see; the next server start gives it one, generated and shown once or
// the one it is given, as it does for a start that ended before storing
// the admin's hash. With adminPassword it is Bootstrap.
func (s *Store) BootstrapForCommand(ctx context.Context, adminPassword string, totals TotalsFunc) (BootstrapResult, error) {
	return s.bootstrap(ctx, adminPassword, totals, bootstrapMode{noPassword: true})
}

// seedLater is res.Seed: it runs seed once; when it fails, the start's
// lock and the pending admin are let go (the start ends: the transaction
// left the database empty, for the next start to seed).
func (s *Store) seedLater(seed func(context.Context) (int, error)) func(context.Context) error {
	return func(ctx context.Context) error {
		if _, err := seed(ctx); err != nil {
			s.releasePending()
			return err
		}
		return nil
	}
}

// firstStart loads the built-in catalog, the admin and the demo into an
// empty database in one transaction: a first start that fails or ends
// half-way leaves an empty database to start again from (and commits once
// instead of some twenty times). It returns how many tools it added.
func (s *Store) firstStart(ctx context.Context, admin NewUserInput, adminHash <-chan hashResult, totals TotalsFunc) (int, error) {
	cs, err := builtin.Contracts()
	if err != nil {
		return 0, fmt.Errorf("models: builtin catalog: %w", err)
	}
	added := 0
	err = s.Tx(ctx, func(tx *Store) error {
		plan, err := tx.ApplyImport(ctx, SystemActor, SourceBuiltin, "", cs, "")
		if err != nil {
			return err
		}
		if _, err := tx.createUser(ctx, SystemActor, admin, adminHash); err != nil {
			return err
		}
		if err := tx.SeedDemo(ctx, totals); err != nil {
			return err
		}
		added = len(plan.Added)
		return nil
	})
	return added, err
}
