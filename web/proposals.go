package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// proposalID reads the proposal id and checks the viewer may see it:
// another author's draft is "not found", by id as in every list.
func (s *Server) proposalID(c echo.Context) (uint, error) {
	id, err := uintParam(c, "id", "No such proposal.")
	if err != nil {
		return 0, err
	}
	// one answer for a proposal that does not exist and one the viewer
	// may not read
	p, err := s.store.ProposalByID(c.Request().Context(), id)
	if errors.Is(err, models.ErrNotFound) || err == nil && !p.VisibleTo(userName(c)) {
		return 0, echo.NewHTTPError(http.StatusNotFound, "No such proposal.")
	}
	if err != nil {
		return 0, err
	}
	return id, nil
}

func (s *Server) proposalPage(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	if err := s.readProposalInbox(c, id); err != nil {
		return err
	}
	return s.renderProposal(c, http.StatusOK, id, nil, nil)
}

// renderProposal shows a proposal: diff against production, checks,
// reviews and the actions the viewer may take.
func (s *Server) renderProposal(c echo.Context, status int, id uint, errs []string, form *views.SkillForm) error {
	return s.renderProposalWith(c, status, id, errs, form, nil)
}

// renderProposalWith is renderProposal showing a rebase's conflicts.
func (s *Server) renderProposalWith(c echo.Context, status int, id uint, errs []string, form *views.SkillForm, conflicts []views.MergeConflict) error {
	ctx := c.Request().Context()
	p, err := s.store.ProposalByID(ctx, id)
	if err != nil {
		return err
	}
	k, err := s.store.SkillByID(ctx, p.SkillID)
	if err != nil {
		return err
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	prod, against, err := s.judgedAgainst(ctx, p)
	if err != nil {
		return err
	}
	ct := p.Content()
	u := currentUser(c)
	d := views.ProposalData{ID: p.ID, Skill: k.Slug, Status: p.Status, Author: p.Author, Revision: p.Revision, Digest: p.Digest, Base: p.BaseVersion,
		Content: views.SkillVersionRow{Name: ct.Name, Summary: ct.Summary, Tools: ct.RequiredTools}, Procedure: ct.Procedure, Required: s.requiredApprovals(), CSRF: csrfToken(c), Errors: errs}
	if p.PromotedVersion != nil {
		d.PromotedVersion = *p.PromotedVersion
	}
	if p.Closed() {
		d.Closed, d.ClosedBy, d.Reason, d.ApprovedAgainst, d.ApprovedBy = true, p.ClosedBy, p.Reason, against, p.ApprovedBy()
		if p.ClosedAt != nil {
			d.ClosedAt = p.ClosedAt.UTC().Format(time.DateTime)
		}
	}
	var was models.SkillContent
	if prod != nil {
		was = prod.Content()
	}
	d.SummaryDiff = lineDiff(was.Summary, ct.Summary)
	d.ProcedureDiff = lineDiff(was.Procedure, ct.Procedure)
	d.ToolsAdded, d.ToolsRemoved = listDiff(was.RequiredTools, ct.RequiredTools)
	if d.Checks, d.ChecksOK, d.ProcedureTokens, d.TokenDelta, err = s.skillChecks(snap, ct, prod); err != nil {
		return err
	}
	if !d.Closed {
		if d.Approvals, err = s.store.FreshApprovals(ctx, p); err != nil {
			return err
		}
	}
	if d.ChangeRequests, err = s.store.OpenChangeRequests(ctx, p); err != nil {
		return err
	}
	rs, err := s.store.Reviews(ctx, p.ID)
	if err != nil {
		return err
	}
	for _, r := range rs {
		d.Reviews = append(d.Reviews, views.ReviewRow{ID: r.ID, Reviewer: r.Reviewer, Kind: strings.ReplaceAll(r.Kind, "_", " "), Comment: r.Comment, At: r.CreatedAt.UTC().Format(time.DateTime),
			Fresh: r.Digest == p.Digest && r.Revision == p.Revision && r.ProductionVersion == against, Withdrawn: r.Withdrawn, Mine: r.Reviewer == u.Username,
			Revision: r.Revision, Current: p.Revision})
	}
	isReviewer := u.Has(models.RoleReviewer)
	d.CanReview = isReviewer && !p.EditedBy(u.Username)
	d.CanPromote = isReviewer
	d.CanReject = isReviewer
	d.IsAuthor = p.Author == u.Username
	if form != nil {
		d.Form = *form
	} else {
		d.Form = skillFormOf(ct)
	}
	d.Form = withSkillLimits(d.Form, snap)
	d.Form.Action, d.Form.Revision = fmt.Sprintf("/proposals/%d/revise", p.ID), p.Revision
	if d.Selection, err = s.proposalSelection(c, k.Slug, prod, ct, p.Revision); err != nil {
		return err
	}
	if d.Since, d.Revisions, err = s.sinceDiff(ctx, p, rs, u.Username, c.QueryParam("since")); err != nil {
		return err
	}
	if d.OutOfDate, err = s.outOfDate(ctx, p, prod); err != nil {
		return err
	}
	if d.OutOfDate != nil {
		d.OutOfDate.CanRebase, d.OutOfDate.Conflicts = d.IsAuthor, conflicts
	}
	return s.render(c, status, s.page(c, fmt.Sprintf("Proposal #%d", p.ID), "skills"), views.Proposal(d))
}

// judgedAgainst is the production version a proposal is judged against:
// today's while it is open; once closed, the one it was approved (or
// rejected, or withdrawn) against, frozen, so its diff, checks and
// approvals read as they did then.
func (s *Server) judgedAgainst(ctx context.Context, p *models.Proposal) (*models.SkillVersion, int, error) {
	n := 0
	if p.Closed() && p.ClosedProduction != nil {
		n = *p.ClosedProduction
	} else if p.Closed() {
		n = p.BaseVersion // closed before the record was kept and not reconstructed
	} else {
		prod, err := s.store.ProductionVersion(ctx, p.SkillID)
		if errors.Is(err, models.ErrNotFound) {
			return nil, 0, nil
		}
		if err != nil {
			return nil, 0, err
		}
		return prod, prod.Version, nil
	}
	if n == 0 {
		return nil, 0, nil
	}
	v, err := s.store.SkillVersionAt(ctx, p.SkillID, n)
	if err != nil {
		return nil, 0, err
	}
	return v, n, nil
}

// workflowDone redirects back to the proposal with a flash, or renders
// the proposal with the error and its status.
func (s *Server) workflowDone(c echo.Context, id uint, err error, ok string) error {
	if err == nil {
		return s.flashAndRedirect(c, ok, fmt.Sprintf("/proposals/%d", id))
	}
	if ve, isVE := asValidation(err); isVE {
		return s.renderProposal(c, http.StatusUnprocessableEntity, id, []string{ve.Error()}, nil)
	}
	if status, msg, isWF := workflowStatus(err); isWF {
		return s.renderProposal(c, status, id, []string{msg}, nil)
	}
	return err
}

func (s *Server) reviseProposal(c echo.Context) error {
	id, err := s.proposalID(c)
	if err != nil {
		return err
	}
	rev, err := strconv.Atoi(c.FormValue("revision"))
	if err != nil || rev < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "revision: the revision you edited is required")
	}
	ct := skillContent(c)
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	onto, _ := strconv.Atoi(c.FormValue("onto"))
	if errs := requiredToolErrors(snap, "", false, ct); errs != nil {
		f := skillFormOf(ct)
		f.Errors, f.Onto = errs, max(onto, 0)
		return s.renderProposal(c, http.StatusUnprocessableEntity, id, nil, &f)
	}
	if onto > 0 {
		// the author saves a rebase they resolved by hand
		return s.saveRebase(c, id, rev, onto, ct)
	}
	stale := s.freshApprovalCount(c, id)
	np, err := s.store.Revise(c.Request().Context(), userName(c), id, rev, ct)
	if ve, ok := asValidation(err); ok {
		f := skillFormOf(ct)
		f.Errors = ve.Fields
		return s.renderProposal(c, http.StatusUnprocessableEntity, id, nil, &f)
	}
	msg := ""
	if np != nil {
		msg = fmt.Sprintf("Revision %d saved%s.", np.Revision, staleNote(stale))
	}
	return s.workflowDone(c, id, err, msg)
}

// saveRebase saves ct as a new revision of proposal id on production
// version onto (from the author's revision rev), and says which revision
// it became; refused content comes back in the form with its errors.
func (s *Server) saveRebase(c echo.Context, id uint, rev, onto int, ct models.SkillContent) error {
	stale := s.freshApprovalCount(c, id)
	np, err := s.store.Rebase(c.Request().Context(), userName(c), id, rev, onto, ct)
	if ve, ok := asValidation(err); ok {
		f := skillFormOf(ct)
		f.Errors, f.Onto = ve.Fields, onto
		return s.renderProposal(c, http.StatusUnprocessableEntity, id, nil, &f)
	}
	msg := ""
	if np != nil {
		msg = fmt.Sprintf("Rebased on production v%d as revision %d%s.", onto, np.Revision, staleNote(stale))
	}
	return s.workflowDone(c, id, err, msg)
}
