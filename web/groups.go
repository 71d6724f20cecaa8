package web

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// parseGrants reads the editor's lines: "KIND VALUE [requires-approval]";
// it returns the grants it could read and what is wrong with every line
// it could not.
func parseGrants(text string) ([]models.GrantSpec, []string) {
	var out []models.GrantSpec
	var bad []string
	for i, line := range strings.Split(text, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		g := models.GrantSpec{}
		if len(f) == 3 && f[2] == "requires-approval" {
			g.RequiresApproval = true
			f = f[:2]
		}
		if len(f) != 2 {
			bad = append(bad, fmt.Sprintf("line %d: write KIND VALUE [requires-approval], e.g. effects read-only", i+1))
			continue
		}
		g.Kind, g.Value = f[0], f[1]
		out = append(out, g)
	}
	return out, bad
}

// withPickedGrants adds the grant lines chosen in the grants picker
// (grants_add: "tool ID", "service NAME") to the editor's text, each once.
func withPickedGrants(c echo.Context, text string) string {
	have := map[string]bool{}
	for _, l := range strings.Split(text, "\n") {
		if f := strings.Fields(l); len(f) >= 2 {
			have[f[0]+" "+f[1]] = true
		}
	}
	for _, l := range withPicked(c, "grants", nil) {
		if !have[l] {
			have[l] = true
			if text != "" && !strings.HasSuffix(text, "\n") {
				text += "\n"
			}
			text += l + "\n"
		}
	}
	return text
}

// grantsSummary is the grants form's fields in the order the summary
// lists their errors.
var grantsSummary = []summaryField{{"group", "gr-name", "Name"}, {"grants", "gr-grants", "Grants"}, {"message", "gr-msg", "Why"}}

func grantLines(gs []models.GrantSpec) string {
	var b strings.Builder
	for _, g := range gs {
		b.WriteString(g.Kind + " " + g.Value)
		if g.RequiresApproval {
			b.WriteString(" requires-approval")
		}
		b.WriteString("\n")
	}
	return b.String()
}

func grantLabels(gs []models.GrantSpec) []string {
	out := make([]string, len(gs))
	for i, g := range gs {
		out[i] = g.String()
	}
	return out
}

func (s *Server) groupsPage(c echo.Context) error {
	return s.renderGroups(c, http.StatusOK, views.GroupsData{})
}

func (s *Server) renderGroups(c echo.Context, status int, d views.GroupsData) error {
	ctx := c.Request().Context()
	gs, err := s.store.Groups(ctx)
	if err != nil {
		return err
	}
	// every group's current grants in one read, not one per group
	all, err := s.store.AllGrants(ctx)
	if err != nil {
		return err
	}
	labels := map[string][]string{}
	for _, g := range all {
		labels[g.Group] = append(labels[g.Group], models.GrantSpec{Kind: g.Kind, Value: g.Value, RequiresApproval: g.RequiresApproval}.String())
	}
	for _, g := range gs {
		d.Groups = append(d.Groups, views.GroupRow{Name: g.Name, Version: g.Version, Grants: labels[g.Name]})
	}
	d.CSRF = csrfToken(c)
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	d.Form.Picker = picker(snap, "grants", "gr-grants", pickerModeGrants, "")
	return s.render(c, status, s.page(c, "Groups", "groups"), views.Groups(d))
}

// saveGrants handles both forms: a new group (POST /groups) and a new
// version of one (POST /groups/:name, from the base version shown).
func (s *Server) saveGrants(c echo.Context) error {
	name := c.Param("name")
	creating := name == ""
	if creating {
		name = strings.TrimSpace(c.FormValue("name"))
	}
	form := views.GrantsForm{Name: name, Grants: withPickedGrants(c, c.FormValue("grants")), Message: c.FormValue("message")}
	base, err := strconv.Atoi(c.FormValue("base"))
	if err != nil || base < 0 {
		base = -1
	}
	form.Base = base
	// failAll shows every error: the grants' own (bad lines, then each bad
	// grant) one by one in the summary, and each field's under it
	failAll := func(errs views.FieldErrors, grantItems []string) error {
		form.Summary = errorSummary(grantsSummary, errs, map[string][]string{"grants": grantItems})
		if creating {
			return s.renderGroups(c, http.StatusUnprocessableEntity, views.GroupsData{Form: form, Errors: errs})
		}
		return s.renderGroup(c, http.StatusUnprocessableEntity, name, form, errs)
	}
	fail := func(field, msg string) error { return failAll(views.FieldErrors{field: msg}, nil) }
	if base < 0 || (creating && base != 0) {
		return fail("grants", "the form's base version is missing; reload the page")
	}
	grants, badLines := parseGrants(form.Grants)
	ctx := c.Request().Context()
	known, err := s.knownTools(ctx)
	if err != nil {
		return err
	}
	// check explains a refused save; the services a grant may name are
	// read only then (SetGrants reads them itself for its own check)
	check := func(fallback map[string]string) error {
		services, err := s.store.KnownServices(ctx, known)
		if err != nil {
			return err
		}
		errs := views.FieldErrors{}
		items := badLines
		for f, msg := range models.ValidateGroupVersion(name, form.Message, grants, known, services) {
			if f == "group" || f == "message" {
				errs[f] = msg
			}
		}
		for _, p := range models.GrantProblems(grants, known, services) {
			items = append(items, p.Message)
		}
		if len(items) > 0 {
			errs["grants"] = strings.Join(items, "; ")
		}
		if len(errs) == 0 {
			for f, msg := range fallback {
				errs["grants"] = f + ": " + msg
			}
		}
		return failAll(errs, items)
	}
	if len(badLines) > 0 {
		return check(nil)
	}
	v, err := s.store.SetGrants(ctx, userName(c), name, base, grants, form.Message, known)
	if ve, ok := asValidation(err); ok {
		return check(ve.Fields)
	}
	if errors.Is(err, models.ErrConflict) {
		if creating {
			return fail("group", "a group of this name exists; edit it on its page")
		}
		return fail("grants", "someone saved this group since you opened it; reload and edit the newest version")
	}
	if errors.Is(err, models.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such group.")
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("Group %s saved as version %d.", name, v.Version), "/groups/"+name)
}

