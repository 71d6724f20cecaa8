package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeConnectionEditExample runs the README's "Change or remove a
// connection" commands, as written, after its connection add: the edit
// re-lists the published memory server with the new environment, the
// value is never shown, the settings edit is listed, and the removal
// takes the nine tools away.
func TestReadmeConnectionEditExample(t *testing.T) {
	npm := memoryNpmDir(t)
	dir := t.TempDir()
	db := filepath.Join(dir, "s.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	var edit, settings, remove string
	ran := 0
	for _, c := range readmeCommands(t, "console connection ") {
		line := readmeMemoryLine(c, npm, dir)
		switch {
		case strings.HasPrefix(c, "console connection edit memory --unset-env"): // TestReadmePlainEnvExample
			continue
		case strings.HasPrefix(c, "console connection edit memory --dir"): // TestReadmeDirExample
			continue
		case strings.HasPrefix(c, "console connection add memory"):
		case strings.HasPrefix(c, "console connection edit memory --timeout"):
			settings = c
		case strings.HasPrefix(c, "console connection edit memory"):
			edit = c
		case c == "console connection remove memory --as admin":
			remove = c
		default:
			continue
		}
		args, err := splitLine(line)
		if err != nil {
			t.Fatal(err)
		}
		out, err := runCLI(t, db, args[1:]...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		ran++
		switch {
		case c == edit:
			if !strings.Contains(out, "connection memory changed") || !strings.Contains(out, "synced memory: 9 tools listed; 0 added, 0 changed, 0 removed, 9 unchanged") {
				t.Errorf("%s:\n%s", c, out)
			}
			list, _ := runCLI(t, db, "connection", "list")
			if !strings.Contains(list, "env: MEMORY_FILE_PATH="+filepath.Join(dir, "data", "notes.jsonl")) || strings.Contains(list, "secrets: env MEMORY_FILE_PATH") {
				t.Errorf("list after the edit:\n%s", list)
			}
		case c == settings:
			if !strings.Contains(out, "connection memory changed") || !strings.Contains(out, "9 unchanged") {
				t.Errorf("%s:\n%s", c, out)
			}
			if list, _ := runCLI(t, db, "connection", "list"); !strings.Contains(list, "settings: timeout 2m0s, restart backoff 1m0s") {
				t.Errorf("list after the settings:\n%s", list)
			}
		case c == remove:
			if !strings.Contains(out, "connection memory removed; 9 tools left the catalog and every roster") {
				t.Errorf("%s:\n%s", c, out)
			}
			if list, _ := runCLI(t, db, "connection", "list"); list != "no connections\n" {
				t.Errorf("list after the removal:\n%s", list)
			}
		}
	}
	// the edited file goes in the folder the add's lines made writable
	// for the server (a console running as root runs it as nobody)
	if a, e := memoryFileDir(t, readmeCommands(t, "console connection add memory")), memoryFileDir(t, []string{edit}); a != e {
		t.Errorf("the edit puts the memory file in %q, the add in %q, the folder made writable for the server", e, a)
	}
	if ran != 4 || edit == "" || settings == "" || remove == "" {
		t.Fatalf("ran %d of the README's add, edit, settings and remove commands (edit %q, settings %q, remove %q)", ran, edit, settings, remove)
	}
}

// memoryFileDir is the folder of the MEMORY_FILE_PATH the first of
// commands sets.
func memoryFileDir(t *testing.T, commands []string) string {
	t.Helper()
	for _, c := range commands {
		for _, f := range strings.Fields(c) {
			if v, ok := strings.CutPrefix(f, "MEMORY_FILE_PATH="); ok {
				return filepath.Dir(v)
			}
		}
	}
	t.Fatalf("no MEMORY_FILE_PATH in %q", commands)
	return ""
}
