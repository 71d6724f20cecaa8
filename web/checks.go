package web

import (
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// checksPage shows the call-time check counters (flushed first, so this
// replica's latest checks are in).
func (s *Server) checksPage(c echo.Context) error {
	ctx := c.Request().Context()
	if err := s.counters.flush(ctx); err != nil {
		s.log.WarnContext(ctx, "check counters flush failed", "err", err)
	}
	if err := onlyFilters(c.QueryParams(), "checks page", checksFilters); err != nil {
		return err
	}
	agent := strings.TrimSpace(c.QueryParam("agent"))
	d := views.ChecksData{Agent: agent}
	var err error
	if d.Agents, err = s.agentOptions(c); err != nil {
		return err
	}
	if err := knownAgent(agent, d.Agents); err != nil {
		return err
	}
	rows, err := s.store.CheckCounters(ctx, agent, 500)
	if err != nil {
		return err
	}
	for _, r := range rows {
		d.Rows = append(d.Rows, views.CheckCountRow{Agent: r.Agent, Tool: r.Tool, Group: r.GroupName, Outcome: r.Outcome, Count: r.Count, Updated: r.UpdatedAt.UTC().Format(time.DateTime)})
	}
	back, scope := "/checks", "every agent"
	if agent != "" {
		back, scope = "/checks?agent="+url.QueryEscape(agent), "agent "+agent
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	bd, err := s.bindingsData(c, snap, models.BindingFilter{Agent: agent}, back, scope)
	if err != nil {
		return err
	}
	d.Bindings = *bd
	return s.render(c, http.StatusOK, s.page(c, "Checks", "checks"), views.Checks(d))
}
