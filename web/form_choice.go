package web

import "github.com/labstack/echo/v4"

// formChoice is a form's choice field: absent when the form has no such
// field (a form from before the choice was offered), else its value as
// sent — an empty value included, which the caller refuses as outside
// the field's set rather than reading it as the default.
func formChoice(c echo.Context, name, absent string) string {
	v := c.FormValue(name) // parses the form
	if _, sent := c.Request().Form[name]; !sent {
		return absent
	}
	return v
}
