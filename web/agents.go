package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/meter"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/instruction/toolpick"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func lines(s string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(s, func(r rune) bool { return r == '\n' || r == '\r' || r == ',' }) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// profileOptions is the default profiles the agent agentID's form may
// save: those made for it or for no agent (a new agent, 0, has none of
// its own yet), as the save's rule says.
func (s *Server) profileOptions(c echo.Context, agentID uint) ([]views.Option, error) {
	ps, err := s.store.Profiles(c.Request().Context())
	if err != nil {
		return nil, err
	}
	var out []views.Option
	for _, p := range ps {
		if p.AgentID == nil || (agentID != 0 && *p.AgentID == agentID) {
			out = append(out, views.Option{Value: p.Slug, Label: p.Name})
		}
	}
	return out, nil
}

func (s *Server) agentsPage(c echo.Context) error {
	return s.renderAgents(c, http.StatusOK, views.AgentForm{})
}

func (s *Server) renderAgents(c echo.Context, status int, form views.AgentForm) error {
	ctx := c.Request().Context()
	as, err := s.store.Agents(ctx)
	if err != nil {
		return err
	}
	var rows []views.AgentRow
	for _, a := range as {
		rows = append(rows, s.agentRow(c, a))
	}
	if form.Profiles, err = s.profileOptions(c, 0); err != nil {
		return err
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	form.Picker = picker(snap, "declared", "ag-decl", "", "")
	return s.render(c, status, s.page(c, "Agents", "agents"), views.Agents(rows, currentUser(c).Has(models.RoleAdmin), form, csrfToken(c)))
}

func (s *Server) agentRow(c echo.Context, a models.Agent) views.AgentRow {
	r := views.AgentRow{Slug: a.Slug, Name: a.Name, Description: a.Description, Declared: len(a.Declared()), Services: a.Services(), ProfileReview: a.ProfileReview}
	if a.DefaultProfileID != nil {
		if p, err := s.store.ProfileByID(c.Request().Context(), *a.DefaultProfileID); err == nil {
			r.DefaultProfile = p.Slug
		}
	}
	return r
}

func agentInput(c echo.Context) models.AgentInput {
	return models.AgentInput{Slug: strings.TrimSpace(c.FormValue("slug")), Name: c.FormValue("name"), Description: c.FormValue("description"),
		Declared: withPicked(c, "declared", lines(c.FormValue("declared"))), Services: lines(c.FormValue("services")), DefaultProfile: c.FormValue("default_profile"),
		ProfileReview: c.FormValue("profile_review") == "1"}
}

func agentFormOf(in models.AgentInput, errs map[string]string) views.AgentForm {
	return views.AgentForm{Slug: in.Slug, Name: in.Name, Description: in.Description, Declared: strings.Join(in.Declared, "\n"),
		Services: strings.Join(in.Services, ","), DefaultProfile: in.DefaultProfile, ProfileReview: in.ProfileReview, Errors: errs}
}

// agentSummary is the agent form's fields in the order the summary lists
// their errors.
var agentSummary = []summaryField{
	{"slug", "ag-slug", "Slug"}, {"name", "ag-name", "Name"}, {"description", "ag-desc", "Description"},
	{"declared", "ag-decl", "Declared tools"}, {"services", "ag-svc", "Connected services"}, {"default_profile", "ag-prof", "Default profile"},
}

// agentFormErrors is the form of refused input: each field's error, and
// every one of them in the summary (each unknown or repeated tool apart).
func agentFormErrors(in models.AgentInput, ve *models.ValidationError, known map[string]bool) views.AgentForm {
	f := agentFormOf(in, ve.Fields)
	f.Summary = errorSummary(agentSummary, ve.Fields, map[string][]string{"declared": problemStrings(toolpick.Check(in.Declared, known, ""))})
	return f
}

func (s *Server) createAgent(c echo.Context) error {
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	in := agentInput(c)
	_, err = s.store.CreateAgent(c.Request().Context(), userName(c), in, snap.KnownTools())
	if ve, ok := asValidation(err); ok {
		return s.renderAgents(c, http.StatusUnprocessableEntity, agentFormErrors(in, ve, snap.KnownTools()))
	}
	if err != nil {
		return err
	}
	msg, err := s.savedWithServiceWarning(c.Request().Context(), snap, "Agent "+in.Slug+" created.", in.Services)
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, msg, "/agents/"+in.Slug)
}

func (s *Server) agentPage(c echo.Context) error {
	a, err := s.store.AgentBySlug(c.Request().Context(), c.Param("slug"))
	if err != nil {
		return err
	}
	in := models.AgentInput{Slug: a.Slug, Name: a.Name, Description: a.Description, Declared: a.Declared(), Services: a.Services(), ProfileReview: a.ProfileReview}
	row := s.agentRow(c, *a)
	in.DefaultProfile = row.DefaultProfile
	form := agentFormOf(in, nil)
	form.Version = a.Version
	return s.renderAgent(c, http.StatusOK, a, form)
}

func (s *Server) renderAgent(c echo.Context, status int, a *models.Agent, form views.AgentForm) error {
	ctx := c.Request().Context()
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	d := views.AgentData{Row: s.agentRow(c, *a), Declared: a.Declared(), CanEdit: currentUser(c).Has(models.RoleAdmin), CSRF: csrfToken(c), Form: form}
	d.Form.Picker = picker(snap, "declared", "ag-decl", "", "")
	if d.Form.Profiles, err = s.profileOptions(c, a.ID); err != nil {
		return err
	}
	ps, err := s.store.Profiles(ctx)
	if err != nil {
		return err
	}
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return err
	}
	// the roster it really uses: under its default profile, else every
	// declared tool
	inUse, err := s.loadAgentContext(ctx, a.Slug, "")
	if err != nil {
		return err
	}
	if d.InUse, err = s.agentRoster(ctx, snap, skills, inUse); err != nil {
		return err
	}
	d.MCPNote = s.mcpUnservedNote(ctx, inUse, snap)
	for _, p := range ps {
		if inUse.Profile != nil && inUse.Profile.ID == p.ID {
			continue
		}
		if p.AgentID != nil && *p.AgentID != a.ID {
			// a profile made for another agent says nothing about this one
			continue
		}
		ac, err := s.loadAgentContext(ctx, a.Slug, p.Slug)
		if err != nil {
			return err
		}
		r, err := s.agentRoster(ctx, snap, skills, ac)
		if err != nil {
			return err
		}
		d.Rosters = append(d.Rosters, r)
	}
	return s.render(c, status, s.page(c, a.Name, "agents"), views.Agent(d))
}

