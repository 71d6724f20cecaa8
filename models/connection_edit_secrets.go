package models

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"slices"
	"strings"
)

// keptSecretsMoved refuses an edit that would hand a connection's stored
// secrets to another place than the one they were entered for: a URL of
// another origin (scheme, host and port), or another command server
// (another command line, working directory or environment besides the
// stored secrets themselves, any of which can change what runs). Each
// stored secret the edit neither gives again nor unsets is named, under
// its field (header, env), and nothing is sent or stored: the edit must
// give those values again, or unset them, in the same edit. A switch of
// transport drops the other kind's values (EditedInput), so they move
// nowhere.
func keptSecretsMoved(c *Connection, e *ConnectionEdit, sec ConnectionSecrets, errs map[string]string) {
	if e.Switch(c) != "" {
		return
	}
	kept := func(stored map[string]string, given map[string]string, unset []string) []string {
		var out []string
		for _, k := range sortedKeys(stored) {
			if _, ok := given[k]; !ok && !slices.Contains(unset, k) {
				out = append(out, k)
			}
		}
		return out
	}
	switch c.Transport {
	case TransportHTTP:
		if e.URL == "" || sameOrigin(c.URL, e.URL) {
			return
		}
		if names := kept(sec.Headers, e.Headers, e.UnsetHeaders); len(names) > 0 {
			errs["header"] = fmt.Sprintf("the URL's origin changes (%s to %s): the stored %s %s %s entered for %s only and %s not sent elsewhere; give %s again in this same edit, or unset %s",
				urlOrigin(c.URL), urlOrigin(e.URL), isAre(len(names), "header", "headers"), strings.Join(names, ", "), isAre(len(names), "was", "were"), urlOrigin(c.URL), isAre(len(names), "is", "are"), itThem(len(names)), itThem(len(names)))
		}
	case TransportStdio:
		why := commandChange(c, e, sec)
		if why == "" {
			return
		}
		if names := kept(sec.Env, e.Env, e.UnsetEnv); len(names) > 0 {
			errs["env"] = fmt.Sprintf("the edit changes %s: the stored secret %s %s %s entered for the command as it is and %s not given to another; give %s again in this same edit, or unset %s",
				why, isAre(len(names), "environment variable", "environment variables"), strings.Join(names, ", "), isAre(len(names), "was", "were"), isAre(len(names), "is", "are"), itThem(len(names)), itThem(len(names)))
		}
	}
}

// commandChange names what of a command server an edit changes that can
// change what runs ("the command", "the working directory", "the
// environment"); "" when it changes none (rotating a stored secret's
// value, unsetting names and settings do not).
func commandChange(c *Connection, e *ConnectionEdit, sec ConnectionSecrets) string {
	switch {
	case len(e.Command) > 0 && !slices.Equal(e.Command, c.Argv()):
		return "the command"
	case (e.Dir != "" && e.Dir != c.Dir) || (e.ClearDir && c.Dir != ""):
		return "the working directory"
	}
	plain := c.PlainEnvVars()
	for k, v := range e.PlainEnv {
		if old, ok := plain[k]; !ok || old != v {
			return "the environment (" + k + ")"
		}
	}
	for _, k := range sortedKeys(e.Env) {
		if _, ok := sec.Env[k]; !ok {
			return "the environment (" + k + ")"
		}
	}
	return ""
}

// sameOrigin reports whether two URLs have one origin: scheme, host and
// port (an absent port is the scheme's default), case-insensitively.
func sameOrigin(a, b string) bool {
	oa, ob := urlOrigin(a), urlOrigin(b)
	return oa != "" && oa == ob
}

// urlOrigin is a URL's scheme://host:port in lower case, the port made
// explicit; "" when raw does not parse.
func urlOrigin(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.Host == "" {
		return ""
	}
	scheme := strings.ToLower(u.Scheme)
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443"}[scheme]
	}
	return scheme + "://" + net.JoinHostPort(strings.ToLower(u.Hostname()), port)
}

func isAre(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

func itThem(n int) string { return isAre(n, "it", "them") }

// ActionConnectionEditRefused is the audit action of a connection edit
// that was refused (bad input, a secret it would move, a server that did
// not answer): what it tried, by name only, and why.
const ActionConnectionEditRefused = "connection.edit_refused"

// AuditEditRefused records a refused edit of connection name: what it
// tried to change, by name (never a value), and why it was refused (the
// fields at fault; probed: the edited server's probe failed).
func (s *Store) AuditEditRefused(ctx context.Context, actor, name string, e ConnectionEdit, err error, probed bool) error {
	why := "it could not be made"
	var ve *ValidationError
	switch {
	case errors.Is(err, ErrNoSealKey):
		why = "no seal key for secrets"
	case errors.As(err, &ve):
		why = "fields " + strings.Join(sortedKeys(ve.Fields), ", ")
	case probed:
		why = "the server as edited did not answer its first tools/list"
	}
	detail := editSummary(e)
	if detail == "" {
		detail = "nothing"
	}
	return s.Audit(ctx, Event{Actor: actor, Action: ActionConnectionEditRefused, Subject: "connection:" + name, Detail: clipTo(detail+"; refused: "+why, 2000)})
}
