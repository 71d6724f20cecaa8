package upstream

import (
	"net/url"
	"strings"
	"sync/atomic"
)

// The console's own secrets (its database URL and password, the key that
// seals connection secrets, the audit and receipt keys, the first admin's
// password) are masked in whatever a server says, as each connection's
// own secrets are: a server that reads them anyway (the console's
// /proc/<pid>/environ where the operating system lets it, the key file
// beside a SQLite database) cannot hand them to a client through a
// result, an error or a tool's description.

// minConsoleSecret: a console secret shorter than this is not masked (a
// short database password such as "postgres" is a word any text holds).
const minConsoleSecret = 8

var consoleSecrets atomic.Pointer[[]string]

// SetConsoleSecrets sets the console's own secret values, masked in every
// connection's answers alongside its own (values shorter than 8 bytes are
// left out). Set it before the first connection is used.
func SetConsoleSecrets(values ...string) {
	var out []string
	for _, v := range values {
		if len(v) >= minConsoleSecret {
			out = append(out, v)
		}
	}
	consoleSecrets.Store(&out)
}

// consoleSecretValues is what SetConsoleSecrets set (nil: nothing).
func consoleSecretValues() []string {
	if p := consoleSecrets.Load(); p != nil {
		return *p
	}
	return nil
}

// ConsoleSecretsOf picks the console's secret variables from environ (as
// os.Environ gives it): DATABASE_URL when it holds a password (the whole
// URL and the password alone), and every variable whose name has a part
// KEY, SECRET, PASSWORD, PASSWD, PASS, TOKEN, CREDENTIAL(S), APIKEY or
// DSN (CONSOLE_SECRETS_KEY, CONSOLE_ADMIN_PASSWORD, CONSOLE_AUDIT_KEY,
// CONSOLE_RECEIPT_KEY, a cloud token). It returns their names (to remove
// from the console's environment) and their values (to mask).
func ConsoleSecretsOf(environ []string) (names, values []string) {
	for _, kv := range environ {
		k, v, ok := strings.Cut(kv, "=")
		if !ok || k == "" || v == "" {
			continue
		}
		if k == "DATABASE_URL" {
			if u, err := url.Parse(v); err == nil && u.User != nil {
				if pw, set := u.User.Password(); set && pw != "" {
					names, values = append(names, k), append(values, v, pw)
				}
			}
			continue
		}
		if secretName(k) {
			names, values = append(names, k), append(values, v)
		}
	}
	return names, values
}

// secretName says whether an environment variable's name says it holds a
// secret: one of its parts (split at "_") is a word secrets are named by.
func secretName(k string) bool {
	for _, part := range strings.Split(strings.ToUpper(k), "_") {
		switch part {
		case "KEY", "SECRET", "SECRETS", "PASSWORD", "PASSWD", "PASS", "TOKEN", "CREDENTIAL", "CREDENTIALS", "APIKEY", "DSN":
			return true
		}
	}
	return false
}
