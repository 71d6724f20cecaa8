package web

// Saving, restoring and deciding a profile's versions.

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// saveProfile saves a new version from the edit form.
func (s *Server) saveProfile(c echo.Context) error {
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "base: the version you edited is required")
	}
	ct := profileContent(c)
	return s.saveVersion(c, c.Param("slug"), base, ct, func(ve *models.ValidationError) error {
		f := typedProfileForm(c, ct)
		f.Base, f.Errors = base, ve.Fields
		snap, err := s.snapshot(c.Request().Context())
		if err != nil {
			return err
		}
		f.Summary = profileSummaryOf(ct, ve.Fields, snap.KnownTools())
		return s.renderProfile(c, http.StatusUnprocessableEntity, &f)
	})
}

// restoreProfile makes an earlier version current, as a new version.
func (s *Server) restoreProfile(c echo.Context) error {
	ctx := c.Request().Context()
	p, err := s.store.ProfileBySlug(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.Param("version"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "No such version.")
	}
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "base: the version you saw as current is required")
	}
	old, err := s.store.ProfileVersionAt(ctx, p.ID, n)
	if err != nil {
		return err
	}
	ct := old.Content()
	ct.Message = fmt.Sprintf("restore v%d", n)
	return s.saveVersion(c, p.Slug, base, ct, func(ve *models.ValidationError) error {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "Version "+strconv.Itoa(n)+" cannot be restored: "+ve.Error())
	})
}

// saveVersion computes the totals for the profile's default agent and
// saves; a stale base renders the conflict page (409).
func (s *Server) saveVersion(c echo.Context, slug string, base int, ct models.ProfileContent, invalid func(*models.ValidationError) error) error {
	ctx := c.Request().Context()
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	p, err := s.store.ProfileBySlug(ctx, slug)
	if err != nil {
		return err
	}
	totals, err := s.profileTotals(ctx, snap, p.AgentID, ct)
	if err != nil {
		return err
	}
	v, err := s.store.SaveProfileVersion(ctx, userName(c), slug, base, ct, snap.KnownTools(), totals)
	if ve, ok := asValidation(err); ok {
		return invalid(ve)
	}
	if errors.Is(err, models.ErrConflict) {
		return s.renderConflict(c, p, base, ct.Tools)
	}
	if errors.Is(err, models.ErrUnchanged) {
		return invalid(&models.ValidationError{Fields: map[string]string{"tools": fmt.Sprintf(
			"nothing changed: v%d already has these tools and options. Change something before saving; no version was made.", base)}})
	}
	if err != nil {
		return err
	}
	if v.Status == models.VersionPending {
		return s.flashAndRedirect(c, fmt.Sprintf("Saved %s v%d: it awaits a reviewer's approval; v%d stays in use until then.", slug, v.Version, base), "/profiles/"+slug)
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Saved %s v%d.", slug, v.Version), "/profiles/"+slug)
}

// decideProfileVersion approves (makes current) or rejects a profile
// version that awaits review.
func (s *Server) decideProfileVersion(c echo.Context) error {
	n, err := strconv.Atoi(c.Param("version"))
	if err != nil {
		return echo.NewHTTPError(http.StatusNotFound, "No such version.")
	}
	decision := c.FormValue("decision")
	if decision != "approve" && decision != "reject" {
		return echo.NewHTTPError(http.StatusBadRequest, "decision: choose approve or reject")
	}
	slug := c.Param("slug")
	err = s.store.DecideProfileVersion(c.Request().Context(), currentUser(c), slug, n, decision == "approve", c.FormValue("reason"))
	if ve, ok := asValidation(err); ok && errors.Is(err, models.ErrNotApprovable) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fmt.Sprintf("v%d cannot be approved: %s. Nothing was changed; reject it, then save again from the current version.", n, fieldMessages(ve)))
	}
	if ve, ok := asValidation(err); ok {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, ve.Error())
	}
	switch {
	case errors.Is(err, models.ErrSelfApproval):
		return echo.NewHTTPError(http.StatusForbidden, "You saved this version, so another reviewer decides it.")
	case errors.Is(err, models.ErrForbidden):
		return echo.NewHTTPError(http.StatusForbidden, "Only a reviewer or an admin decides a profile version.")
	case errors.Is(err, models.ErrNotPending), errors.Is(err, models.ErrConflict):
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("v%d does not await review.", n))
	case errors.Is(err, models.ErrBaseMoved):
		return echo.NewHTTPError(http.StatusConflict, fmt.Sprintf("The profile moved on since v%d was saved: approving it would undo what came since. Nothing was changed; it can be rejected and saved again from the current version.", n))
	case err != nil:
		return err
	}
	if decision == "approve" {
		return s.flashAndRedirect(c, fmt.Sprintf("Approved %s v%d: it is in use now.", slug, n), "/profiles/"+slug)
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Rejected %s v%d.", slug, n), "/profiles/"+slug)
}

func (s *Server) renderConflict(c echo.Context, p *models.Profile, base int, yours []string) error {
	ctx := c.Request().Context()
	fresh, err := s.store.ProfileBySlug(ctx, p.Slug)
	if err != nil {
		return err
	}
	cur, err := s.store.ProfileVersionAt(ctx, fresh.ID, fresh.CurrentVersion)
	if err != nil {
		return err
	}
	d := views.ConflictData{Slug: p.Slug, Base: base, Current: versionRow(*cur, fresh.CurrentVersion), Yours: yours, Retry: "/profiles/" + p.Slug}
	d.Added, d.Removed = listDiff(cur.Tools(), yours)
	return s.render(c, http.StatusConflict, s.page(c, "Conflict", "profiles"), views.ProfileConflict(d))
}
