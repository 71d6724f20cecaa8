package main

import (
	"context"
	"fmt"
	"os"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// openStore opens the configured database and brings it up to date: on an
// empty database that means migrations, the built-in catalog, demo data and
// the admin user, exactly as serve does. Every command but serve, migrate
// and restore opens its database here, so none of them makes a new SQLite
// file where it happens to run: a missing file is refused, naming its path
// (requireDatabase), and only those three create one.
func openStore(ctx context.Context, m *meter.Meter) (*models.Store, models.BootstrapResult, error) {
	if err := requireDatabase(); err != nil {
		return nil, models.BootstrapResult{}, err
	}
	return openStoreFor(ctx, m, (*models.Store).Bootstrap)
}

// openStoreFor is openStore with the bootstrap to run: serve passes
// BootstrapDeferred, which leaves the admin's hash until it listens.
func openStoreFor(ctx context.Context, m *meter.Meter, bootstrap func(*models.Store, context.Context, string, models.TotalsFunc) (models.BootstrapResult, error)) (*models.Store, models.BootstrapResult, error) {
	store, err := openDBForWrites(ctx)
	if err != nil {
		return nil, models.BootstrapResult{}, err
	}
	res, err := bootstrap(store, ctx, os.Getenv("CONSOLE_ADMIN_PASSWORD"), runtime.SeedTotals(m))
	if err != nil {
		store.Close()
		return nil, res, err
	}
	return store, res, nil
}

// openDB opens the configured database as it is, with the configured
// audit key (CONSOLE_AUDIT_KEY, at least 32 bytes; every replica and every
// CLI run against the database must use the same one). The key is never
// printed or logged.
func openDB(ctx context.Context) (*models.Store, error) {
	key := os.Getenv("CONSOLE_AUDIT_KEY")
	if key != "" && len(key) < models.SecretBytes {
		return nil, &exitError{2, fmt.Errorf("CONSOLE_AUDIT_KEY: use at least %d bytes (e.g. openssl rand -base64 %d)", models.SecretBytes, models.SecretBytes)}
	}
	store, err := models.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return nil, err
	}
	if key != "" {
		store.SetAuditKey([]byte(key))
	}
	sk, err := loadSealKey(false)
	if err != nil {
		store.Close()
		return nil, err
	}
	if sk != nil {
		store.SetSealKey(sk)
	}
	return store, nil
}

// openDBForWrites is openDB for a command that may write audit events: it
// refuses (exit 2), before writing anything, a CONSOLE_AUDIT_KEY the audit
// chain was not started with, since one event appended under another key
// breaks the chain for good. Audit checks it again before every append.
func openDBForWrites(ctx context.Context) (*models.Store, error) {
	store, err := openDB(ctx)
	if err != nil {
		return nil, err
	}
	if err := store.CheckAuditKey(ctx); err != nil {
		store.Close()
		return nil, &exitError{2, err}
	}
	return store, nil
}
