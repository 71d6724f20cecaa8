package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/instruction/meter"
)

// TestReadmeHintsExamples runs the README's `console catalog hints`
// lines as written: --add keeps the tool's hints and adds the new ones,
// --set replaces them. The README's console --help line runs too.
func TestReadmeHintsExamples(t *testing.T) {
	db := filepath.Join(t.TempDir(), "hints.db")
	if out, err := runCLI(t, db, "migrate"); err != nil {
		t.Fatalf("migrate: %v\n%s", err, out)
	}
	hintsOf := func() []string {
		t.Helper()
		store, _, err := openStore(context.Background(), meter.New(10000))
		if err != nil {
			t.Fatal(err)
		}
		defer store.Close()
		tl, err := store.ToolByID(context.Background(), "web_fetch")
		if err != nil {
			t.Fatal(err)
		}
		c, err := tl.Parsed()
		if err != nil {
			t.Fatal(err)
		}
		return c.SearchHints
	}
	before := hintsOf()
	if len(before) == 0 {
		t.Fatal("web_fetch has no built-in hints: the add example proves nothing")
	}
	var cmds []string
	for _, c := range readmeCommands(t, "console catalog hints ") {
		if !strings.Contains(c, "TOOL") { // not the synopsis
			cmds = append(cmds, c)
		}
	}
	if len(cmds) != 4 || !strings.Contains(cmds[0], "--add") || !strings.Contains(cmds[3], "--set") {
		t.Fatalf("README hints examples changed: %q", cmds)
	}
	runLine := func(line string) string {
		t.Helper()
		args := shellWords(line)[1:]
		out, err := runCLI(t, db, args...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", line, err, out)
		}
		return out
	}
	for _, line := range cmds[:3] {
		runLine(line)
	}
	after := hintsOf()
	for _, h := range before {
		if !containsFold(after, h) {
			t.Errorf("--add dropped the hint %q: %q", h, after)
		}
	}
	for _, h := range []string{"pull in a page", "grab a site"} {
		if !containsFold(after, h) {
			t.Errorf("--add did not add %q: %q", h, after)
		}
	}
	out := runLine(cmds[3])
	id := strings.Fields(strings.SplitN(out, "hint proposal ", 2)[1])[0]
	runLine("console catalog hints web_fetch --approve " + id + " --as admin")
	if got := hintsOf(); len(got) != 2 || got[0] != "open url" || got[1] != "read a web page" {
		t.Errorf("--set did not replace the hints: %q", got)
	}
	if help := readmeCommands(t, "console --help"); len(help) != 1 || !strings.Contains(runLine(help[0]), "catalog hints TOOL") {
		t.Errorf("README console --help: %q", help)
	}
}

func containsFold(list []string, s string) bool {
	for _, x := range list {
		if strings.EqualFold(x, s) {
			return true
		}
	}
	return false
}
