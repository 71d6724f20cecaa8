package web

import (
	"sync"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/fidelity"
)

// serviceChecks are the leak checks of the services of universe, each
// built on its first tool and kept for the service's other tools: a
// service's roster is read once, not once per tool checked. It is safe
// for concurrent use.
type serviceChecks struct {
	universe []catalog.Contract
	mu       sync.Mutex
	services map[string][]catalog.Contract
	checks   map[string]*fidelity.ServiceCheck
	// others indexes universe once for the advice on a tool another
	// service has (fidelity.OtherServices)
	others *fidelity.OtherServices
}

// newServiceChecks groups universe by service.
func newServiceChecks(universe []catalog.Contract) *serviceChecks {
	sc := &serviceChecks{universe: universe, services: map[string][]catalog.Contract{}, checks: map[string]*fidelity.ServiceCheck{},
		others: fidelity.NewOtherServices(universe)}
	for _, o := range universe {
		if ns := o.Namespace(); ns != "" {
			sc.services[ns] = append(sc.services[ns], o)
		}
	}
	return sc
}

// of is the check of k's service (no tools for a tool of none).
func (sc *serviceChecks) of(k catalog.Contract) *fidelity.ServiceCheck {
	ns := k.Namespace()
	sc.mu.Lock()
	defer sc.mu.Unlock()
	c, ok := sc.checks[ns]
	if !ok {
		c = fidelity.NewServiceCheck(sc.services[ns])
		sc.checks[ns] = c
	}
	return c
}
