package main

import (
	"os"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeListsEveryCommand: every command and subcommand `console
// --help` lists has its line in the README's command list (the block of
// "## Command line"), so a reader of the README finds what --help offers.
// It lacked `connection show`, `runs load`, `backup` and `restore`.
func TestReadmeListsEveryCommand(t *testing.T) {
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	readme := string(b)
	start := strings.Index(readme, "\n## Command line\n")
	if start < 0 {
		t.Fatal("README has no Command line section")
	}
	section := readme[start+1:]
	if end := strings.Index(section, "\n## "); end >= 0 {
		section = section[:end]
	}
	sub := regexp.MustCompile(`^[a-z]+(\|[a-z]+)*$`)
	// each README line, and one per alternative of "a|b"
	var listed []string
	for _, l := range strings.Split(section, "\n") {
		if !strings.HasPrefix(l, "    console ") {
			continue
		}
		f := strings.Fields(l)
		listed = append(listed, strings.Join(f, " ")+" ")
		if len(f) > 2 && strings.Contains(f[2], "|") && sub.MatchString(f[2]) {
			for _, alt := range strings.Split(f[2], "|") {
				listed = append(listed, "console "+f[1]+" "+alt+" ")
			}
		}
	}
	_, cmds, _ := strings.Cut(usage, "commands:\n")
	cmds, _, _ = strings.Cut(cmds, "\n\n")
	n := 0
	for _, l := range strings.Split(cmds, "\n") {
		// the command is the line's first column (two spaces end it)
		name, _, _ := strings.Cut(strings.TrimSpace(l), "  ")
		f := strings.Fields(name)
		if len(f) == 0 {
			continue
		}
		wants := []string{"console " + f[0] + " "}
		if len(f) > 1 && sub.MatchString(f[1]) {
			wants = nil
			for _, s := range strings.Split(f[1], "|") {
				wants = append(wants, "console "+f[0]+" "+s+" ")
			}
		}
		for _, w := range wants {
			n++
			found := false
			for _, x := range listed {
				found = found || strings.HasPrefix(x, w)
			}
			if !found {
				t.Errorf("console --help lists %q; the README's command list has no line for it", strings.TrimSpace(w))
			}
		}
	}
	if n < 30 {
		t.Fatalf("read %d commands from the usage, want at least 30", n)
	}
}
