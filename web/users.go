package web

import (
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

func (s *Server) usersPage(c echo.Context) error {
	return s.renderUsers(c, http.StatusOK, views.NewUserForm{Roles: map[string]bool{}})
}

func (s *Server) renderUsers(c echo.Context, status int, form views.NewUserForm) error {
	us, err := s.store.Users(c.Request().Context())
	if err != nil {
		return err
	}
	p := s.page(c, "Users", "users")
	d := views.UsersData{Form: form, CSRF: p.CSRF, Self: userName(c)}
	for _, r := range models.AllRoles {
		d.AllRoles = append(d.AllRoles, string(r))
	}
	for _, u := range us {
		row := views.UserRow{ID: u.ID, Username: u.Username, Disabled: u.Disabled, Created: u.CreatedAt.UTC().Format(time.DateOnly)}
		for _, r := range u.RoleList() {
			row.Roles = append(row.Roles, string(r))
		}
		d.Users = append(d.Users, row)
	}
	return s.render(c, status, p, views.Users(d))
}

func formRoles(c echo.Context) ([]models.Role, error) {
	form, err := c.FormParams()
	if err != nil {
		return nil, err
	}
	return models.ParseRoles(strings.Join(form["roles"], ","))
}

func (s *Server) createUser(c echo.Context) error {
	form := views.NewUserForm{Username: c.FormValue("username"), Roles: map[string]bool{}, Errors: views.FieldErrors{}}
	roles, err := formRoles(c)
	if err != nil {
		form.Errors["roles"] = err.Error()
		return s.renderUsers(c, http.StatusUnprocessableEntity, form)
	}
	for _, r := range roles {
		form.Roles[string(r)] = true
	}
	_, err = s.store.CreateUser(c.Request().Context(), userName(c), models.NewUserInput{Username: form.Username, Password: c.FormValue("password"), Roles: roles})
	var ve *models.ValidationError
	if errors.As(err, &ve) {
		for k, v := range ve.Fields {
			form.Errors[k] = v
		}
		return s.renderUsers(c, http.StatusUnprocessableEntity, form)
	}
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, fmt.Sprintf("User %s added.", form.Username), "/users")
}

func pathID(c echo.Context) (uint, error) { return uintParam(c, "id", "No such user.") }

// uintParam reads a numeric path parameter; anything else is a 404.
func uintParam(c echo.Context, name, notFound string) (uint, error) {
	id, err := strconv.ParseUint(c.Param(name), 10, 32)
	if err != nil {
		return 0, echo.NewHTTPError(http.StatusNotFound, notFound)
	}
	return uint(id), nil
}

func (s *Server) setRoles(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	roles, err := formRoles(c)
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "roles: "+err.Error())
	}
	ctx := c.Request().Context()
	err = s.store.SetRoles(ctx, userName(c), id, roles)
	var ve *models.ValidationError
	if errors.As(err, &ve) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "roles: "+ve.Fields["roles"])
	}
	if err != nil {
		return err
	}
	// roles without admin revoked the user's keys: refused here at once
	s.forgetCachedKeys()
	// SetRoles ended the user's sessions; if that was the acting admin,
	// renew their session id rather than signing them out.
	if u := currentUser(c); u != nil && u.ID == id {
		tok, sess, err := s.store.CreateSession(ctx, id)
		if err != nil {
			return err
		}
		s.setSessionCookie(c, tok)
		c.Set(keySession, sess)
	}
	return s.flashAndRedirect(c, "Roles saved.", "/users")
}

func (s *Server) setDisabled(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if u := currentUser(c); u != nil && u.ID == id {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "You cannot disable yourself.")
	}
	disabled := c.FormValue("disabled") != "false"
	if err := s.store.SetDisabled(c.Request().Context(), userName(c), id, disabled); err != nil {
		if ve, ok := asValidation(err); ok {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, "disabled: "+ve.Fields["roles"])
		}
		return err
	}
	s.forgetCachedKeys()
	msg := "User enabled."
	if disabled {
		msg = "User disabled; their sessions have ended and their API keys are refused."
	}
	return s.flashAndRedirect(c, msg, "/users")
}

// setPassword lets an admin set a user's password (ending their sessions).
func (s *Server) setPassword(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	err = s.store.SetPassword(c.Request().Context(), userName(c), id, c.FormValue("password"))
	if ve, ok := asValidation(err); ok {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "password: "+ve.Fields["password"])
	}
	if err != nil {
		return err
	}
	if u := currentUser(c); u != nil && u.ID == id {
		tok, sess, err := s.store.CreateSession(c.Request().Context(), id)
		if err != nil {
			return err
		}
		s.setSessionCookie(c, tok)
		c.Set(keySession, sess)
	}
	return s.flashAndRedirect(c, "Password set; the user's sessions have ended.", "/users")
}
