package models

import (
	"context"

	"github.com/agentforge/console/instruction/toolpick"
)

// ProvidedServices is every service something provides: the service of
// each tool of known (the catalog's ids) and each connection's name. An
// agent's service outside it has nothing behind it (removed, or misspelt).
func (s *Store) ProvidedServices(ctx context.Context, known map[string]bool) (map[string]bool, error) {
	out := toolpick.Services(known)
	conns, err := s.Connections(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range conns {
		out[c.Name] = true
	}
	return out, nil
}

// KnownServices is every service the console knows by name: those
// provided (ProvidedServices) and each service an agent declares. A grant
// may name only one of these; a name outside them is a typo or a service
// removed, never a grant.
func (s *Store) KnownServices(ctx context.Context, known map[string]bool) (map[string]bool, error) {
	out, err := s.ProvidedServices(ctx, known)
	if err != nil {
		return nil, err
	}
	agents, err := s.Agents(ctx)
	if err != nil {
		return nil, err
	}
	for _, a := range agents {
		for _, ns := range a.Services() {
			out[ns] = true
		}
	}
	return out, nil
}
