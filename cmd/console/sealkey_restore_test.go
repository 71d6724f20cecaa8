package main

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestNoNewSecretsKeyOverSealedValues: a database restored without its
// secrets key (the key file is beside the SQLite file, not in a dump)
// holds sealed connection secrets; the console used to create a new key
// silently, and every sync then failed "sealed value ... does not open".
// Now it refuses, naming the key file and
// CONSOLE_SECRETS_KEY, and creates no key.
func TestNoNewSecretsKeyOverSealedValues(t *testing.T) {
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	defer up.Close()
	if out, err := runCLI(t, db, "connection", "add", "up", "--url", up.URL, "--header", "X-Api-Key=k-1", "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	key := filepath.Join(filepath.Dir(db), "console.secrets.key")
	out, err := runCLI(t, db, "backup", filepath.Join(t.TempDir(), "b.backup"))
	if err != nil || !strings.Contains(out, "keep the key file "+key+" with it") {
		t.Fatalf("backup does not say to keep the key: %v\n%s", err, out)
	}
	if err := os.Remove(key); err != nil {
		t.Fatal(err)
	}
	out, err = runCLI(t, db, "connection", "add", "up2", "--url", up.URL, "--header", "X-Api-Key=k-2", "--as", "admin")
	if err == nil || !strings.Contains(err.Error(), "the secrets of connection up are sealed") || !strings.Contains(err.Error(), key) || !strings.Contains(err.Error(), "CONSOLE_SECRETS_KEY") {
		t.Fatalf("add with the key gone: %v\n%s", err, out)
	}
	if _, err := os.Stat(key); !errors.Is(err, fs.ErrNotExist) {
		t.Errorf("a new key file was created over sealed values: %v", err)
	}
}
