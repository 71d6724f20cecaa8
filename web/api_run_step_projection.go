package web

import (
	"encoding/json"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/deferred"
)

// stepProjection is the step's projection, encoded, from the cache or
// composed, counted, checked and encoded once.
func (s *Server) stepProjection(baseKey string, b *runBase, sf *deferred.Surface, d instruction.Draft, enc string) (*stepEntry, error) {
	k := stepKey(baseKey, d.Options.Tier, d.Options.CatalogForm, enc, d.Options.Pins, d.Activated)
	if e := s.steps.get(k); e != nil {
		s.metrics.stepCache(true)
		return e, nil
	}
	s.metrics.stepCache(false)
	p, _, err := s.meter.ProjectStep(enc, d, b.Snapshot.Fidelity())
	if err != nil {
		return nil, composeStatus(err)
	}
	p.Agent, p.Profile, p.ProfileVersion = b.Agent, b.Profile, b.ProfileVersion
	j, err := json.Marshal(p)
	if err != nil {
		return nil, err
	}
	e := &stepEntry{head: j[:len(j)-1], active: len(p.Active), textBytes: len(p.Text), tokens: p.Totals.Total,
		prefixTokens: p.PrefixTokens, digest: p.Digest}
	for _, id := range p.Active {
		e.schemaBytes += sf.SchemaBytes(id)
	}
	s.steps.put(k, e)
	return e, nil
}
