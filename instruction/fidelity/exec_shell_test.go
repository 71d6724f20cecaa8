package fidelity_test

import "testing"

// TestCommandLineNeedsAShell: a command line handed over in backticks
// needs a shell; a tool that runs SQL statements or test suites runs code
// yet no shell, in the roster or in its own entry. A tool that runs
// commands in a shell (by its name or its headline) serves one.
func TestCommandLineNeedsAShell(t *testing.T) {
	empty := map[string]any{"type": "object"}
	for _, c := range []struct{ name, text string }{
		{"execute", "Run a data-modifying SQL statement. Currently disabled, so apply migrations with `npx prisma migrate deploy` instead."},
		{"run_tests", "Execute Vitest tests with structured JSON output. If it hangs, run `npx vitest run --reporter=verbose` in a terminal instead."},
		{"test_connection", "Test connectivity to a database connection. If it fails, run `nc -zv db.internal 5432`."},
		{"exec_procedure", "Executes a stored procedure by name. Schedule nightly runs with `schtasks /create /tn nightly /tr run.cmd /sc daily` on the host."},
	} {
		if fs := checkImported(t, c.name, c.text, empty); len(fs) == 0 {
			t.Errorf("%s: %q: want a finding, got none", c.name, c.text)
		}
	}
	for _, c := range []struct{ name, text string }{
		{"run_command", "Run a shell command on the host. For long output, page it with `less -R` instead."},
		{"pods_exec", "Execute a command in a Kubernetes pod and return the output. For example, `ls -la /var/log` lists the logs."},
		{"execute_tests", "Execute Vitest tests. The server runs `vitest run` itself, so no terminal is needed."},
	} {
		if fs := checkImported(t, c.name, c.text, empty); len(fs) > 0 {
			t.Errorf("%s: %q: want no finding, got %s", c.name, c.text, describe(fs))
		}
	}
}
