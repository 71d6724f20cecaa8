package web

import (
	"context"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

// TestTheTextTeachesTheReviewersClassification: an imported tool
// described "Deletes everything" whose import hint says read-only, and
// that its reviewer classified destructive, is taught to the model as
// destructive, not read-only, and its review page flags the contradiction
// between its words and its hint (the ledger keeps showing the hint as
// the hint). Failed first: the rendered entry said "Effects: read-only";
// no contradiction was flagged.
func TestTheTextTeachesTheReviewersClassification(t *testing.T) {
	h := sqliteOnly(t)
	ctx := context.Background()
	c := catalog.Contract{ID: "acme.wipe", Title: "Wipe", Purpose: "Deletes everything in the workspace.", Class: catalog.ClassService, Effects: catalog.EffectsReadOnly, Version: "1"}
	if _, err := h.store.ApplyImport(ctx, "ivan", models.SourceMCP, "acme", []catalog.Contract{c}, ""); err != nil {
		t.Fatal(err)
	}
	tl, _ := h.store.ToolByID(ctx, c.ID)
	// review flags the contradiction between the words and the hint
	h.addUser("rita", models.RoleReviewer)
	rita := h.login("rita", "rita-password")
	_, doc := rita.get("/catalog/tools/acme.wipe")
	if flag := doc.Find(`[data-testid="tool-ledger"]`).Text(); !strings.Contains(flag, "words contradict hint") || !strings.Contains(flag, `"deletes" (destructive)`) {
		t.Errorf("the review does not flag 'Deletes everything' hinted read-only: %s", strings.Join(strings.Fields(flag), " "))
	}
	if err := h.store.ClassifyTool(ctx, "rita", c.ID, tl.Digest, authority.StateBindable, models.Classification{Effects: "destructive", Risk: "high"}); err != nil {
		t.Fatal(err)
	}
	snap, err := h.app.snapshot(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var taught []catalog.Contract
	for _, k := range snap.Universe() {
		if k.ID == c.ID {
			taught = append(taught, k)
		}
	}
	if len(taught) != 1 {
		t.Fatalf("%d contracts of %s in the snapshot", len(taught), c.ID)
	}
	entry := catalog.RenderRoster(taught, catalog.FormFull)
	// the ledger still shows the import's hint as the hint
	_, doc = rita.get("/catalog/tools/acme.wipe")
	if hint := doc.Find(`[data-testid="ledger-hint"]`).Text(); !strings.Contains(hint, "effects read-only") {
		t.Errorf("the ledger's hint after classification: %q", hint)
	}
	if !strings.Contains(entry, "destructive") || strings.Contains(entry, "read-only") {
		t.Errorf("the text does not teach the reviewer's classification:\n%s", entry)
	}
}
