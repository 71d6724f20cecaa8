package models_test

import (
	"context"
	"testing"

	"github.com/agentforge/console/models"
)

// TestGatewayStateReadsSessionAndGenerations: the gateway's one read per
// request gives the session as stored (after a search moved it, and once
// closed), no session for an unknown token, and the generations
// Generations reads.
func TestGatewayStateReadsSessionAndGenerations(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		g := &models.GatewaySession{KeyID: 7, Agent: "helper", Profile: "gw", SubjectDigest: "digest-of-ann", Run: "mcp-1"}
		if err := s.CreateGatewaySession(ctx, "tok", g); err != nil {
			t.Fatal(err)
		}
		cat, cfg, err := s.Generations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		st, err := gatewayState(ctx, s, "tok")
		if err != nil {
			t.Fatal(err)
		}
		if st.CatalogGen != cat || st.ConfigGen != cfg || st.CatalogGen == 0 {
			t.Fatalf("generations %d/%d, want %d/%d", st.CatalogGen, st.ConfigGen, cat, cfg)
		}
		got := st.Session
		if got == nil || got.ID != models.SessionHash("tok") || got.KeyID != 7 || got.Agent != "helper" || got.Profile != "gw" || got.SubjectDigest != g.SubjectDigest ||
			got.Run != "mcp-1" || got.Receipts != "[]" || got.Version != 1 || got.Closed {
			t.Fatalf("session %+v", got)
		}
		if err := s.SaveGatewayReceipts(ctx, got.ID, 1, `[["r"]]`, 0); err != nil {
			t.Fatal(err)
		}
		if err := s.CountGatewayCall(ctx, got.ID, 5); err != nil {
			t.Fatal(err)
		}
		st, _ = gatewayState(ctx, s, "tok")
		if st.Session.Receipts != `[["r"]]` || st.Session.Version != 2 || st.Session.Searches != 1 || st.Session.Calls != 1 {
			t.Fatalf("after a search and a call: %+v", st.Session)
		}
		if err := s.CloseGatewaySession(ctx, got.ID); err != nil {
			t.Fatal(err)
		}
		if st, _ = gatewayState(ctx, s, "tok"); !st.Session.Closed {
			t.Fatalf("closed session read as %+v", st.Session)
		}
		st, err = gatewayState(ctx, s, "other")
		if err != nil || st.Session != nil || st.CatalogGen != cat {
			t.Fatalf("unknown token: %+v, %v", st, err)
		}
	})
}

// TestGatewayStatesReadSeveralSessions: the shared read gives each token
// its own session and every token the generations, an unknown token no
// session, and a token asked twice once.
func TestGatewayStatesReadSeveralSessions(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for i, tok := range []string{"a", "b"} {
			if err := s.CreateGatewaySession(ctx, tok, &models.GatewaySession{KeyID: uint(i + 1), Agent: "helper", Run: "mcp-" + tok}); err != nil {
				t.Fatal(err)
			}
		}
		cat, cfg, err := s.Generations(ctx)
		if err != nil {
			t.Fatal(err)
		}
		got, err := s.GatewayStatesByTokens(ctx, []string{"a", "b", "unknown", "a"})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != 3 {
			t.Fatalf("%d states, want 3", len(got))
		}
		for tok, want := range map[string]string{"a": "mcp-a", "b": "mcp-b"} {
			one, err := gatewayState(ctx, s, tok)
			if err != nil {
				t.Fatal(err)
			}
			st := got[tok]
			if st.Session == nil || st.Session.Run != want || st.Session.ID != models.SessionHash(tok) || *st.Session != *one.Session {
				t.Errorf("token %s: %+v, want %+v", tok, st.Session, one.Session)
			}
			if st.CatalogGen != cat || st.ConfigGen != cfg {
				t.Errorf("token %s: generations %d/%d, want %d/%d", tok, st.CatalogGen, st.ConfigGen, cat, cfg)
			}
		}
		if st := got["unknown"]; st.Session != nil || st.CatalogGen != cat || st.ConfigGen != cfg {
			t.Errorf("unknown token: %+v", st)
		}
		if none, err := s.GatewayStatesByTokens(ctx, []string{"nobody"}); err != nil || none["nobody"].Session != nil || none["nobody"].CatalogGen != cat {
			t.Errorf("only an unknown token: %+v, %v", none, err)
		}
	})
}

// gatewayState is the state of one token, as the gateway reads it.
func gatewayState(ctx context.Context, s *models.Store, token string) (models.GatewayState, error) {
	m, err := s.GatewayStatesByTokens(ctx, []string{token})
	return m[token], err
}
