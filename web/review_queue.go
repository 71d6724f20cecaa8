package web

import (
	"net/http"
	"sort"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/catalog"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// reviewQueue lists what waits for the reviewer: candidate tools they did
// not import, and open proposals they did not write, oldest first.
func (s *Server) reviewQueue(c echo.Context) error {
	ps, err := s.waitingFor(c)
	if err != nil {
		return err
	}
	rows, err := s.proposalRows(c, ps)
	if err != nil {
		return err
	}
	d := views.ReviewQueueData{Proposals: rows}
	if err := s.waitingTools(c, &d); err != nil {
		return err
	}
	hs, err := s.store.HintProposals(c.Request().Context(), "")
	if err != nil {
		return err
	}
	for i := len(hs) - 1; i >= 0; i-- { // oldest first
		if h := hs[i]; h.ProposedBy != userName(c) {
			d.Hints = append(d.Hints, views.HintQueueRow{ID: h.ID, Tool: h.ToolID, ProposedBy: h.ProposedBy, Hints: h.Hints()})
		}
	}
	return s.render(c, http.StatusOK, s.page(c, "Review queue", "reviews"), views.ReviewQueue(d))
}

// waitingTools counts the candidate tools the reviewer may review, by
// effects and service.
func (s *Server) waitingTools(c echo.Context, d *views.ReviewQueueData) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	me := userName(c)
	shapers, err := s.store.ConnectionShapers(c.Request().Context())
	if err != nil {
		return err
	}
	by := map[string]int{}
	svc := map[string]bool{}
	for _, r := range snap.Rows() {
		if r.Status != models.ToolCandidate {
			continue
		}
		if models.OwnTool(&r, me, shapers) {
			d.Own++
			continue
		}
		k, err := r.Parsed()
		if err != nil {
			return err
		}
		d.Tools++
		by[string(k.Effects)]++
		ns := k.Namespace()
		if ns == "" {
			ns = "native"
		}
		svc[ns] = true
	}
	for _, e := range catalog.EffectLevels {
		if n := by[string(e)]; n > 0 {
			d.ByEffects = append(d.ByEffects, views.EffectsCount{Effects: string(e), N: n})
		}
	}
	for ns := range svc {
		d.Services = append(d.Services, ns)
	}
	sort.Strings(d.Services)
	return nil
}
