package web

import (
	"context"
	"strings"
)

// orphanServices names each of an agent's services that neither a
// connection nor any catalog tool has: a connection removed since, or a
// misspelt name. Saving such an agent is not refused (the service may
// come back, or be connected later); the save says so, by name, so a typo
// is seen at once instead of as tools that never appear.
func (s *Server) orphanServices(ctx context.Context, snap *Snapshot, services []string) ([]string, error) {
	if len(services) == 0 {
		return nil, nil
	}
	has, err := s.store.ProvidedServices(ctx, snap.KnownTools())
	if err != nil {
		return nil, err
	}
	var out []string
	for _, ns := range services {
		if !has[ns] {
			out = append(out, ns)
		}
	}
	return out, nil
}

// savedWithServiceWarning is the flash after an agent is saved: what
// was done, then a warning naming each service nothing provides.
func (s *Server) savedWithServiceWarning(ctx context.Context, snap *Snapshot, done string, services []string) (string, error) {
	missing, err := s.orphanServices(ctx, snap, services)
	if err != nil || len(missing) == 0 {
		return done, err
	}
	return done + " Warning: no connection and no catalog tool has service " + strings.Join(missing, ", ") +
		" (removed, or misspelt?): its tools stay out of every roster until it is connected.", nil
}
