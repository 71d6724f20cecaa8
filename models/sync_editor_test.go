package models_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestSyncImportsAsWhoeverChangedTheSource: bob edited alice's
// connection to point at his own server, and its tools were recorded as
// imported by alice, so bob could review them alone. The importer is
// whoever last changed the connection's source (added it, or edited its
// command, URL, env or headers); a settings-only edit, a person's plain
// sync and the gateway's relist keep that person.
func TestSyncImportsAsWhoeverChangedTheSource(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			if _, err := s.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "fx", URL: "http://127.0.0.1:1/mcp"}); err != nil {
				t.Fatal(err)
			}
			n := 0
			sync := func(actor, want string) {
				t.Helper()
				n++ // a changed contract each time: imported (back to review) again
				o := catalog.ParseSyncContext(ctx, []byte(fmt.Sprintf(`{"tools":[{"name":"transfer","description":"Move money between accounts, version %d.","inputSchema":{"type":"object","properties":{"to":{"type":"string"}}}}]}`, n)), "fx")
				if len(o.Problems) > 0 {
					t.Fatal(o.Problems)
				}
				if _, err := s.SyncOutcome(ctx, actor, "fx", o); err != nil {
					t.Fatal(err)
				}
				tl, err := s.ToolByID(ctx, "fx.transfer")
				if err != nil {
					t.Fatal(err)
				}
				if tl.ImportedBy != want {
					t.Errorf("sync %d by %s: imported by %q, want %q", n, actor, tl.ImportedBy, want)
				}
			}
			sync("gateway", "alice")
			sync("bob", "alice")
			bobs := models.ConnectionInput{Name: "fx", URL: "https://bob.example/mcp"}
			if _, err := s.UpdateConnection(ctx, "bob", bobs, models.ConnectionEdit{URL: bobs.URL}); err != nil {
				t.Fatal(err)
			}
			sync("bob", "bob")
			sync("gateway", "bob")
			sync("alice", "bob")
			if _, err := s.UpdateConnection(ctx, "carol", bobs, models.ConnectionEdit{Settings: models.SettingsEdit{}}); err != nil {
				t.Fatal(err)
			}
			sync("gateway", "bob")
		})
	}
}
