package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/views"
)

// dashboardApprovals bounds the approval requests the dashboard lists
// (it counts them all; the Approvals page lists each).
const dashboardApprovals = 10

// approvalsWaiting is what the dashboard shows of the approval requests
// waiting for the viewer: whether they may decide any (the approve
// route's policy), how many wait that they may decide (pending or stale,
// not made for them), and the first of them, each saying why it can
// only be denied when it can: as the Approvals page offers it.
func (s *Server) approvalsWaiting(c echo.Context) (show bool, n int, rows []views.WaitingApproval, err error) {
	u := currentUser(c)
	if !s.allows(u, http.MethodPost, "/approvals/:ref/approve") {
		return false, 0, nil, nil
	}
	ctx := c.Request().Context()
	as, err := s.store.Approvals(ctx, maxListedApprovals)
	if err != nil {
		return true, 0, nil, err
	}
	me, now, st := u.Username, time.Now(), s.pageAuthority(ctx)
	var ids []uint
	for _, a := range as {
		if a.Status == authority.ApprovalPending {
			ids = append(ids, a.ID)
		}
	}
	owners, err := s.store.ApprovalKeyOwners(ctx, ids)
	if err != nil {
		return true, 0, nil, err
	}
	for _, a := range as {
		shown := showApproval(st, &a, now)
		if shown.Status != authority.ApprovalPending && shown.Status != authority.RequestStale || !authority.CanDecideApproval(me, a.Subject) {
			continue
		}
		n++
		if len(rows) == dashboardApprovals {
			continue
		}
		r := views.WaitingApproval{Ref: a.Ref, Agent: a.Agent, Tool: a.Tool, Subject: a.Subject, Summary: a.ShownSummary(), At: a.CreatedAt.UTC().Format(time.DateTime)}
		r.DenyOnly = denyOnlyOf(shown.Status, &a, keyOwnerOf(me, owners[a.ID])).dashboardWords()
		rows = append(rows, r)
	}
	return true, n, rows, nil
}
