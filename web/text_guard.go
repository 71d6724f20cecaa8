package web

import (
	"fmt"
	"mime"
	"net/http"
	"strings"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
)

// maxFieldBytes bounds any single form or query value.
const maxFieldBytes = 1 << 20

// rejectBadText refuses, with a 400 naming the field, any path, query or form
// value that is not valid UTF-8, contains a NUL byte (which Postgres cannot
// store) or is oversized. It runs before every handler, so no store call
// ever sees such text. Line endings of every form value are then
// normalized (models.NormalizeLineEndings): a textarea's "\r\n" reaches
// no handler. File uploads are checked by their own validators.
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
		if !safeMethod(c.Request().Method) {
			if err := checkCharset(c.Request()); err != nil {
				return err
			}
		}
		if safeMethod(c.Request().Method) || isAPI(c) {
			// the API reads its body as JSON whatever the declared type
			// (decodeStrict checks it); a form parser must never consume it
			return next(c)
		}
		form, err := formValues(c.Request())
		if err != nil {
			return err
		}
		for k, vs := range form {
			if err := checkField(c, k, vs); err != nil {
				return err
			}
		}
		normalizeForm(c.Request())
		return next(c)
	}
}

// isAPI reports whether the request is for the runtime API.
func isAPI(c echo.Context) bool {
	p := c.Request().URL.Path
	return strings.HasPrefix(p, "/api/") || strings.HasPrefix(p, "/mcp/")
}

// mediaType is the request's media type: lower-case, without parameters,
// "" when the header is absent. Media types are case-insensitive and carry
// parameters (RFC 9110 §8.3.1); this is the one place the console reads
// Content-Type.
func mediaType(r *http.Request) (string, error) {
	ct := r.Header.Get("Content-Type")
	if strings.TrimSpace(ct) == "" {
		return "", nil
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		return "", echo.NewHTTPError(http.StatusBadRequest, "Content-Type: not a valid media type")
	}
	return mt, nil
}

// checkCharset refuses a body declared in a charset other than UTF-8
// (or its subset US-ASCII), 415 naming it: the console reads every body
// as UTF-8 (JSON is UTF-8, RFC 8259 §8.1), so it would read other text
// than the client meant. An unreadable Content-Type is left to the
// handlers (mediaType).
func checkCharset(r *http.Request) error {
	ct := r.Header.Get("Content-Type")
	if !strings.Contains(strings.ToLower(ct), "charset") {
		return nil
	}
	_, params, err := mime.ParseMediaType(ct)
	if err != nil {
		return nil
	}
	cs, ok := params["charset"]
	if !ok {
		return nil
	}
	switch strings.ToLower(strings.TrimSpace(cs)) {
	case "utf-8", "utf8", "us-ascii":
		return nil
	}
	return echo.NewHTTPError(http.StatusUnsupportedMediaType, fmt.Sprintf("Content-Type: charset %q is not accepted; send the body as UTF-8 (charset=utf-8, or none)", clip(cs, 40)))
}

// formValues parses a console request's body as the form the handlers
// will read (url-encoded or multipart, any spelling of the media type) and
// returns its values; any other body yields no form values.
func formValues(r *http.Request) (map[string][]string, error) {
	mt, err := mediaType(r)
	if err != nil {
		return nil, err
	}
	switch mt {
	case "multipart/form-data":
		if err := r.ParseMultipartForm(32 << 20); err != nil {
			return nil, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
		}
	case "application/x-www-form-urlencoded":
		if err := r.ParseForm(); err != nil {
			return nil, echo.NewHTTPError(http.StatusBadRequest, "The form could not be read.")
		}
	default:
		return nil, nil
	}
	return r.PostForm, nil
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
		if isAPI(c) {
			return apiErr(http.StatusBadRequest, "bad_request", name, name+" "+msg)
		}
		return echo.NewHTTPError(http.StatusBadRequest, name+": "+msg)
	}
	return nil
}

// normalizeForm rewrites, in place, the line endings of every value the
// handlers can read from the parsed form (r.Form, r.PostForm and a
// multipart form's values; files are left as uploaded).
func normalizeForm(r *http.Request) {
	all := []map[string][]string{r.Form, r.PostForm}
	if r.MultipartForm != nil {
		all = append(all, r.MultipartForm.Value)
	}
	for _, m := range all {
		for _, vs := range m {
			for i, v := range vs {
				vs[i] = models.NormalizeLineEndings(v)
			}
		}
	}
}
