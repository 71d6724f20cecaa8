package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestConnectionDirCLI: `connection add --dir` runs a command server in
// that directory (it writes what pwd says there), list and show print it;
// a relative, missing or non-directory path, or a --dir for a URL
// server, is refused naming --dir and nothing is written; once the
// directory is gone an edit keeping it says how to clear it (--dir "").
func TestConnectionDirCLI(t *testing.T) {
	entry := memoryEntry(t)
	tmp := t.TempDir()
	db := filepath.Join(tmp, "c.db")
	mustMigrate(t, db)
	work := filepath.Join(tmp, "work")
	if err := os.Mkdir(work, 0o755); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(tmp, "file.txt")
	if err := os.WriteFile(file, []byte("x"), 0o600); err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"--command", "node " + entry, "--dir", "work"}, "--dir: \"work\" is not an absolute path"},
		{[]string{"--command", "node " + entry, "--dir", filepath.Join(tmp, "nope")}, "does not exist"},
		{[]string{"--command", "node " + entry, "--dir", file}, "is not a directory"},
		{[]string{"--url", "http://127.0.0.1:1/mcp", "--dir", work}, "--dir: a working directory is for command servers"},
	} {
		args := append(append([]string{"connection", "add", "mem"}, c.args...), "--as", "admin")
		out, err := runCLI(t, db, args...)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%v: got %v (%s), want %q", c.args, err, out, c.want)
		}
	}
	if out, _ := runCLI(t, db, "connection", "list"); !strings.Contains(out, "no connections") {
		t.Fatalf("a refused add was written:\n%s", out)
	}
	script := "pwd > where.txt; exec node " + entry
	out, err := runCLI(t, db, "connection", "add", "mem", "--command", "sh -c '"+script+"'", "--env-plain", "MEMORY_FILE_PATH="+filepath.Join(work, "memory.jsonl"), "--dir", work, "--as", "admin")
	if err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	where, err := os.ReadFile(filepath.Join(work, "where.txt"))
	if err != nil || strings.TrimSpace(string(where)) != work {
		t.Errorf("the server ran in %q (%v), want %s", where, err, work)
	}
	if list, _ := runCLI(t, db, "connection", "list"); !strings.Contains(list, "\tdir: "+work) {
		t.Errorf("list does not show the directory:\n%s", list)
	}
	if show, _ := runCLI(t, db, "connection", "show", "mem"); !strings.Contains(show, "dir:      "+work) {
		t.Errorf("show does not show the directory:\n%s", show)
	}
	// the directory gone: an edit keeping it is refused naming --dir and
	// the way out; `--dir ""` in the same edit clears it
	if err := os.RemoveAll(work); err != nil {
		t.Fatal(err)
	}
	if out, err := runCLI(t, db, "connection", "edit", "mem", "--env-plain", "MODE=x", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "--dir:") || !strings.Contains(err.Error(), "clear it") {
		t.Errorf("an edit keeping a vanished dir: %v (%s), want refused naming --dir and how to clear it", err, out)
	}
	if out, err := runCLI(t, db, "connection", "edit", "mem", "--env-plain", "MODE=x", "--command", "node "+entry, "--dir", "", "--as", "admin"); err != nil {
		t.Fatalf("edit --dir \"\": %v\n%s", err, out)
	}
	if list, _ := runCLI(t, db, "connection", "list"); strings.Contains(list, "dir:") {
		t.Errorf("a cleared directory is still listed:\n%s", list)
	}
}

// TestReadmeDirExample runs the README's --dir edit, as written, after
// its connection add: the published memory server is listed again and
// list shows the directory.
func TestReadmeDirExample(t *testing.T) {
	db, dir := runReadmeMemoryEdit(t, "--dir", "--dir")
	if list, _ := runCLI(t, db, "connection", "list"); !strings.Contains(list, "\tdir: "+dir) {
		t.Errorf("list after the edit, want dir: %s:\n%s", dir, list)
	}
}
