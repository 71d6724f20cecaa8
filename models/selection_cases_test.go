package models_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"

	"github.com/agentforge/console/models"
)

func TestSelectionCasesAreVersionedAndAudited(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		a, err := s.CreateAgent(ctx, "admin", models.AgentInput{Slug: "helper", Name: "Helper", Declared: []string{"read_file"}}, known)
		if err != nil {
			t.Fatal(err)
		}
		if _, err := s.SelectionCases(ctx, a.ID); !errors.Is(err, models.ErrNotFound) {
			t.Fatalf("no cases yet: %v", err)
		}
		v1, err := s.SaveSelectionCases(ctx, "ed", a.ID, 0, `{"k":5,"cases":[{"task":"read notes","expect":["read_file"]}]}`, 1, "first")
		if err != nil || v1.Version != 1 {
			t.Fatalf("first save: %v", err)
		}
		if _, err := s.SaveSelectionCases(ctx, "ed", a.ID, 0, `{}`, 0, "stale"); !errors.Is(err, models.ErrConflict) {
			t.Fatalf("stale base: %v", err)
		}
		v2, err := s.SaveSelectionCases(ctx, "ed2", a.ID, 1, `{"k":3,"cases":[]}`, 0, "second")
		if err != nil || v2.Version != 2 {
			t.Fatalf("second save: %v", err)
		}
		cur, _ := s.SelectionCases(ctx, a.ID)
		old, _ := s.SelectionCasesAt(ctx, a.ID, 1)
		if cur.Version != 2 || old.SuiteJSON != v1.SuiteJSON || old.Digest == cur.Digest {
			t.Errorf("current %d, v1 %q", cur.Version, old.SuiteJSON)
		}
		vs, _ := s.SelectionCaseVersions(ctx, a.ID)
		if len(vs) != 2 || vs[0].Version != 2 || vs[1].Author != "ed" {
			t.Errorf("versions: %+v", vs)
		}
		evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "selection_cases.save"})
		if len(evs) != 2 || evs[0].BeforeDigest != v1.Digest || evs[0].AfterDigest != v2.Digest {
			t.Errorf("audit: %+v", evs)
		}
		// a save without a message leaves no colon dangling after the counts
		if _, err := s.SaveSelectionCases(ctx, "ed", a.ID, 2, `{"k":3,"cases":[]}`, 0, ""); err != nil {
			t.Fatal(err)
		}
		if evs, _, _ := s.AuditEvents(ctx, models.AuditFilter{Action: "selection_cases.save"}); len(evs) != 3 || strings.HasSuffix(evs[0].Detail, ":") || strings.HasSuffix(evs[0].Detail, ": ") {
			t.Errorf("audit detail of a save without a message: %+v", evs)
		}
		var ve *models.ValidationError
		if _, err := s.SaveSelectionCases(ctx, "ed", a.ID, 3, "{}", 0, string(make([]byte, 501))); !errors.As(err, &ve) || ve.Fields["message"] == "" {
			t.Errorf("long message: %v", err)
		}
		if _, err := s.SaveSelectionCases(ctx, "ed", 9999, 0, "{}", 0, ""); !errors.Is(err, models.ErrNotFound) {
			t.Errorf("unknown agent: %v", err)
		}
	})
}

// TestSelectionCasesConcurrentSaves: of many editors saving on the same
// base at once, exactly one wins; the rest get ErrConflict.
func TestSelectionCasesConcurrentSaves(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		a, err := s.CreateAgent(ctx, "admin", models.AgentInput{Slug: "racer", Name: "Racer", Declared: []string{"read_file"}}, known)
		if err != nil {
			t.Fatal(err)
		}
		var wg sync.WaitGroup
		var mu sync.Mutex
		won, conflicts := 0, 0
		for i := 0; i < 8; i++ {
			wg.Add(1)
			go func(i int) {
				defer wg.Done()
				_, err := s.SaveSelectionCases(ctx, "ed", a.ID, 0, fmt.Sprintf(`{"n":%d}`, i), 0, "")
				mu.Lock()
				defer mu.Unlock()
				switch {
				case err == nil:
					won++
				case errors.Is(err, models.ErrConflict):
					conflicts++
				default:
					t.Errorf("save: %v", err)
				}
			}(i)
		}
		wg.Wait()
		if won != 1 || won+conflicts != 8 {
			t.Errorf("%d won, %d conflicts", won, conflicts)
		}
	})
}
