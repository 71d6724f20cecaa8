package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmePlainEnvExample runs the README's --env-plain edit, as
// written, after its connection add: the published memory server is
// listed again with the variable moved from the secrets to the plain
// environment, which list and show print in clear; a name read as a
// secret's is refused as plain and nothing is written.
func TestReadmePlainEnvExample(t *testing.T) {
	db, dir := runReadmeMemoryEdit(t, "--unset-env", "--env-plain")
	want := "env: MEMORY_FILE_PATH=" + filepath.Join(dir, "data", "memory.jsonl")
	list, _ := runCLI(t, db, "connection", "list")
	if !strings.Contains(list, want) || strings.Contains(list, "secrets: env MEMORY_FILE_PATH") {
		t.Errorf("list after the edit, want %q and no secret:\n%s", want, list)
	}
	show, _ := runCLI(t, db, "connection", "show", "memory")
	if !strings.Contains(show, "env:      MEMORY_FILE_PATH=") {
		t.Errorf("show after the edit:\n%s", show)
	}
	out, err := runCLI(t, db, "connection", "edit", "memory", "--env-plain", "API_TOKEN=abc", "--as", "admin")
	if err == nil || !strings.Contains(err.Error(), "--env-plain") || !strings.Contains(err.Error(), "--env") {
		t.Errorf("a secret's name as plain: %v\n%s", err, out)
	}
	if list2, _ := runCLI(t, db, "connection", "list"); strings.Contains(list2, "API_TOKEN") {
		t.Errorf("a refused edit was written:\n%s", list2)
	}
}
