package models

import (
	"context"
	"fmt"

	"github.com/agentforge/console/catalog/builtin"
)

// SystemActor is the actor of changes the console makes by itself.
const SystemActor = "system"

// BootstrapResult says what a first start created.
type BootstrapResult struct {
	Migrated      []int
	CreatedAdmin  bool
	AdminPassword string // the generated password, shown once; "" when given
	SeededTools   int
	SeededDemo    bool
}

// Bootstrap migrates and, on an empty database, loads the built-in
// catalog, the demo data and the admin user. adminPassword "" generates
// one.
func (s *Store) Bootstrap(ctx context.Context, adminPassword string) (BootstrapResult, error) {
	var res BootstrapResult
	applied, err := s.Migrate(ctx)
	res.Migrated = applied
	if err != nil {
		return res, err
	}
	n, err := s.CountUsers(ctx)
	if err != nil {
		return res, err
	}
	if n > 0 {
		return res, nil
	}
	cs, err := builtin.Contracts()
	if err != nil {
		return res, fmt.Errorf("models: builtin catalog: %w", err)
	}
	plan, err := s.ApplyImport(ctx, SystemActor, SourceBuiltin, "", cs, "")
	if err != nil {
		return res, err
	}
	res.SeededTools = len(plan.Added)
	generated := adminPassword == ""
	if generated {
		adminPassword = RandomToken(12)
	}
	if _, err := s.CreateUser(ctx, SystemActor, NewUserInput{Username: "admin", Password: adminPassword, Roles: []Role{RoleAdmin, RoleEditor, RoleReviewer}}); err != nil {
		return res, err
	}
	res.CreatedAdmin = true
	if generated {
		res.AdminPassword = adminPassword
	}
	if err := s.SeedDemo(ctx); err != nil {
		return res, err
	}
	res.SeededDemo = true
	return res, nil
}

// SeedDemo loads demo data. It grows as the console does.
func (s *Store) SeedDemo(ctx context.Context) error { return nil }
