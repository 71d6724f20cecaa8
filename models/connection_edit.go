package models

import (
	"context"
	"encoding/json"
	"fmt"
	"maps"
	"sort"
	"strings"
	"time"
)

// ConnectionEdit is a change an admin makes to a stored connection: a new
// command or URL (empty: unchanged; one replaces the other), header and
// environment values set (added or replaced) and names unset. Secret
// values are write-only: an edit replaces or unsets them, never reads
// them back. A command given to a URL connection, or a URL to a command
// one, switches its transport: the values of the other kind (headers of
// a URL server, environment of a command) cannot apply and are dropped,
// EditedInput listing their names in Dropped.
type ConnectionEdit struct {
	Command      []string
	URL          string
	Headers, Env map[string]string
	// PlainEnv sets environment variables that are not secret; UnsetEnv
	// unsets a name of either kind.
	PlainEnv               map[string]string
	UnsetHeaders, UnsetEnv []string
	// Dir sets a command server's working directory ("": unchanged);
	// ClearDir removes it (the command runs in the console's directory).
	Dir      string
	ClearDir bool
	// Settings changes the per-connection settings.
	Settings SettingsEdit
	// Dropped names the secrets a switch of transport drops ("env K",
	// "header K"), set by EditedInput.
	Dropped []string
}

// ChangesSource reports whether e changes what the connection runs or
// reaches: its command, URL, env or headers (settings alone do not).
func (e ConnectionEdit) ChangesSource() bool {
	return len(e.Command) > 0 || e.URL != "" || len(e.Headers)+len(e.Env)+len(e.PlainEnv)+len(e.UnsetHeaders)+len(e.UnsetEnv)+len(e.Dropped) > 0 || e.Dir != "" || e.ClearDir
}

// Switch says what a connection becomes when e switches its transport:
// "URL" or "command", or "" when e keeps it.
func (e ConnectionEdit) Switch(c *Connection) string {
	switch {
	case e.URL != "" && len(e.Command) == 0 && c.Transport == TransportStdio:
		return "URL"
	case len(e.Command) > 0 && e.URL == "" && c.Transport == TransportHTTP:
		return "command"
	}
	return ""
}

// SwitchNote says what a switch of transport did ("now a URL server;
// dropped env K (environment is for command servers)"), by name only;
// "" when e switches nothing.
func (e ConnectionEdit) SwitchNote(c *Connection) string {
	to := e.Switch(c)
	if to == "" {
		return ""
	}
	note := "now a " + to + " server"
	if len(e.Dropped) > 0 {
		why := "environment is for command servers"
		if to == "command" {
			why = "headers are for URL servers"
		}
		note += "; dropped " + strings.Join(e.Dropped, ", ") + " (" + why + ")"
	}
	if to == "URL" && c.StderrLines > 0 {
		note += "; stderr lines back to the default (a URL server has no stderr)"
	}
	return note
}

// Empty reports whether the edit changes nothing.
func (e ConnectionEdit) Empty() bool {
	return len(e.Command) == 0 && e.URL == "" && len(e.Headers)+len(e.Env)+len(e.PlainEnv)+len(e.UnsetHeaders)+len(e.UnsetEnv) == 0 && e.Dir == "" && !e.ClearDir && e.Settings.Empty()
}

// EditedInput is the connection c after the edit e, validated: each
// problem names its field (command, url, header, env) and nothing is
// stored. Unsetting a name the connection does not have is a problem. A
// switch of transport drops the other kind's values, named in e.Dropped.
func (s *Store) EditedInput(c *Connection, e *ConnectionEdit) (ConnectionInput, error) {
	if e.Empty() {
		return ConnectionInput{}, &ValidationError{Fields: map[string]string{"command": "nothing to change: give a command, a URL, headers/environment to set or unset, or a setting"}}
	}
	sec, err := s.OpenSecrets(c)
	if err != nil {
		return ConnectionInput{}, err
	}
	in := ConnectionInput{Name: c.Name, URL: c.URL, Headers: maps.Clone(sec.Headers), Env: maps.Clone(sec.Env), PlainEnv: c.PlainEnvVars(), Dir: c.Dir, Settings: e.Settings.Over(c.Settings())}
	if c.Transport == TransportStdio {
		in.Command = c.Argv()
	}
	errs := map[string]string{}
	switch {
	case len(e.Command) > 0 && e.URL != "":
		errs["url"] = "give a command or a URL, not both"
	case len(e.Command) > 0:
		in.Command, in.URL = e.Command, ""
	case e.URL != "":
		in.Command, in.URL = nil, e.URL
	}
	if in.Headers == nil {
		in.Headers = map[string]string{}
	}
	if in.Env == nil {
		in.Env = map[string]string{}
	}
	if in.PlainEnv == nil {
		in.PlainEnv = map[string]string{}
	}
	for _, k := range e.UnsetHeaders {
		if _, ok := in.Headers[k]; !ok {
			errs["unset_headers"] = fmt.Sprintf("%s has no header %q to unset", c.Name, k)
		}
		delete(in.Headers, k)
	}
	for _, k := range e.UnsetEnv {
		_, secret := in.Env[k]
		if _, plain := in.PlainEnv[k]; !secret && !plain {
			errs["unset_env"] = fmt.Sprintf("%s has no environment variable %q to unset", c.Name, k)
		}
		delete(in.Env, k)
		delete(in.PlainEnv, k)
	}
	e.Dropped = nil
	switch e.Switch(c) {
	case "URL":
		for _, k := range sortedKeys(in.Env) {
			e.Dropped = append(e.Dropped, "env "+k)
		}
		for _, k := range sortedKeys(in.PlainEnv) {
			e.Dropped = append(e.Dropped, "env "+k)
		}
		in.Env, in.PlainEnv = map[string]string{}, map[string]string{}
		if in.Dir != "" && e.Dir == "" {
			e.Dropped = append(e.Dropped, "dir "+in.Dir)
			in.Dir = ""
		}
		if in.Settings.StderrLines > 0 && e.Settings.StderrLines == nil {
			// a URL server has no stderr: the setting returns to its default
			none := 0
			e.Settings.StderrLines, in.Settings.StderrLines = &none, 0
		}
	case "command":
		for _, k := range sortedKeys(in.Headers) {
			e.Dropped = append(e.Dropped, "header "+k)
		}
		in.Headers = map[string]string{}
	}
	maps.Copy(in.Headers, e.Headers)
	maps.Copy(in.Env, e.Env)
	maps.Copy(in.PlainEnv, e.PlainEnv)
	switch {
	case e.Dir != "" && e.ClearDir:
		errs["dir"] = "give a working directory or clear it, not both"
	case e.ClearDir:
		in.Dir = ""
	case e.Dir != "":
		in.Dir = e.Dir
	}
	keptSecretsMoved(c, e, sec, errs)
	for k, v := range in.Validate() {
		if k == "dir" && e.Dir == "" && !e.ClearDir {
			// the stored directory, kept: name the way out
			v += ": give another working directory or clear it, in this same edit"
		}
		if errs[k] == "" {
			errs[k] = v
		}
	}
	if len(errs) > 0 {
		return ConnectionInput{}, &ValidationError{Fields: errs}
	}
	return in, nil
}

