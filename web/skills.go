package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/instruction/toolpick"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// workflowStatus maps a skill-workflow error to its status and message;
// ok is false for errors that are not the workflow's.
func workflowStatus(err error) (int, string, bool) {
	switch {
	case errors.Is(err, models.ErrSelfApproval):
		return http.StatusForbidden, "You wrote or revised this proposal, so you cannot approve it.", true
	case errors.Is(err, models.ErrForbidden):
		return http.StatusForbidden, "Your roles or your part in this proposal do not allow this.", true
	case errors.Is(err, models.ErrStaleDigest):
		return http.StatusConflict, "The proposal was revised after you opened it. Nothing was recorded; read the new revision and review again.", true
	case errors.Is(err, models.ErrClosed):
		return http.StatusConflict, "The proposal is already closed.", true
	case errors.Is(err, models.ErrConflict):
		return http.StatusConflict, "Someone changed this at the same moment. Nothing was changed by your request; reload and try again.", true
	case errors.Is(err, models.ErrNotApproved):
		return http.StatusConflict, "Not promoted: it needs fresh approvals of the current revision against the current production version.", true
	case errors.Is(err, models.ErrChangesRequested):
		return http.StatusConflict, "Not promoted: a reviewer requested changes and has not withdrawn the request.", true
	case errors.Is(err, models.ErrChecksFailing):
		return http.StatusConflict, "Not promoted: automated checks fail.", true
	}
	return 0, "", false
}

func (s *Server) skillsPage(c echo.Context) error {
	ctx := c.Request().Context()
	ks, err := s.store.SkillsVisibleTo(ctx, userName(c))
	if err != nil {
		return err
	}
	open, err := s.store.Proposals(ctx, models.ProposalOpen)
	if err != nil {
		return err
	}
	var rows []views.SkillRow
	for _, k := range ks {
		r := views.SkillRow{Slug: k.Slug, Name: k.Slug}
		if l, err := s.store.Production(ctx, k.ID); err != nil {
			return err
		} else if l != nil {
			r.Production, r.Since = l.Version, l.Since.UTC().Format(time.DateTime)
			if v, err := s.store.SkillVersionAt(ctx, k.ID, l.Version); err == nil {
				r.Name, r.Summary = v.Name, v.Summary
			}
		}
		if r.Latest, err = s.store.LatestVersion(ctx, k.ID); err != nil {
			return err
		}
		for _, p := range open {
			if p.SkillID == k.ID {
				r.Open++
			}
		}
		rows = append(rows, r)
	}
	return s.render(c, http.StatusOK, s.page(c, "Skills", "skills"), views.Skills(rows, canEditProfiles(currentUser(c))))
}

func (s *Server) skillPage(c echo.Context) error {
	ctx := c.Request().Context()
	k, err := s.store.SkillVisibleTo(ctx, c.Param("slug"), userName(c))
	if err != nil {
		return err
	}
	vs, err := s.store.SkillVersions(ctx, k.ID)
	if err != nil {
		return err
	}
	u := currentUser(c)
	d := views.SkillData{Slug: k.Slug, CanPropose: canEditProfiles(u), CanRollback: u.Has(models.RoleReviewer) || u.Has(models.RoleAdmin), CSRF: csrfToken(c)}
	if l, err := s.store.Production(ctx, k.ID); err != nil {
		return err
	} else if l != nil {
		d.Production, d.Since = l.Version, l.Since.UTC().Format(time.DateTime)
	}
	for i, v := range vs {
		d.Versions = append(d.Versions, views.SkillVersionRow{Version: v.Version, Name: v.Name, Summary: v.Summary, Author: v.Author, At: v.CreatedAt.UTC().Format(time.DateTime),
			Digest: v.Digest, Production: v.Version == d.Production, Latest: i == 0, Tools: v.RequiredTools()})
		if v.Version == d.Production {
			d.Procedure = v.Procedure
		}
	}
	all, err := s.store.SkillProposals(ctx, k.ID)
	if err != nil {
		return err
	}
	var ps []models.Proposal
	for _, p := range all {
		if p.VisibleTo(u.Username) {
			ps = append(ps, p)
		}
	}
	if d.Proposals, err = s.proposalRows(c, ps); err != nil {
		return err
	}
	return s.render(c, http.StatusOK, s.page(c, k.Slug, "skills"), views.Skill(d))
}

