package runtime

import (
	"encoding/json"
	"slices"
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/models"
)

// Totals composes an agent under its profile version exactly as
// POST /api/v1/compose serves {agent, profile} at that version — services,
// options and the given skills included — and counts it, once the context
// is narrowed to the request's subject as compose narrows it (ForSubject;
// no subject is the group everyone). Every page that shows a profile
// version's tokens calls it so, so a version has one number per (agent,
// encoding), the forge's.
func Totals(snap *Snapshot, m *meter.Meter, ac AgentContext, skills []instruction.Skill, enc string) (meter.Totals, error) {
	c, err := ComposeVersion(snap, ac, skills)
	if err != nil {
		return meter.Totals{}, err
	}
	_, t, err := m.Measure(enc, c)
	return t, err
}

// ComposeVersion composes an agent under its profile version with the
// given skills, as a request for (agent, profile) at that version is.
func ComposeVersion(snap *Snapshot, ac AgentContext, skills []instruction.Skill) (instruction.Composition, error) {
	d, _ := ac.Draft(snap, nil)
	d.Skills = skills
	return instruction.Compose(d.Input())
}

// ContentTotals counts unsaved profile content for an agent in o200k_base:
// the figure a profile version records at save time.
func ContentTotals(snap *Snapshot, m *meter.Meter, a *models.Agent, c models.ProfileContent, skills []instruction.Skill) (models.TokenTotals, error) {
	t, err := Totals(snap, m, AgentContext{Agent: a, Version: VersionOf(c)}, skills, meter.O200k)
	if err != nil {
		return models.TokenTotals{}, err
	}
	return models.TokenTotals{Encoding: meter.O200k, Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}, nil
}

// VersionOf is unsaved profile content as a profile version.
func VersionOf(c models.ProfileContent) *models.ProfileVersion {
	return &models.ProfileVersion{ToolsJSON: jsonList(c.Tools), Tier: c.Tier, CatalogForm: c.CatalogForm, Deferred: c.Deferred, PinsJSON: jsonList(c.Pins)}
}

// SeedTotals gives Bootstrap a way to record real token totals on demo
// profile versions.
func SeedTotals(m *meter.Meter) models.TotalsFunc {
	// seeding counts every demo version over one list of contracts: its
	// catalog (every entry rendered in both forms) is built once per list
	// of contents (sharedCatalog), and the server's first snapshot of the
	// same list reuses it
	return func(available []catalog.Contract, a *models.Agent, c models.ProfileContent) (models.TokenTotals, error) {
		cat, err := sharedCatalog(available)
		if err != nil {
			return models.TokenTotals{}, err
		}
		return ContentTotals(&Snapshot{available: cat}, m, a, c, nil)
	}
}

// lastCatalog is the catalog sharedCatalog built last and the digests of
// its contracts, in order.
var lastCatalog struct {
	mu      sync.Mutex
	digests []string
	cat     *catalog.Catalog
}

// sharedCatalog is catalog.New(cs), reused while the contracts (known by
// their digests, in order) are those of the last call: a first start's
// seeding and the server's first snapshot render the same list once. A
// Catalog is read-only once built, so sharing it is safe.
func sharedCatalog(cs []catalog.Contract) (*catalog.Catalog, error) {
	digests := make([]string, len(cs))
	for i, k := range cs {
		digests[i] = catalog.Digest(k)
	}
	lastCatalog.mu.Lock()
	defer lastCatalog.mu.Unlock()
	if lastCatalog.cat != nil && slices.Equal(digests, lastCatalog.digests) {
		return lastCatalog.cat, nil
	}
	cat, err := catalog.New(cs)
	if err != nil {
		return nil, err
	}
	lastCatalog.digests, lastCatalog.cat = digests, cat
	return cat, nil
}

func jsonList(ss []string) string {
	if ss == nil {
		ss = []string{}
	}
	b, _ := json.Marshal(ss)
	return string(b)
}
