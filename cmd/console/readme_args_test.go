package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeArgumentsExample runs the README's arguments example, exactly
// as written, with real curl and jq against a running console, and holds
// its output to the answer the README's comment shows.
func TestReadmeArgumentsExample(t *testing.T) {
	for _, tool := range []string{"curl", "jq", "bash"} {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing: the README's arguments example cannot be run", tool)
			}
			t.Skipf("%s not installed", tool)
		}
	}
	dir := t.TempDir()
	base := startServe(t, dir)
	keyOut, err := runCLI(t, filepath.Join(dir, "s.db"), "apikey", "create", "readme-args", "--scope", "runtime")
	if err != nil {
		t.Fatal(err)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(keyOut)
	block := readmeBlock(t, `"arguments":`)
	_, want, ok := strings.Cut(block, "# ")
	if !ok {
		t.Fatal("the example shows no answer")
	}
	script := strings.ReplaceAll(block, "localhost:8080", strings.TrimPrefix(base, "http://"))
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), "KEY="+key)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); got != strings.TrimSpace(want) {
		t.Errorf("printed %s\nthe README says %s", got, want)
	}
}
