package models_test

import (
	"context"
	"sort"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAuditSubjectFilterIsLiteral: the audit page's subject filter is a
// substring, matched without regard to case on every database: "%" and
// "_" are the characters themselves (a filter of "%" listed everything,
// "_" matched any character), and "Alpha" finds "alpha" on Postgres as
// on SQLite.
func TestAuditSubjectFilterIsLiteral(t *testing.T) {
	eachDialect(t, func(t *testing.T, s *models.Store) {
		ctx := context.Background()
		for _, sub := range []string{"connection:alpha", "connection:100%", "tool:a_b", "tool:axb"} {
			if err := s.Audit(ctx, models.Event{Actor: "admin", Action: "test.like", Subject: sub}); err != nil {
				t.Fatal(err)
			}
		}
		for filter, want := range map[string][]string{
			"%":     {"connection:100%"},
			"_":     {"tool:a_b"},
			"a_b":   {"tool:a_b"},
			"ALPHA": {"connection:alpha"},
			`\`:     nil,
		} {
			evs, _, err := s.AuditEvents(ctx, models.AuditFilter{Action: "test.like", Subject: filter})
			if err != nil {
				t.Fatal(err)
			}
			var got []string
			for _, e := range evs {
				got = append(got, e.Subject)
			}
			sort.Strings(got)
			if len(got) != len(want) || (len(got) > 0 && got[0] != want[0]) {
				t.Errorf("subject %q: %v, want %v", filter, got, want)
			}
		}
	})
}
