package web

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/google/shlex"
	"github.com/labstack/echo/v4"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/instruction/shown"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/views"
	"github.com/agentforge/console/web/upstream"
)

// The Connections page (admins): upstream MCP servers, added and synced
// with the same store and sync the CLI uses.

func (s *Server) connectionsPage(c echo.Context) error {
	return s.renderConnections(c, http.StatusOK, views.ConnectionsData{})
}

func (s *Server) renderConnections(c echo.Context, status int, d views.ConnectionsData) error {
	cs, err := s.store.Connections(c.Request().Context())
	if err != nil {
		return err
	}
	d.CSRF = csrfToken(c)
	d.DefaultTimeout = upstream.DefaultTimeout.String()
	if s.gw != nil && s.gw.pool != nil && s.gw.pool.Timeout > 0 {
		d.DefaultTimeout = s.gw.pool.Timeout.String()
	}
	snap, err := s.snapshot(c.Request().Context())
	if err != nil {
		return err
	}
	exposed := exposedByService(snap)
	for _, k := range cs {
		h := s.store.Health(&k)
		r := views.ConnectionRow{Name: k.Name, Transport: k.Transport, Target: k.ShownURL(), Status: h.Status, Tools: k.Tools, Added: k.Added, Changed: k.Changed, Removed: k.Removed,
			Secrets: k.SecretNames, Env: shown.Line(models.PlainEnvText(k.PlainEnvVars())), Dir: shown.Line(k.Dir), Error: shown.Line(k.LastError), LastSync: "never", Contact: contactText(h), Fix: h.Fix}
		r.Exposes = exposed[k.Name]
		r.Ordinary = runtime.OrdinarySecretsWarning(runtime.StoredOrdinarySecretNames(s.store, &k))
		if h.Status != models.ConnectionOK && h.Why != "" {
			r.Error = shown.Line(h.Why) // a server's text: escaped
		}
		if k.Transport == models.TransportStdio {
			r.Target = strings.Join(k.Argv(), " ")
		}
		if k.LastSync != nil {
			r.LastSync = k.LastSync.UTC().Format(time.DateTime)
		}
		set := k.Settings()
		r.Settings = set.Summary()
		r.Form = views.SettingsForm{Timeout: durationText(set.Timeout), RestartBackoff: durationText(set.RestartBackoff)}
		if set.StderrLines > 0 {
			r.Form.StderrLines = strconv.Itoa(set.StderrLines)
		}
		d.Rows = append(d.Rows, r)
	}
	return s.render(c, status, s.page(c, "MCP connections", "connections"), s.withIncidents(c, views.Connections(d)))
}

// createConnection adds a connection and syncs it.
func (s *Server) createConnection(c echo.Context) error {
	f := views.ConnectionForm{Name: strings.TrimSpace(c.FormValue("name")), Command: strings.TrimSpace(c.FormValue("command")), URL: strings.TrimSpace(c.FormValue("url")), PlainEnv: c.FormValue("env_plain"), Dir: strings.TrimSpace(c.FormValue("dir"))}
	errs := views.FieldErrors{}
	f.TakeOver, f.Retype = c.FormValue("take_over") != "", retyped(c)
	in := models.ConnectionInput{Name: f.Name, URL: f.URL, Headers: pairLines(c.FormValue("headers"), "header", errs), Env: pairLines(c.FormValue("env"), "env", errs), PlainEnv: pairLines(f.PlainEnv, "env_plain", errs), Dir: f.Dir, TakeOver: f.TakeOver}
	f.Settings, in.Settings = settingsForm(c, errs)
	if f.Command != "" {
		argv, err := shlex.Split(f.Command)
		if err != nil {
			errs["command"] = "cannot be split into words: " + err.Error()
		}
		in.Command = argv
	}
	for k, v := range in.Validate() {
		if errs[k] == "" {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Form: f, Errors: errs})
	}
	ctx, cancel := context.WithTimeout(c.Request().Context(), 60*time.Second)
	defer cancel()
	// the server is listed before anything is saved: one that does not
	// answer is refused on the form, never left behind as a broken row
	res, err := runtime.AddConnection(ctx, s.store, s.gw.pool, userName(c), in)
	var pe *runtime.ProbeError
	var taken *runtime.NamespaceTakenError
	switch {
	case errors.Is(err, models.ErrConnectionExists):
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Form: f, Errors: views.FieldErrors{"name": "a connection of that name exists"}})
	case errors.As(err, &taken):
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Form: f, Errors: views.FieldErrors{"name": taken.Error() + ": tick \"Take over this namespace\" to replace them, or choose another name", "take_over": ""}})
	case errors.Is(err, models.ErrNoSealKey):
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Form: f, Errors: views.FieldErrors{"header": "secrets need CONSOLE_SECRETS_KEY in the console's configuration"}})
	case errors.As(err, &pe):
		field := "command"
		if f.URL != "" {
			field = "url"
		}
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Form: f, Errors: views.FieldErrors{field: clip(pe.Error(), 1200)}})
	}
	s.gw.conns.forget() // the next gateway request reads the change
	if err != nil {
		return s.flashAndRedirect(c, clip(err.Error(), 300), "/connections")
	}
	msg := syncedMessage(f.Name, res)
	if w := runtime.OrdinarySecretsWarning(runtime.OrdinarySecretNames(models.ConnectionSecrets{Headers: in.Headers, Env: in.Env})); w != "" {
		msg += " Warning: " + w + "."
	}
	return s.flashAndRedirect(c, msg, "/connections")
}

