package main

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// TestAPIKeyNameIsUniqueAmongLiveKeys: a second live key of the same
// owner and scope under the same name is refused naming --name (the page
// and the command share the rule); another scope may reuse it.
func TestAPIKeyNameIsUniqueAmongLiveKeys(t *testing.T) {
	db := filepath.Join(t.TempDir(), "k.db")
	mustMigrate(t, db)
	if out, err := runCLI(t, db, "apikey", "create", "my-client", "--scope", "runtime"); err != nil {
		t.Fatal(err, out)
	}
	_, err := runCLI(t, db, "apikey", "create", "my-client", "--scope", "runtime")
	var ee *exitError
	if err == nil || !errors.As(err, &ee) || ee.code != 1 || !strings.HasPrefix(err.Error(), "--name") && !strings.HasPrefix(err.Error(), "NAME") || !strings.Contains(err.Error(), "my-client") {
		t.Errorf("a duplicate live key name: %v, want exit 1 naming NAME and the name", err)
	}
	if out, err := runCLI(t, db, "apikey", "create", "my-client", "--scope", "read"); err != nil {
		t.Errorf("another scope may reuse the name: %v %s", err, out)
	}
}
