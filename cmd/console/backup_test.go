package main

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// consoleCommand writes a `console` script that runs this test binary as
// the console command, and returns its path.
func consoleCommand(t *testing.T) string {
	t.Helper()
	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "console")
	script := "#!/bin/sh\nCONSOLE_TEST_AS_COMMAND=1 exec '" + self + "' \"$@\"\n"
	if err := os.WriteFile(path, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return path
}

// TestReadmeCronBackupRestores runs the README's crontab line as cron
// would (through sh, `\%` read as `%`), with a test database and directory
// in place of its URL and directory; the file it writes restores into an
// empty database whose audit chain verifies, and a second restore over
// that data is refused without --force.
func TestReadmeCronBackupRestores(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var line string
	for _, l := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(strings.TrimSpace(l), "15 3 * * * ") {
			line = strings.TrimPrefix(strings.TrimSpace(l), "15 3 * * * ")
		}
	}
	if line == "" {
		t.Fatal("the README has no crontab line for the backup")
	}
	dir := t.TempDir()
	db := filepath.Join(dir, "live.db")
	mustMigrate(t, db)
	if _, err := runCLI(t, db, "apikey", "create", "cron-test"); err != nil { // a first start: admin, audit events
		t.Fatal(err)
	}
	backups := filepath.Join(dir, "backups")
	if err := os.Mkdir(backups, 0o700); err != nil {
		t.Fatal(err)
	}
	cron := strings.NewReplacer(`\%`, "%", "postgres://console@db.internal/console", db, "/var/backups/console", backups, " console backup ", " "+consoleCommand(t)+" backup ").Replace(line)
	if out, err := exec.Command("sh", "-c", cron).CombinedOutput(); err != nil {
		t.Fatalf("%s: %v\n%s", cron, err, out)
	}
	files, _ := filepath.Glob(filepath.Join(backups, "console-????-??-??.backup"))
	if len(files) != 1 {
		t.Fatalf("the cron line made %v", files)
	}
	restored := filepath.Join(dir, "restored.db")
	if out, err := runCLI(t, restored, "restore", files[0]); err != nil || !strings.Contains(out, "restored") {
		t.Fatalf("restore: %s %v", out, err)
	}
	if out, err := runCLI(t, restored, "audit", "verify"); err != nil || !strings.Contains(out, "audit chain intact") {
		t.Fatalf("audit verify after restore: %s %v", out, err)
	}
	_, err = runCLI(t, restored, "restore", files[0])
	var ee *exitError
	if err == nil || !strings.Contains(err.Error(), "--force") || errors.As(err, &ee) && ee.code == 0 {
		t.Fatalf("restore over data: %v, want a refusal naming --force", err)
	}
	if out, err := runCLI(t, restored, "restore", "--force", files[0]); err != nil {
		t.Fatalf("restore --force: %s %v", out, err)
	}
	// the README's first example, as written, from a directory of its own
	var examples [][]string
	for _, prefix := range []string{"console backup ", "console restore ", "console audit verify "} {
		for _, c := range readmeCommands(t, prefix) {
			if strings.Contains(c, " FILE") {
				continue // the command list's synopsis, not an example
			}
			if f := strings.Fields(strings.SplitN(c, "#", 2)[0]); len(f) >= 2 && (prefix != "console audit verify " || strings.Contains(c, "restored")) {
				examples = append(examples, f[1:])
			}
		}
	}
	if len(examples) != 3 {
		t.Fatalf("README backup examples %v, want backup, restore, audit verify", examples)
	}
	wd, _ := os.Getwd()
	t.Cleanup(func() { _ = os.Chdir(wd) })
	if err := os.Chdir(t.TempDir()); err != nil {
		t.Fatal(err)
	}
	for i, args := range examples {
		db := []string{db, filepath.Join(dir, "example.db"), filepath.Join(dir, "example.db")}[i]
		if out, err := runCLI(t, db, args...); err != nil {
			t.Fatalf("console %s: %v\n%s", strings.Join(args, " "), err, out)
		}
	}
	for args, want := range map[string]string{"backup": "usage", "restore": "usage", "restore " + db + "-missing": "no such file"} {
		if _, err := runCLI(t, restored, strings.Fields(args)...); err == nil || !strings.Contains(err.Error(), want) {
			t.Errorf("%s: %v, want %q", args, err, want)
		}
	}
	t.Setenv("CONSOLE_TEST_DATABASE_URL", "")
	if _, err := runCLI(t, "postgres://nobody@127.0.0.1:1/none", "restore", files[0]); err == nil || !strings.Contains(err.Error(), "sqlite backup") {
		t.Errorf("a SQLite backup into Postgres: %v", err)
	}
	// a Postgres URL pgx cannot parse is refused as such, before any
	// database is touched
	_, err = runCLI(t, "postgres://nobody@127.0.0.1:notaport/none", "restore", files[0])
	if err == nil || !strings.Contains(err.Error(), "DATABASE_URL: not a Postgres URL") || !errors.As(err, &ee) || ee.code != 2 {
		t.Errorf("restore into a malformed Postgres URL: %v, want a usage error naming DATABASE_URL", err)
	}
}
