package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestDBMaxConnsIsChecked: CONSOLE_DB_MAX_CONNS that is not a whole
// number from 1 to 1000 stops serve and every command with exit 2, naming
// the variable and the range, before anything is written; a good one
// (or none) starts as before.
func TestDBMaxConnsIsChecked(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	for _, v := range []string{"0", "-3", "many", "1001", "2.5"} {
		t.Setenv("CONSOLE_DB_MAX_CONNS", v)
		for _, args := range [][]string{{"serve", "--addr", "127.0.0.1:0"}, {"grant", "list"}} {
			_, err := runCLI(t, db, args...)
			var ee *exitError
			if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "CONSOLE_DB_MAX_CONNS") || !strings.Contains(err.Error(), "from 1 to 1000") {
				t.Errorf("CONSOLE_DB_MAX_CONNS=%q, %v: %v, want exit 2 naming the variable and its range", v, args, err)
			}
		}
	}
	t.Setenv("CONSOLE_DB_MAX_CONNS", "8")
	if out, err := runCLI(t, db, "grant", "list"); err != nil {
		t.Errorf("CONSOLE_DB_MAX_CONNS=8: %v\n%s", err, out)
	}
}
