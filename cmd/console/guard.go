package main

import (
	"fmt"
	"log/slog"
	"os"
	"strings"

	"github.com/agentforge/console/web/upstream"
)

// hardenProcess is set by main: serve then removes its secret variables
// from its own environment and makes itself non-dumpable (guardSecrets).
// A test calling run in-process leaves it unset, so the test binary's
// environment, which later tests read, stays.
var hardenProcess bool

// guardSecrets keeps the console's own secrets from its stdio servers,
// once serve has read them (the database URL, the keys, the admin
// password): their values, and the sealing key however it was given, are
// masked in everything a server says (upstream.SetConsoleSecrets); with
// hardenProcess the variables are removed from the console's environment,
// so no child inherits them, and the process is made non-dumpable, so a
// process of the same user that is not root can read neither its
// /proc/<pid>/environ (which keeps the environment the console started
// with) nor its memory.
func guardSecrets() error {
	databaseURL = os.Getenv("DATABASE_URL") // serverHome, after it is removed
	names, values := upstream.ConsoleSecretsInEnv()
	labels := upstream.ConsoleSecretLabelsInEnv()
	if k, err := loadSealKey(false); err == nil && k != nil {
		values = append(values, string(k))
		if labels[string(k)] == "" {
			labels[string(k)] = "the key that seals connection secrets"
		}
	}
	upstream.SetConsoleSecretLabels(labels)
	if n := upstream.SetConsoleSecrets(values...); n > 0 {
		fmt.Fprintf(os.Stderr, "console: warning: %d of the console's secrets (a database password, a key) look like ordinary text (under %d bytes, fewer than three kinds of character) and are not guarded in what servers say; choose a longer one\n", n, upstream.DistinctiveLength)
	}
	if !hardenProcess {
		return nil
	}
	for _, n := range names {
		_ = os.Unsetenv(n)
	}
	if err := setNonDumpable(); err != nil {
		return err
	}
	return runServersAs(os.Getenv("CONSOLE_SERVER_USER"))
}

// defaultServerUser is the user a root console runs its stdio servers as
// when CONSOLE_SERVER_USER is unset.
var defaultServerUser = "nobody"

// runServersAs sets the user stdio servers run as, from
// CONSOLE_SERVER_USER: "off" runs them as the console itself; a user name
// as that user; unset, as defaultServerUser when the console is root (root
// would read every process's environment and memory). A root console
// whose default user does not exist refuses to start stdio servers
// (upstream.RefuseServers, logged at serve start) rather than run them as
// root; the rest of the console serves.
func runServersAs(v string) error {
	upstream.RefuseServers(nil)
	switch v {
	case "off":
		return upstream.RunServersAs("")
	case "":
		if os.Geteuid() != 0 {
			return nil
		}
		if err := upstream.RunServersAs(defaultServerUser); err != nil {
			_ = upstream.RunServersAs("")
			upstream.RefuseServers(fmt.Errorf("stdio servers are not started: the console runs as root and cannot run them as user %s (%v), and as root they would read the console's secrets; set CONSOLE_SERVER_USER to a user to run them as, or to off to run them as root", defaultServerUser, err))
			return nil
		}
		return serverHome()
	}
	if err := upstream.RunServersAs(v); err != nil {
		return &exitError{2, fmt.Errorf("CONSOLE_SERVER_USER: %w", err)}
	}
	return serverHome()
}

// logServerUser says at start which user stdio servers run as, with the
// USER and HOME they get: as another user (a root console's nobody, or
// CONSOLE_SERVER_USER), that user's name and the HOME the console made
// for it; as the console's own user, the console's USER and HOME, when
// it has them (a systemd unit without User= or a container often sets
// neither). A connection's --env still wins.
func logServerUser(log *slog.Logger) {
	if upstream.ServersRefused() != nil {
		return // logged as refused
	}
	if name := upstream.RunningServersAs(); name != "" {
		uid, _, _ := upstream.ServersUID()
		home := upstream.RunningServersHome()
		log.Info(fmt.Sprintf("stdio servers run as user %s (uid %d), not as the console's user (CONSOLE_SERVER_USER)", name, uid),
			"env", fmt.Sprintf("USER=%s LOGNAME=%s HOME=%s", name, name, home))
		return
	}
	env := []string{}
	for _, k := range []string{"USER", "HOME"} {
		if v, ok := os.LookupEnv(k); ok && v != "" {
			env = append(env, k+"="+v)
		} else {
			env = append(env, k+" unset: the servers get none")
		}
	}
	log.Info(fmt.Sprintf("stdio servers run as the console's own user (uid %d)", os.Geteuid()), "env", strings.Join(env, ", "))
}