// agentRoster is an agent's effective roster under its context's profile,
// as a request without a subject is served it, with the resolver's reason
// for every listed or declared tool left out.
func (s *Server) agentRoster(ctx context.Context, snap *Snapshot, skills []instruction.Skill, ac runtime.AgentContext) (views.AgentRoster, error) {
	ac, err := s.servedWithoutSubject(ctx, snap, ac)
	if err != nil {
		return views.AgentRoster{}, err
	}
	dr, notes := ac.Draft(snap, nil)
	t, err := s.versionTotals(ctx, snap, ac, skills, meter.O200k)
	if err != nil {
		return views.AgentRoster{}, err
	}
	r := views.AgentRoster{Total: t.Total, Declared: len(ac.Agent.Declared())}
	if ac.Profile != nil {
		r.Profile, r.Name = ac.Profile.Slug, ac.Profile.Name
	}
	in := map[string]bool{}
	roster := dr.Input().Roster
	waits := instruction.ReachOf(roster).Waiting > 0
	for _, e := range roster {
		in[e.ID()] = true
		if waits && e.CodeOnly() {
			// in the roster but never taught: not counted as reaching
			r.Notes = append(r.Notes, views.Warning{Tool: e.ID(), Signal: instruction.ReasonNeedsExec})
			continue
		}
		r.Roster = append(r.Roster, e.ID())
	}
	for _, n := range notes {
		r.Notes = append(r.Notes, views.Warning{Tool: n.Tool, Signal: n.Reason})
		in[n.Tool] = true
	}
	// a declared tool the profile leaves out is an off lever, not a note
	// of the draft; the page still names it
	for _, id := range ac.Agent.Declared() {
		if !in[id] {
			r.Notes = append(r.Notes, views.Warning{Tool: id, Signal: instruction.ReasonNotInProfile})
		}
	}
	return r, nil
}

func (s *Server) updateAgent(c echo.Context) error {
	ctx := c.Request().Context()
	a, err := s.store.AgentBySlug(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	base, err := strconv.Atoi(c.FormValue("version"))
	if err != nil || base < 1 {
		return echo.NewHTTPError(http.StatusBadRequest, "version: the version you edited is required")
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	in := agentInput(c)
	_, err = s.store.UpdateAgent(ctx, userName(c), a.Slug, base, in, snap.KnownTools())
	if ve, ok := asValidation(err); ok {
		in.Slug = a.Slug
		form := agentFormErrors(in, ve, snap.KnownTools())
		form.Version = base
		return s.renderAgent(c, http.StatusUnprocessableEntity, a, form)
	}
	if errors.Is(err, models.ErrConflict) {
		return echo.NewHTTPError(http.StatusConflict, "Someone saved this agent since you opened it. Nothing was overwritten; reload and apply your change again.")
	}
	if err != nil {
		return err
	}
	msg, err := s.savedWithServiceWarning(ctx, snap, "Agent saved.", in.Services)
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, msg, "/agents/"+a.Slug)
}
