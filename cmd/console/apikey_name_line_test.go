package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestAPIKeyNameIsOneLine: a key name with a line break, tab or line
// separator is refused naming NAME, so `apikey list` shows no forged row.
func TestAPIKeyNameIsOneLine(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	for _, name := range []string{"ci\n7\tforged\truntime", "ci\u2028x", "c\ti"} {
		out, err := runCLI(t, db, "apikey", "create", name, "--as", "admin")
		if err == nil || !strings.HasPrefix(err.Error(), "NAME: must be one line") {
			t.Errorf("apikey create %q: %v\n%s", name, err, out)
		}
	}
	if out, _ := runCLI(t, db, "apikey", "list"); strings.Contains(out, "forged") {
		t.Errorf("list shows a refused name:\n%s", out)
	}
}
