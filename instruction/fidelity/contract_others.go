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
// than connecting something new. It is pure.
func OtherServiceAdvice(fs []Finding, k catalog.Contract, universe []catalog.Contract) []Finding {
	out := make([]Finding, len(fs))
	for i, f := range fs {
		out[i] = f
		id, ok := strings.CutPrefix(f.Class, "tool:")
		if !ok {
			continue
		}
		if other, found := otherServiceTool(id, k, universe); found {
			out[i].Suggestion = "“" + other + "” is a tool of another service, not in this roster: add it to the roster, or reword the description on review so it does not ask for “" + f.Signal + "”."
		}
	}
	return out
}

// otherServiceTool is the id of the tool of universe outside k's service
// that id names — its whole id, or its name after the service's dot when
// only one tool bears that name.
func otherServiceTool(id string, k catalog.Contract, universe []catalog.Contract) (string, bool) {
	id = strings.ToLower(id)
	var byName []string
	for _, o := range universe {
		if o.Namespace() == k.Namespace() || o.ID == k.ID {
			continue
		}
		oid := strings.ToLower(o.ID)
		if oid == id {
			return o.ID, true
		}
		if _, name, ok := strings.Cut(oid, "."); ok && name == id {
			byName = append(byName, o.ID)
		}
	}
	if len(byName) == 1 {
		return byName[0], true
	}
	return "", false
}
