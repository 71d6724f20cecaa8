package web

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// hintsData is a tool's search hints and proposals for its page: editors
// may propose, and a reviewer may decide every open proposal but their
// own.
func hintsData(c echo.Context, r models.Tool, current []string, ps []models.HintProposal) *views.HintsData {
	u := currentUser(c)
	d := &views.HintsData{ID: r.ID, Digest: r.Digest, Hints: current, CSRF: csrfToken(c),
		CanPropose: u != nil && (u.Has(models.RoleEditor) || u.Has(models.RoleAdmin))}
	for _, p := range ps {
		hs := p.Hints()
		row := views.HintProposalRow{ID: p.ID, Hints: hs, Status: p.Status, ProposedBy: p.ProposedBy, CreatedAt: p.CreatedAt.UTC().Format(time.DateTime),
			DecidedBy: p.DecidedBy, Reason: p.Reason}
		if p.Status == models.HintsOpen {
			row.Added, row.Removed = setDiff(hs, current), setDiff(current, hs)
			row.Stale = p.BaseDigest != r.Digest
			switch {
			case u == nil || !u.Has(models.RoleReviewer):
			case u.Username == p.ProposedBy:
				row.Blocked = "Your proposal: another reviewer decides it."
			default:
				row.CanDecide = true
			}
		}
		d.Proposals = append(d.Proposals, row)
	}
	return d
}

// setDiff is what a has that b lacks, in a's order.
func setDiff(a, b []string) []string {
	var out []string
	for _, x := range a {
		if !slices.Contains(b, x) {
			out = append(out, x)
		}
	}
	return out
}

// proposeHints records an editor's proposed hints for a tool (one per
// line), bound to the digest on the form.
func (s *Server) proposeHints(c echo.Context) error {
	id := c.Param("id")
	var hints []string
	for _, l := range strings.Split(c.FormValue("hints"), "\n") {
		hints = append(hints, strings.TrimSpace(l))
	}
	p, err := s.store.ProposeHints(c.Request().Context(), currentUser(c), id, c.FormValue("digest"), hints)
	if err != nil {
		return hintsHTTPError(err)
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Hint proposal %d for %s is open; a reviewer other than you approves it.", p.ID, id), "/catalog/tools/"+id)
}

// decideHints approves or rejects a hint proposal.
func (s *Server) decideHints(c echo.Context) error {
	n, err := strconv.ParseUint(c.Param("pid"), 10, 32)
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "No such hint proposal.")
	}
	decision := c.FormValue("decision")
	if decision != "approve" && decision != "reject" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "decision: must be approve or reject")
	}
	p, err := s.store.DecideHints(c.Request().Context(), currentUser(c), uint(n), decision == "approve", c.FormValue("reason"))
	if err != nil {
		return hintsHTTPError(err)
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Hint proposal %d is %s.", p.ID, p.Status), "/catalog/tools/"+p.ToolID)
}

func hintsHTTPError(err error) error {
	switch {
	case errors.Is(err, models.ErrNotFound):
		return echo.NewHTTPError(http.StatusNotFound, "No such tool or hint proposal.")
	case errors.Is(err, models.ErrForbidden):
		return echo.NewHTTPError(http.StatusForbidden, "Editors propose search hints; reviewers decide them.")
	case errors.Is(err, models.ErrSelfApproval):
		return echo.NewHTTPError(http.StatusForbidden, "You proposed these hints; another reviewer decides them.")
	case errors.Is(err, models.ErrClosed):
		return echo.NewHTTPError(http.StatusConflict, "This proposal is already decided.")
	case errors.Is(err, models.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, "The tool changed since; reload and propose against the new version.")
	}
	if ve, ok := asValidation(err); ok {
		f, msg := ve.First()
		return echo.NewHTTPError(http.StatusUnprocessableEntity, f+": "+msg)
	}
	return err
}
