package web

import (
	"errors"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// connectionStatus is a connection's status as the API gives it: the
// last real contact with its server, why it failed, what to do. Never
// its command line, URL or secrets.
type connectionStatus struct {
	Name      string     `json:"name"`
	Transport string     `json:"transport"`
	Status    string     `json:"status"`
	ContactAt *time.Time `json:"contact_at"`
	Why       string     `json:"why,omitempty"`
	Fix       string     `json:"fix,omitempty"`
	Tools     int        `json:"tools"`
	LastSync  *time.Time `json:"last_sync"`
}

func (s *Server) connectionStatusOf(c *models.Connection) connectionStatus {
	h := s.store.Health(c)
	out := connectionStatus{Name: c.Name, Transport: c.Transport, Status: h.Status, ContactAt: utcPtr(h.At), Fix: h.Fix, Tools: c.Tools, LastSync: utcPtr(c.LastSync)}
	if h.Status != models.ConnectionOK {
		out.Why = h.Why
	}
	return out
}

func utcPtr(t *time.Time) *time.Time {
	if t == nil {
		return nil
	}
	u := t.UTC()
	return &u
}

// apiConnections serves GET /api/v1/connections: every connection's
// status, for monitoring.
func (s *Server) apiConnections(c echo.Context) error {
	cs, err := s.store.Connections(c.Request().Context())
	if err != nil {
		return err
	}
	out := make([]connectionStatus, 0, len(cs))
	for i := range cs {
		out = append(out, s.connectionStatusOf(&cs[i]))
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, map[string]any{"connections": out})
}

// apiConnection serves GET /api/v1/connections/{name}.
func (s *Server) apiConnection(c echo.Context) error {
	k, err := s.store.ConnectionByName(c.Request().Context(), c.Param("name"))
	if errors.Is(err, models.ErrNotFound) {
		return apiErr(http.StatusNotFound, "not_found", "name", "no connection named "+c.Param("name"))
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return c.JSON(http.StatusOK, s.connectionStatusOf(k))
}
