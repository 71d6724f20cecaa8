package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// exampleLines are the README's and docs/gateway.md's example lines
// (indented four spaces or more), in reading order, unindented.
func exampleLines(t *testing.T) []string {
	t.Helper()
	var out []string
	for _, l := range strings.Split(readmeText(t), "\n") {
		if strings.HasPrefix(l, "    ") && strings.TrimSpace(l) != "" {
			out = append(out, strings.TrimSpace(l))
		}
	}
	return out
}

// TestReadmeExamplesRunInTheOrderGiven: a new user runs the README's
// examples from the top, as written: the quick start builds the binary
// and puts it on PATH before any example runs `console`, every example
// then runs it as `console` (never ./console or a path to it), `$KEY`
// is made before an example reads it, and rita is added before an
// example acts as her.
func TestReadmeExamplesRunInTheOrderGiven(t *testing.T) {
	lines := exampleLines(t)
	first := func(re string) int {
		for i, l := range lines {
			if regexp.MustCompile(re).MatchString(l) {
				return i
			}
		}
		return -1
	}
	build, path := first(`^go build -o bin/console \./cmd/console$`), first(`^export PATH="\$PWD/bin:\$PATH"$`)
	if build < 0 || path != build+1 {
		t.Fatalf("the README's first example block does not build bin/console and put $PWD/bin on PATH (lines %d, %d)", build, path)
	}
	for _, c := range []struct{ use, made, what string }{
		{`(^|[;|(&]\s*)console `, `^export PATH="\$PWD/bin:\$PATH"$`, "the console on PATH"},
		{`\$KEY\b`, `^KEY=\$\(console apikey create `, "KEY"},
		{`--as rita\b`, `(^|\|\s*)console user add rita `, "the user rita"},
	} {
		if u, m := first(c.use), first(c.made); m < 0 || u < m {
			t.Errorf("an example uses %s (%q) before the example that makes it (%d)", c.what, lines[max(u, 0)], m)
		}
	}
	for _, l := range lines {
		if regexp.MustCompile(`(^|[\s;|(&])(\./console|bin/console|\./cmd/console/console)\b`).MatchString(l) && !strings.HasPrefix(l, "go build ") {
			t.Errorf("an example runs the console by a path, not as console on PATH: %s", l)
		}
		if strings.Contains(l, "go run ./cmd/console") {
			t.Errorf("an example runs the console with go run, not as console on PATH: %s", l)
		}
	}
}

// TestReadmeQuickStartRuns runs the quick start's build block, then its
// key block, verbatim in one bash from the repository's folder, as a new
// user types them (against a database made here): `console` resolves to
// the binary just built, and KEY holds a runtime key.
func TestReadmeQuickStartRuns(t *testing.T) {
	needTools(t, "the README's quick start", "bash", "go")
	db := filepath.Join(t.TempDir(), "console.db")
	mustMigrate(t, db)
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	script := readmeBlock(t, "go build -o bin/console") + "\n" + readmeBlock(t, "KEY=$(console apikey create") +
		"\ncommand -v console\necho \"$KEY\"\nconsole apikey list\n"
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Dir = root
	cmd.Env = append(os.Environ(), "DATABASE_URL="+db)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	got := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(got) < 3 || got[0] != filepath.Join(root, "bin", "console") || !regexp.MustCompile(`^afc_[A-Za-z0-9_-]+$`).MatchString(got[1]) ||
		!strings.Contains(string(out), "examples") || !strings.Contains(string(out), "runtime") {
		t.Errorf("the quick start printed:\n%s\nwant the built console on PATH, a key in KEY, and the key listed as a runtime key", out)
	}
}
