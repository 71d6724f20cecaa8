package instruction

import (
	"fmt"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction/memo"
	"github.com/agentforge/console/instruction/plural"
)

// catalogSections renders the roster's contracts for a plain (not
// deferred) composition; deferred steps build their catalog in step.go.
// Reasons are worded only when shown.
func catalogSections(roster []*catalog.Entry, g Gate, opts Options, approval func(string) bool, reasons bool, scratch *Scratch) []Section {
	if !g.Has(CapTools) {
		return nil // nothing to call: the body says so, and no catalog is taught
	}
	// main[0] is reserved for the header, filled in once the count is known
	var main []catalog.Unit
	if scratch != nil && cap(scratch.units) >= len(roster)+3 {
		main = scratch.units[:1]
	} else {
		main = make([]catalog.Unit, 1, len(roster)+3)
		if scratch != nil {
			scratch.units = main
		}
	}
	var code []catalog.Unit
	exec := g.Has(CapExec)
	for _, e := range roster {
		switch {
		case e.CodeOnly() && !exec:
		case e.CodeOnly():
			code = append(code, entryUnit(e, opts.CatalogForm, approval))
		default:
			main = append(main, entryUnit(e, opts.CatalogForm, approval))
		}
	}
	if g.Has(CapSkills) {
		loader, _ := lib().synthetic.Get(LoadSkillToolID)
		main = append(main, loader.Render(opts.CatalogForm))
	}
	reason := ""
	if reasons {
		r := ReachOf(roster)
		reason = countOf(r.Reach, "tool reaches", "tools reach") + " the model, " + opts.CatalogForm + " form"
		if r.Waiting > 0 {
			reason += "; " + countOf(r.Waiting, "code-only helper waits", "code-only helpers wait") + " for exec"
		}
	}
	main[0] = catalogHeader(len(main) - 1)
	out := []Section{{ID: "catalog", Group: GroupCatalog, Reason: reason, Units: main}}
	if g.Has(CapCodeOnly) && len(code) > 0 {
		head := catalog.NewUnit("# Code-only helpers\n\n" + codeOnlyNote(opts))
		s := Section{ID: "catalog.code", Group: GroupCatalog, Units: append([]catalog.Unit{head}, code...)}
		if reasons {
			s.Reason = g.Reason(CapCodeOnly)
		}
		out = append(out, s)
	}
	return out
}

// catalogHeader is the catalog's header unit for n tools.
func catalogHeader(n int) catalog.Unit {
	return catalogHeaders.Get(n, func() catalog.Unit {
		return catalog.NewUnit(fmt.Sprintf("# Tool catalog\n\nYou can call the %s below, each by its exact id. Each entry is the tool's whole contract.\n\n", plural.Count(n, "tool")))
	})
}

// catalogHeaders memoizes the catalog's header unit per tool count.
var catalogHeaders = memo.NewBounded[int, catalog.Unit](1024)

// codeOnlyNote says how code-only helpers are called: from Python in the
// code channel, never as a step of their own (an action in the text
// protocol, a tool call through an MCP client).
func codeOnlyNote(o Options) string {
	if o.MCP() {
		return "These helpers are functions inside programs you run in the code channel; call them from Python, never as a tool call of their own.\n\n"
	}
	return "These helpers are functions inside programs you run in the code channel; call them from Python, never as an action.\n\n"
}
