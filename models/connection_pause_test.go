package models_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

// TestPausedConnectionsAreEachNewestExposure: a connection is paused when
// its newest exposure-or-resume event is an exposure, whatever came
// before (many pauses and resumes), listed most recently paused first
// with that exposure's time and words; a resumed connection, another
// subject's exposure (a key's) and other actions on a connection's
// subject are not pauses. Both databases.
func TestPausedConnectionsAreEachNewestExposure(t *testing.T) {
	for _, d := range modelstest.Dialects(t) {
		t.Run(d.Name, func(t *testing.T) {
			ctx := context.Background()
			s := modelstest.Open(t, d)
			audit := func(action, subject, detail string) {
				t.Helper()
				if err := s.Audit(ctx, models.Event{Actor: "t", Action: action, Subject: subject, Detail: detail}); err != nil {
					t.Fatal(err)
				}
			}
			exposure, resume := models.ActionSecretExposure, models.ActionConnectionResume
			for i := range 20 {
				audit(exposure, "connection:churn", fmt.Sprint("exposure ", i))
				audit(resume, "connection:churn", "resumed")
				audit(exposure, "connection:again", fmt.Sprint("exposure ", i))
				if i < 19 {
					audit(resume, "connection:again", "resumed")
				}
			}
			audit(exposure, "connection:once", "the only exposure")
			audit(exposure, "apikey:7", "a key's subject")
			audit("connection.update", "connection:once", "another action")
			audit(exposure, "connection:resumed", "exposed")
			audit(resume, "connection:resumed", "resumed")
			got, err := s.PausedConnections(ctx)
			if err != nil {
				t.Fatal(err)
			}
			var names, why []string
			for _, p := range got {
				names, why = append(names, p.Name), append(why, p.Why)
				if p.Since.IsZero() {
					t.Errorf("%s: no time", p.Name)
				}
			}
			if want := []string{"once", "again"}; !slices.Equal(names, want) {
				t.Fatalf("paused %v, want %v", names, want)
			}
			if want := []string{"the only exposure", "exposure 19"}; !slices.Equal(why, want) {
				t.Errorf("why %q, want %q", why, want)
			}
			for _, n := range []string{"once", "again"} {
				if paused, err := s.ConnectionPaused(ctx, n); err != nil || !paused {
					t.Errorf("ConnectionPaused(%s) = %v, %v; the list says paused", n, paused, err)
				}
			}
		})
	}
}