// syncedMessage is the flash of a sync: what it listed and changed, and
// that tools await review only when some do.
func syncedMessage(name string, res runtime.Synced) string {
	p := res.Plan
	msg := "Synced " + name + ": " + views.Plural(res.Listed, "tool", "tools") + " listed; " + views.Plural(len(p.Added), "tool", "tools") + " added, " + views.Plural(len(p.Changed), "tool", "tools") + " changed, " + views.Plural(len(p.Removed), "tool", "tools") + " removed."
	if len(p.Restored) > 0 {
		msg += " " + views.Plural(len(p.Restored), "tool", "tools") + " restored to the reviewed version."
	}
	if len(p.Added)+len(p.Changed) > 0 {
		msg += " New and changed tools await review."
	}
	return msg
}

// syncConnection syncs one connection.
func (s *Server) syncConnection(c echo.Context) error {
	return s.syncAndRedirect(c, c.Param("name"))
}

func (s *Server) syncAndRedirect(c echo.Context, name string) error {
	ctx, cancel := context.WithTimeout(c.Request().Context(), 60*time.Second)
	defer cancel()
	res, err := runtime.SyncConnection(ctx, s.store, s.gw.pool, userName(c), name)
	if errors.Is(err, models.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such connection.")
	}
	s.gw.conns.forget() // the next gateway request reads the change
	if err != nil {
		return s.flashAndRedirect(c, "Sync of "+name+" failed: "+shown.Line(clip(err.Error(), 300)), "/connections")
	}
	return s.flashAndRedirect(c, syncedMessage(name, res), "/connections")
}

// nameLines reads names, one a line (commas also separate).
func nameLines(text string) []string {
	var out []string
	for _, l := range strings.FieldsFunc(text, func(r rune) bool { return r == '\n' || r == ',' }) {
		if l = strings.TrimSpace(l); l != "" {
			out = append(out, l)
		}
	}
	return out
}

