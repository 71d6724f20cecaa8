package fidelity

import (
	"github.com/agentforge/console/catalog"
)

// CheckContract is the leak check of one tool before anyone makes it
// available (the import preview, the tool review page): the instructions
// its own texts (purpose, parameters, returns, examples) give the agent
// that need a capability neither the tool nor the other tools of its
// service (service) provide — capability findings and code-execution
// wording. It is pure.
func CheckContract(k catalog.Contract, service []catalog.Contract) []Finding {
	text := contractText(k)
	roster := []catalog.Contract{k}
	for _, o := range service {
		if o.ID != k.ID {
			roster = append(roster, o)
		}
	}
	s := NewScope(roster)
	ts := tokenize(text)
	ms := append(execMentions(text, ts), capabilityMentions(text, ts)...)
	var out []Finding
	for _, f := range (&Checker{}).filter(text, sortMentions(ms), s, entry{}) {
		if f.Kind == KindExec {
			if s.provides("code-execution") {
				continue
			}
			f.Class = "code-execution"
			f.Suggestion = suggestion("code-execution", f.Signal)
		}
		out = append(out, f)
	}
	return out
}