// editSummary says what an edit changed, by name only (never a value).
func editSummary(e ConnectionEdit) string {
	var parts []string
	if len(e.Command) > 0 {
		parts = append(parts, "command")
	}
	if e.URL != "" {
		parts = append(parts, "url")
	}
	if e.Dir != "" {
		parts = append(parts, "dir")
	}
	if e.ClearDir {
		parts = append(parts, "cleared dir")
	}
	for _, set := range []struct {
		verb, kind string
		names      []string
	}{
		{"set", "header", sortedKeys(e.Headers)}, {"set", "env", sortedKeys(e.Env)}, {"set", "plain env", sortedKeys(e.PlainEnv)},
		{"unset", "header", e.UnsetHeaders}, {"unset", "env", e.UnsetEnv},
	} {
		for _, n := range set.names {
			parts = append(parts, set.verb+" "+set.kind+" "+n)
		}
	}
	for _, n := range e.Dropped {
		parts = append(parts, "dropped "+n)
	}
	parts = append(parts, e.Settings.summary()...)
	return strings.Join(parts, ", ")
}

func sortedKeys(m map[string]string) []string {
	out := make([]string, 0, len(m))
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// UpdateConnection stores a connection's edited form (in, from
// EditedInput; its secrets sealed anew), audited with what changed by
// name, never a value.
func (s *Store) UpdateConnection(ctx context.Context, actor string, in ConnectionInput, e ConnectionEdit) (*Connection, error) {
	if errs := in.Validate(); len(errs) > 0 {
		return nil, &ValidationError{Fields: errs}
	}
	upd := map[string]any{"url": in.URL, "command": "", "transport": TransportHTTP, "secret_names": in.secretNames(), "sealed": "", "plain_env": plainEnvColumn(in.PlainEnv), "updated_at": time.Now().UTC()}
	if len(in.Command) > 0 {
		b, _ := json.Marshal(in.Command)
		upd["command"], upd["transport"] = string(b), TransportStdio
	}
	maps.Copy(upd, in.Settings.columns())
	if e.ChangesSource() {
		upd["edited_by"] = clipTo(actor, 128)
	}
	if len(in.Headers)+len(in.Env) > 0 {
		plain, _ := json.Marshal(ConnectionSecrets{Headers: in.Headers, Env: in.Env})
		sealed, err := s.seal(plain, "connection:"+in.Name)
		if err != nil {
			return nil, err
		}
		upd["sealed"] = sealed
	}
	err := s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Model(&Connection{}).Where("name = ?", in.Name).Updates(upd)
		if res.Error != nil {
			return res.Error
		}
		if res.RowsAffected != 1 {
			return ErrNotFound
		}
		if err := tx.setConnectionDir(ctx, in.Name, in.Dir); err != nil {
			return err
		}
		if e.ChangesSource() {
			if err := tx.addShaper(ctx, in.Name, actor); err != nil {
				return err
			}
		}
		return tx.Audit(ctx, Event{Actor: actor, Action: "connection.edit", Subject: "connection:" + in.Name, Detail: clipTo(editSummary(e), 2000)})
	})
	if err != nil {
		return nil, fmt.Errorf("models: edit connection %s: %w", in.Name, err)
	}
	return s.ConnectionByName(ctx, in.Name)
}
