package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/instruction/toolpick"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func canEditProfiles(u *models.User) bool { return u.Has(models.RoleEditor) || u.Has(models.RoleAdmin) }

func versionRow(v models.ProfileVersion, current int) views.VersionRow {
	opts := versionOptions(v)
	return views.VersionRow{Version: v.Version, Author: v.Author, At: v.CreatedAt.UTC().Format(time.DateTime), Message: v.Message, Tools: v.Tools(),
		Options: opts, Saved: views.Delta{Body: v.Body, Protocol: v.Protocol, Catalog: v.Catalog, Total: v.Total}, Encoding: meter.O200k, Current: v.Version == current,
		Status: v.Status, Base: v.BaseVersion, ReviewedBy: v.ReviewedBy}
}

// liveTotals fills a version row's totals for an agent, composed now
// exactly as the API and the forge compose it: one number per version.
func (s *Server) liveTotals(snap *Snapshot, skills []instruction.Skill, row *views.VersionRow, a *models.Agent, v *models.ProfileVersion) error {
	t, err := s.versionTotals(snap, runtime.AgentContext{Agent: a, Version: v}, skills, meter.O200k)
	if err != nil {
		return err
	}
	row.Agent, row.Totals = a.Slug, views.Delta{Body: t.Body, Protocol: t.Protocol, Catalog: t.Catalog, Total: t.Total}
	return nil
}

// defaultOf lists the slugs of the agents whose default profile is the
// profile with id.
func defaultOf(agents []models.Agent, id uint) []string {
	var out []string
	for _, a := range agents {
		if a.DefaultProfileID != nil && *a.DefaultProfileID == id {
			out = append(out, a.Slug)
		}
	}
	return out
}

func (s *Server) agentOptions(c echo.Context) ([]views.Option, error) {
	as, err := s.store.Agents(c.Request().Context())
	if err != nil {
		return nil, err
	}
	out := make([]views.Option, len(as))
	for i, a := range as {
		out[i] = views.Option{Value: a.Slug, Label: a.Name}
	}
	return out, nil
}

func (s *Server) profilesPage(c echo.Context) error {
	return s.renderProfiles(c, http.StatusOK, views.ProfileForm{Tier: instruction.TierStandard, CatalogForm: "full"})
}

func (s *Server) renderProfiles(c echo.Context, status int, form views.ProfileForm) error {
	ctx := c.Request().Context()
	ps, err := s.store.Profiles(ctx)
	if err != nil {
		return err
	}
	agents, err := s.store.Agents(ctx)
	if err != nil {
		return err
	}
	byID := map[uint]*models.Agent{}
	for i := range agents {
		byID[agents[i].ID] = &agents[i]
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return err
	}
	var rows []views.ProfileRow
	for _, p := range ps {
		v, err := s.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
		if err != nil {
			return err
		}
		r := views.ProfileRow{Slug: p.Slug, Name: p.Name, Version: p.CurrentVersion, Tools: len(v.Tools()), Saved: v.Total, DefaultOf: defaultOf(agents, p.ID)}
		if p.AgentID != nil && byID[*p.AgentID] != nil {
			vr := versionRow(*v, p.CurrentVersion)
			if err := s.liveTotals(snap, skills, &vr, byID[*p.AgentID], v); err != nil {
				return err
			}
			r.Agent, r.Total = vr.Agent, vr.Totals.Total
		}
		rows = append(rows, r)
	}
	if form.Agents, err = s.agentOptions(c); err != nil {
		return err
	}
	withProfilePickers(&form, snap)
	return s.render(c, status, s.page(c, "Profiles", "profiles"), views.Profiles(rows, canEditProfiles(currentUser(c)), form, csrfToken(c)))
}

// profileSummary is the profile form's fields in the order the summary
// lists their errors.
var profileSummary = []summaryField{
	{"slug", "pf-slug", "Slug"}, {"name", "pf-name", "Name"}, {"agent", "pf-agent", "Measure for agent"},
	{"tools", "pf-tools", "Tools"}, {"tier", "pf-tier", "Tier"}, {"catalog_form", "pf-cf", "Catalog form"},
	{"search_budget", "pf-sb", "Searches per run"}, {"call_budget", "pf-cb", "Calls per run"},
	{"pins", "pf-pins", "Pins"}, {"message", "pf-msg", "Message"},
}

// profileSummaryOf lists every error of refused profile content, each
// unknown tool and each bad pin apart.
func profileSummaryOf(ct models.ProfileContent, errs map[string]string, known map[string]bool) []views.ErrorItem {
	return errorSummary(profileSummary, errs, map[string][]string{
		"tools": problemStrings(toolpick.Check(ct.Tools, known, "")),
		"pins":  problemStrings(models.PinProblems(ct.Pins, ct.Tools)),
	})
}

// withProfilePickers gives a profile form its tool and pin pickers.
func withProfilePickers(f *views.ProfileForm, snap *Snapshot) {
	f.ToolPicker = picker(snap, "tools", "pf-tools", "", "")
	f.PinPicker = picker(snap, "pins", "pf-pins", "", "")
}

