package runtime_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

const testSecret = "Bearer s3cret-value-never-stored-in-clear"

// TestSyncImportsThroughReview: a sync lists the upstream's tools with a
// describe-only probe (no tool runs) and imports them: new tools are
// candidates, a changed one goes back to review, a vanished one leaves
// the catalog; the header secret reaches the upstream and nothing else.
func TestSyncImportsThroughReview(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			store := modelstest.Open(t, d)
			store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
			up := upstreamtest.New()
			defer up.Close()
			pool := upstream.NewPool(nil)
			defer pool.Close()
			if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "demo", URL: up.URL + "/mcp", Headers: map[string]string{"Authorization": testSecret}}); err != nil {
				t.Fatal(err)
			}
			res, err := runtime.SyncConnection(ctx, store, pool, "alice", "demo")
			if err != nil {
				t.Fatal(err)
			}
			if got := len(res.Plan.Added); got != 3 {
				t.Fatalf("added %d tools, want 3", got)
			}
			if got := up.Header().Get("Authorization"); got != testSecret {
				t.Errorf("the upstream got Authorization %q, want the connection's secret", got)
			}
			for _, name := range []string{"echo", "remember", "slow"} {
				if n := up.Calls(name); n != 0 {
					t.Errorf("the probe called %s %d times; it must only list", name, n)
				}
				tool, err := store.ToolByID(ctx, "demo."+name)
				if err != nil {
					t.Fatal(err)
				}
				if tool.Status != models.ToolCandidate || tool.Source != models.SourceMCP {
					t.Errorf("demo.%s: status %s source %s, want a candidate from mcp", name, tool.Status, tool.Source)
				}
			}
			// a reviewer approves echo; then the server changes it and drops slow
			if _, err := store.CreateUser(ctx, "test", models.NewUserInput{Username: "rev", Password: "rev-password-1234", Roles: []models.Role{models.RoleReviewer}}); err != nil {
				t.Fatal(err)
			}
			seen, _ := store.ToolDigests(ctx, []string{"demo.echo"})
			if _, err := store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
				t.Fatal(err)
			}
			changed := upstreamtest.Tools()[0]
			changed.Description = "Echo a text back, now in upper case."
			up.MCP.AddTool(changed, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
			up.MCP.RemoveTools("slow")
			res, err = runtime.SyncConnection(ctx, store, pool, "alice", "demo")
			if err != nil {
				t.Fatal(err)
			}
			if len(res.Plan.Changed) != 1 || res.Plan.Changed[0].New.ID != "demo.echo" || len(res.Plan.Removed) != 1 || res.Plan.Removed[0] != "demo.slow" {
				t.Fatalf("second sync: changed %v removed %v, want demo.echo changed and demo.slow removed", res.Plan.Changed, res.Plan.Removed)
			}
			if tool, _ := store.ToolByID(ctx, "demo.echo"); tool.Status != models.ToolCandidate {
				t.Errorf("a changed tool is %s, want back to candidate (review)", tool.Status)
			}
			if _, err := store.ToolByID(ctx, "demo.slow"); err == nil {
				t.Error("a vanished tool is still in the catalog")
			}
			c, _ := store.ConnectionByName(ctx, "demo")
			if c.Status != models.ConnectionOK || c.Tools != 2 || c.LastSync == nil {
				t.Errorf("connection after sync: status %s, %d tools, last sync %v", c.Status, c.Tools, c.LastSync)
			}
			// the secret opens only with the key
			other := modelstest.Open(t, d)
			other.SetSealKey([]byte("another-key-of-at-least-thirty-two-bytes"))
			if _, err := other.OpenSecrets(c); err == nil {
				t.Error("the sealed secrets opened with another key")
			}
			sec, err := store.OpenSecrets(c)
			if err != nil || sec.Headers["Authorization"] != testSecret {
				t.Errorf("secrets = %v, %v", sec, err)
			}
			if bytes.Contains([]byte(c.Sealed), []byte("s3cret")) || c.SecretNames != "header Authorization" {
				t.Errorf("stored row shows the secret: sealed %q names %q", c.Sealed, c.SecretNames)
			}
			evs, _, err := store.AuditEvents(ctx, models.AuditFilter{})
			if err != nil {
				t.Fatal(err)
			}
			var probes int
			for _, e := range evs {
				for _, f := range []string{e.Detail, e.BeforeDigest, e.AfterDigest, e.Subject} {
					if bytes.Contains([]byte(f), []byte("s3cret")) {
						t.Errorf("audit event %s holds the secret", e.Action)
					}
				}
				if e.Action == "connection.sync" {
					probes++
				}
			}
			if probes != 2 {
				t.Errorf("%d connection.sync audit events, want 2 (the probe's evidence)", probes)
			}
		})
	}
}

// TestTheDatabaseFileHoldsNoSecret: the SQLite file and its WAL never hold
// a connection's header or environment value in clear.
func TestTheDatabaseFileHoldsNoSecret(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	path := filepath.Join(dir, "c.db")
	store, err := models.Open(ctx, path)
	if err != nil {
		t.Fatal(err)
	}
	defer store.Close()
	if _, err := store.Migrate(ctx); err != nil {
		t.Fatal(err)
	}
	store.SetSealKey([]byte("a-test-key-of-at-least-thirty-two-bytes"))
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "fs", Command: []string{"server"}, Env: map[string]string{"API_TOKEN": "tok-9f8e7d6c5b4a"}}); err != nil {
		t.Fatal(err)
	}
	for _, f := range []string{path, path + "-wal"} {
		b, err := os.ReadFile(f)
		if err != nil {
			continue
		}
		if bytes.Contains(b, []byte("tok-9f8e7d6c5b4a")) {
			t.Errorf("%s holds the secret in clear", filepath.Base(f))
		}
	}
	store.SetSealKey(nil)
	c, _ := store.ConnectionByName(ctx, "fs")
	if _, err := store.OpenSecrets(c); err == nil {
		t.Error("secrets opened without a key")
	}
}
