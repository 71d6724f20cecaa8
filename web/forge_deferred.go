package web

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/views"
)

// deferredNotes explains the tool levers of deferred mode, on and off
// alike: a tool that search reaches is not in the first step's text, so
// flipping it changes nothing now (a zero delta is said in words); its cost
// moves to the step whose search activates it, which is its catalog entry's
// count, shown here (for an off tool: what turning it on adds when found).
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
			if !ok || l.Dormant {
				continue
			}
			e := fc.draft.Declared[i]
			c := e.Contract()
			if c.AlwaysOn || pinned[c.ID] || c.CodeOnly {
				continue
			}
			if ns := c.Namespace(); ns != "" && !fc.draft.Connected[ns] {
				// turning it on would leave it dormant: nothing to find
				continue
			}
			n, err := s.meter.CountUnit(fc.state.Encoding, e.Render(opts.CatalogForm))
			if err != nil {
				return err
			}
			l.Note = "+" + views.Num(n) + " when found"
			l.Quiet = "no tokens until found"
			flip := "switching it off saves nothing now. Once search_tools finds it, its catalog entry adds "
			if !l.On {
				flip = "switching it on adds nothing now. Once search_tools finds it, its catalog entry would add "
			}
			l.NoteTitle = "Deferred: this tool is not in the first step's text, so " + flip +
				views.Plural(n, "token", "tokens") + " to the step that activates it."
		}
	}
	return nil
}

// forgeSearch previews deferred-mode search over the effective roster.
func (s *Server) forgeSearch(c echo.Context) error {
	state, err := url.ParseQuery(c.QueryParam("state"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "state: unreadable")
	}
	fc, err := s.forgeDraft(c, state)
	if err != nil {
		return err
	}
	hits := searchAnswer(fc.draft.Input(), c.QueryParam("q"), 10)
	out := make([]views.SearchHit, len(hits))
	for i, h := range hits {
		out[i] = views.SearchHit{Name: h.ID, Description: h.Description}
	}
	return s.render(c, http.StatusOK, s.forgePageModel(c), views.SearchHits(out))
}

// searchAnswer is what deferred search answers over the effective roster:
// the hits that fit the query (catalog.Answer), at most limit; none when
// nothing fits. catalog search itself never returns code-only helpers.
func searchAnswer(in instruction.Input, query string, limit int) []catalog.Hit {
	// the entries keep their fit words once read: no roster is re-tokenized
	return catalog.Answer(catalog.IndexEntries(in.Roster), catalog.FitEntries(in.Roster), query, limit, nil)
}
