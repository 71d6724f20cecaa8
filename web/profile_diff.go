package web

import (
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func listDiff(a, b []string) (added, removed []string) {
	in := func(ss []string) map[string]bool {
		m := map[string]bool{}
		for _, s := range ss {
			m[s] = true
		}
		return m
	}
	ia, ib := in(a), in(b)
	for _, s := range b {
		if !ia[s] {
			added = append(added, s)
		}
	}
	for _, s := range a {
		if !ib[s] {
			removed = append(removed, s)
		}
	}
	return added, removed
}

// profileDiff compares two versions: tools, options, totals and the
// composed instruction for the default agent.
func (s *Server) profileDiff(c echo.Context) error {
	ctx := c.Request().Context()
	p, err := s.store.ProfileBySlug(ctx, c.Param("slug"))
	if err != nil {
		return err
	}
	a, errA := strconv.Atoi(c.QueryParam("a"))
	b, errB := strconv.Atoi(c.QueryParam("b"))
	if errA != nil || errB != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "a, b: choose two versions")
	}
	va, err := s.store.ProfileVersionAt(ctx, p.ID, a)
	if err != nil {
		return err
	}
	vb, err := s.store.ProfileVersionAt(ctx, p.ID, b)
	if err != nil {
		return err
	}
	d := views.ProfileDiffData{Slug: p.Slug, A: versionRow(*va, p.CurrentVersion), B: versionRow(*vb, p.CurrentVersion)}
	if p.AgentID != nil {
		snap, err := s.snapshot(ctx)
		if err != nil {
			return err
		}
		agent, err := s.store.AgentByID(ctx, *p.AgentID)
		if err != nil {
			return err
		}
		skills, err := runtime.Skills(ctx, s.store)
		if err != nil {
			return err
		}
		if err := s.liveTotals(ctx, snap, skills, &d.A, agent, va); err != nil {
			return err
		}
		if err := s.liveTotals(ctx, snap, skills, &d.B, agent, vb); err != nil {
			return err
		}
		da := runtime.AgentContext{Agent: agent, Version: va}.EvalDraft(snap, skills)
		db := runtime.AgentContext{Agent: agent, Version: vb}.EvalDraft(snap, skills)
		if d.Selection, err = s.compareSelection(c, agent.ID, agent.Slug, "v"+strconv.Itoa(a), "v"+strconv.Itoa(b), da.Input(), db.Input()); err != nil {
			return err
		}
	} else {
		d.A.Totals, d.B.Totals = d.A.Saved, d.B.Saved // no agent: the save-time figures
	}
	d.Added, d.Removed = listDiff(va.Tools(), vb.Tools())
	d.Moved = moved(va.Tools(), vb.Tools())
	d.Options = optionChanges(instruction.Options{Tier: va.Tier, CatalogForm: va.CatalogForm, Deferred: va.Deferred, Pins: va.Pins()},
		instruction.Options{Tier: vb.Tier, CatalogForm: vb.CatalogForm, Deferred: vb.Deferred, Pins: vb.Pins()})
	textA, textB, err := s.versionTexts(c, p, va, vb)
	if err != nil {
		return err
	}
	d.TextDiff = hunks(lineDiff(textA, textB), 3)
	return s.render(c, http.StatusOK, s.page(c, "Profile diff", "profiles"), views.ProfileDiff(d))
}

// versionTexts composes both versions for the profile's default agent.
func (s *Server) versionTexts(c echo.Context, p *models.Profile, va, vb *models.ProfileVersion) (string, string, error) {
	if p.AgentID == nil {
		return strings.Join(va.Tools(), "\n"), strings.Join(vb.Tools(), "\n"), nil
	}
	ctx := c.Request().Context()
	snap, err := s.snapshot(ctx)
	if err != nil {
		return "", "", err
	}
	agent, err := s.store.AgentByID(ctx, *p.AgentID)
	if err != nil {
		return "", "", err
	}
	skills, err := runtime.Skills(ctx, s.store)
	if err != nil {
		return "", "", err
	}
	text := func(v *models.ProfileVersion) (string, error) {
		comp, err := runtime.ComposeVersion(snap, runtime.AgentContext{Agent: agent, Version: v}, skills)
		return comp.Text(), err
	}
	ta, err := text(va)
	if err != nil {
		return "", "", err
	}
	tb, err := text(vb)
	return ta, tb, err
}

// moved lists tools present in both lists whose relative order changed.
func moved(a, b []string) []string {
	pos := map[string]int{}
	for i, t := range b {
		pos[t] = i
	}
	var common []string
	for _, t := range a {
		if _, ok := pos[t]; ok {
			common = append(common, t)
		}
	}
	var out []string
	for i, t := range common {
		// t moved if its order among the common tools differs
		j := 0
		for _, u := range b {
			if u == t {
				break
			}
			if contains(common, u) {
				j++
			}
		}
		if i != j {
			out = append(out, t)
		}
	}
	return out
}

func contains(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
