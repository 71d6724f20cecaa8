package web

// A proposal's workflow: review, promote, submit, reject, withdraw.

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

func (s *Server) reviewProposal(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	digest := c.FormValue("digest")
	if digest == "" {
		return echo.NewHTTPError(http.StatusBadRequest, "digest: the digest of the revision you reviewed is required")
	}
	kind := c.FormValue("kind")
	_, err = s.store.AddReview(c.Request().Context(), currentUser(c), id, kind, digest, strings.TrimSpace(c.FormValue("comment")))
	return s.workflowDone(c, id, err, "Review recorded.")
}

func (s *Server) withdrawReview(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	rid, err := uintParam(c, "rid", "No such review.")
	if err != nil {
		return err
	}
	err = s.store.WithdrawReview(c.Request().Context(), userName(c), id, rid)
	return s.workflowDone(c, id, err, "Review withdrawn.")
}

func (s *Server) promoteProposal(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	p, err := s.store.ProposalByID(ctx, id)
	if err != nil {
		return err
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	prod, _ := s.store.ProductionVersion(ctx, p.SkillID)
	v, err := s.store.Promote(ctx, currentUser(c), id, s.promotePolicy(snap, prod))
	msg := ""
	if v != nil {
		msg = fmt.Sprintf("Promoted: v%d is now in production.", v.Version)
	}
	return s.workflowDone(c, id, err, msg)
}

// submitProposal opens the author's draft for review.
func (s *Server) submitProposal(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	err = s.store.Submit(c.Request().Context(), userName(c), id)
	return s.workflowDone(c, id, err, "Submitted for review.")
}

func (s *Server) rejectProposal(c echo.Context) error {
	return s.closeProposal(c, models.ProposalRejected, "Proposal rejected.")
}

func (s *Server) withdrawProposal(c echo.Context) error {
	return s.closeProposal(c, models.ProposalWithdrawn, "Proposal withdrawn.")
}

func (s *Server) closeProposal(c echo.Context, status, ok string) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	reason := strings.TrimSpace(c.FormValue("reason"))
	if status == models.ProposalRejected && reason == "" {
		return s.renderProposal(c, http.StatusUnprocessableEntity, id, []string{"reason: say why you reject the proposal; it was not rejected."}, nil)
	}
	err = s.store.CloseProposal(c.Request().Context(), currentUser(c), id, status, reason)
	return s.workflowDone(c, id, err, ok)
}

// waitingFor lists the proposals waiting for the viewer's review
// (models.WaitsForReview: what the inbox asks them to review).
func (s *Server) waitingFor(c echo.Context) ([]models.Proposal, error) {
	return s.store.ProposalsWaitingFor(c.Request().Context(), currentUser(c))
}
