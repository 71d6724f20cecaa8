package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"testing"
)

// needTools skips the test when one of tools is not installed, or fails
// it on CI (where every README example must run), saying that what
// cannot be run.
func needTools(t *testing.T, what string, tools ...string) {
	t.Helper()
	for _, tool := range tools {
		if _, err := exec.LookPath(tool); err != nil {
			if os.Getenv("CI") == "true" {
				t.Fatalf("%s is missing: %s cannot be run", tool, what)
			}
			t.Skipf("%s not installed", tool)
		}
	}
}

// serveWithKey starts console serve on a new database in a temporary
// directory and creates an API key with the apikey create arguments
// given after its name; it returns the directory, the console's base URL
// and the key.
func serveWithKey(t *testing.T, name string, args ...string) (dir, base, key string) {
	t.Helper()
	dir = t.TempDir()
	base = startServe(t, dir)
	out, err := runCLI(t, filepath.Join(dir, "s.db"), append([]string{"apikey", "create", name}, args...)...)
	if err != nil {
		t.Fatal(err)
	}
	return dir, base, regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
}
