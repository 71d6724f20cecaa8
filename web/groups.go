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

// grantsSummary is the grants form's fields in the order the summary
// lists their errors.
var grantsSummary = []summaryField{{"group", "gr-name", "Name"}, {"grants", "gr-grants", "Grants"}, {"message", "gr-msg", "Why"}}

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
