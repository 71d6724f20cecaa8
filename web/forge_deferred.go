package web

import (
	"github.com/agentforge/console/views"
)

// deferredNotes explains the tool levers of deferred mode: a tool that
// search reaches is not in the first step's text, so flipping it changes
// nothing now (its delta reads 0); its cost moves to the step whose search
// activates it, which is its catalog entry's count, shown here.
func (s *Server) deferredNotes(data *views.ForgeData, fc forgeContext) error {
	opts := fc.draft.Options
	if !opts.Deferred {
		return nil
	}
	pinned := map[string]bool{}
	for _, p := range opts.Pins {
		pinned[p] = true
	}
	entries := map[string]int{}
	for i, e := range fc.draft.Declared {
		entries[e.ID()] = i
	}
	for gi := range data.Groups {
		for li := range data.Groups[gi].Levers {
			l := &data.Groups[gi].Levers[li]
			i, ok := entries[l.Value]
			if !ok || !l.On || l.Dormant {
				continue
			}
			e := fc.draft.Declared[i]
			c := e.Contract()
			if c.AlwaysOn || pinned[c.ID] || c.CodeOnly {
				continue
			}
			n, err := s.meter.CountUnit(fc.state.Encoding, e.Render(opts.CatalogForm))
			if err != nil {
				return err
			}
			l.Note = "+" + views.Num(n) + " when found"
			l.NoteTitle = "Deferred: this tool is not in the first step's text, so switching it off saves nothing now. Once " +
				"search_tools finds it, its catalog entry adds " + views.Plural(n, "token", "tokens") + " to the step that activates it."
		}
	}
	return nil
}
