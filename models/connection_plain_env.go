package models

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/agentforge/console/instruction/authority/credential"
)

// The plain environment: a command server's settings that are not
// secrets (a data path, a mode, a log level), given with --env-plain.
// They are stored and shown in clear and never masked in what the server
// says (a path masked as a secret would blank every mention of it);
// secrets stay in the sealed, write-only environment (--env). A name
// that reads as a secret's, or a value that holds a credential, is
// refused as plain.

// PlainEnvVars is a connection's plain environment (nil when none).
func (c *Connection) PlainEnvVars() map[string]string {
	if c.PlainEnv == "" {
		return nil
	}
	var m map[string]string
	_ = json.Unmarshal([]byte(c.PlainEnv), &m)
	return m
}

// PlainEnvText is the plain environment as shown: K=V, sorted by name,
// comma-separated ("" when none).
func PlainEnvText(env map[string]string) string {
	var parts []string
	for _, k := range sortedKeys(env) {
		parts = append(parts, k+"="+env[k])
	}
	return strings.Join(parts, ", ")
}

// plainEnvColumn is the column's value for env ("" when none).
func plainEnvColumn(env map[string]string) string {
	if len(env) == 0 {
		return ""
	}
	b, _ := json.Marshal(env)
	return string(b)
}

// validatePlainEnv adds to errs (under "env_plain") the first problem of
// in's plain environment: a URL server, a bad name, a NUL, a name also
// given as a secret, a name read as a secret's, a credential in a value.
func validatePlainEnv(in ConnectionInput, errs map[string]string) {
	if len(in.PlainEnv) == 0 {
		return
	}
	if in.URL != "" {
		errs["env_plain"] = "environment values are for command servers"
		return
	}
	for _, k := range sortedKeys(in.PlainEnv) {
		v := in.PlainEnv[k]
		_, secret := in.Env[k]
		switch {
		case !envNamePattern().MatchString(k):
			errs["env_plain"] = fmt.Sprintf("%q is not an environment variable name", k)
		case strings.ContainsRune(v, 0):
			errs["env_plain"] = fmt.Sprintf("the value of %q holds a NUL byte, which no process environment can carry", k)
		case secret:
			errs["env_plain"] = fmt.Sprintf("%q is also a secret variable: unset one of them (--unset-env %s)", k, k)
		case credential.Named(k):
			errs["env_plain"] = fmt.Sprintf("%q is named like a secret, and a plain value is shown and stored in clear: give it with --env (sealed, never shown)", k)
		case len(credential.Find(v)) > 0:
			errs["env_plain"] = fmt.Sprintf("the value of %q looks like a credential, and a plain value is shown and stored in clear: give it with --env (sealed, never shown)", k)
		default:
			continue
		}
		return
	}
}
