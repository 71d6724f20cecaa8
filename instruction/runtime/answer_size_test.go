package runtime

import (
	"math/rand/v2"
	"testing"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/catalog/catalogtest"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/fidelity"
	"github.com/agentforge/console/instruction/meter"
)

// AnswerSize holds a served answer as Compose gives it: every roster
// tool pinned with its version and digest, the listed skills pinned, the
// composition check's warnings and the dropped tools. A buffer that
// outgrows it is copied into one of twice its size, and the response
// cache keeps that larger array for as long as it keeps the answer.
func TestAnswerSizeHoldsAServedAnswer(t *testing.T) {
	cat := catalogtest.Full(t)
	var known []catalog.Contract
	for _, e := range cat.Entries() {
		known = append(known, e.Contract())
	}
	m := meter.New(100000)
	checker := fidelity.New(known)
	skills := []instruction.Skill{{Slug: "csv-report", Name: "CSV report", Summary: "Turns a table into a short report.", Version: 3, RequiredTools: []string{"load_table"}, Digest: "d1"},
		{Slug: "notes", Name: "Notes", Summary: "Keeps notes of what was found.", Version: 7}}
	entries := cat.Entries()
	for i := range 300 {
		rng := rand.New(rand.NewPCG(uint64(i), 28))
		d := instruction.Draft{Selected: map[string]bool{}, Options: instruction.DefaultOptions()}
		share := 1 + rng.IntN(6) // from every tool to a sixth of them
		for _, e := range entries {
			if rng.IntN(share) == 0 {
				d.Declared = append(d.Declared, e)
				if rng.IntN(4) > 0 {
					d.Selected[e.ID()] = true
				}
			}
		}
		if rng.IntN(2) == 0 {
			d.Skills = skills
		}
		d.Options.Tier, d.Options.CatalogForm = instruction.Tiers[rng.IntN(3)], []string{catalog.FormFull, catalog.FormCompact}[rng.IntN(2)]
		d.Options.Deferred = rng.IntN(3) == 0
		p, _, err := m.Project([]string{meter.O200k, meter.Cl100k}[rng.IntN(2)], d, checker)
		if err != nil {
			t.Fatal(err)
		}
		p.Agent, p.Profile, p.ProfileVersion = "analyst", "data-analyst", 2
		r := Result{Projection: p, Pinned: Pinned{Tools: []PinnedTool{}, Skills: []PinnedSkill{}}}
		for _, id := range p.Roster {
			if e, ok := cat.Get(id); ok {
				r.Pinned.Tools = append(r.Pinned.Tools, PinnedTool{ID: id, Version: e.Contract().Version, Digest: e.Digest()})
			}
		}
		for _, s := range p.Skills {
			r.Pinned.Skills = append(r.Pinned.Skills, PinnedSkill{Slug: s.Slug, Version: s.Version, Digest: s.Digest})
		}
		if rng.IntN(2) == 0 {
			r.Dropped = []instruction.Dropped{{ID: "exec", Set: "without", Reason: "named in without"}}
		}
		b, err := r.AppendJSON(nil)
		if err != nil {
			t.Fatal(err)
		}
		if n := AnswerSize(r); len(b) > n {
			t.Fatalf("answer %d (%d roster tools, %d warnings): %d bytes, capacity %d", i, len(p.Roster), len(p.Warnings), len(b), n)
		}
	}
}
