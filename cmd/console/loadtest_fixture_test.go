package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewaySetupRefusesADatabaseInUse: loadtest --mode gateway-setup
// readies a fresh load database (the seed and its connection), and
// refuses, naming what it found and changing nothing, a database in
// which anyone did anything else (a key made, a user added, a grant
// saved). Failed first: it reviewed the connection's tools available
// and made a user, an agent and a key on any database it was pointed at.
func TestGatewaySetupRefusesADatabaseInUse(t *testing.T) {
	up := upstreamtest.New()
	defer up.Close()
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			fresh := func() string {
				_, dsn := modelstest.OpenEmpty(t, d)
				mustMigrate(t, dsn)
				if out, err := runCLI(t, dsn, "connection", "add", "demo", "--url", up.URL, "--as", "admin"); err != nil {
					t.Fatalf("connection add: %v\n%s", err, out)
				}
				return dsn
			}
			for _, c := range []struct {
				name string
				use  []string
				want string
			}{
				{"a key", []string{"apikey", "create", "ci", "--as", "admin"}, "1 API key"},
				{"a user", []string{"user", "add", "ops", "--roles", "viewer", "--password-file", "PW", "--as", "admin"}, "1 user the seed did not make"},
				{"a grant", []string{"grant", "add", "contractors", "--tools", "exec", "--as", "admin"}, "audited grants.save by admin"},
			} {
				dsn := fresh()
				args := c.use
				for i, a := range args {
					if a == "PW" {
						pw := filepath.Join(t.TempDir(), "pw")
						if err := os.WriteFile(pw, []byte("a-long-password-1\n"), 0o600); err != nil {
							t.Fatal(err)
						}
						args[i] = pw
					}
				}
				if out, err := runCLI(t, dsn, args...); err != nil {
					t.Fatalf("%s: %v\n%s", c.name, err, out)
				}
				before := auditCount(t, dsn)
				out, err := runCLI(t, dsn, "loadtest", "--mode", "gateway-setup", "--agent", "helper")
				if err == nil || !strings.Contains(err.Error(), "not a fresh load database") || !strings.Contains(err.Error(), c.want) {
					t.Errorf("after %s: %v %q, want a refusal naming %q", c.name, err, out, c.want)
				}
				if after := auditCount(t, dsn); after != before {
					t.Errorf("after %s: the refused setup wrote %d audit events", c.name, after-before)
				}
			}
			dsn := fresh()
			out, err := runCLI(t, dsn, "loadtest", "--mode", "gateway-setup", "--agent", "helper")
			if err != nil || !strings.HasPrefix(strings.TrimSpace(out), "afc_") {
				t.Fatalf("a fresh load database: %v %q", err, out)
			}
			// its own fixture, readied once, is in use now
			if _, err := runCLI(t, dsn, "loadtest", "--mode", "gateway-setup", "--agent", "helper"); err == nil || !strings.Contains(err.Error(), "API key") {
				t.Errorf("a second setup: %v", err)
			}
		})
	}
}

func auditCount(t *testing.T, dsn string) int64 {
	t.Helper()
	store, err := models.Open(context.Background(), dsn)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	n, err := store.Raw(context.Background(), "SELECT COUNT(*) FROM audit_events")
	if err != nil {
		t.Fatal(err)
	}
	return n
}
