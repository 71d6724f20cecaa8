package models_test

import (
	"context"
	"errors"
	"fmt"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestNobodyWhoShapedAConnectionReviewsItsTools: alice added a
// connection; bob rotated its token (an env edit) and carol changed only
// its timeout. The tools its syncs bring stay imported by alice (the one
// who added it), whoever syncs; alice and bob, who both chose what the
// server is, may neither review, classify, reword nor reconsider them;
// carol, whose edit changed no source, may. Failed first: after bob's
// edit the tools were recorded as imported by bob, so alice reviewed
// them alone.
func TestNobodyWhoShapedAConnectionReviewsItsTools(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			s.SetSealKey([]byte("the-key-the-secrets-were-sealed-with-0001"))
			in := models.ConnectionInput{Name: "fx", URL: "http://127.0.0.1:1/mcp", Headers: map[string]string{"Authorization": "Bearer one"}}
			if _, err := s.CreateConnection(ctx, "alice", in); err != nil {
				t.Fatal(err)
			}
			n := 0
			sync := func(actor string) *models.Tool {
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
				if tl.ImportedBy != "alice" {
					t.Errorf("sync %d by %s: imported by %q, want alice, who added the connection", n, actor, tl.ImportedBy)
				}
				return tl
			}
			sync("gateway")
			rotated := in
			rotated.Headers = map[string]string{"Authorization": "Bearer two"}
			if _, err := s.UpdateConnection(ctx, "bob", rotated, models.ConnectionEdit{Headers: rotated.Headers}); err != nil {
				t.Fatal(err)
			}
			if _, err := s.UpdateConnection(ctx, "carol", rotated, models.ConnectionEdit{Settings: models.SettingsEdit{}}); err != nil {
				t.Fatal(err)
			}
			for _, by := range []string{"bob", "gateway", "carol"} {
				tl := sync(by)
				for _, who := range []string{"alice", "bob"} {
					if _, err := s.ReviewTools(ctx, who, map[string]string{tl.ID: tl.Digest}, models.ToolAvailable); !errors.Is(err, models.ErrSelfReview) {
						t.Errorf("after a sync by %s, %s reviewed the tools: %v", by, who, err)
					}
					if err := s.RewordTool(ctx, who, tl.ID, tl.Digest, "Moves money."); !errors.Is(err, models.ErrSelfReview) {
						t.Errorf("after a sync by %s, %s reworded a tool: %v", by, who, err)
					}
				}
			}
			own, err := s.ConnectionShapers(ctx)
			if err != nil || fmt.Sprint(own["fx"]) != "[alice bob]" {
				t.Errorf("shapers of fx: %v %v, want [alice bob]", own["fx"], err)
			}
			tl, _ := s.ToolByID(ctx, "fx.transfer")
			if got, err := s.ReviewTools(ctx, "carol", map[string]string{tl.ID: tl.Digest}, models.ToolAvailable); err != nil || got != 1 {
				t.Errorf("carol, who changed only a setting, reviews: %d %v", got, err)
			}
		})
	}
}
