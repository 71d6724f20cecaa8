package main

import (
	"bufio"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/catalog"
)

// runSplit runs a command line with stdout and stderr captured apart.
func runSplit(t *testing.T, db string, args ...string) (stdout, stderr string, err error) {
	t.Helper()
	t.Setenv("DATABASE_URL", db)
	if _, set := os.LookupEnv("CONSOLE_ACTOR"); !set {
		t.Setenv("CONSOLE_ACTOR", "admin") // as runCLI
	}
	dir := t.TempDir()
	out, _ := os.Create(filepath.Join(dir, "out"))
	errf, _ := os.Create(filepath.Join(dir, "err"))
	err = run(context.Background(), args, out, errf)
	out.Close()
	errf.Close()
	o, _ := os.ReadFile(out.Name())
	e, _ := os.ReadFile(errf.Name())
	return string(o), string(e), err
}

// TestCatalogRender: render prints exactly the rendered contracts of the
// file in the chosen form, stores nothing, and sends a refused file's
// problems (tool, path, keyword) to stderr with exit 1.
func TestCatalogRender(t *testing.T) {
	db := filepath.Join(t.TempDir(), "never.db")
	fixture := "../../catalog/testdata/github-mcp-server.tools.json"
	raw, err := os.ReadFile(fixture)
	if err != nil {
		t.Fatal(err)
	}
	cs, ps := catalog.Parse(catalog.FormatMCP, raw, "github")
	if len(ps) > 0 {
		t.Fatal(ps)
	}
	for _, form := range []string{catalog.FormFull, catalog.FormCompact} {
		out, stderr, err := runSplit(t, db, "catalog", "render", fixture, "--format", "mcp", "--namespace", "github", "--form", form)
		// stderr holds only the leak check's findings (the import preview's)
		if err != nil || onlyLeakLines(stderr) != "" {
			t.Fatalf("%s: %v %s", form, err, stderr)
		}
		if out != catalog.RenderRoster(cs, form) {
			t.Errorf("%s: output is not the %s rendering of the file", form, form)
		}
	}
	if _, err := os.Stat(db); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("render touched the database: %v", err)
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"tools":[{"name":"x","description":"d","inputSchema":{"type":"object","required":["ghost"],"properties":{"a":{"type":"string","description":"A","readOnly":"yes"}}}}]}`), 0o644)
	out, stderr, err := runSplit(t, db, "catalog", "render", bad, "--format", "mcp", "--namespace", "s")
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 1 || out != "" {
		t.Fatalf("refused file: %v stdout=%q", err, out)
	}
	for _, want := range []string{"x: inputSchema.a.readOnly: must be true or false", `x: inputSchema.required: names "ghost"`} {
		if !strings.Contains(stderr, want) {
			t.Errorf("stderr lacks %q:\n%s", want, stderr)
		}
	}
	_, _, err = runSplit(t, db, "catalog", "render", fixture, "--format", "mcp", "--namespace", "github", "--form", "tiny")
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "--form") {
		t.Errorf("bad --form: %v", err)
	}
}

// TestReadmeCatalogRenderExamples runs every `console catalog render`
// example of the README from the repository root, and checks that the
// command summary's alternatives are each exercised by an example.
func TestReadmeCatalogRenderExamples(t *testing.T) {
	f, err := os.Open("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	db := filepath.Join(t.TempDir(), "never.db")
	var summary string
	examples := 0
	seen := map[string]bool{}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if !strings.HasPrefix(line, "console catalog render ") {
			continue
		}
		if strings.Contains(line, "FILE") {
			summary = line
			continue
		}
		args := strings.Fields(line)[1:]
		args[2] = filepath.Join("../..", args[2])
		out, stderr, err := runSplit(t, db, args...)
		if err != nil || onlyLeakLines(stderr) != "" || !strings.HasSuffix(out, "\n") {
			t.Errorf("README example %q: %v %s", line, err, stderr)
		}
		examples++
		for i, a := range args {
			if (a == "--format" || a == "--form") && i+1 < len(args) {
				seen[a+" "+args[i+1]] = true
			}
		}
		if !strings.Contains(line, "--form") {
			seen["--form full"] = true // the default
		}
	}
	if summary == "" || examples == 0 {
		t.Fatalf("README has no catalog render summary or example")
	}
	for _, alt := range []string{"--format native", "--format mcp", "--format openai", "--form full", "--form compact"} {
		if !strings.Contains(summary, strings.Fields(alt)[1]) || !seen[alt] {
			t.Errorf("README: %s is in the summary but no example runs it", alt)
		}
	}
}

// onlyLeakLines is stderr less the leak check's findings (render puts the
// import preview's findings there).
func onlyLeakLines(stderr string) string {
	var rest []string
	for _, l := range strings.Split(stderr, "\n") {
		if l != "" && !strings.HasPrefix(l, "leak: ") {
			rest = append(rest, l)
		}
	}
	return strings.Join(rest, "\n")
}
