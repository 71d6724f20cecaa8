package meter

import (
	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
)

// Lever is one toggle of the forge with the exact token change flipping it
// would cause.
type Lever struct {
	ID    string `json:"id"`
	On    bool   `json:"on"`
	Delta Totals `json:"delta"`
}

// Levers computes every lever's delta: it composes the flipped draft and
// counts it from memoized units, reusing the base count of every section
// whose units did not change.
func (m *Meter) Levers(enc string, d instruction.Draft, base instruction.Composition, baseCounts []int, baseTotals Totals) ([]Lever, error) {
	d = d.LeverBase()
	ids := d.LeverIDs()
	out := make([]Lever, 0, len(ids))
	for _, id := range ids {
		flipped, err := d.Flip(id)
		if err != nil {
			return nil, err
		}
		c, err := instruction.Compose(flipped.Input().ForCounting())
		if err != nil {
			return nil, err
		}
		t, err := m.totalsReusing(enc, c, base, baseCounts)
		if err != nil {
			return nil, err
		}
		out = append(out, Lever{ID: id, On: d.On(id), Delta: t.Sub(baseTotals)})
	}
	return out, nil
}

// totalsReusing counts c from the base: a section with the same id as a
// base section costs only the units that differ. Its common prefix and
// suffix of units (by content key) keep the base's count, and since a
// section's count is the sum of its units' counts, the count is the base
// count less the base's differing units plus c's differing units: flipping
// one tool of a 150-tool catalog counts one entry and the header, not 151
// units.
func (m *Meter) totalsReusing(enc string, c, base instruction.Composition, baseCounts []int) (Totals, error) {
	var t Totals
	for i, s := range c.Sections {
		j := sectionIndex(base, s.ID, i)
		if j < 0 {
			n, err := m.countUnits(enc, s.Units)
			if err != nil {
				return Totals{}, err
			}
			t.add(s.Group, n)
			continue
		}
		bu := base.Sections[j].Units
		pre := 0
		for pre < len(s.Units) && pre < len(bu) && s.Units[pre].Key == bu[pre].Key {
			pre++
		}
		suf := 0
		for suf < len(s.Units)-pre && suf < len(bu)-pre && s.Units[len(s.Units)-1-suf].Key == bu[len(bu)-1-suf].Key {
			suf++
		}
		gone, err := m.countUnits(enc, bu[pre:len(bu)-suf])
		if err != nil {
			return Totals{}, err
		}
		added, err := m.countUnits(enc, s.Units[pre:len(s.Units)-suf])
		if err != nil {
			return Totals{}, err
		}
		t.add(s.Group, baseCounts[j]-gone+added)
	}
	return t, nil
}

// sectionIndex finds the base section with the id, trying index i first
// (sections keep their places unless a gated one comes or goes); -1: none.
func sectionIndex(base instruction.Composition, id string, i int) int {
	if i < len(base.Sections) && base.Sections[i].ID == id {
		return i
	}
	for j, s := range base.Sections {
		if s.ID == id {
			return j
		}
	}
	return -1
}

// countUnits is the sum of the units' memoized counts.
func (m *Meter) countUnits(enc string, us []catalog.Unit) (int, error) {
	n := 0
	for _, u := range us {
		k, err := m.CountUnit(enc, u)
		if err != nil {
			return 0, err
		}
		n += k
	}
	return n, nil
}
