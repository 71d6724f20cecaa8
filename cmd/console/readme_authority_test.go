package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeAuthorityExamples runs the README's sticky-invalidation and
// approval examples, exactly as written, with real curl, jq and the
// console binary against a running console, and holds each to the answer
// its comment shows.
func TestReadmeAuthorityExamples(t *testing.T) {
	needTools(t, "the README's authority examples", "curl", "jq", "bash", "go")
	bin := filepath.Dir(consoleBinary(t))
	dir, base, key := serveWithKey(t, "readme-authority", "--scope", "runtime", "--as", "admin")
	// the README's reviewer, added as it says: admin created the key, and
	// a key's creator never approves what its key filed
	add := exec.Command("bash", "-euo", "pipefail", "-c", readmeBlock(t, "| console user add rita"))
	add.Env = append(os.Environ(), "DATABASE_URL="+filepath.Join(dir, "s.db"), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
	if out, err := add.CombinedOutput(); err != nil {
		t.Fatalf("the README's user add rita: %v %s", err, out)
	}
	for _, marker := range []string{"revoked=$(curl", "ref=$(curl"} {
		block := readmeBlock(t, marker)
		_, want, ok := strings.Cut(block, "# ")
		if !ok {
			t.Fatalf("%s: the example shows no answer", marker)
		}
		script := strings.ReplaceAll(block, "localhost:8080", strings.TrimPrefix(base, "http://"))
		cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
		cmd.Env = append(os.Environ(), "KEY="+key, "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s: %v\n%s", marker, err, out)
		}
		if got := strings.TrimSpace(string(out)); got != strings.TrimSpace(want) {
			t.Errorf("%s: printed %s\nthe README says %s", marker, got, want)
		}
	}
}
