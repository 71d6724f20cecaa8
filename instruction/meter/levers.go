package meter

import (
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
	d = d.Settled()
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

// totalsReusing counts c, taking a section's count from the base when the
// base has the same section with the same units.
func (m *Meter) totalsReusing(enc string, c, base instruction.Composition, baseCounts []int) (Totals, error) {
	var t Totals
	for i, s := range c.Sections {
		if i < len(base.Sections) && sameUnits(s, base.Sections[i]) {
			t.add(s.Group, baseCounts[i])
			continue
		}
		n := 0
		for _, u := range s.Units {
			k, err := m.CountUnit(enc, u)
			if err != nil {
				return Totals{}, err
			}
			n += k
		}
		t.add(s.Group, n)
	}
	return t, nil
}

func sameUnits(a, b instruction.Section) bool {
	if a.ID != b.ID || len(a.Units) != len(b.Units) {
		return false
	}
	for i := range a.Units {
		if a.Units[i].Key != b.Units[i].Key {
			return false
		}
	}
	return true
}
