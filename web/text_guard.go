package web

import (
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"
)

// maxFieldBytes bounds any single form or query value.
const maxFieldBytes = 1 << 20

// rejectBadText refuses, with a 400 naming the field, any path, query or form
// value that is not valid UTF-8, contains a NUL byte (which Postgres cannot
// store) or is oversized. It runs before every handler, so no store call
// ever sees such text. File uploads are checked by their own validators.
func (s *Server) rejectBadText(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		names, values := c.ParamNames(), c.ParamValues()
		for i := range names {
			if i < len(values) {
				if err := checkField(c, names[i], values[i:i+1]); err != nil {
					return err
				}
			}
		}
		for k, vs := range c.QueryParams() {
			if err := checkField(c, k, vs); err != nil {
				return err
			}
		}
		ct := c.Request().Header.Get("Content-Type")
		if !safeMethod(c.Request().Method) && (strings.HasPrefix(ct, "application/x-www-form-urlencoded") || strings.HasPrefix(ct, "multipart/form-data")) {
			form, err := c.FormParams()
			if err != nil {
				return echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
			}
			for k, vs := range form {
				if err := checkField(c, k, vs); err != nil {
					return err
				}
			}
		}
		return next(c)
	}
}

func checkField(c echo.Context, name string, values []string) error {
	for _, v := range values {
		msg := ""
		switch {
		case len(v) > maxFieldBytes:
			msg = "is larger than 1 MiB"
		case !utf8.ValidString(v):
			msg = "is not valid UTF-8 text"
		case strings.IndexByte(v, 0) >= 0:
			msg = "contains a NUL byte"
		}
		if msg == "" {
			continue
		}
		if strings.HasPrefix(c.Request().URL.Path, "/api/") {
			return apiErr(http.StatusBadRequest, "bad_request", name, name+" "+msg)
		}
		return echo.NewHTTPError(http.StatusBadRequest, name+": "+msg)
	}
	return nil
}
