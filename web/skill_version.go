package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// skillVersionPage shows one version and, for one that is not production,
// what making it production would change, with the rollback form.
func (s *Server) skillVersionPage(c echo.Context) error {
	ctx := c.Request().Context()
	k, err := s.store.SkillVisibleTo(ctx, c.Param("slug"), userName(c))
	if err != nil {
		return err
	}
	n, err := uintParam(c, "n", "No such version.")
	if err != nil {
		return err
	}
	v, err := s.store.SkillVersionAt(ctx, k.ID, int(n))
	if err != nil {
		return err
	}
	latest, err := s.store.LatestVersion(ctx, k.ID)
	if err != nil {
		return err
	}
	u := currentUser(c)
	d := views.SkillVersionData{Slug: k.Slug, Procedure: v.Procedure, CanRollback: u.Has(models.RoleReviewer) || u.Has(models.RoleAdmin), CSRF: csrfToken(c),
		Row: views.SkillVersionRow{Version: v.Version, Name: v.Name, Summary: v.Summary, Author: v.Author, At: v.CreatedAt.UTC().Format(time.DateTime),
			Digest: v.Digest, Latest: v.Version == latest, Tools: v.RequiredTools()}}
	prod, err := s.store.ProductionVersion(ctx, k.ID)
	switch {
	case errors.Is(err, models.ErrNotFound):
	case err != nil:
		return err
	default:
		d.Production, d.Row.Production = prod.Version, prod.Version == v.Version
		d.SummaryDiff = lineDiff(prod.Summary, v.Summary)
		d.ProcedureDiff = hunks(lineDiff(prod.Procedure, v.Procedure), 3)
		d.ToolsAdded, d.ToolsRemoved = listDiff(prod.RequiredTools(), v.RequiredTools())
	}
	return s.render(c, http.StatusOK, s.page(c, fmt.Sprintf("%s v%d", k.Slug, v.Version), "skills"), views.SkillVersionPage(d))
}
