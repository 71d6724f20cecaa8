package models_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
)

func TestGrantsVersionedAndAudited(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		// a fresh install grants everyone every effects class
		all, err := s.AllGrants(ctx)
		if err != nil || len(all) != 4 {
			t.Fatalf("fresh grants: %v, %v", all, err)
		}
		for _, g := range all {
			if g.Group != authority.Everyone || g.Kind != authority.KindEffects {
				t.Errorf("fresh grant %+v", g)
			}
		}
		known := map[string]bool{"read_file": true, "exec": true}
		v1, err := s.SetGrants(ctx, "ada", "contractors", 0, []models.GrantSpec{{Kind: "effects", Value: "read-only"}}, "first", known)
		if err != nil || v1.Version != 1 {
			t.Fatalf("create: %+v, %v", v1, err)
		}
		if _, err := s.SetGrants(ctx, "ada", "contractors", 0, nil, "again", known); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("stale base accepted: %v", err)
		}
		v2, err := s.ChangeGrants(ctx, "ada", "contractors", true, []models.GrantSpec{{Kind: "tool", Value: "exec", RequiresApproval: true}}, known)
		if err != nil || v2.Version != 2 || len(v2.Grants()) != 2 {
			t.Fatalf("add: %+v, %v", v2, err)
		}
		if _, err := s.ChangeGrants(ctx, "ada", "contractors", false, []models.GrantSpec{{Kind: "tool", Value: "read_file"}}, known); err == nil {
			t.Fatal("removing a grant the group lacks succeeded")
		}
		for _, bad := range []models.GrantSpec{{Kind: "tool", Value: "nope"}, {Kind: "effects", Value: "harmless"}, {Kind: "service", Value: "Bad NS"}, {Kind: "role", Value: "x"}} {
			var ve *models.ValidationError
			if _, err := s.ChangeGrants(ctx, "ada", "contractors", true, []models.GrantSpec{bad}, known); !errors.As(err, &ve) {
				t.Errorf("grant %+v: %v, want a validation error", bad, err)
			}
		}
		if _, err := s.SetGrants(ctx, "ada", "Bad Name", 0, nil, "", known); err == nil {
			t.Error("bad group name accepted")
		}
		_, cfg1, _ := s.Generations(ctx)
		v3, err := s.ChangeGrants(ctx, "ada", "contractors", false, []models.GrantSpec{{Kind: "tool", Value: "exec"}}, known)
		if err != nil || v3.Version != 3 || len(v3.Grants()) != 1 {
			t.Fatalf("remove: %+v, %v", v3, err)
		}
		if _, cfg2, _ := s.Generations(ctx); cfg2 <= cfg1 {
			t.Error("a grant change did not move the configuration generation")
		}
		g, _ := s.GroupByName(ctx, "contractors")
		vs, _ := s.GroupVersions(ctx, g.ID)
		if len(vs) != 3 || vs[0].Version != 3 {
			t.Fatalf("versions: %d", len(vs))
		}
		// an unchanged set writes no version
		if v, err := s.SetGrants(ctx, "ada", "contractors", 3, v3.Grants(), "same", known); err != nil || v.Version != 3 {
			t.Errorf("unchanged save: %+v, %v", v, err)
		}
		evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "grants.save"})
		if len(evs) != 3 {
			t.Errorf("%d grant audit events, want 3", len(evs))
		}
		if res, _ := s.VerifyAudit(ctx); res.BrokenAt != 0 {
			t.Errorf("audit chain broken: %+v", res)
		}
	})
}

func TestLedgerImportClassifyAndChange(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		cs := githubContracts(t)
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", cs, ""); err != nil {
			t.Fatal(err)
		}
		tl, _ := s.ToolByID(ctx, "github.create_issue")
		if tl.Validation != authority.StateStructurallyValid || tl.Trust != authority.TrustUntrusted || tl.ClassEffects != "" {
			t.Fatalf("imported: validation %s trust %s class %q", tl.Validation, tl.Trust, tl.ClassEffects)
		}
		cl := models.Classification{Effects: "external-write", Risk: "high"}
		if err := s.ClassifyTool(ctx, "alice", tl.ID, tl.Digest, authority.StateBindable, cl); !errors.Is(err, models.ErrSelfReview) {
			t.Fatalf("importer classified: %v", err)
		}
		if err := s.ClassifyTool(ctx, "rita", tl.ID, "other", authority.StateBindable, cl); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("stale digest classified: %v", err)
		}
		var ve *models.ValidationError
		if err := s.ClassifyTool(ctx, "rita", tl.ID, tl.Digest, authority.StateBindable, models.Classification{}); !errors.As(err, &ve) {
			t.Fatalf("unclassified made bindable: %v", err)
		}
		// a reviewer may classify against the hint
		if err := s.ClassifyTool(ctx, "rita", tl.ID, tl.Digest, authority.StateBindable, models.Classification{Effects: "destructive", Risk: "high"}); err != nil {
			t.Fatal(err)
		}
		tl, _ = s.ToolByID(ctx, "github.create_issue")
		if tl.Status != models.ToolAvailable || tl.Validation != authority.StateBindable || tl.ClassEffects != "destructive" || tl.ClassifiedBy != "rita" || tl.ClassifiedDigest != tl.Digest {
			t.Fatalf("classified: %+v", tl)
		}
		if err := s.ClassifyTool(ctx, "rita", tl.ID, tl.Digest, authority.StateStructurallyValid, cl); !errors.Is(err, models.ErrLedger) {
			t.Errorf("bindable → structurally_valid allowed: %v", err)
		}
		// a changed descriptor returns to candidate, revalidates, and has no
		// classification: the approved version's stays bound to that version
		changed := append([]catalog.Contract(nil), cs...)
		for i := range changed {
			if changed[i].ID == "github.create_issue" {
				changed[i].Purpose += " Changed."
			}
		}
		if _, err := s.ApplyImport(ctx, "alice", models.SourceMCP, "github", changed, ""); err != nil {
			t.Fatal(err)
		}
		now, _ := s.ToolByID(ctx, "github.create_issue")
		if now.Validation != authority.StateStructurallyValid || now.Status != models.ToolCandidate || now.ClassifiedDigest == now.Digest || now.AuthorityTool().Effects != "" || now.Digest == tl.Digest {
			t.Errorf("changed: %+v", now)
		}
		// built-ins are host-verified and bindable with their own classification
		bs, err := builtin.Contracts()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.ApplyImport(ctx, models.SystemActor, models.SourceBuiltin, "", bs, ""); err != nil {
			t.Fatal(err)
		}
		rf, _ := s.ToolByID(ctx, "read_file")
		if rf.Trust != authority.TrustHostVerified || rf.Validation != authority.StateBindable || rf.ClassEffects != "read-only" {
			t.Errorf("built-in: %+v", rf)
		}
	})
}

