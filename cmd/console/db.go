package main

import (
	"context"
	"os"

	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// openStore opens the configured database and brings it up to date: on an
// empty database that means migrations, the built-in catalog, demo data and
// the admin user, exactly as serve does.
func openStore(ctx context.Context, m *meter.Meter) (*models.Store, models.BootstrapResult, error) {
	store, err := models.Open(ctx, os.Getenv("DATABASE_URL"))
	if err != nil {
		return nil, models.BootstrapResult{}, err
	}
	res, err := store.Bootstrap(ctx, os.Getenv("CONSOLE_ADMIN_PASSWORD"), runtime.SeedTotals(m))
	if err != nil {
		store.Close()
		return nil, res, err
	}
	return store, res, nil
}
