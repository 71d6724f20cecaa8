package meter_test

import (
	"math/rand"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

// TestLeverDeltasAreExactForMCP: the forge's MCP form (the instruction the
// gateway serves an MCP client) has exact lever deltas too: every lever's
// delta, added to the base, is the brute-force count of the flipped
// draft's composition, which stays in the MCP form (no channel tag).
func TestLeverDeltasAreExactForMCP(t *testing.T) {
	cat := fullCatalog(t)
	m := meter.New(100000)
	rng := rand.New(rand.NewSource(24))
	for i := 0; i < 4; i++ {
		d := draftOf(cat, rng, 0.5)
		d.Options.Host = instruction.HostMCP
		d.Options.Deferred = i%2 == 1
		enc := meter.Encodings[i%2]
		p, _, err := m.Project(enc, d, nil)
		if err != nil {
			t.Fatal(err)
		}
		checked := 0
		for j, l := range p.Levers {
			if j%5 != 0 && strings.HasPrefix(l.ID, instruction.LeverToolPrefix) && l.ID != instruction.LeverToolPrefix+"exec" {
				continue // every 5th tool lever, exec's and all the others keep this test quick
			}
			f, err := d.Flip(l.ID)
			if err != nil {
				t.Fatal(err)
			}
			c, err := instruction.Compose(f.Input())
			if err != nil {
				t.Fatal(err)
			}
			if c.Options.Host != instruction.HostMCP || strings.Contains(c.Text(), "<action") {
				t.Fatalf("lever %s leaves the MCP form", l.ID)
			}
			got := bruteTotals(t, m, enc, c)
			want := p.Totals
			want.Body += l.Delta.Body
			want.Protocol += l.Delta.Protocol
			want.Catalog += l.Delta.Catalog
			want.Total += l.Delta.Total
			if got != want {
				t.Fatalf("draft %d lever %s: base %+v + delta %+v = %+v, brute force %+v", i, l.ID, p.Totals, l.Delta, want, got)
			}
			checked++
		}
		if checked < 10 {
			t.Fatalf("draft %d: only %d levers checked", i, checked)
		}
	}
}
