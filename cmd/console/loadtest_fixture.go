package main

import (
	"context"
	"fmt"
	"strings"

	"github.com/agentforge/console/models"
)

// fixtureAdminActions are what the first admin's name does in a fresh
// load database: the demo seed's promotions, and adding and syncing the
// load run's connection (console connection add).
var fixtureAdminActions = map[string]bool{"proposal.approve": true, "skill.promote": true, "catalog.import": true, "connection.add": true, "connection.sync": true}

// fixtureActors act anything in a fresh database: the seed itself.
var fixtureActors = map[string]bool{models.SystemActor: true, "demo-editor": true}

// loadFixtureOnly refuses, naming what it found, a database that holds
// anything but a fresh console and connection conn: gateway-setup
// reviews every tool of conn available and creates a user, a profile,
// an agent and a runtime key, which no console in use should get behind
// its admins' backs. Nothing is written.
func loadFixtureOnly(ctx context.Context, store *models.Store, conn string) error {
	var found []string
	count := func(one, many, sql string, args ...any) {
		n, err := store.Raw(ctx, sql, args...)
		if err != nil {
			found = append(found, many+" (unreadable: "+err.Error()+")")
		} else if n > 0 {
			found = append(found, counted(int(n), one, many))
		}
	}
	count("API key", "API keys", "SELECT COUNT(*) FROM api_keys")
	count("sign-in", "sign-ins", "SELECT COUNT(*) FROM sessions")
	count("approval request", "approval requests", "SELECT COUNT(*) FROM approvals")
	count("binding", "bindings", "SELECT COUNT(*) FROM bindings")
	count("gateway session", "gateway sessions", "SELECT COUNT(*) FROM gateway_sessions")
	count("connection other than "+conn, "connections other than "+conn, "SELECT COUNT(*) FROM connections WHERE name <> ?", conn)
	count("user the seed did not make", "users the seed did not make", "SELECT COUNT(*) FROM users WHERE username NOT IN (SELECT substr(subject, 6) FROM audit_events WHERE action = 'user.create' AND actor = ? AND subject LIKE 'user:%')", models.SystemActor)
	var evs []struct{ Actor, Action string }
	if err := store.RawScan(ctx, &evs, "SELECT actor, action FROM audit_events GROUP BY actor, action ORDER BY actor, action"); err != nil {
		found = append(found, "audit events (unreadable: "+err.Error()+")")
	}
	for _, e := range evs {
		if !fixtureActors[e.Actor] && !fixtureAdminActions[e.Action] {
			found = append(found, fmt.Sprintf("audited %s by %s", e.Action, e.Actor))
		}
	}
	if len(found) == 0 {
		return nil
	}
	if len(found) > 6 {
		found = append(found[:6], "…")
	}
	return &exitError{1, fmt.Errorf("--mode gateway-setup: DATABASE_URL is not a fresh load database (it holds %s): gateway-setup reviews connection %s's tools and creates a user, an agent and a runtime key, so it runs only on a database made for the load run (migrate a new one, then console connection add %s, as scripts/load_gateway.sh does); nothing was changed", strings.Join(found, ", "), conn, conn)}
}