func (s *Server) knownTools(ctx context.Context) (map[string]bool, error) {
	snap, err := s.snapshot(ctx)
	if err != nil {
		return nil, err
	}
	return snap.KnownTools(), nil
}

func (s *Server) groupPage(c echo.Context) error {
	return s.renderGroup(c, http.StatusOK, c.Param("name"), views.GrantsForm{Base: -1}, nil)
}

func (s *Server) renderGroup(c echo.Context, status int, name string, form views.GrantsForm, errs views.FieldErrors) error {
	ctx := c.Request().Context()
	g, err := s.store.GroupByName(ctx, name)
	if errors.Is(err, models.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such group.")
	}
	if err != nil {
		return err
	}
	vs, err := s.store.GroupVersions(ctx, g.ID)
	if err != nil {
		return err
	}
	d := views.GroupData{Name: g.Name, Version: g.Version, Form: form, Errors: errs, CSRF: csrfToken(c)}
	byVersion := map[int][]models.GrantSpec{}
	for _, v := range vs {
		byVersion[v.Version] = v.Grants()
		d.History = append(d.History, views.GroupVersionRow{Version: v.Version, Author: v.Author, Message: v.Message, At: v.CreatedAt.UTC().Format(time.DateTime), Grants: len(v.Grants())})
	}
	d.Grants = grantLabels(byVersion[g.Version])
	if form.Base < 0 {
		d.Form = views.GrantsForm{Name: g.Name, Base: g.Version, Grants: grantLines(byVersion[g.Version])}
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	d.Form.Picker = picker(snap, "grants", "gr-grants", pickerModeGrants, "")
	d.Diff = views.GrantDiff{From: max(1, g.Version-1), To: g.Version}
	if q := c.QueryParams(); q.Has("from") || q.Has("to") {
		from, err1 := strconv.Atoi(q.Get("from"))
		to, err2 := strconv.Atoi(q.Get("to"))
		a, okA := byVersion[from]
		b, okB := byVersion[to]
		if err1 != nil || err2 != nil || !okA || !okB {
			return echo.NewHTTPError(http.StatusBadRequest, fmt.Sprintf("from and to must be versions 1 to %d", g.Version))
		}
		d.Diff = diffGrants(from, to, a, b)
	}
	return s.render(c, status, s.page(c, "Group "+g.Name, "groups"), views.Group(d))
}

// diffGrants compares two grant sets by kind and value.
func diffGrants(from, to int, a, b []models.GrantSpec) views.GrantDiff {
	d := views.GrantDiff{From: from, To: to, Computed: true}
	old := map[string]models.GrantSpec{}
	for _, g := range a {
		old[g.Key()] = g
	}
	seen := map[string]bool{}
	for _, g := range b {
		seen[g.Key()] = true
		o, ok := old[g.Key()]
		switch {
		case !ok:
			d.Added = append(d.Added, g.String())
		case o.RequiresApproval != g.RequiresApproval:
			d.ApprovalChanged = append(d.ApprovalChanged, fmt.Sprintf("%s %s: requires approval %v → %v", g.Kind, g.Value, o.RequiresApproval, g.RequiresApproval))
		}
	}
	for _, g := range a {
		if !seen[g.Key()] {
			d.Removed = append(d.Removed, g.String())
		}
	}
	return d
}

// checksPage shows the call-time check counters (flushed first, so this
// replica's latest checks are in).
func (s *Server) checksPage(c echo.Context) error {
	ctx := c.Request().Context()
	if err := s.counters.flush(ctx); err != nil {
		s.log.WarnContext(ctx, "check counters flush failed", "err", err)
	}
	if err := onlyFilters(c.QueryParams(), "checks page", checksFilters); err != nil {
		return err
	}
	agent := strings.TrimSpace(c.QueryParam("agent"))
	d := views.ChecksData{Agent: agent}
	var err error
	if d.Agents, err = s.agentOptions(c); err != nil {
		return err
	}
	if err := knownAgent(agent, d.Agents); err != nil {
		return err
	}
	rows, err := s.store.CheckCounters(ctx, agent, 500)
	if err != nil {
		return err
	}
	for _, r := range rows {
		d.Rows = append(d.Rows, views.CheckCountRow{Agent: r.Agent, Tool: r.Tool, Group: r.GroupName, Outcome: r.Outcome, Count: r.Count, Updated: r.UpdatedAt.UTC().Format(time.DateTime)})
	}
	back, scope := "/checks", "every agent"
	if agent != "" {
		back, scope = "/checks?agent="+url.QueryEscape(agent), "agent "+agent
	}
	snap, err := s.snapshot(ctx)
	if err != nil {
		return err
	}
	bd, err := s.bindingsData(c, snap, models.BindingFilter{Agent: agent}, back, scope)
	if err != nil {
		return err
	}
	d.Bindings = *bd
	return s.render(c, http.StatusOK, s.page(c, "Checks", "checks"), views.Checks(d))
}
