package deferred

import "fmt"

// A surface's pins: the tools every step shows, chosen per run or per
// step, which never change the surface's key.

// PinError is a pin that is not a tool of the surface.
type PinError struct {
	Pin string
	// CodeOnly: the pin is a code-only helper, never shown as a tool.
	CodeOnly bool
}

// Error names the pin.
func (e *PinError) Error() string {
	if e.CodeOnly {
		return fmt.Sprintf("pins: %q is a code-only helper, called from programs in the code channel and never shown as a tool, so it cannot be pinned (pin exec instead)", e.Pin)
	}
	return fmt.Sprintf("pins: %q is not a tool of this run's surface", e.Pin)
}

// CheckPins returns pins without repeats, each a roster tool that is not a
// code-only helper, else a *PinError naming the first that is not.
func (s *Surface) CheckPins(pins []string) ([]string, error) {
	var kept []string
	seen := map[string]bool{}
	for _, p := range pins {
		if seen[p] {
			continue
		}
		i, ok := s.index[p]
		if !ok {
			return nil, &PinError{Pin: p}
		}
		if s.entries[i].Contract().CodeOnly {
			return nil, &PinError{Pin: p, CodeOnly: true}
		}
		seen[p] = true
		kept = append(kept, p)
	}
	return kept, nil
}

// WithPins returns the surface with other pins (each a roster tool, else a
// *PinError). The key does not change; nothing is recomputed but the
// prefix and what search can reach.
func (s *Surface) WithPins(pins []string) (*Surface, error) {
	kept, err := s.CheckPins(pins)
	if err != nil {
		return nil, err
	}
	n := *s
	n.pins, n.prefix, n.searchable, n.searchIx, n.version = kept, map[string]bool{}, nil, &lazyIndex{}, &lazyVersion{}
	for _, id := range n.always {
		n.prefix[id] = true
	}
	for _, id := range n.pins {
		n.prefix[id] = true
	}
	for _, e := range n.entries {
		if c := e.Contract(); !c.CodeOnly && !n.prefix[e.ID()] && (n.reach == nil || n.reach(c)) {
			n.searchable = append(n.searchable, c)
		}
	}
	return &n, nil
}
