package models

import (
	"context"

	"github.com/agentforge/console/instruction/toolpick"
)

// KnownServices is every service the console knows by name: the service
// of each tool of known (the catalog's ids), each connection's name and
// each service an agent declares. A grant may name only one of these; a
// name outside them is a typo or a service removed, never a grant.
func (s *Store) KnownServices(ctx context.Context, known map[string]bool) (map[string]bool, error) {
	out := toolpick.Services(known)
	conns, err := s.Connections(ctx)
	if err != nil {
		return nil, err
	}
	for _, c := range conns {
		out[c.Name] = true
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
