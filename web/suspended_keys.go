package web

import (
	"time"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/views"
)

// withIncidents is page preceded by the banner of suspended runtime keys
// (views.SuspendedKeys), shown to admins on the Connections and API keys
// pages: a key is suspended when a server's answer to one of its calls
// held a console secret, or it drew too many masked answers.
func (s *Server) withIncidents(c echo.Context, page templ.Component) templ.Component {
	ks, err := s.store.SuspendedAPIKeys(c.Request().Context())
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

// resumeAPIKey lifts a key's suspension (audited apikey.resume).
func (s *Server) resumeAPIKey(c echo.Context) error {
	id, err := uintParam(c, "id", "No such key.")
	if err != nil {
		return err
	}
	if err := s.store.ResumeAPIKey(c.Request().Context(), userName(c), id); err != nil {
		return err
	}
	s.keys.mu.Lock()
	s.keys.entries = map[string]cachedKey{}
	s.keys.mu.Unlock()
	return s.flashAndRedirect(c, "Key resumed.", "/apikeys")
}
