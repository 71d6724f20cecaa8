package web

import (
	"context"
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// withIncidents is page preceded by the banners of the past week's
// incidents of the console's own secrets (views.ConsoleSecretIncidents:
// a server answered with one no caller sent it, a caller sent one), of
// suspended runtime keys (views.SuspendedKeys: an earlier release
// suspended the key whose call drew an answer holding a console secret;
// an admin resumes them) and of the past day's alerts of keys that drew many
// masked answers (views.MaskedAlerts), shown to admins on the Connections
// and API keys pages.
func (s *Server) withIncidents(c echo.Context, page templ.Component) templ.Component {
	ctx := c.Request().Context()
	week := time.Now().Add(-7 * 24 * time.Hour)
	if exp, sent := s.secretIncidents(ctx, "secret.exposure", week), s.secretIncidents(ctx, "secret.sent", week); len(exp)+len(sent) > 0 {
		page = views.Stacked(views.ConsoleSecretIncidents(exp, sent), page)
	}
	if evs, _, err := s.store.AuditEvents(ctx, models.AuditFilter{Action: "secret.masked_alert", Since: time.Now().Add(-24 * time.Hour), PerPage: 20}); err == nil && len(evs) > 0 {
		var rows []views.MaskedAlertRow
		for _, e := range evs {
			rows = append(rows, views.MaskedAlertRow{Key: e.Subject, At: e.At.UTC().Format(time.DateTime), Why: e.Detail})
		}
		page = views.Stacked(views.MaskedAlerts(rows), page)
	}
	if ps, err := s.store.PausedConnections(ctx); err == nil && len(ps) > 0 {
		var rows []views.PausedConnectionRow
		for _, p := range ps {
			rows = append(rows, views.PausedConnectionRow{Name: p.Name, Since: p.Since.UTC().Format(time.DateTime), Why: p.Why})
		}
		page = views.Stacked(views.PausedConnections(rows, csrfToken(c)), page)
	}
	ks, err := s.store.SuspendedAPIKeys(ctx)
	if err != nil || len(ks) == 0 {
		return page
	}
	var rows []views.SuspendedKeyRow
	for _, k := range ks {
		r := views.SuspendedKeyRow{ID: k.ID, Name: k.Name, Why: k.SuspendedWhy}
		if k.SuspendedAt != nil {
			r.Since = k.SuspendedAt.UTC().Format(time.DateTime)
		}
		rows = append(rows, r)
	}
	return views.Stacked(views.SuspendedKeys(rows, csrfToken(c)), page)
}

// secretIncidents is the audited events of action since (the newest 20)
// as banner rows.
func (s *Server) secretIncidents(ctx context.Context, action string, since time.Time) []views.SecretIncidentRow {
	evs, _, err := s.store.AuditEvents(ctx, models.AuditFilter{Action: action, Since: since, PerPage: 20})
	if err != nil {
		return nil
	}
	var rows []views.SecretIncidentRow
	for _, e := range evs {
		rows = append(rows, views.SecretIncidentRow{Actor: e.Actor, At: e.At.UTC().Format(time.DateTime), Why: e.Detail})
	}
	return rows
}

// resumeAPIKey lifts a key's suspension (audited apikey.resume).
func (s *Server) resumeAPIKey(c echo.Context) error {
	id, err := uintParam(c, "id", "No such key.")
	if err != nil {
		return err
	}
	if err := s.store.ResumeAPIKey(c.Request().Context(), userName(c), id); err != nil {
		return err
	}
	s.forgetCachedKeys()
	return s.flashAndRedirect(c, "Key resumed.", "/apikeys")
}
