package runtime_test

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestImportOverAConnectionIsRefused: a file imported into a
// namespace a connection serves would replace the tools its server lists
// (and lose their reviews), as a connection added over an imported
// namespace would. It is refused naming the connection, nothing changed —
// a namespaced import, a native one whose ids fall in the namespace, and
// the preview alike — while the connection's own syncs and its removal go
// on.
func TestImportOverAConnectionIsRefused(t *testing.T) {
	ctx := context.Background()
	store := modelstest.Open(t, modelstest.Dialects(t)[0])
	pool := upstream.NewPool(nil)
	defer pool.Close()
	up := upstreamtest.New()
	defer up.Close()
	added, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL})
	if err != nil {
		t.Fatal(err)
	}
	before, _ := store.NamespaceToolCount(ctx, "demo")
	doc := []byte(`{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier and returns its fields.","inputSchema":{"type":"object","properties":{"id":{"type":"string"}}}}]}`)
	cs, probs := catalog.Parse(catalog.FormatMCP, doc, "demo")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	native, probs := catalog.Parse(catalog.FormatNative, []byte(`[{"id":"demo.extra","title":"Extra","purpose":"Adds an extra record.","class":"web","effects":"read-only","version":"1","returns":"the record","params":[]}]`), "")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	refused := func(what string, err error) {
		t.Helper()
		var se *models.NamespaceServedError
		if !errors.As(err, &se) || se.Connection != "demo" || !strings.Contains(err.Error(), "connection demo") {
			t.Errorf("%s: %v, want a NamespaceServedError naming connection demo", what, err)
		}
	}
	_, err = store.ApplyImport(ctx, "ivan", models.SourceMCP, "demo", cs, "")
	refused("an MCP file into the namespace", err)
	_, err = store.ApplyImport(ctx, "ivan", models.SourceFile, "", native, "")
	refused("a native file with an id in the namespace", err)
	_, err = store.PlanImport(ctx, models.SourceMCP, "demo", cs)
	refused("the preview", err)
	if after, _ := store.NamespaceToolCount(ctx, "demo"); after != before || before != len(added.Plan.Added) {
		t.Errorf("the namespace held %d tools, now %d (the add imported %d)", before, after, len(added.Plan.Added))
	}
	if _, err := runtime.SyncConnection(ctx, store, pool, "alice", "demo"); err != nil {
		t.Errorf("the connection's own sync: %v", err)
	}
	if _, err := store.DeleteConnection(ctx, "alice", "demo"); err != nil {
		t.Errorf("removing the connection: %v", err)
	}
	if _, err := store.ApplyImport(ctx, "ivan", models.SourceMCP, "demo", cs, ""); err != nil {
		t.Errorf("an import once the connection is gone: %v", err)
	}
}
