package main

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestReadmeImportToolByToolExamples runs the README's tool-by-tool
// examples ("$ console catalog validate catalog/testdata/readme/…")
// from the repository root and holds each one's output, line for line,
// to the lines the README shows under it (stdout, stderr, and the
// "console: " line of a failed command, as a terminal shows them).
func TestReadmeImportToolByToolExamples(t *testing.T) {
	raw, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(raw), "\n")
	db := filepath.Join(t.TempDir(), "never.db")
	examples := 0
	for i := 0; i < len(lines); i++ {
		cmd, ok := strings.CutPrefix(lines[i], "    $ console catalog ")
		if !ok || !strings.Contains(cmd, "testdata/readme/") {
			continue
		}
		var want []string
		for i+1 < len(lines) && strings.HasPrefix(lines[i+1], "    ") && !strings.HasPrefix(lines[i+1], "    $ ") {
			i++
			want = append(want, strings.TrimPrefix(lines[i], "    "))
		}
		args := append([]string{"catalog"}, strings.Fields(cmd)...)
		args[2] = filepath.Join("../..", args[2])
		out, stderr, err := runSplit(t, db, args...)
		got := out + stderr
		var ee *exitError
		if errors.As(err, &ee) {
			got += "console: " + ee.Error() + "\n"
			if ee.code != 1 {
				t.Errorf("%s: exit %d", cmd, ee.code)
			}
		} else if err != nil {
			t.Errorf("%s: %v", cmd, err)
		}
		got = strings.ReplaceAll(got, "../../", "")
		if strings.TrimSuffix(got, "\n") != strings.Join(want, "\n") {
			t.Errorf("README example %q prints\n%s\nthe README shows\n%s", cmd, got, strings.Join(want, "\n"))
		}
		if strings.Contains(cmd, "--strict") != (err != nil) {
			t.Errorf("%s: exit status %v", cmd, err)
		}
		examples++
	}
	if examples < 2 {
		t.Fatalf("found %d tool-by-tool examples in the README", examples)
	}
}
