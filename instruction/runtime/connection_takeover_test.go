package runtime_test

import (
	"context"
	"errors"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestAddOverAnImportedNamespaceIsRefused: a connection added under a name
// that is a namespace holding tools imported from a file would replace
// them (the ones its server does not list left the catalog: "12 removed").
// It is refused, nothing saved, the tools kept,
// unless the input says to take the namespace over.
func TestAddOverAnImportedNamespaceIsRefused(t *testing.T) {
	ctx := context.Background()
	store := modelstest.Open(t, modelstest.Dialects(t)[0])
	doc := []byte(`{"tools":[{"name":"legacy_lookup","description":"Looks up a legacy record by its identifier and returns its fields.","inputSchema":{"type":"object","properties":{"id":{"type":"string","description":"The record's identifier."}},"required":["id"]}}]}`)
	cs, probs := catalog.Parse(catalog.FormatMCP, doc, "demo")
	if len(probs) > 0 {
		t.Fatal(probs)
	}
	if _, err := store.ApplyImport(ctx, "ivan", models.SourceFile, "demo", cs, ""); err != nil {
		t.Fatal(err)
	}
	pool := upstream.NewPool(nil)
	defer pool.Close()
	up := upstreamtest.New()
	defer up.Close()
	_, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL})
	var te *runtime.NamespaceTakenError
	if !errors.As(err, &te) {
		t.Fatalf("add over an imported namespace: %v, want a NamespaceTakenError", err)
	}
	if te.Tools != 1 || te.Name != "demo" {
		t.Errorf("error says %+v, want 1 tool in demo", te)
	}
	if _, err := store.ConnectionByName(ctx, "demo"); !errors.Is(err, models.ErrNotFound) {
		t.Errorf("a refused add saved the connection: %v", err)
	}
	if _, err := store.ToolByID(ctx, cs[0].ID); err != nil {
		t.Fatalf("a refused add removed the imported tool: %v", err)
	}
	res, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "demo", URL: up.URL, TakeOver: true})
	if err != nil {
		t.Fatalf("add with TakeOver: %v", err)
	}
	if len(res.Plan.Removed) != 1 {
		t.Errorf("a take-over removed %d tools, want the 1 the server does not list", len(res.Plan.Removed))
	}
	// a namespace with no tool is free
	if _, err := runtime.AddConnection(ctx, store, pool, "alice", models.ConnectionInput{Name: "fresh", URL: up.URL}); err != nil {
		t.Fatal(err)
	}
}
