package main

import (
	"os"

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
	names, values := upstream.ConsoleSecretsInEnv()
	if k, err := loadSealKey(false); err == nil && k != nil {
		values = append(values, string(k))
	}
	upstream.SetConsoleSecrets(values...)
	if !hardenProcess {
		return nil
	}
	for _, n := range names {
		_ = os.Unsetenv(n)
	}
	return setNonDumpable()
}
