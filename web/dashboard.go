package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) dashboard(c echo.Context) error {
	ctx := c.Request().Context()
	tools, err := s.store.Tools(ctx)
	if err != nil {
		return err
	}
	d := views.DashboardData{}
	ns := map[string]bool{}
	for _, t := range tools {
		switch t.Status {
		case models.ToolAvailable:
			d.Tools++
		case models.ToolCandidate:
			d.CandidateTools++
		}
		if t.Namespace != "" {
			ns[t.Namespace] = true
		}
	}
	d.Namespaces = len(ns)
	open, err := s.store.Proposals(ctx, models.ProposalOpen)
	if err != nil {
		return err
	}
	d.OpenProposals = len(open)
	// each part shows only what the policy of its own page allows
	u := currentUser(c)
	d.ShowUsers, d.ShowRecent, d.ShowWaiting = s.allows(u, http.MethodGet, "/users"), s.allows(u, http.MethodGet, "/audit"), s.allows(u, http.MethodGet, "/reviews")
	d.CanImport, d.CanReview = s.allows(u, http.MethodGet, "/catalog/import"), s.allows(u, http.MethodGet, "/catalog/review")
	d.CanConnect = s.allows(u, http.MethodGet, "/connections")
	conns, err := s.store.Connections(ctx)
	if err != nil {
		return err
	}
	d.Connections = len(conns)
	if d.FirstStart() {
		agents, err := s.store.Agents(ctx)
		if err != nil {
			return err
		}
		if len(agents) > 0 {
			d.FirstAgent = agents[0].Slug
		}
	}
	if d.ShowUsers {
		n, err := s.store.CountUsers(ctx)
		if err != nil {
			return err
		}
		d.Users = int(n)
	}
	if d.ShowRecent {
		hidden, err := s.store.HiddenSkillSlugs(ctx, u.Username)
		if err != nil {
			return err
		}
		events, _, err := s.store.AuditEvents(ctx, models.AuditFilter{PerPage: 10})
		if err != nil {
			return err
		}
		d.Recent = auditRows(events, hidden)
	}
	if d.ShowWaiting {
		waiting, err := s.waitingFor(c)
		if err != nil {
			return err
		}
		d.WaitingForMe = len(waiting)
	}
	if d.ShowApprovals, d.ApprovalsWaiting, d.Approvals, err = s.approvalsWaiting(c); err != nil {
		return err
	}
	if d.Inbox, d.InboxUnread, err = s.inboxRows(c); err != nil {
		return err
	}
	d.CSRF = csrfToken(c)
	return s.render(c, http.StatusOK, s.page(c, "Dashboard", "dashboard"), views.Dashboard(d))
}

// allows reports whether the route table's policy lets u make the
// request (method, path of a route as registered).
func (s *Server) allows(u *models.User, method, path string) bool {
	for _, r := range s.routes {
		if r.method == method && r.path == path {
			return r.policy.public || (u != nil && !r.policy.apiKey && allowed(u, r.policy.roles))
		}
	}
	return false
}
