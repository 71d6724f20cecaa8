package fidelity

import (
	"strings"

	"github.com/agentforge/console/catalog"
)

// CheckContract is the leak check of one tool before anyone makes it
// available (the import preview, the tool review page): the instructions
// its own texts (purpose, parameters, returns, examples) give the agent
// that need a capability neither the tool nor the other tools of its
// service (service) provide — capability findings, code-execution
// wording, and tools it names or calls that the service lacks. It reads
// the text by the composition check's one reading (Checker.scan, the
// service as the known tools), so what compose reports once the tool is
// available is what the reviewer saw before: a tool called in prose ("then call the
// archive invoice tool", "use export_customers_csv") is an unknown tool,
// not the class of its words. Every finding carries a class, a
// suggestion for the reviewer and the field it is in ("description",
// "parameter query", "returns", "example 1"). It is pure.
func CheckContract(k catalog.Contract, service []catalog.Contract) []Finding {
	return NewServiceCheck(service).Check(k)
}

// checkWith is CheckContract of k read with c and s, the checker and
// scope of a roster that holds k and the other tools of its service.
func checkWith(k catalog.Contract, c *Checker, s *Scope) []Finding {
	text, fields := contractFields(k)
	flags := flagSpans(text, k)
	// the tool's own entry, read as the composition reads it: its
	// headline sentence says what it does itself ("Save query results
	// in several formats (CSV, JSON)")
	facts := c.ownerFactsOf(k)
	// — its headline only: the review page judges the text for what it
	// asks of the agent, so the service's own name in a later sentence
	// ("post the total to the #billing Slack channel") is not read as the
	// tool's own service
	own := entry{ok: k.Namespace() != "", runner: facts.runs, shell: facts.shell, headline: facts.headline, lead: facts.lead}
	var out []Finding
	for _, f := range c.filter(text, c.mentions("", text), s, own) {
		if f.Kind == KindCapability && within(flags, f.Offset) {
			continue // a boolean flag's description says what the tool does when it is set (flagLine)
		}
		switch f.Kind {
		case KindExec:
			if s.provides("code-execution") && (s.provides("shell") || !shellish(f.Signal)) {
				continue // a command line needs a shell (exec_shell.go)
			}
			f.Class = "code-execution"
		case KindTool, KindUnknown:
			f.Class = "tool:" + f.Tool
		case KindService:
			f.Class = "service:" + f.Tool
		}
		if f.Suggestion == "" {
			f.Suggestion = suggestion(f.Class, f.Signal)
		}
		f.Field = fieldAt(fields, f.Offset)
		out = append(out, f)
	}
	return out
}

// flagSpans are where the descriptions of k's boolean parameters (its own
// and its input object's) are in text, its contractText.
func flagSpans(text string, k catalog.Contract) [][2]int {
	ps := k.Params
	if k.Input != nil {
		ps = append(append([]catalog.Param(nil), ps...), k.Input.Properties...)
	}
	var out [][2]int
	for _, p := range ps {
		if p.Type != "boolean" || p.Description == "" {
			continue
		}
		for from := 0; ; {
			i := strings.Index(text[from:], p.Description)
			if i < 0 {
				break
			}
			out = append(out, [2]int{from + i, from + i + len(p.Description)})
			from += i + 1
		}
	}
	return out
}

// within reports whether at lies in one of spans.
func within(spans [][2]int, at int) bool {
	for _, sp := range spans {
		if at >= sp[0] && at < sp[1] {
			return true
		}
	}
	return false
}
