package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

func (s *Server) accountPage(c echo.Context) error {
	return s.renderAccount(c, http.StatusOK, nil)
}

func (s *Server) renderAccount(c echo.Context, status int, errs views.FieldErrors) error {
	u := currentUser(c)
	d := views.AccountData{Username: u.Username, Errors: errs, CSRF: csrfToken(c), MinPassword: models.MinPasswordLength}
	for _, r := range u.RoleList() {
		d.Roles = append(d.Roles, string(r))
	}
	return s.render(c, status, s.page(c, "Account", ""), views.Account(d))
}

// changePassword checks the current password, sets the new one (which
// ends every session of the user) and renews this session's id.
func (s *Server) changePassword(c echo.Context) error {
	ctx := c.Request().Context()
	u := currentUser(c)
	next, confirm := c.FormValue("password"), c.FormValue("confirm")
	errs := views.FieldErrors{}
	// guesses of the current password count like failed sign-ins
	switch ok, status, err := s.checkPassword(c, u.Username, c.FormValue("current")); {
	case err != nil:
		return err
	case status != 0:
		errs["current"] = "too many attempts; wait and try again"
		return s.renderAccount(c, status, errs)
	case ok == nil:
		errs["current"] = "is not your current password"
	}
	// every field's error at once: the new password's rule too
	if msg := models.PasswordProblem(next); msg != "" {
		errs["password"] = msg
	}
	if next != confirm {
		errs["confirm"] = "does not match the new password"
	}
	if len(errs) > 0 {
		return s.renderAccount(c, http.StatusUnprocessableEntity, errs)
	}
	err := s.store.SetPassword(ctx, u.Username, u.ID, next)
	if ve, ok := asValidation(err); ok {
		for k, v := range ve.Fields {
			errs[k] = v
		}
		return s.renderAccount(c, http.StatusUnprocessableEntity, errs)
	}
	if err != nil {
		return err
	}
	tok, sess, err := s.store.CreateSession(ctx, u.ID)
	if err != nil {
		return err
	}
	s.setSessionCookie(c, tok)
	c.Set(keySession, sess)
	return s.flashAndRedirect(c, "Password changed; your other sessions have ended.", "/account")
}
