package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestNameMayComeAnywhereAmongFlags: every command that takes one NAME
// (user add, apikey create, grant add|remove, connection, catalog hints,
// catalog import|validate|render, eval, approval approve|deny|withdraw) takes it before, between or after its
// flags; a missing NAME is a usage error that says NAME, never one about
// a flag that was given.
func TestNameMayComeAnywhereAmongFlags(t *testing.T) {
	db := filepath.Join(t.TempDir(), "n.db")
	mustMigrate(t, db)
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("x-pass-123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, args := range [][]string{
		{"user", "add", "--roles", "reviewer", "bob2", "--password-file", pw, "--as", "admin"},
		{"user", "add", "--roles", "reviewer", "--password-file", pw, "--as", "admin", "bob3"},
		{"apikey", "create", "--scope", "runtime", "k2", "--as", "admin"},
		{"grant", "add", "--effects", "read-only", "contractors", "--as", "admin"},
		{"catalog", "import", "--format", "mcp", "../../catalog/testdata/github-mcp-server.tools.json", "--namespace", "github", "--as", "admin"},
	} {
		if out, err := runCLI(t, db, args...); err != nil {
			t.Errorf("%v: %v %s", args, err, out)
		}
	}
	for _, args := range [][]string{
		{"user", "add", "--roles", "reviewer", "--as", "admin"},
		{"apikey", "create", "--scope", "runtime", "--as", "admin"},
		{"grant", "add", "--effects", "read-only", "--as", "admin"},
		{"approval", "deny", "--reason", "no", "--as", "admin"},
		{"user", "add", "a", "b", "--as", "admin"},
	} {
		_, err := runCLI(t, db, args...)
		var ee *exitError
		if err == nil || !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "usage") || strings.HasPrefix(err.Error(), "--as") {
			t.Errorf("%v: %v, want a usage error (exit 2)", args, err)
		}
	}
}

// TestUserAddNamesPasswordFile: an unreadable --password-file is refused
// naming the flag.
func TestUserAddNamesPasswordFile(t *testing.T) {
	db := filepath.Join(t.TempDir(), "p.db")
	mustMigrate(t, db)
	_, err := runCLI(t, db, "user", "add", "zz", "--password-file", "/nope", "--as", "admin")
	if err == nil || !strings.HasPrefix(err.Error(), "--password-file:") {
		t.Errorf("unreadable password file: %v, want an error naming --password-file", err)
	}
}

// TestUserAddTakenNameNamesNAME: a taken user name is refused naming NAME,
// without the store's internal prefix.
func TestUserAddTakenNameNamesNAME(t *testing.T) {
	db := filepath.Join(t.TempDir(), "t.db")
	mustMigrate(t, db)
	pw := filepath.Join(t.TempDir(), "pw")
	if err := os.WriteFile(pw, []byte("x-pass-123456789\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	_, err := runCLI(t, db, "user", "add", "admin", "--password-file", pw, "--as", "admin")
	if err == nil || !strings.HasPrefix(err.Error(), "NAME:") || strings.Contains(err.Error(), "models:") {
		t.Errorf("a taken name: %v, want an error naming NAME without the store's prefix", err)
	}
}