func TestBindingsAndCheckState(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		exp := time.Now().Add(time.Minute).UTC().Truncate(time.Second)
		handle, b, err := s.CreateBinding(ctx, "apikey:1", models.Binding{Subject: "u1", Agent: "analyst", Tool: "read_file", Digest: "abc", ExpiresAt: exp, KeyID: 1})
		if err != nil {
			t.Fatal(err)
		}
		if b.HandleHash == handle || len(handle) < 30 {
			t.Fatal("the handle is stored in the clear")
		}
		st, err := s.ReadCheckState(ctx, handle, 1)
		if err != nil || st.Binding == nil || !st.Binding.Found || st.Binding.Tool != "read_file" || !st.Binding.ExpiresAt.Equal(exp) || st.CatalogGen == 0 {
			t.Fatalf("state: %+v %+v, %v", st, st.Binding, err)
		}
		if st, _ := s.ReadCheckState(ctx, "afb_unknown", 1); st.Binding == nil || st.Binding.Found {
			t.Fatalf("unknown handle found: %+v", st.Binding)
		}
		if st, _ := s.ReadCheckState(ctx, "", 1); st.Binding != nil || st.ConfigGen == 0 {
			t.Fatalf("no handle: %+v", st)
		}
		// another runtime key holding the handle finds no binding
		if st, _ := s.ReadCheckState(ctx, handle, 2); st.Binding == nil || st.Binding.Found {
			t.Fatalf("another key's check found the binding: %+v", st.Binding)
		}
		if err := s.ReleaseBinding(ctx, "apikey:2", 2, handle); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("another key's release: %v, want not found", err)
		}
		if err := s.ReleaseBinding(ctx, "apikey:1", 1, handle); err != nil {
			t.Fatal(err)
		}
		if err := s.ReleaseBinding(ctx, "apikey:1", 1, handle); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("second release: %v", err)
		}
		if st, _ := s.ReadCheckState(ctx, handle, 1); st.Binding.Found {
			t.Fatal("a released binding still resolves")
		}
	})
}

func TestCheckCountersUpsert(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		k := models.CounterKey{Agent: "analyst", Tool: "exec", Group: "contractors", Outcome: "permission_denied"}
		for i := 0; i < 3; i++ {
			if err := s.AddCheckCounts(ctx, map[models.CounterKey]int64{k: 2, {Agent: "analyst", Tool: "exec", Group: "staff", Outcome: "allow"}: 1}); err != nil {
				t.Fatal(err)
			}
		}
		cs, err := s.CheckCounters(ctx, "analyst", 10)
		if err != nil || len(cs) != 2 || cs[0].Count != 6 || cs[0].GroupName != "contractors" || cs[1].Count != 3 {
			t.Fatalf("counters: %+v, %v", cs, err)
		}
	})
}

func TestAPIKeyScopes(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		_, k, err := s.CreateScopedAPIKey(ctx, "ada", "rt", models.ScopeRuntime)
		if err != nil || k.Scope != models.ScopeRuntime || !k.Allows(models.ScopeRead) || !k.Allows(models.ScopeRuntime) {
			t.Fatalf("runtime key: %+v, %v", k, err)
		}
		_, r, _ := s.CreateAPIKey(ctx, "ada", "ro")
		if r.Scope != models.ScopeRead || r.Allows(models.ScopeRuntime) {
			t.Fatalf("read key: %+v", r)
		}
		var ve *models.ValidationError
		if _, _, err := s.CreateScopedAPIKey(ctx, "ada", "x", "admin"); !errors.As(err, &ve) || ve.Fields["scope"] == "" {
			t.Fatalf("bad scope: %v", err)
		}
	})
}
