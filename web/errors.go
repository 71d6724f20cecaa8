package web

import (
	"context"
	"database/sql/driver"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// handleError renders every error: the page (or fragment) for browsers,
// JSON for the API. 5xx are logged as errors with their cause; users never
// see internals.
func (s *Server) handleError(err error, c echo.Context) {
	if c.Response().Committed {
		return
	}
	status, msg := http.StatusInternalServerError, "Something went wrong on our side. It has been logged; try again shortly."
	var he *echo.HTTPError
	switch {
	case errors.As(err, &he):
		status = he.Code
		if body, ok := he.Message.(apiErrorBody); ok {
			if status >= 500 {
				s.log.ErrorContext(c.Request().Context(), "request failed", "status", status, "err", err)
			}
			if isGatewayPath(c.Request().URL.Path) {
				gatewayHTTPError(c, status, body.Message, &body)
				return
			}
			_ = c.JSON(status, apiError{Error: body.bounded()})
			return
		}
		if m, ok := he.Message.(string); ok && status < 500 {
			msg = m
		} else if status < 500 {
			msg = http.StatusText(status)
		}
	case errors.Is(err, models.ErrNotFound):
		status, msg = http.StatusNotFound, "Not found."
	case errors.As(err, new(*models.ValidationError)):
		// a limit the store enforced (every column's size, for one) that no
		// handler checked earlier: still the user's input, named
		ve, _ := asValidation(err)
		field, text := ve.First()
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			_ = c.JSON(http.StatusUnprocessableEntity, apiError{Error: apiErrorBody{Code: codeFor(http.StatusUnprocessableEntity), Field: field, Message: field + " " + text}.bounded()})
			return
		}
		status, msg = http.StatusUnprocessableEntity, field+": "+text+". Nothing was saved."
	case errors.As(err, new(*models.AuditKeyError)):
		// the audit chain refused the write: the operator's to fix, said plainly
		var ke *models.AuditKeyError
		errors.As(err, &ke)
		status, msg = http.StatusServiceUnavailable, "The audit log refused this change, so nothing was changed: "+strings.TrimSuffix(ke.Error(), "; nothing was written")+"."
		if ke.Replaced {
			msg = replacedDatabaseMessage
		}
	case errors.Is(err, context.DeadlineExceeded) || unavailable(err):
		status, msg = http.StatusServiceUnavailable, "The database is unavailable right now. Nothing was changed; try again in a moment."
	}
	if status >= 500 {
		s.log.ErrorContext(c.Request().Context(), "request failed", "path", c.Request().URL.Path, "status", status, "err", err)
	}
	if isGatewayPath(c.Request().URL.Path) {
		if status == http.StatusRequestEntityTooLarge {
			msg = fmt.Sprintf("the request is larger than %d bytes", maxMCPBody)
		}
		gatewayHTTPError(c, status, msg, nil)
		return
	}
	if strings.HasPrefix(c.Request().URL.Path, "/api/") {
		body := apiErrorBody{Code: codeFor(status), Message: msg}
		if status == http.StatusRequestEntityTooLarge {
			body.Field = "body" // what is too large: the request body
		}
		_ = c.JSON(status, apiError{Error: body.bounded()})
		return
	}
	// the page quotes what the request sent no more than an API error does
	msg = clipEcho(msg, maxErrorMessage)
	title := map[int]string{400: "Bad request", 401: "Sign in required", 403: "Not allowed", 404: "Not found", 409: "Conflict", 413: "Too large", 422: "Invalid input", 429: "Too many requests", 503: "Unavailable"}[status]
	if title == "" {
		title = "Error"
	}
	p := views.Page{Title: title, AssetVersion: s.assets}
	s.signedIn(c, &p)
	body := views.ErrorPage(status, title, msg)
	if status == http.StatusUnauthorized {
		body = views.SignInRequired(msg, signInURL(c))
	}
	if rerr := s.render(c, status, p, body); rerr != nil {
		_ = c.String(status, msg)
	}
}

// unavailable recognizes a database that cannot be reached.
func unavailable(err error) bool {
	var ne net.Error
	if errors.As(err, &ne) || errors.Is(err, driver.ErrBadConn) {
		return true
	}
	m := err.Error()
	for _, s := range []string{"connection refused", "database is closed", "failed to connect", "the database system is shutting down", "terminating connection", "conn closed", "broken pipe", "unexpected EOF"} {
		if strings.Contains(m, s) {
			return true
		}
	}
	return false
}

type apiError struct {
	Error apiErrorBody `json:"error"`
}

type apiErrorBody struct {
	Code    string `json:"code"`
	Message string `json:"message"`
	Field   string `json:"field,omitempty"`
	// Pointer is the RFC 6901 JSON pointer of the body's value at fault,
	// where one is (a key given twice); absent otherwise.
	Pointer string `json:"pointer,omitempty"`
}

// Bounds of what an error may echo, in the API and on error pages: a
// message quoting input (an unknown slug, a field name) never grows with
// the input.
const (
	maxErrorMessage = 300
	maxErrorField   = 80
)

// bounded is the body with its message and field cut to their bounds.
func (b apiErrorBody) bounded() apiErrorBody {
	b.Message, b.Field = clipEcho(b.Message, maxErrorMessage), clipEcho(b.Field, maxErrorField)
	return b
}

// apiErrorCodes are the codes an API error carries (the OpenAPI
// document's enum): codeFor's and the handlers' own (over_ceiling).
var apiErrorCodes = []string{"bad_request", "unauthorized", "forbidden", "not_found", "method_not_allowed", "conflict", "too_large",
	"unprocessable", "over_ceiling", "rate_limited", "client_error", "unavailable", "internal"}

func codeFor(status int) string {
	switch status {
	case 400:
		return "bad_request"
	case 401:
		return "unauthorized"
	case 403:
		return "forbidden"
	case 404:
		return "not_found"
	case 409:
		return "conflict"
	case 413:
		return "too_large"
	case 422:
		return "unprocessable"
	case 429:
		return "rate_limited"
	case 405:
		return "method_not_allowed"
	case 503:
		return "unavailable"
	}
	if status >= 400 && status < 500 {
		// any other client error: its status text in snake case (415
		// unsupported_media_type), or client_error; never internal
		if t := http.StatusText(status); t != "" {
			return strings.ToLower(strings.NewReplacer(" ", "_", "-", "_", "'", "").Replace(t))
		}
		return "client_error"
	}
	return "internal"
}

// replacedDatabaseMessage is the answer to a write the audit chain refused
// because the database was replaced under the running console (a
// restore): only a restart helps, never trying again.
const replacedDatabaseMessage = "The database was replaced under this running console (a restore), so nothing was changed: an administrator must restart the console."

// replacedDatabase reports whether err is the audit chain's refusal of a
// database replaced under the running console.
func replacedDatabase(err error) bool {
	var ke *models.AuditKeyError
	return errors.As(err, &ke) && ke.Replaced
}
