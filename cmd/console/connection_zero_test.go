package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestConnectionSettingsRefuseZero: 0 is outside every setting's range
// (100ms to 1h, 1 to 50 lines) on add and on edit alike, refused naming
// the flag before anything is probed or written; `default` is the way
// back to the console's default.
func TestConnectionSettingsRefuseZero(t *testing.T) {
	db := filepath.Join(t.TempDir(), "z.db")
	mustMigrate(t, db)
	for _, verb := range []string{"add", "edit"} {
		for _, c := range []struct{ flag, value string }{
			{"--timeout", "0"}, {"--timeout", "0s"}, {"--restart-backoff", "0"}, {"--restart-backoff", "0ms"}, {"--stderr-lines", "0"},
		} {
			args := []string{"connection", verb, "zz", c.flag, c.value, "--as", "admin"}
			if verb == "add" {
				args = append(args, "--command", "node nowhere.js")
			}
			_, err := runCLI(t, db, args...)
			var ee *exitError
			if err == nil || !errors.As(err, &ee) || ee.code != 2 || !strings.HasPrefix(err.Error(), c.flag+":") || !strings.Contains(err.Error(), "default") {
				t.Errorf("%v: %v, want exit 2 naming %s and pointing to default", args, err, c.flag)
			}
		}
	}
}
