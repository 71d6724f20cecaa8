package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestRestoreNamesTheMissingKeyFile: a backup authenticated with the
// secrets key, restored where that key is neither in the environment nor
// in the key file beside the target database, is refused naming the
// path the key file was looked for at and the variables that point at
// the key (CONSOLE_SECRETS_KEY_FILE, CONSOLE_SECRETS_KEY); once the key
// file is put there, it restores.
func TestRestoreNamesTheMissingKeyFile(t *testing.T) {
	t.Setenv("CONSOLE_AUDIT_KEY", "")
	t.Setenv("CONSOLE_SECRETS_KEY", "")
	t.Setenv("CONSOLE_SECRETS_KEY_FILE", "")
	src := filepath.Join(t.TempDir(), "live.db")
	mustMigrate(t, src)
	file := filepath.Join(t.TempDir(), "console.backup")
	if out, err := runCLI(t, src, "backup", file); err != nil || !strings.Contains(out, "authenticated with the secrets key") {
		t.Fatalf("backup: %v\n%s", err, out)
	}
	dst := filepath.Join(t.TempDir(), "restored.db")
	want := filepath.Join(filepath.Dir(dst), "console.secrets.key")
	_, err := runCLI(t, dst, "restore", file)
	if err == nil {
		t.Fatal("restored without the key")
	}
	t.Log(err)
	for _, s := range []string{want, "CONSOLE_SECRETS_KEY_FILE", "CONSOLE_SECRETS_KEY "} {
		if !strings.Contains(err.Error()+" ", s) {
			t.Errorf("restore without the key file: %q, want it to name %s", err, s)
		}
	}
	assertEmpty(t, dst)
	key, err := os.ReadFile(filepath.Join(filepath.Dir(src), "console.secrets.key"))
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(want, key, 0o600); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, dst, "restore", file); err != nil || !strings.Contains(out, want) {
		t.Fatalf("restore with the key file in place: %v\n%s", err, out)
	}
}
