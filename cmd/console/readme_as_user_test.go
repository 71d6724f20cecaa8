package main

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// readmeConsoleLines returns every `console …` command the README and
// docs/gateway.md show: the indented examples (also after a pipe or a
// "$ " prompt) and the commands quoted in the prose, a quote wrapped
// across lines joined as a reader copies it.
func readmeConsoleLines(t *testing.T) []string {
	t.Helper()
	text := readmeText(t)
	var cmds []string
	inExample := regexp.MustCompile(`(?:^\s*(?:\$ )?|\|\s*)(console [^|;&)#]*)`)
	for _, l := range strings.Split(text, "\n") {
		if !strings.HasPrefix(l, "    ") {
			continue
		}
		for _, m := range inExample.FindAllStringSubmatch(l, -1) {
			cmds = append(cmds, strings.TrimSpace(m[1]))
		}
	}
	inProse := regexp.MustCompile("`(console [^`]+)`")
	for _, m := range inProse.FindAllStringSubmatch(text, -1) {
		cmds = append(cmds, strings.Join(strings.Fields(m[1]), " "))
	}
	return cmds
}

// TestReadmeCommandsNameTheirUser: a user copying a README command has no
// CONSOLE_ACTOR set, so every command the README shows (examples and
// commands quoted in the prose alike) that declares --as and is shown
// without it is run here as written, from the repository root, with no
// CONSOLE_ACTOR: none may be refused for want of a user. The tests that
// run README lines set CONSOLE_ACTOR for their own commands, which hid an
// import line without --as.
func TestReadmeCommandsNameTheirUser(t *testing.T) {
	db := filepath.Join(t.TempDir(), "s.db")
	mustMigrate(t, db)
	t.Setenv("CONSOLE_ACTOR", "")
	cmds := readmeConsoleLines(t)
	t.Chdir("../..")
	declares := map[string]bool{}
	takesAs := func(words []string) bool {
		key := strings.Join(words, " ")
		if v, ok := declares[key]; ok {
			return v
		}
		f, err := os.CreateTemp(t.TempDir(), "help")
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		stderr := os.Stderr
		os.Stderr = f // the flag package prints a command's usage there
		_ = run(context.Background(), append(append([]string{}, words...), "--help"), f, f)
		os.Stderr = stderr
		b, _ := os.ReadFile(f.Name())
		declares[key] = strings.Contains(string(b), "Usage of ") && strings.Contains(string(b), "\n  -as ")
		return declares[key]
	}
	word := regexp.MustCompile(`^[a-z][a-z-]*$`)
	placeholder := regexp.MustCompile(`(^| )[A-Z][A-Z0-9_]+( |$)|[\[…(<$]`)
	ran := 0
	for _, c := range cmds {
		f := strings.Fields(c)[1:]
		if len(f) < 2 || !word.MatchString(f[0]) || regexp.MustCompile(`^[a-z]+( [a-z]+)*$`).MatchString(strings.Join(f, " ")) || placeholder.MatchString(c) || regexp.MustCompile(`(^| )--as( |=|$)`).MatchString(c) {
			continue // a command's bare name, a synopsis, or one naming its user
		}
		if !takesAs(f[:1]) && !takesAs(f[:2]) {
			continue
		}
		args, err := splitLine(c)
		if err != nil {
			t.Fatalf("%s: %v", c, err)
		}
		out, err := runCLI(t, db, args[1:]...)
		ran++
		if err != nil && strings.Contains(err.Error(), "--as USER") && strings.Contains(err.Error(), "is required") {
			t.Errorf("README: `%s` fails for a reader (no CONSOLE_ACTOR): %v\n%s", c, err, out)
		}
	}
	if ran == 0 {
		t.Fatal("ran no README command shown without --as")
	}
}

// TestReadmeScriptsSayTheyNeedJq: an example that pipes into jq says so
// in the paragraph that introduces it, so a reader without jq knows why
// it fails before running it.
func TestReadmeScriptsSayTheyNeedJq(t *testing.T) {
	var prose, block []string
	n, blank := 0, false
	check := func() {
		if strings.Contains(strings.Join(block, "\n"), "| jq ") {
			n++
			if !strings.Contains(strings.Join(prose, " "), "`jq`") {
				t.Errorf("README: the example starting %q uses jq; the paragraph before it does not say it needs `jq`", block[0])
			}
		}
		block = block[:0]
	}
	for _, l := range strings.Split(readmeText(t), "\n") {
		switch {
		case strings.HasPrefix(l, "    "):
			block = append(block, strings.TrimSpace(l))
		case strings.TrimSpace(l) == "":
			blank = true
		default:
			if len(block) > 0 {
				check()
			}
			if blank {
				prose = prose[:0]
			}
			blank = false
			prose = append(prose, l)
		}
	}
	check()
	if n == 0 {
		t.Fatal("no README example uses jq")
	}
}
