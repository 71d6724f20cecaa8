package runtime_test

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/builtin"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
)

// TestSeedTotalsFollowTheContracts: seeding's totals, which build the
// catalog once per list of contracts, count the contracts given in each
// call — a changed contract, a shorter list, then the first list again —
// exactly as a fresh SeedTotals counts them.
func TestSeedTotalsFollowTheContracts(t *testing.T) {
	all, err := builtin.Contracts()
	if err != nil {
		t.Fatal(err)
	}
	ids := make([]string, len(all))
	for i, c := range all {
		ids[i] = c.ID
	}
	declared, _ := json.Marshal(ids)
	agent := &models.Agent{Slug: "a", DeclaredJSON: string(declared), ServicesJSON: "[]"}
	content := models.ProfileContent{Tools: ids, Tier: "standard", CatalogForm: catalog.FormFull}
	changed := slices.Clone(all)
	changed[0].Purpose += " Longer now: this purpose gained a whole sentence of words to count."
	m := meter.New(100000)
	seed := runtime.SeedTotals(m)
	var seen []models.TokenTotals
	for i, avail := range [][]catalog.Contract{all, changed, all[1:], all} {
		got, err := seed(avail, agent, content)
		if err != nil {
			t.Fatal(err)
		}
		want, err := runtime.SeedTotals(m)(avail, agent, content)
		if err != nil {
			t.Fatal(err)
		}
		if got != want {
			t.Fatalf("call %d: %+v, a fresh count %+v", i, got, want)
		}
		seen = append(seen, got)
	}
	if seen[0] == seen[1] || seen[0] == seen[2] || seen[0] != seen[3] {
		t.Fatalf("the lists' totals do not differ as their contracts do: %+v", seen)
	}
}
