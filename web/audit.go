package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/plural"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) auditPage(c echo.Context) error {
	ctx := c.Request().Context()
	q := c.QueryParams()
	if err := onlyFilters(q, "audit log", auditFilters); err != nil {
		return err
	}
	f := models.AuditFilter{Actor: q.Get("actor"), Action: q.Get("action"), Subject: q.Get("subject"), PerPage: 50}
	var err error
	if f.Page, err = pageParam(q); err != nil {
		return err
	}
	d := views.AuditData{Actor: f.Actor, Action: f.Action, Subject: f.Subject, Since: q.Get("since"), Until: q.Get("until")}
	if d.Since != "" {
		t, err := time.Parse(time.DateOnly, d.Since)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "since: use YYYY-MM-DD")
		}
		f.Since = t
	}
	if d.Until != "" {
		t, err := time.Parse(time.DateOnly, d.Until)
		if err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "until: use YYYY-MM-DD")
		}
		f.Until = t.Add(24 * time.Hour)
	}
	// a slug the viewer may not know is found by no search and shown in
	// no subject
	if f.HideSkills, err = s.store.HiddenSkillSlugs(ctx, userName(c)); err != nil {
		return err
	}
	events, total, err := s.store.AuditEvents(ctx, f)
	if err != nil {
		return err
	}
	d.Rows, d.Total, d.Page = auditRows(events, f.HideSkills), int(total), f.Page
	d.Pages = max(1, (d.Total+f.PerPage-1)/f.PerPage)
	link := func(page int) string {
		v := url.Values{}
		for k, vs := range q {
			v[k] = vs
		}
		v.Set("page", strconv.Itoa(page))
		return "/audit?" + v.Encode()
	}
	if d.Page > 1 {
		d.PrevURL = link(d.Page - 1)
	}
	if d.Page < d.Pages {
		d.NextURL = link(d.Page + 1)
	}
	res, err := s.store.VerifyAudit(ctx)
	if err != nil {
		return err
	}
	d.ChainOK = res.BrokenAt == 0
	if d.ChainOK {
		d.ChainNote = plural.Count(res.Events, "event") + ", every link intact."
	} else {
		d.ChainNote = fmt.Sprintf("first broken link at event %d: %s.", res.BrokenAt, res.Reason)
	}
	return s.render(c, http.StatusOK, s.page(c, "Audit log", "audit"), views.AuditLog(d))
}
