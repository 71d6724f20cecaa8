package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// OtherServiceAdvice rewrites the suggestion of each finding of fs, the
// findings of k's contract (CheckContract), that asks for a tool the
// console has in another service (universe, every tool the console
// knows): that tool is connected, only not in the roster k is read with,
// so the reviewer adds it to the roster or edits the description rather
// than connecting something new. It is pure. A caller advising on many
// contracts builds the index once (NewOtherServices) and asks it for each.
func OtherServiceAdvice(fs []Finding, k catalog.Contract, universe []catalog.Contract) []Finding {
	return NewOtherServices(universe).Advice(fs, k)
}

// OtherServices indexes every tool the console knows by its whole id and
// by its name after the service's dot, each lower-cased, in the order
// given: read once, then asked for each finding of each contract without
// walking the tools again.
type OtherServices struct {
	byID, byName map[string][]catalog.Contract
}

// NewOtherServices indexes universe (see OtherServices).
func NewOtherServices(universe []catalog.Contract) *OtherServices {
	o := &OtherServices{byID: map[string][]catalog.Contract{}, byName: map[string][]catalog.Contract{}}
	for _, t := range universe {
		id := strings.ToLower(t.ID)
		o.byID[id] = append(o.byID[id], t)
		if _, name, ok := strings.Cut(id, "."); ok {
			o.byName[name] = append(o.byName[name], t)
		}
	}
	return o
}

// Advice is OtherServiceAdvice with the index.
func (o *OtherServices) Advice(fs []Finding, k catalog.Contract) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		out[i] = f
		id, ok := strings.CutPrefix(f.Class, "tool:")
		if !ok {
			continue
		}
		if other, found := o.tool(id, k); found {
			out[i].Suggestion = "“" + other + "” is a tool of another service, not in this roster: add it to the roster, or reword the description on review so it does not ask for “" + f.Signal + "”."
		}
	}
	return out
}

// tool is the id of the tool outside k's service that id names — its
// whole id, or its name after the service's dot when only one tool bears
// that name.
func (o *OtherServices) tool(id string, k catalog.Contract) (string, bool) {
	id = strings.ToLower(id)
	outside := func(t catalog.Contract) bool { return t.Namespace() != k.Namespace() && t.ID != k.ID }
	for _, t := range o.byID[id] {
		if outside(t) {
			return t.ID, true
		}
	}
	found, n := "", 0
	for _, t := range o.byName[id] {
		if outside(t) {
			found, n = t.ID, n+1
		}
	}
	return found, n == 1
}
