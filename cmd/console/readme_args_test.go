package main

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestReadmeArgumentsExample runs the README's arguments example, exactly
// as written, with real curl and jq against a running console, and holds
// its output to the answer the README's comment shows.
func TestReadmeArgumentsExample(t *testing.T) {
	needTools(t, "the README's arguments example", "curl", "jq", "bash")
	_, base, key := serveWithKey(t, "readme-args", "--scope", "runtime")
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