// proposalRows summarizes proposals with their check and approval state.
func (s *Server) proposalRows(c echo.Context, ps []models.Proposal) ([]views.ProposalRow, error) {
	ctx := c.Request().Context()
	snap, err := s.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	var rows []views.ProposalRow
	for _, p := range ps {
		k, err := s.store.SkillByID(ctx, p.SkillID)
		if err != nil {
			return nil, err
		}
		prod, _ := s.store.ProductionVersion(ctx, p.SkillID)
		_, ok, _, _, err := s.skillChecks(snap, p.Content(), prod)
		if err != nil {
			return nil, err
		}
		fresh, err := s.store.FreshApprovals(ctx, &p)
		if err != nil {
			return nil, err
		}
		crs, err := s.store.OpenChangeRequests(ctx, &p)
		if err != nil {
			return nil, err
		}
		rows = append(rows, views.ProposalRow{ID: p.ID, Skill: k.Slug, Name: p.Name, Author: p.Author, Status: p.Status, ClosedBy: p.ClosedBy, Age: age(p.CreatedAt), Revision: p.Revision,
			ChecksOK: ok, Approvals: len(fresh), Required: s.requiredApprovals(), Blocked: len(crs) > 0})
	}
	return rows, nil
}

func age(t time.Time) string {
	d := time.Since(t)
	switch {
	case d < time.Minute:
		return "just now"
	case d < time.Hour:
		return fmt.Sprintf("%d min", int(d.Minutes()))
	case d < 48*time.Hour:
		return fmt.Sprintf("%d h", int(d.Hours()))
	}
	return plural.Count(int(d.Hours()/24), "day")
}

func skillContent(c echo.Context) models.SkillContent {
	return models.SkillContent{Name: strings.TrimSpace(c.FormValue("name")), Summary: strings.TrimSpace(c.FormValue("summary")), Procedure: c.FormValue("procedure"), RequiredTools: withPicked(c, "required_tools", lines(c.FormValue("required_tools")))}
}

func skillFormOf(ct models.SkillContent) views.SkillForm {
	return views.SkillForm{Name: ct.Name, Summary: ct.Summary, Procedure: ct.Procedure, RequiredTools: strings.Join(ct.RequiredTools, ", ")}
}

// skillSummary is the skill form's fields in the order the summary lists
// their errors.
var skillSummary = []summaryField{
	{"slug", "sk-slug", "Slug"}, {"name", "sk-name", "Name"}, {"summary", "sk-summary", "Summary"},
	{"procedure", "sk-proc", "Procedure"}, {"required_tools", "sk-tools", "Required tools"},
}

// withSkillLimits gives a form the bounds its labels state (the store's),
// its required-tools picker, and every error in its summary.
func withSkillLimits(f views.SkillForm, snap *Snapshot) views.SkillForm {
	f.MaxName, f.MaxSummary = models.MaxSkillName, models.MaxSkillSummary
	f.Picker = picker(snap, "required_tools", "sk-tools", "", "")
	if len(f.Errors) > 0 {
		f.Problems = errorSummary(skillSummary, f.Errors, map[string][]string{
			"required_tools": problemStrings(toolpick.Check(lines(f.RequiredTools), snap.KnownTools(), "")),
		})
	}
	return f
}

