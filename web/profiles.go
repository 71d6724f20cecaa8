package web

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
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
func (s *Server) liveTotals(ctx context.Context, snap *Snapshot, skills []instruction.Skill, row *views.VersionRow, a *models.Agent, v *models.ProfileVersion) error {
	t, err := s.versionTotals(ctx, snap, runtime.AgentContext{Agent: a, Version: v}, skills, meter.O200k)
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
			if err := s.liveTotals(ctx, snap, skills, &vr, byID[*p.AgentID], v); err != nil {
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
		form := typedProfileForm(c, ct)
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
			if err := s.liveTotals(ctx, snap, skills, &row, agent, &v); err != nil {
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
