package meter_test

import (
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
)

// BenchmarkProjectDistinct is one distinct compose request's projection
// (composition, counts, every lever's delta) for the analyst's 18
// declared tools: a random subset, tier, form and encoding per request,
// as the distinct load mode and BenchmarkAPIComposeDistinct send them,
// without the HTTP, receipt and encoding work, with three skills (two of
// them need a tool). About a third of its levers are tool flips that
// change a capability and are composed.
func BenchmarkProjectDistinct(b *testing.B) {
	cat := catalogtest.Full(b)
	declared := []string{"read_file", "list_files", "search_files", "read_spreadsheet", "extract_text", "exec", "sql_query", "compute_statistics", "evaluate_expression",
		"load_table", "save_table", "describe_table", "emit_artifact", "report_progress", "render_chart", "workspace_write", "edit_file", "ask_user"}
	forms, encs := []string{"full", "compact"}, []string{meter.O200k, meter.Cl100k}
	skills := []instruction.Skill{{Slug: "csv-report", Name: "CSV report", Summary: "Turns a table into a short report.", Version: 3, RequiredTools: []string{"load_table"}},
		{Slug: "charts", Name: "Charts", Summary: "Draws a chart of a table.", Version: 1, RequiredTools: []string{"render_chart"}},
		{Slug: "notes", Name: "Notes", Summary: "Keeps notes of what was found.", Version: 7}}
	drafts := make([]instruction.Draft, 256)
	for i := range drafts {
		rng := rand.New(rand.NewPCG(uint64(i), 7))
		d := instruction.Draft{Selected: map[string]bool{}, Options: instruction.DefaultOptions(), Skills: skills}
		for _, id := range declared {
			e, ok := cat.Get(id)
			if !ok {
				b.Fatalf("no tool %s", id)
			}
			d.Declared = append(d.Declared, e)
			if rng.IntN(2) == 0 {
				d.Selected[id] = true
			}
		}
		d.Options.Tier, d.Options.CatalogForm = instruction.Tiers[rng.IntN(3)], forms[rng.IntN(2)]
		drafts[i] = d
	}
	m := meter.New(100000)
	for i, d := range drafts { // warm: every unit counted once
		if _, _, err := m.Project(encs[i%2], d, nil); err != nil {
			b.Fatal(err)
		}
	}
	b.ReportAllocs()
	b.ResetTimer()
	cpu := cpuNow()
	for i := 0; i < b.N; i++ {
		if _, _, err := m.Project(encs[(i/len(drafts))%2], drafts[i%len(drafts)], nil); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, cpu)
}
