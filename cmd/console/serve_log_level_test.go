package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// TestServeLogLevel: --log-level (CONSOLE_LOG_LEVEL) is listed by --help
// with its default; debug, info, warn and error are accepted in any case,
// anything else exits 2 naming the flag or the variable and the levels
// that work, before anything starts. At debug the start's maintenance
// pass writes its debug records; at the default it does not. Failed
// first: the level was fixed at info.
func TestServeLogLevel(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	out, err := runCLI(t, db, "serve", "--help")
	if err != nil || !strings.Contains(out, "-log-level") || !strings.Contains(out, "CONSOLE_LOG_LEVEL") || !strings.Contains(out, "debug, info, warn or error") {
		t.Errorf("serve --help: %v\n%s", err, out)
	}
	for _, tc := range []struct {
		env  string
		args []string
		name string
	}{
		{"", []string{"--log-level", "verbose"}, "--log-level"},
		{"debug", []string{"--log-level", "trace"}, "--log-level"},
		{"loud", nil, "CONSOLE_LOG_LEVEL"},
		{"warning", nil, "CONSOLE_LOG_LEVEL"},
	} {
		t.Setenv("CONSOLE_LOG_LEVEL", tc.env)
		_, err := runCLI(t, db, append([]string{"serve", "--addr", "127.0.0.1:0"}, tc.args...)...)
		var ee *exitError
		if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), tc.name) || !strings.Contains(err.Error(), "debug, info, warn, error") {
			t.Errorf("env %q args %v: %v, want exit 2 naming %s and the levels", tc.env, tc.args, err, tc.name)
		}
	}
	for _, tc := range []struct {
		env   string
		debug bool
	}{{"", false}, {"DEBUG", true}, {"warn", false}} {
		t.Run("level "+tc.env, func(t *testing.T) {
			t.Setenv("CONSOLE_LOG_LEVEL", tc.env)
			dir := t.TempDir()
			startServe(t, dir)
			const line = "approval requests: expiry sweep done"
			deadline := time.Now().Add(5 * time.Second)
			for tc.debug && time.Now().Before(deadline) {
				if b, _ := os.ReadFile(filepath.Join(dir, "serve.out")); strings.Contains(string(b), line) {
					break
				}
				time.Sleep(50 * time.Millisecond)
			}
			time.Sleep(200 * time.Millisecond) // the start's pass runs beside the listener
			b, _ := os.ReadFile(filepath.Join(dir, "serve.out"))
			if got := strings.Contains(string(b), line); got != tc.debug {
				t.Errorf("CONSOLE_LOG_LEVEL=%q: debug record written %v, want %v\n%s", tc.env, got, tc.debug, b)
			}
			if tc.env == "warn" && strings.Contains(string(b), "level=INFO") {
				t.Errorf("CONSOLE_LOG_LEVEL=warn wrote info records:\n%s", b)
			}
		})
	}
}
