package web

import (
	"fmt"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
)

// contactText says when the server last answered or failed ("" when
// it was never reached).
func contactText(h models.ConnectionHealth) string {
	if h.At == nil {
		return ""
	}
	at := h.At.UTC().Format(time.DateTime) + " UTC"
	if h.Status == models.ConnectionOK {
		return "answered " + at
	}
	if h.Status == models.ConnectionError {
		return "failed " + at
	}
	return "last contact " + at
}

// pairLines reads "K=V" lines; a line without "=" is an error naming
// the field (never the value).
func pairLines(text, field string, errs views.FieldErrors) map[string]string {
	out := map[string]string{}
	label := map[string]string{"header": "headers", "env": "environment", "env_plain": "plain environment"}[field]
	for i, l := range strings.Split(text, "\n") {
		l = strings.TrimSpace(l)
		if l == "" {
			continue
		}
		k, v, ok := strings.Cut(l, "=")
		if !ok || strings.TrimSpace(k) == "" {
			if errs[field] == "" {
				errs[field] = fmt.Sprintf("%s: write one K=V a line (line %d has no K=)", label, i+1)
			}
			continue
		}
		out[strings.TrimSpace(k)] = v
	}
	return out
}

// durationText is a setting's duration as the forms show it ("" for
// the default).
func durationText(d time.Duration) string {
	if d == 0 {
		return ""
	}
	return d.String()
}

// settingsForm reads the settings fields of a form (empty: the default);
// a value that does not parse is an error naming its field.
func settingsForm(c echo.Context, errs views.FieldErrors) (views.SettingsForm, models.ConnectionSettings) {
	f := views.SettingsForm{Timeout: strings.TrimSpace(c.FormValue("timeout")), RestartBackoff: strings.TrimSpace(c.FormValue("restart_backoff")),
		StderrLines: strings.TrimSpace(c.FormValue("stderr_lines"))}
	var set models.ConnectionSettings
	for _, d := range []struct {
		field, text string
		into        *time.Duration
	}{{"timeout", f.Timeout, &set.Timeout}, {"restart_backoff", f.RestartBackoff, &set.RestartBackoff}} {
		if d.text == "" {
			continue
		}
		v, err := models.ParseDurationSetting(d.text)
		if err != nil {
			errs[d.field] = err.Error()
		}
		*d.into = v
	}
	if f.StderrLines != "" {
		n, err := models.ParseLinesSetting(f.StderrLines)
		if err != nil {
			errs["stderr_lines"] = err.Error()
		}
		set.StderrLines = n
	}
	return f, set
}

// settingsEdit is the change from cur to set: only what differs.
func settingsEdit(cur, set models.ConnectionSettings) models.SettingsEdit {
	var e models.SettingsEdit
	if set.Timeout != cur.Timeout {
		e.Timeout = &set.Timeout
	}
	if set.RestartBackoff != cur.RestartBackoff {
		e.RestartBackoff = &set.RestartBackoff
	}
	if set.StderrLines != cur.StderrLines {
		e.StderrLines = &set.StderrLines
	}
	return e
}
