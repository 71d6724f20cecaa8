package instruction

import (
	"fmt"

	"github.com/agentforge/console/catalog"
)

func catalogSections(roster []*catalog.Entry, g Gate, opts Options) []Section {
	if !g.Has(CapTools) {
		return nil // nothing to call: the body says so, and no catalog is taught
	}
	pinned := map[string]bool{}
	for _, p := range opts.Pins {
		pinned[p] = true
	}
	visible := func(e *catalog.Entry) bool {
		return !opts.Deferred || e.Contract().AlwaysOn || pinned[e.ID()]
	}
	// main[0] is reserved for the header, filled in once the count is known
	main := make([]catalog.Unit, 1, len(roster)+4)
	var code []catalog.Unit
	hidden := 0
	for _, e := range roster {
		c := e.Contract()
		if c.CodeOnly && !g.Has(CapExec) {
			continue
		}
		if !visible(e) {
			hidden++
			continue
		}
		if c.CodeOnly {
			code = append(code, e.Render(opts.CatalogForm))
		} else {
			main = append(main, e.Render(opts.CatalogForm))
		}
	}
	if opts.Deferred {
		search, _ := lib.synthetic.Get(SearchToolID)
		main = append(main, search.Render(opts.CatalogForm))
		copy(main[2:], main[1:len(main)-1])
		main[1] = search.Render(opts.CatalogForm)
	}
	synthetic := 0 // listed tools that are not roster tools
	if opts.Deferred {
		synthetic++
	}
	if g.Has(CapSkills) {
		loader, _ := lib.synthetic.Get(LoadSkillToolID)
		main = append(main, loader.Render(opts.CatalogForm))
		synthetic++
	}
	var out []Section
	listed := len(main) - 1
	reason := countOf(len(roster), "tool", "tools") + " in the roster, " + opts.CatalogForm + " form"
	header := fmt.Sprintf("# Tool catalog\n\nYou can call the %d tools below, each by its exact id. Each entry is the tool's whole contract.\n\n", listed)
	if opts.Deferred {
		reason += fmt.Sprintf(", deferred: %s listed now with %s, %s reachable through it", countOf(listed-synthetic, "roster tool", "roster tools"), SearchToolID, countOf(hidden, "more", "more"))
		header = fmt.Sprintf("# Tool catalog\n\nThe %d tools below can be called now. More tools are available on demand: find them with %s by what they do, then call them from your next reply.\n\n", listed, SearchToolID)
		main = append(main, catalog.NewUnit(fmt.Sprintf("%d more tools are reachable through %s.\n\n", hidden, SearchToolID)))
	}
	main[0] = catalog.NewUnit(header)
	out = append(out, Section{ID: "catalog", Group: GroupCatalog, Reason: reason, Units: main})
	if g.Has(CapCodeOnly) && len(code) > 0 {
		head := catalog.NewUnit("# Code-only helpers\n\nThese helpers are functions inside programs you run in the code channel; call them from Python, never as an action.\n\n")
		out = append(out, Section{ID: "catalog.code", Group: GroupCatalog, Reason: g.Reason(CapCodeOnly), Units: append([]catalog.Unit{head}, code...)})
	}
	return out
}
