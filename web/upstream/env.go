package upstream

import (
	"os"
	"runtime"
	"sort"
	"strings"
)

// A stdio server runs as a child of the console, and the console's own
// environment holds its secrets (DATABASE_URL, CONSOLE_SECRETS_KEY, the
// audit and receipt keys, the admin password, cloud credentials): a child
// that inherited it could hand them to any client through a tool. So a
// child gets only what it needs to run a program — the variables
// childEnvAllowed names, read from the console's environment — plus its
// connection's own --env (which wins). Anything else a server needs (a
// proxy, a CA file, NODE_OPTIONS, a token) the admin gives it with --env.

// childEnvNames are the console's variables a child gets, when set: where
// programs are found, the user's home and name (npm, git and Python keep
// their caches and configuration there), locale, time zone and temporary
// folder, and where to find extra CA certificates (paths to public
// files). Proxy variables are left out on purpose: their URLs may carry a
// password.
var childEnvNames = []string{"PATH", "HOME", "USER", "LOGNAME", "LANG", "LANGUAGE", "TZ", "TMPDIR",
	"SSL_CERT_FILE", "SSL_CERT_DIR", "NODE_EXTRA_CA_CERTS"}

// childEnvWindows are the variables a program needs to start at all on
// Windows (names there are case-insensitive).
var childEnvWindows = []string{"SYSTEMROOT", "SYSTEMDRIVE", "WINDIR", "COMSPEC", "PATHEXT", "TEMP", "TMP",
	"USERPROFILE", "APPDATA", "LOCALAPPDATA", "PROGRAMDATA", "PROGRAMFILES", "HOMEDRIVE", "HOMEPATH", "USERNAME"}

// childEnvAllowed says whether a child gets the console's variable name:
// childEnvNames, the locale's LC_* and, on Windows, childEnvWindows.
func childEnvAllowed(name string) bool {
	if strings.HasPrefix(name, "LC_") {
		return true
	}
	for _, n := range childEnvNames {
		if name == n {
			return true
		}
	}
	if runtime.GOOS == "windows" {
		for _, n := range childEnvWindows {
			if strings.EqualFold(name, n) {
				return true
			}
		}
	}
	return false
}

// childEnv is a stdio server's environment: the console's allowed
// variables (childEnvAllowed), then the connection's own, sorted by name.
func childEnv(own map[string]string) []string {
	out := make([]string, 0, len(childEnvNames)+len(own))
	for _, kv := range os.Environ() {
		k, _, ok := strings.Cut(kv, "=")
		if !ok || k == "" || !childEnvAllowed(k) {
			continue
		}
		if _, mine := own[k]; mine {
			continue
		}
		out = append(out, kv)
	}
	for k, v := range own {
		out = append(out, k+"="+v)
	}
	sort.Strings(out)
	return out
}

// ConsoleSecretsInEnv is ConsoleSecretsOf the console's own environment.
func ConsoleSecretsInEnv() (names, values []string) { return ConsoleSecretsOf(os.Environ()) }

// ConsoleSecretLabelsInEnv is ConsoleSecretLabelsOf the console's own
// environment.
func ConsoleSecretLabelsInEnv() map[string]string { return ConsoleSecretLabelsOf(os.Environ()) }
