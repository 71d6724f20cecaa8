package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestServeSettingsHaveLowerBounds: a duration or a size
// that is positive but useless (CONSOLE_GATEWAY_SESSION_IDLE=1ns expires
// every session before its next request; CONSOLE_RUN_SCHEMA_BYTES=1 fits
// no tool) started the console. serve now exits 2 naming the flag or the
// variable that was given, with the bound, before it opens the database.
func TestServeSettingsHaveLowerBounds(t *testing.T) {
	for _, tc := range []struct {
		env, value string
		args       []string
		name       string
	}{
		{"CONSOLE_GATEWAY_SESSION_IDLE", "1ns", nil, "CONSOLE_GATEWAY_SESSION_IDLE"},
		{"", "", []string{"--gateway-session-idle", "30s"}, "--gateway-session-idle"},
		{"CONSOLE_UPSTREAM_TIMEOUT", "1ms", nil, "CONSOLE_UPSTREAM_TIMEOUT"},
		{"", "", []string{"--upstream-timeout", "1ns"}, "--upstream-timeout"},
		{"CONSOLE_RUN_SCHEMA_BYTES", "1", nil, "CONSOLE_RUN_SCHEMA_BYTES"},
		{"", "", []string{"--run-schema-bytes", "100"}, "--run-schema-bytes"},
		{"CONSOLE_RUN_QUERY_BYTES", "1", nil, "CONSOLE_RUN_QUERY_BYTES"},
		{"", "", []string{"--run-query-bytes", "9999"}, "--run-query-bytes"},
		{"CONSOLE_RUN_RESULTS", "9999", nil, "CONSOLE_RUN_RESULTS"},
	} {
		db := filepath.Join(t.TempDir(), "c.db")
		if tc.env != "" {
			t.Setenv(tc.env, tc.value)
		}
		_, err := runCLI(t, db, append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.name) {
			t.Errorf("%s=%q %v: %v, want exit 2 naming %s", tc.env, tc.value, tc.args, err, tc.name)
		}
		if _, serr := os.Stat(db); !errors.Is(serr, fs.ErrNotExist) {
			t.Errorf("%s=%q %v: refused, but created %s", tc.env, tc.value, tc.args, db)
		}
		if tc.env != "" {
			os.Unsetenv(tc.env)
		}
	}
}
