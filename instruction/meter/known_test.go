package meter_test

import (
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
)

var update = flag.Bool("update", false, "rewrite known_o200k.tsv")

// TestKnownCountsMatchTheTokenizer: every unit a first start's demo
// seeding counts that the embedded table of o200k_base counts holds has the
// tokenizer's own count there. A stale table (units missing, old lines
// whose text no unit has any more: keyed by content hash, they never
// match) is only logged: it costs the cold start the tokenizer's load, not
// correctness. Run with -update after changing blocks, the built-in
// catalog or the demo data.
func TestKnownCountsMatchTheTokenizer(t *testing.T) {
	m := meter.New(100000)
	texts := map[string]string{}
	seed := runtime.SeedTotals(m)
	record := func(avail []catalog.Contract, a *models.Agent, c models.ProfileContent) (models.TokenTotals, error) {
		cat, err := catalog.New(avail)
		if err != nil {
			return models.TokenTotals{}, err
		}
		// what runtime.ComposeVersion composes for a seeded version (no skills)
		d, _ := instruction.NewAgentDraft(cat, runtime.AgentContext{Agent: a, Version: runtime.VersionOf(c)}.Spec(), nil)
		comp, err := instruction.Compose(d.Input())
		if err != nil {
			return models.TokenTotals{}, err
		}
		for _, s := range comp.Sections {
			for _, u := range s.Units {
				texts[u.Key] = u.Text
			}
		}
		return seed(avail, a, c)
	}
	modelstest.OpenSeeded(t, modelstest.Dialect{Name: models.DialectSQLite}, "known-counts-test", record)
	if len(texts) == 0 {
		t.Fatal("seeding counted nothing")
	}
	want := map[string]int{}
	for k, text := range texts {
		n, err := m.Count(meter.O200k, text)
		if err != nil {
			t.Fatal(err)
		}
		want[k] = n
	}
	if *update {
		keys := make([]string, 0, len(want))
		for k := range want {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		for _, k := range keys {
			fmt.Fprintf(&b, "%s\t%d\n", k, want[k])
		}
		if err := os.WriteFile("known_o200k.tsv", []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile("known_o200k.tsv")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]int{}
	for _, line := range strings.Split(strings.TrimSpace(string(raw)), "\n") {
		var k string
		var n int
		if _, err := fmt.Sscanf(line, "%s\t%d", &k, &n); err != nil {
			t.Fatalf("bad line %q: %v", line, err)
		}
		got[k] = n
	}
	stale := 0
	for k, n := range want {
		g, ok := got[k]
		switch {
		case !ok:
			stale++
		case g != n:
			t.Errorf("unit %.12s… counts %d, the table says %d; run go test ./instruction/meter -run TestKnownCounts -update", k, n, g)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			stale++
		}
	}
	if stale > 0 {
		t.Errorf("the table is stale (%d units missing or unused): a first start would wait for the tokenizer (the cold-start target of docs/performance.md); refresh it with go test ./instruction/meter -run TestKnownCounts -update", stale)
	}
}
