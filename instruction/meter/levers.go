package meter

import (
	"strings"

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

// Levers computes every lever's delta. A tool flip that changes only the
// catalog (instruction.ToolFlips) costs its few units; one that changes
// the sections before the catalog too, but not the catalog's shape
// (FlipHead), composes only those sections, and only the first time
// that head is met (FlipHeadKey); the compact and tier levers
// recompose only the sections their option shapes (the catalog, the
// sections before it: a tier's only the first time its head's key is
// met); any other lever composes the flipped draft. Each is
// counted from the base, costing only the units that differ (see
// totalsReusing).
func (m *Meter) Levers(enc string, d instruction.Draft, base instruction.Composition, baseCounts []int, baseTotals Totals) ([]Lever, error) {
	d = d.LeverBase()
	ids := d.LeverIDs()
	out := make([]Lever, 0, len(ids))
	var scratch instruction.Scratch
	tools := instruction.NewToolFlips(d, base)
	for _, id := range ids {
		if tool, ok := strings.CutPrefix(id, instruction.LeverToolPrefix); ok {
			if f, ok := tools.Flip(tool); ok {
				n, err := m.flipDelta(enc, f)
				if err != nil {
					return nil, err
				}
				out = append(out, Lever{ID: id, On: d.On(id), Delta: Totals{Catalog: n, Total: n}})
				continue
			}
			if k, cat, ok := tools.FlipHeadKey(tool, &scratch); ok {
				t, err := m.headFlipTotals(enc, tools, tool, &scratch, k, cat, base, baseCounts, baseTotals)
				if err != nil {
					return nil, err
				}
				out = append(out, Lever{ID: id, On: d.On(id), Delta: t.Sub(baseTotals)})
				continue
			}
		}
		if id == instruction.LeverTierPrefix+d.Options.Tier {
			// flipping the current tier changes nothing: composing it again
			// would only count the base composition a second time
			out = append(out, Lever{ID: id, On: true})
			continue
		}
		// an option lever recomposes only the sections the option shapes
		var c instruction.Composition
		ok := false
		if id == instruction.LeverCompact {
			form := catalog.FormCompact
			if d.Options.CatalogForm == catalog.FormCompact {
				form = catalog.FormFull
			}
			c, ok = base.WithCatalogForm(form)
		} else if tier, isTier := strings.CutPrefix(id, instruction.LeverTierPrefix); isTier {
			if k, known := base.TierHeadKey(tier); known {
				t, err := m.tierTotals(enc, base, tier, k, baseCounts, baseTotals)
				if err != nil {
					return nil, err
				}
				out = append(out, Lever{ID: id, On: d.On(id), Delta: t.Sub(baseTotals)})
				continue
			}
			c, ok = base.WithTier(tier)
		}
		if ok {
			t, err := m.totalsReusing(enc, c.Sections, base, baseCounts)
			if err != nil {
				return nil, err
			}
			out = append(out, Lever{ID: id, On: d.On(id), Delta: t.Sub(baseTotals)})
			continue
		}
		flipped, err := d.Flip(id)
		if err != nil {
			return nil, err
		}
		c, err = instruction.Compose(flipped.CountingInput(&scratch))
		if err != nil {
			return nil, err
		}
		t, err := m.totalsReusing(enc, c.Sections, base, baseCounts)
		if err != nil {
			return nil, err
		}
		out = append(out, Lever{ID: id, On: d.On(id), Delta: t.Sub(baseTotals)})
	}
	return out, nil
}

// headFlipTotals are the totals of a tool flip that changes the head
// but not the catalog's shape: the head's totals, read from the memo by
// the head's key (a head seen before, by another lever or request, is not
// composed again) or counted from the base's sections, and the catalog's
// count, the base's with the entry's units.
func (m *Meter) headFlipTotals(enc string, tools *instruction.ToolFlips, tool string, s *instruction.Scratch, k instruction.HeadKey, cat instruction.ToolFlip, base instruction.Composition, baseCounts []int, baseTotals Totals) (Totals, error) {
	t, ok := m.headTotals(enc, k)
	if !ok {
		f, _ := tools.FlipHead(tool, s)
		var err error
		if t, err = m.totalsReusing(enc, f.Head, base, baseCounts); err != nil {
			return Totals{}, err
		}
		m.keepHeadTotals(enc, k, t)
	}
	n, err := m.flipDelta(enc, cat)
	if err != nil {
		return Totals{}, err
	}
	t.add(instruction.GroupCatalog, baseTotals.Catalog+n)
	return t, nil
}

// tierTotals are the totals of the base in another tier: the head's,
// read from the memo by its key k or counted from the base's sections of
// the tier's composition, and the base's catalog, which the tier does not
// change.
func (m *Meter) tierTotals(enc string, base instruction.Composition, tier string, k instruction.HeadKey, baseCounts []int, baseTotals Totals) (Totals, error) {
	t, ok := m.headTotals(enc, k)
	if !ok {
		c, _ := base.WithTier(tier)
		all, err := m.totalsReusing(enc, c.Sections, base, baseCounts)
		if err != nil {
			return Totals{}, err
		}
		t = Totals{Body: all.Body, Protocol: all.Protocol, Total: all.Body + all.Protocol}
		m.keepHeadTotals(enc, k, t)
	}
	t.add(instruction.GroupCatalog, baseTotals.Catalog)
	return t, nil
}

// totalsReusing counts sections from the base: a section with the same id
// as a base section costs only the units that differ (see unitDiff): since
// a section's count is the sum of its units' counts, its count is the base
// count less the base's differing units plus its own differing units. Flipping
// one tool of a 150-tool catalog looks up its entry and the two headers,
// not 151 units.
func (m *Meter) totalsReusing(enc string, sections []instruction.Section, base instruction.Composition, baseCounts []int) (Totals, error) {
	var t Totals
	for i, s := range sections {
		j := sectionIndex(base, s.ID, i)
		if j < 0 {
			n, err := m.countUnits(enc, s.Units)
			if err != nil {
				return Totals{}, err
			}
			t.add(s.Group, n)
			continue
		}
		gone, added, err := m.unitDiff(enc, base.Sections[j].Units, s.Units)
		if err != nil {
			return Totals{}, err
		}
		t.add(s.Group, baseCounts[j]-gone+added)
	}
	return t, nil
}

// unitDiff counts the units of a that b does not share and those of b that
// a does not share, matching common prefixes and suffixes by key. After a
// first trim it counts one differing unit on each side and trims again (a
// catalog whose header count and one entry changed costs four lookups);
// what is left after a few rounds is counted in full. Each unit is counted
// once on its side, and identical units cancel wherever they stand, so
// count(b) = count(a) − gone + added exactly.
func (m *Meter) unitDiff(enc string, a, b []catalog.Unit) (gone, added int, err error) {
	if len(a) == len(b) && (len(a) == 0 || &a[0] == &b[0]) {
		return 0, 0, nil // the very same units (a tier lever's catalog is the base's)
	}
	for round := 0; ; round++ {
		for len(a) > 0 && len(b) > 0 && a[0].Key == b[0].Key {
			a, b = a[1:], b[1:]
		}
		for len(a) > 0 && len(b) > 0 && a[len(a)-1].Key == b[len(b)-1].Key {
			a, b = a[:len(a)-1], b[:len(b)-1]
		}
		if len(a) == 0 || len(b) == 0 || round == 3 {
			break
		}
		ga, err := m.CountUnit(enc, a[0])
		if err != nil {
			return 0, 0, err
		}
		ab, err := m.CountUnit(enc, b[0])
		if err != nil {
			return 0, 0, err
		}
		gone, added, a, b = gone+ga, added+ab, a[1:], b[1:]
	}
	ga, err := m.countUnits(enc, a)
	if err != nil {
		return 0, 0, err
	}
	ab, err := m.countUnits(enc, b)
	if err != nil {
		return 0, 0, err
	}
	return gone + ga, added + ab, nil
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

// flipDelta is the token change of a tool flip answered without composing:
// its units entering less those leaving (all in the catalog group).
func (m *Meter) flipDelta(enc string, f instruction.ToolFlip) (int, error) {
	added, err := m.countUnits(enc, f.Added)
	if err != nil {
		return 0, err
	}
	gone, err := m.countUnits(enc, f.Gone)
	return added - gone, err
}
