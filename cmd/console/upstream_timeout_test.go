package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeUpstreamTimeout (issue 24): the upstream call timeout is an
// admin's setting (--upstream-timeout, CONSOLE_UPSTREAM_TIMEOUT), listed
// by --help with its default; a value that is not a positive duration
// exits 2 naming the flag or the variable, before anything starts.
func TestServeUpstreamTimeout(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	out, err := runCLI(t, db, "serve", "--help")
	if err != nil || !strings.Contains(out, "-upstream-timeout") || !strings.Contains(out, "CONSOLE_UPSTREAM_TIMEOUT") || !strings.Contains(out, "30s") {
		t.Errorf("serve --help: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		env  string
		args []string
		name string
	}{
		{"", []string{"--upstream-timeout", "0s"}, "--upstream-timeout"},
		{"", []string{"--upstream-timeout", "-5s"}, "--upstream-timeout"},
		{"soon", nil, "CONSOLE_UPSTREAM_TIMEOUT"},
		{"0", nil, "CONSOLE_UPSTREAM_TIMEOUT"},
	} {
		t.Setenv("CONSOLE_UPSTREAM_TIMEOUT", tc.env)
		_, err := runCLI(t, db, append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("env %q args %v: %v, want exit 2 naming %s", tc.env, tc.args, err, tc.name)
		}
	}
}
