package main

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/agentforge/console/models"
)

// gatewayLoadProfile is the profile the gateway load run's agent is
// served under.
const gatewayLoadProfile = "gateway-load"

// gatewaySetup readies a load database (DATABASE_URL) for the gateway
// load run, doing at once what an admin and a reviewer do on the pages:
// connection conn's tools (`console connection add` imported them)
// reviewed available, a deferred profile of them, and agent declaring
// them with that profile as its default; then it prints a new runtime
// key's secret. For scripts/load_gateway.sh's own database only: any
// other is refused (loadFixtureOnly).
func gatewaySetup(ctx context.Context, conn, agent string, stdout io.Writer) error {
	store, err := openDBForWrites(ctx)
	if err != nil {
		return err
	}
	defer store.Close()
	if err := loadFixtureOnly(ctx, store, conn); err != nil {
		return err
	}
	tools, err := store.Tools(ctx)
	if err != nil {
		return err
	}
	known := map[string]bool{}
	var ids []string
	for _, t := range tools {
		known[t.ID] = true
		if strings.HasPrefix(t.ID, conn+".") {
			ids = append(ids, t.ID)
		}
	}
	if len(ids) == 0 {
		return &exitError{2, fmt.Errorf("--connection: connection %q imported no tools (console connection add first)", conn)}
	}
	const reviewer = "load-reviewer"
	if _, err := store.CreateUser(ctx, "admin", models.NewUserInput{Username: reviewer, Password: "load-" + models.RandomToken(16), Roles: []models.Role{models.RoleReviewer}}); err != nil {
		return fmt.Errorf("reviewer: %w", err)
	}
	seen, err := store.ToolDigests(ctx, ids)
	if err != nil {
		return err
	}
	if _, err := store.ReviewTools(ctx, reviewer, seen, models.ToolAvailable); err != nil {
		return fmt.Errorf("review: %w", err)
	}
	content := models.ProfileContent{Tools: ids, Deferred: true, Tier: "standard", CatalogForm: "full"}
	if _, err := store.CreateProfile(ctx, "admin", models.ProfileInput{Slug: gatewayLoadProfile, Name: "Gateway load", Content: content}, known, models.TokenTotals{}); err != nil {
		return fmt.Errorf("profile: %w", err)
	}
	if _, err := store.CreateAgent(ctx, "admin", models.AgentInput{Slug: agent, Name: "Gateway load", Declared: ids, Services: []string{conn}, DefaultProfile: gatewayLoadProfile}, known); err != nil {
		return fmt.Errorf("agent: %w", err)
	}
	secret, _, err := store.CreateScopedAPIKey(ctx, "admin", "gateway-load", models.ScopeRuntime)
	if err != nil {
		return err
	}
	fmt.Fprintln(stdout, secret)
	return nil
}
