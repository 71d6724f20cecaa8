package models_test

import (
	"context"
	"testing"
	"time"

	"github.com/agentforge/console/models"
)

// TestGatewaySessionSweepAndInUseMark: the sweep deletes the
// sessions last used before the cutoff and the ended ones, never a live
// one; a session marked in use until a call's deadline is not pulled
// back by a search or a later touch meanwhile, so it stays
// live through the call.
func TestGatewaySessionSweepAndInUseMark(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		now := time.Now().UTC()
		for _, tok := range []string{"old", "live", "ended", "busy"} {
			if err := s.CreateGatewaySession(ctx, tok, &models.GatewaySession{KeyID: 1, Agent: "helper", Run: "mcp-" + tok}); err != nil {
				t.Fatal(err)
			}
		}
		id := models.SessionHash
		if err := s.Exec(ctx, "UPDATE gateway_sessions SET updated_at = ? WHERE id = ?", now.Add(-2*time.Hour), id("old")); err != nil {
			t.Fatal(err)
		}
		if err := s.CloseGatewaySession(ctx, id("ended")); err != nil {
			t.Fatal(err)
		}
		deadline := now.Add(10 * time.Minute)
		if err := s.TouchGatewaySessionAt(ctx, id("busy"), deadline); err != nil {
			t.Fatal(err)
		}
		if err := s.SaveGatewayReceipts(ctx, id("busy"), 1, `[["r"]]`, 0); err != nil {
			t.Fatal(err)
		}
		if err := s.TouchGatewaySessionAt(ctx, id("busy"), now); err != nil {
			t.Fatal(err)
		}
		g, err := s.GatewaySessionByID(ctx, id("busy"))
		if err != nil {
			t.Fatal(err)
		}
		if g.UpdatedAt.Before(deadline.Add(-time.Second)) {
			t.Errorf("the in-use mark was pulled back to %s, want %s", g.UpdatedAt, deadline)
		}
		n, err := s.DeleteExpiredGatewaySessions(ctx, now.Add(-time.Hour))
		if err != nil || n != 2 {
			t.Fatalf("the sweep deleted %d (%v), want the old and the ended session", n, err)
		}
		for tok, want := range map[string]bool{"old": false, "ended": false, "live": true, "busy": true} {
			st, err := gatewayState(ctx, s, tok)
			if err != nil {
				t.Fatal(err)
			}
			if (st.Session != nil) != want {
				t.Errorf("%s: kept %v, want %v", tok, st.Session != nil, want)
			}
		}
	})
}