// requiredToolErrors refuses required tools no catalog entry has (each
// with the closest id to suggest), together with every other error of the
// content, before anything is stored; nil when every required tool is
// known.
func requiredToolErrors(snap *Snapshot, slug string, isNew bool, ct models.SkillContent) map[string]string {
	ps := toolpick.Check(ct.RequiredTools, snap.KnownTools(), "")
	if len(ps) == 0 {
		return nil
	}
	errs := models.ProposalErrors(slug, isNew, ct)
	errs["required_tools"] = toolpick.Join(ps)
	return errs
}

func (s *Server) newSkillForm(c echo.Context) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, s.page(c, "Propose a skill", "skills"), views.SkillFormPage(withSkillLimits(views.SkillForm{New: true, Action: "/skills"}, snap), csrfToken(c)))
}

func (s *Server) proposeChangeForm(c echo.Context) error {
	ctx := c.Request().Context()
	k, err := s.store.SkillVisibleTo(ctx, c.Param("slug"), userName(c))
	if err != nil {
		return err
	}
	f := views.SkillForm{Slug: k.Slug, Action: "/skills/" + k.Slug + "/proposals"}
	if v, err := s.store.ProductionVersion(ctx, k.ID); err == nil {
		pf := skillFormOf(v.Content())
		pf.Slug, pf.Action = f.Slug, f.Action
		f = pf
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	return s.render(c, http.StatusOK, s.page(c, "Propose a change", "skills"), views.SkillFormPage(withSkillLimits(f, snap), csrfToken(c)))
}

func (s *Server) proposeNewSkill(c echo.Context) error {
	return s.propose(c, strings.TrimSpace(c.FormValue("slug")), true)
}

func (s *Server) proposeChange(c echo.Context) error {
	// a skill that exists only as someone's private draft is not there
	if _, err := s.store.SkillVisibleTo(c.Request().Context(), c.Param("slug"), userName(c)); err != nil {
		return err
	}
	return s.propose(c, c.Param("slug"), false)
}

func (s *Server) propose(c echo.Context, slug string, isNew bool) error {
	ct := skillContent(c)
	open := s.store.Propose
	msg := "Proposal #%d opened. Reviewers will see it in their queue."
	if c.FormValue("draft") == "1" {
		open, msg = s.store.SaveDraft, "Draft #%d saved. Only you can see it until you submit it for review."
	}
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	refuse := func(errs map[string]string) error {
		f := skillFormOf(ct)
		f.Slug, f.New, f.Errors = slug, isNew, errs
		f.Action = "/skills"
		if !isNew {
			f.Action = "/skills/" + slug + "/proposals"
		}
		return s.render(c, http.StatusUnprocessableEntity, s.page(c, "Propose", "skills"), views.SkillFormPage(withSkillLimits(f, snap), csrfToken(c)))
	}
	if errs := requiredToolErrors(snap, slug, isNew, ct); errs != nil {
		return refuse(errs)
	}
	p, err := open(c.Request().Context(), userName(c), slug, isNew, ct)
	if ve, ok := asValidation(err); ok {
		return refuse(ve.Fields)
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf(msg, p.ID), fmt.Sprintf("/proposals/%d", p.ID))
}

func (s *Server) rollbackSkill(c echo.Context) error {
	target, err1 := strconv.Atoi(c.FormValue("version"))
	expected, err2 := strconv.Atoi(c.FormValue("expected"))
	if err1 != nil || err2 != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "version, expected: both are required")
	}
	slug := c.Param("slug")
	// a skill that exists only as someone's private draft is not there
	if _, err := s.store.SkillVisibleTo(c.Request().Context(), slug, userName(c)); err != nil {
		return err
	}
	err := s.store.Rollback(c.Request().Context(), currentUser(c), slug, target, expected, strings.TrimSpace(c.FormValue("reason")))
	if ve, ok := asValidation(err); ok {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, ve.Error())
	}
	if status, msg, ok := workflowStatus(err); ok {
		return echo.NewHTTPError(status, msg)
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Production of %s is now v%d.", slug, target), "/skills/"+slug)
}