// editConnection changes a connection: it is probed as edited first and
// refused on the form with nothing changed when it does not answer.
// Secret values are only ever replaced or removed, never shown. A URL
// given to a command connection (its command left as shown), or a
// command to a URL one, switches its transport.
func (s *Server) editConnection(c echo.Context) error {
	ctx := c.Request().Context()
	name := c.Param("name")
	cur, err := s.store.ConnectionByName(ctx, name)
	if errors.Is(err, models.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such connection.")
	}
	if err != nil {
		return err
	}
	f := views.ConnectionForm{Name: name, Command: strings.TrimSpace(c.FormValue("command")), URL: strings.TrimSpace(c.FormValue("url")), Dir: strings.TrimSpace(c.FormValue("dir")), Retype: retyped(c)}
	errs := views.FieldErrors{}
	e := models.ConnectionEdit{Headers: pairLines(c.FormValue("headers"), "header", errs), Env: pairLines(c.FormValue("env"), "env", errs),
		UnsetHeaders: nameLines(c.FormValue("unset_headers")), UnsetEnv: nameLines(c.FormValue("unset_env"))}
	var set models.ConnectionSettings
	f.Settings, set = settingsForm(c, errs)
	e.Settings = settingsEdit(cur.Settings(), set)
	// the command or URL as shown is no change
	if f.Command != "" && f.Command != strings.Join(cur.Argv(), " ") {
		argv, err := shlex.Split(f.Command)
		if err != nil {
			errs["command"] = "cannot be split into words: " + err.Error()
		}
		e.Command = argv
	}
	// the form shows a URL that holds a credential masked (ShownURL): sent
	// back unchanged, it keeps the stored URL
	if f.URL != "" && f.URL != cur.URL && f.URL != cur.ShownURL() {
		e.URL = f.URL
	}
	// the directory as shown is no change; the checkbox clears it
	if f.Dir != "" && f.Dir != cur.Dir {
		e.Dir = f.Dir
	}
	e.ClearDir = c.FormValue("clear_dir") != ""
	refuse := func(errs views.FieldErrors) error {
		return s.renderConnections(c, http.StatusUnprocessableEntity, views.ConnectionsData{Editing: name, Edit: f, EditErrors: errs})
	}
	// the field a failed probe is shown on: the one the server is reached by
	target := "command"
	if e.URL != "" || (len(e.Command) == 0 && cur.Transport == models.TransportHTTP) {
		target = "url"
	}
	if len(errs) == 0 && e.Empty() {
		errs[target] = "nothing to change: edit the " + target + " or a setting, or give values to set or names to remove"
	}
	if len(errs) > 0 {
		return refuse(errs)
	}
	ctx, cancel := context.WithTimeout(ctx, 60*time.Second)
	defer cancel()
	res, err := runtime.EditConnection(ctx, s.store, s.gw.pool, userName(c), name, e)
	var pe *runtime.ProbeError
	var ve *models.ValidationError
	switch {
	case errors.As(err, &ve):
		return refuse(views.FieldErrors(ve.Fields))
	case errors.Is(err, models.ErrNoSealKey):
		return refuse(views.FieldErrors{"header": "secrets need CONSOLE_SECRETS_KEY in the console's configuration"})
	case errors.As(err, &pe):
		return refuse(views.FieldErrors{target: clip(pe.Error(), 1200)})
	}
	s.gw.conns.forget() // the next gateway request reads the change
	if err != nil {
		return s.flashAndRedirect(c, clip(err.Error(), 300), "/connections")
	}
	changed := "Changed " + name + ". "
	if res.Switched != "" {
		changed = "Changed " + name + ": " + res.Switched + ". "
	}
	return s.flashAndRedirect(c, changed+syncedMessage(name, res), "/connections")
}

// removeConnection removes a connection: its tools leave the catalog and
// every roster, its server is stopped; audited.
func (s *Server) removeConnection(c echo.Context) error {
	name := c.Param("name")
	plan, err := runtime.RemoveConnection(c.Request().Context(), s.store, s.gw.pool, userName(c), name)
	if errors.Is(err, models.ErrNotFound) {
		return echo.NewHTTPError(http.StatusNotFound, "No such connection.")
	}
	s.gw.conns.forget()
	if err != nil {
		return err
	}
	return s.flashAndRedirect(c, "Removed "+name+": "+views.Plural(len(plan.Removed), "tool", "tools")+" left the catalog and every roster.", "/connections")
}

// retyped names the secret fields a form had values in: a refused form
// is shown again without them (secret values are never sent back).
func retyped(c echo.Context) map[string]bool {
	out := map[string]bool{}
	for _, f := range []string{"headers", "env"} {
		if strings.TrimSpace(c.FormValue(f)) != "" {
			out[f] = true
		}
	}
	return out
}
