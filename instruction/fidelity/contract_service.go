package fidelity

import (
	"reflect"
	"sync"
	"sync/atomic"

	"github.com/agentforge/console/catalog"
)

// rosterBuilds counts the rosters indexed (New) and the scope parts read
// (scopePartOf) by this process: the work a leak check does over a whole
// service, which a file of N tools must do once, not once per tool.
var rosterBuilds, partBuilds atomic.Int64

// Builds reports how many rosters (a checker's index of its known tools)
// and how many tools' scope parts this process has built so far; tests
// read the difference around an import to hold its leak check to one
// roster per service and one part per tool.
func Builds() (rosters, parts int64) { return rosterBuilds.Load(), partBuilds.Load() }

// ServiceCheck is CheckContract for the tools of one service: the
// service's checker and scope are built once, on the first tool that is
// one of the service's own, and every such tool is checked against them;
// a tool the service does not hold as it is (a candidate under review, a
// reworded text) is checked against a roster of it and the service's
// other tools, made from the parts each tool contributes, read once.
// It is safe for concurrent use.
type ServiceCheck struct {
	service []catalog.Contract
	index   map[string]int
	parts   []*scopePart
	once    sync.Once
	checker *Checker
	scope   *Scope
}

// NewServiceCheck reads each tool of service once for the checks to come.
func NewServiceCheck(service []catalog.Contract) *ServiceCheck {
	sc := &ServiceCheck{service: service, index: make(map[string]int, len(service)), parts: make([]*scopePart, len(service))}
	for i, o := range service {
		sc.index[o.ID] = i
		sc.parts[i] = scopePartOf(o, classesOf)
	}
	return sc
}

// Check is CheckContract(k, service).
func (sc *ServiceCheck) Check(k catalog.Contract) []Finding {
	if i, ok := sc.index[k.ID]; ok && reflect.DeepEqual(sc.service[i], k) {
		sc.once.Do(func() {
			sc.checker, sc.scope = New(sc.service), scopeOf(sc.parts, nil)
		})
		return checkWith(k, sc.checker, sc.scope)
	}
	roster := []catalog.Contract{k}
	parts := []*scopePart{scopePartOf(k, classesOf)}
	for i, o := range sc.service {
		if o.ID != k.ID {
			roster, parts = append(roster, o), append(parts, sc.parts[i])
		}
	}
	return checkWith(k, New(roster), scopeOf(parts, nil))
}
