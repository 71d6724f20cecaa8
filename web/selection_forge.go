package web

import (
	"net/http"
	"net/url"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/eval"
	"github.com/agentforge/console/views"
)

// forgeSelection is the forge's selection panel (a fragment the forge page
// loads): the picked agent's cases evaluated against the forge's draft,
// the misses, and what each lever does to recall. It lives apart from the
// forge page's own components.
func (s *Server) forgeSelection(c echo.Context) error {
	state, err := url.ParseQuery(c.QueryParam("state"))
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "state: unreadable")
	}
	fc, err := s.forgeDraft(c, state)
	if err != nil {
		return err
	}
	if fc.ac.Agent == nil {
		return echo.NewHTTPError(http.StatusBadRequest, "state: pick an agent to evaluate its selection cases")
	}
	suite, set, err := s.agentSuite(c, fc.ac.Agent.ID, 0)
	if err != nil {
		return err
	}
	d := views.ForgeSelectionData{Agent: fc.ac.Agent.Slug, Cases: len(suite.Cases)}
	if set != nil {
		d.Version = set.Version
	}
	if len(suite.Cases) > 0 {
		opts, err := s.evalOptions(c.Request().Context(), fc.snap, fc.ac, fc.draft, fc.notes)
		if err != nil {
			return err
		}
		now := eval.EvaluateWith(fc.draft.Input(), suite.Cases, suite.K, opts)
		d.Totals = selectionTotals("this draft", now)
		for _, l := range selectionLevers(fc.draft, suite, now, opts) {
			if l.Delta == 0 && l.FirstDelta == 0 && l.None() {
				d.Same++
				continue
			}
			d.Levers = append(d.Levers, l)
		}
	}
	return s.render(c, http.StatusOK, s.page(c, "Forge", "forge"), views.ForgeSelection(d))
}
