package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeStandsAlone: what users read — the README, docs/
// and the console's pages — cites no document outside the repository
// (the design notes and conventions of the team's shared folder); the
// user-facing rules live in the README or under docs/.
func TestReadmeStandsAlone(t *testing.T) {
	root := filepath.Join("..", "..")
	files := []string{filepath.Join(root, "README.md")}
	for _, pattern := range []string{"docs/*.md", "docs/*/*.md", "views/*.templ"} {
		m, err := filepath.Glob(filepath.Join(root, pattern))
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, m...)
	}
	if len(files) < 5 {
		t.Fatalf("found only %v", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, outside := range []string{"DESIGN.md", "CONVENTIONS.md", "../shared", "DESIGN §"} {
				if strings.Contains(line, outside) {
					t.Errorf("%s:%d cites %q, which is not in the repository: %s", f, i+1, outside, strings.TrimSpace(line))
				}
			}
		}
	}
}
