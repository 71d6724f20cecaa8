package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeUpstreamTimeout: the upstream call timeout is an
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

// TestServeRefusesBadNumbersInTheEnvironment: a variable
// holding no positive whole number ("abc", "2 ", "0", "-5") or an on/off
// switch holding neither was silently replaced by its default — a
// required second approval read as "abc" became one. serve now exits 2
// naming the variable, before anything starts; good values still start.
func TestServeRefusesBadNumbersInTheEnvironment(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	for _, tc := range []struct{ name, value string }{
		{"CONSOLE_REQUIRED_APPROVALS", "abc"},
		{"CONSOLE_GATEWAY_SESSIONS", "2 "},
		{"CONSOLE_API_RATE", "0"},
		{"CONSOLE_PROCEDURE_CEILING", "-1"},
		{"CONSOLE_RUN_RESULTS", "abc"},
		{"CONSOLE_RUN_QUERY_BYTES", "0"},
		{"CONSOLE_SECURE_COOKIES", "maybe"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(tc.name, tc.value)
			_, err := runCLI(t, db, "serve", "--addr", "127.0.0.1:0", "--help")
			if err != nil {
				t.Fatalf("serve --help with %s=%q: %v", tc.name, tc.value, err)
			}
			_, err = runCLI(t, db, "serve", "--addr", "127.0.0.1:0")
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.name) {
				t.Errorf("%s=%q: %v, want exit 2 naming it", tc.name, tc.value, err)
			}
		})
	}
}
