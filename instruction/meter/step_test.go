package meter_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/meter"
)

// TestStepCounts: a deferred step's section counts add up to the count of
// its whole text, and prefix_tokens is exactly the count of the text
// before the activated section, which is the first step's whole text.
func TestStepCounts(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(10))
	for i := 0; i < 40; i++ {
		d := draftOf(cat, rng, 0.5)
		d.Connected["github"] = true
		var reachable []string
		for _, e := range d.Input().Roster {
			if c := e.Contract(); !c.CodeOnly && !c.AlwaysOn {
				reachable = append(reachable, e.ID())
			}
		}
		enc := meter.Encodings[i%2]
		first, _, err := m.ProjectStep(enc, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		if first.PrefixTokens != first.Totals.Total {
			t.Fatalf("first step: prefix %d, total %d", first.PrefixTokens, first.Totals.Total)
		}
		for _, j := range rng.Perm(len(reachable))[:min(4, len(reachable))] {
			d.Activated = append(d.Activated, reachable[j])
		}
		p, _, err := m.ProjectStep(enc, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		whole, _ := m.Count(enc, p.Text)
		if whole != p.Totals.Total {
			t.Fatalf("sections sum to %d, the text counts %d", p.Totals.Total, whole)
		}
		if !strings.HasPrefix(p.Text, first.Text) || p.PrefixTokens != first.Totals.Total {
			t.Fatalf("prefix %d tokens, first step %d; text keeps the prefix: %v", p.PrefixTokens, first.Totals.Total, strings.HasPrefix(p.Text, first.Text))
		}
		if len(p.Levers) != 0 || len(p.Active) < len(d.Activated) {
			t.Fatalf("levers %d, active %v for activated %v", len(p.Levers), p.Active, d.Activated)
		}
	}
}
