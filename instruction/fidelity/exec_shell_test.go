package fidelity_test

import "testing"

// TestCommandLineNeedsAShell: a command line handed over in backticks
// needs a shell; a tool that runs SQL statements or test suites runs code
// yet no shell, in the roster or in its own entry. A tool that runs
// commands in a shell (by its name or its headline) serves one.
func TestCommandLineNeedsAShell(t *testing.T) {
	empty := map[string]any{"type": "object"}
	for _, c := range []struct{ name, text string }{
		{"execute", "Run a SQL statement that changes data. Turned off for now; use `npx prisma migrate deploy` for migrations."},
		{"run_tests", "Execute Jest suites with JSON results. If it stalls, run `npx jest --verbose` in a terminal instead."},
		{"test_connection", "Check that a database can be reached. If not, run `nc -zv cache.local 6379`."},
		{"exec_procedure", "Runs a named stored procedure. Plan a run each night with `schtasks /create /sc daily /tn night /tr go.cmd` on the server."},
	} {
		if fs := checkImported(t, c.name, c.text, empty); len(fs) == 0 {
			t.Errorf("%s: %q: want a finding, got none", c.name, c.text)
		}
	}
	for _, c := range []struct{ name, text string }{
		{"run_command", "Run a shell command on the host. For long output, page it with `less -R` instead."},
		{"pods_exec", "Execute a command inside a Kubernetes container and return what it prints. For example, `ls -la /var/log` lists the logs."},
		{"execute_tests", "Execute Jest suites. The server runs `jest` on its own, so no terminal is needed."},
	} {
		if fs := checkImported(t, c.name, c.text, empty); len(fs) > 0 {
			t.Errorf("%s: %q: want no finding, got %s", c.name, c.text, describe(fs))
		}
	}
}
