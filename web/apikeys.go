package web

import (
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) apiKeysPage(c echo.Context) error {
	return s.renderAPIKeys(c, http.StatusOK, views.APIKeysData{})
}

func (s *Server) renderAPIKeys(c echo.Context, status int, d views.APIKeysData) error {
	ks, err := s.store.APIKeys(c.Request().Context())
	if err != nil {
		return err
	}
	d.CSRF = csrfToken(c)
	var revoked []uint
	for _, k := range ks {
		if k.RevokedAt != nil {
			revoked = append(revoked, k.ID)
		}
	}
	why, err := s.store.APIKeyRevokeReasons(c.Request().Context(), revoked)
	if err != nil {
		return err
	}
	for _, k := range ks {
		r := views.APIKeyRow{ID: k.ID, Name: k.Name, Prefix: k.Prefix, Scope: k.Scope, CreatedBy: k.CreatedBy, Created: k.CreatedAt.UTC().Format(time.DateTime), LastUsed: "never",
			RevokedWhy: why[k.ID], Refused: k.RefusedWhy()}
		if k.LastUsedAt != nil {
			r.LastUsed = k.LastUsedAt.UTC().Format(time.DateTime)
		}
		if k.RevokedAt != nil {
			r.Revoked = k.RevokedAt.UTC().Format(time.DateTime)
		} else if k.SuspendedAt != nil {
			r.Suspended = k.SuspendedAt.UTC().Format(time.DateTime)
		}
		d.Keys = append(d.Keys, r)
	}
	return s.render(c, status, s.page(c, "API keys", "apikeys"), s.withIncidents(c, views.APIKeys(d)))
}

// createAPIKey shows the new key once, on this response only.
func (s *Server) createAPIKey(c echo.Context) error {
	// a form from before scopes were offered makes a read key; scope=
	// (empty) is refused naming the field
	name, scope := c.FormValue("name"), formChoice(c, "scope", models.ScopeRead)
	secret, k, err := s.store.CreateScopedAPIKey(c.Request().Context(), userName(c), name, scope)
	if ve, ok := asValidation(err); ok {
		return s.renderAPIKeys(c, http.StatusUnprocessableEntity, views.APIKeysData{Error: fieldErrors(ve), Scope: scope})
	}
	if err != nil {
		return err
	}
	c.Response().Header().Set("Cache-Control", "no-store")
	return s.renderAPIKeys(c, http.StatusOK, views.APIKeysData{NewKey: secret, NewName: k.Name, NewScope: k.Scope})
}

func (s *Server) revokeAPIKey(c echo.Context) error {
	id, err := uintParam(c, "id", "No such key.")
	if err != nil {
		return err
	}
	if err := s.store.RevokeAPIKey(c.Request().Context(), userName(c), id); err != nil {
		return err
	}
	s.forgetCachedKeys()
	return s.flashAndRedirect(c, "Key revoked.", "/apikeys")
}

// fieldErrors writes a validation error's fields on one line, sorted by
// field, for a small form.
func fieldErrors(ve *models.ValidationError) string {
	return strings.Join(fieldErrorList(ve), "; ")
}
