package models_test

import (
	"context"
	"errors"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

var known = map[string]bool{"read_file": true, "exec": true, "web_search": true, "workspace_write": true}

func content(tools ...string) models.ProfileContent {
	return models.ProfileContent{Tools: tools, Tier: "standard", CatalogForm: "full"}
}

func TestProfileVersionsAndConflicts(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "p", Name: "P", Content: content("read_file")}, known, models.TokenTotals{}); err != nil {
			t.Fatal(err)
		}
		var ve *models.ValidationError
		for name, c := range map[string]models.ProfileContent{
			"unknown tool": content("read_file", "nope"),
			"duplicate":    content("read_file", "read_file"),
			"bad tier":     {Tools: []string{"read_file"}, Tier: "x", CatalogForm: "full"},
			"stray pin":    {Tools: []string{"read_file"}, Tier: "full", CatalogForm: "full", Pins: []string{"exec"}},
		} {
			if _, err := s.SaveProfileVersion(ctx, "ed", "p", 1, c, known, models.TokenTotals{}); !errors.As(err, &ve) {
				t.Errorf("%s: %v", name, err)
			}
		}
		if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "p", Name: "P2", Content: content()}, known, models.TokenTotals{}); !errors.As(err, &ve) || ve.Fields["slug"] == "" {
			t.Errorf("slug clash: %v", err)
		}
		if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "", Name: "", Content: content()}, known, models.TokenTotals{}); !errors.As(err, &ve) || ve.Fields["slug"] == "" || ve.Fields["name"] == "" {
			t.Errorf("empty name and slug: %v", err)
		}
		v2, err := s.SaveProfileVersion(ctx, "ed", "p", 1, content("read_file", "exec"), known, models.TokenTotals{Total: 9})
		if err != nil || v2.Version != 2 {
			t.Fatalf("save: %v", err)
		}
		if _, err := s.SaveProfileVersion(ctx, "ed2", "p", 1, content("web_search"), known, models.TokenTotals{}); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("stale save: %v", err)
		}
		if _, err := s.SaveProfileVersion(ctx, "ed2", "p", 0, content("web_search"), known, models.TokenTotals{}); !errors.Is(err, models.ErrMissingBase) {
			t.Fatalf("missing base: %v", err)
		}
		// the same tools and options again (another message) make no version
		same := content("read_file", "exec")
		same.Message = "again"
		if _, err := s.SaveProfileVersion(ctx, "ed2", "p", 2, same, known, models.TokenTotals{}); !errors.Is(err, models.ErrUnchanged) {
			t.Fatalf("unchanged save: %v", err)
		}
		p, _ := s.ProfileBySlug(ctx, "p")
		vs, _ := s.ProfileVersions(ctx, p.ID)
		if p.CurrentVersion != 2 || len(vs) != 2 || vs[0].Total != 9 {
			t.Fatalf("current %d, %d versions", p.CurrentVersion, len(vs))
		}
		v1, _ := s.ProfileVersionAt(ctx, p.ID, 1)
		if got := v1.Tools(); len(got) != 1 || got[0] != "read_file" {
			t.Errorf("v1 changed: %v", got)
		}
		res, _ := s.VerifyAudit(ctx)
		if res.Events != 2 || res.BrokenAt != 0 {
			t.Errorf("audit events %d (want create + one save)", res.Events)
		}
	})
}

// TestConcurrentProfileSaves: 20 saves from the same base, on Postgres:
// exactly one succeeds, 19 conflict, one new version exists.
func TestConcurrentProfileSaves(t *testing.T) {
	url := modelstest.RequirePostgres(t)
	s := modelstest.Open(t, modelstest.Dialect{Name: models.DialectPostgres, URL: url})
	ctx := context.Background()
	if _, err := s.CreateProfile(ctx, "ed", models.ProfileInput{Slug: "race", Name: "Race", Content: content("read_file")}, known, models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	var mu sync.Mutex
	ok, conflicts, other := 0, 0, 0
	start := make(chan struct{})
	for i := 0; i < 20; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			_, err := s.SaveProfileVersion(ctx, "ed", "race", 1, content("exec"), known, models.TokenTotals{})
			mu.Lock()
			defer mu.Unlock()
			switch {
			case err == nil:
				ok++
			case errors.Is(err, models.ErrConflict):
				conflicts++
			default:
				other++
				t.Log(err)
			}
		}()
	}
	close(start)
	wg.Wait()
	p, _ := s.ProfileBySlug(ctx, "race")
	vs, _ := s.ProfileVersions(ctx, p.ID)
	if ok != 1 || conflicts != 19 || other != 0 || len(vs) != 2 || p.CurrentVersion != 2 {
		t.Fatalf("%d ok, %d conflicts, %d errors, %d versions, current %d", ok, conflicts, other, len(vs), p.CurrentVersion)
	}
	res, _ := s.VerifyAudit(ctx)
	if res.Events != 2 || res.BrokenAt != 0 {
		t.Fatalf("audit: %+v", res)
	}
	t.Logf("20 concurrent saves from one base: %d success, %d conflicts, %d errors, %d new version", ok, conflicts, other, len(vs)-1)
}

func TestAgentsValidateAndConflict(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		var ve *models.ValidationError
		if _, err := s.CreateAgent(ctx, "adm", models.AgentInput{Slug: "Bad Slug", Name: "", Declared: []string{"nope"}}, known); !errors.As(err, &ve) || len(ve.Fields) != 3 {
			t.Fatalf("invalid agent: %v", err)
		}
		a, err := s.CreateAgent(ctx, "adm", models.AgentInput{Slug: "a", Name: "A", Declared: []string{"read_file"}}, known)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateAgent(ctx, "adm", "a", a.Version, models.AgentInput{Name: "A", Declared: []string{"read_file", "exec"}}, known); err != nil {
			t.Fatal(err)
		}
		if _, err := s.UpdateAgent(ctx, "adm", "a", a.Version, models.AgentInput{Name: "A", Declared: []string{"exec"}}, known); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("stale agent update: %v", err)
		}
		got, _ := s.AgentBySlug(ctx, "a")
		if len(got.Declared()) != 2 {
			t.Errorf("declared = %v", got.Declared())
		}
	})
}