func profileContent(c echo.Context) models.ProfileContent {
	return models.ProfileContent{Tools: withPicked(c, "tools", lines(c.FormValue("tools"))), Tier: c.FormValue("tier"), CatalogForm: c.FormValue("catalog_form"),
		Deferred: c.FormValue("deferred") == "1", Pins: withPicked(c, "pins", lines(c.FormValue("pins"))), Message: strings.TrimSpace(c.FormValue("message")),
		SearchBudget: budgetField(c.FormValue("search_budget")), CallBudget: budgetField(c.FormValue("call_budget"))}
}

// budgetField reads a budget as typed: empty is none (0); anything but a
// whole number reads as -1, which validation refuses naming the field.
func budgetField(v string) int {
	v = strings.TrimSpace(v)
	if v == "" {
		return 0
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		return -1
	}
	return n
}

func profileFormOf(ct models.ProfileContent) views.ProfileForm {
	f := views.ProfileForm{Tools: strings.Join(ct.Tools, "\n"), Tier: ct.Tier, CatalogForm: ct.CatalogForm, Deferred: ct.Deferred, Pins: strings.Join(ct.Pins, ","), Message: ct.Message}
	if ct.SearchBudget != 0 {
		f.SearchBudget = strconv.Itoa(ct.SearchBudget)
	}
	if ct.CallBudget != 0 {
		f.CallBudget = strconv.Itoa(ct.CallBudget)
	}
	return f
}

func (s *Server) createProfile(c echo.Context) error {
	ctx := c.Request().Context()
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	ct := profileContent(c)
	in := models.ProfileInput{Slug: strings.TrimSpace(c.FormValue("slug")), Name: c.FormValue("name"), Agent: c.FormValue("agent"), Content: ct}
	var totals models.TokenTotals
	if in.Agent != "" {
		if a, err := s.store.AgentBySlug(ctx, in.Agent); err == nil {
			if totals, err = s.profileTotals(ctx, snap, &a.ID, ct); err != nil {
				return err
			}
		}
	}
	_, err = s.store.CreateProfile(ctx, userName(c), in, snap.KnownTools(), totals)
	if ve, ok := asValidation(err); ok {
		form := profileFormOf(ct)
		form.Slug, form.Name, form.Agent, form.Errors = in.Slug, in.Name, in.Agent, ve.Fields
		form.Summary = profileSummaryOf(ct, ve.Fields, snap.KnownTools())
		return s.renderProfiles(c, http.StatusUnprocessableEntity, form)
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, "Profile "+in.Slug+" created.", "/profiles/"+in.Slug)
}

func (s *Server) profilePage(c echo.Context) error {
	return s.renderProfile(c, http.StatusOK, nil)
}

func (s *Server) renderProfile(c echo.Context, status int, form *views.ProfileForm) error {
	ctx := c.Request().Context()
	p, err := s.store.ProfileBySlug(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	vs, err := s.store.ProfileVersions(ctx, p.ID)
	if err != nil {
		return err
	}
	d := views.ProfileData{Slug: p.Slug, Name: p.Name, CanEdit: canEditProfiles(currentUser(c)), CSRF: csrfToken(c)}
	agents, err := s.store.Agents(ctx)
	if err != nil {
		return err
	}
	d.DefaultOf = defaultOf(agents, p.ID)
	if d.ReviewBy, err = s.store.ProfileNeedsReview(ctx, p.ID); err != nil {
		return err
	}
	u := currentUser(c)
	d.CanReview, d.Viewer = u.Has(models.RoleReviewer) || u.Has(models.RoleAdmin), u.Username
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return err
	}
	var agent *models.Agent
	if p.AgentID != nil {
		if agent, err = s.store.AgentByID(ctx, *p.AgentID); err != nil {
			return err
		}
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	for _, v := range vs {
		row := versionRow(v, p.CurrentVersion)
		if agent != nil {
			if err := s.liveTotals(snap, skills, &row, agent, &v); err != nil {
				return err
			}
		}
		d.History = append(d.History, row)
		if v.Status == models.VersionPending {
			d.Pending = append(d.Pending, row)
		}
		if row.Current {
			d.Current = row
			f := profileFormOf(v.Content())
			f.Message, f.Base = "", p.CurrentVersion
			d.Form = f
		}
	}
	if form != nil {
		d.Form = *form
	}
	withProfilePickers(&d.Form, snap)
	if agent != nil {
		d.Agent = agent.Slug
		declared := map[string]bool{}
		for _, t := range agent.Declared() {
			declared[t] = true
		}
		for _, t := range d.Current.Tools {
			if !declared[t] {
				d.Undeclared = append(d.Undeclared, t)
			}
		}
	}
	return s.render(c, status, s.page(c, p.Name, "profiles"), views.Profile(d))
}

// saveProfile saves a new version from the edit form.
func (s *Server) saveProfile(c echo.Context) error {
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "base: the version you edited is required")
	}
	ct := profileContent(c)
	return s.saveVersion(c, c.Param("slug"), base, ct, func(ve *models.ValidationError) error {
		f := profileFormOf(ct)
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
