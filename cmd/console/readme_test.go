package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"
)

// startServe runs `console serve` on a loopback port against a SQLite file
// in dir and returns its base URL; the server stops when the test ends.
func startServe(t *testing.T, dir string, args ...string) string {
	t.Helper()
	t.Setenv("DATABASE_URL", filepath.Join(dir, "s.db"))
	t.Setenv("CONSOLE_ADMIN_PASSWORD", "admin-password-1")
	out, _ := os.Create(filepath.Join(dir, "serve.out"))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- run(ctx, append([]string{"serve", "--addr", "127.0.0.1:0"}, args...), out, out) }()
	t.Cleanup(func() {
		cancel()
		select {
		case <-done:
		case <-time.After(25 * time.Second):
			t.Error("serve did not shut down")
		}
		out.Close()
	})
	deadline := time.Now().Add(time.Minute) // a first start under -race on a loaded machine
	for time.Now().Before(deadline) {
		b, _ := os.ReadFile(out.Name())
		if i := strings.Index(string(b), "Sign in at "); i >= 0 {
			return strings.TrimSuffix(strings.Fields(string(b)[i+len("Sign in at "):])[0], "/login")
		}
		time.Sleep(50 * time.Millisecond)
	}
	t.Fatal("serve did not start")
	return ""
}

// runDocs are the documents whose examples the tests run, in reading
// order: the README, then the gateway page its gateway section links to.
var runDocs = []string{"../../README.md", "../../docs/gateway.md"}

// readmeText returns the documents of runDocs, one after the other,
// separated by a blank line so no example block runs across two.
func readmeText(t *testing.T) string {
	t.Helper()
	var text []string
	for _, f := range runDocs {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		text = append(text, string(b))
	}
	return strings.Join(text, "\n\n")
}

// readmeCommands returns the indented shell examples of the README and
// docs/gateway.md that start with prefix, continuation lines joined.
func readmeCommands(t *testing.T, prefix string) []string {
	t.Helper()
	var cmds []string
	lines := strings.Split(readmeText(t), "\n")
	for i := 0; i < len(lines); i++ {
		l := strings.TrimSpace(lines[i])
		if !strings.HasPrefix(lines[i], "    ") || !strings.HasPrefix(l, prefix) {
			continue
		}
		cmd := l
		for strings.HasSuffix(cmd, "\\") && i+1 < len(lines) {
			i++
			cmd = strings.TrimSuffix(cmd, "\\") + " " + strings.TrimSpace(lines[i])
		}
		cmds = append(cmds, cmd)
	}
	return cmds
}

// TestReadmeAPIExample runs the README's curl examples,
// exactly as written, with real curl against a running console: curl -d
// declares a form body, and the API must still read it as JSON.
func TestReadmeAPIExample(t *testing.T) {
	curl, err := exec.LookPath("curl")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("curl is missing: the README's API example cannot be run")
		}
		t.Skip("curl not installed")
	}
	_, base, key := serveWithKey(t, "readme")
	cmds := readmeCommands(t, "curl ")
	if len(cmds) == 0 {
		t.Fatal("the README has no curl example")
	}
	host := strings.TrimPrefix(base, "http://")
	for _, c := range cmds {
		c = strings.ReplaceAll(c, "localhost:8080", host)
		cmd := exec.Command("sh", "-c", strings.Replace(c, "curl ", curl+" --fail-with-body ", 1))
		cmd.Env = append(os.Environ(), "KEY="+key)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("%s\n%v\n%s", c, err, out)
		}
		var res struct {
			Agent  string `json:"agent"`
			Digest string `json:"digest"`
			Text   string `json:"text"`
		}
		if err := json.Unmarshal(out, &res); err != nil || res.Digest == "" || res.Text == "" {
			t.Fatalf("%s: not a composition: %v\n%.300s", c, err, out)
		}
	}
}

// readmeBlock returns the indented example block of the README or
// docs/gateway.md that contains marker, its lines unindented.
func readmeBlock(t *testing.T, marker string) string {
	t.Helper()
	var block []string
	flush := func() string {
		s := strings.Join(block, "\n")
		block = block[:0]
		if strings.Contains(s, marker) {
			return s
		}
		return ""
	}
	for _, l := range strings.Split(readmeText(t), "\n") {
		if strings.HasPrefix(l, "    ") {
			block = append(block, strings.TrimPrefix(l, "    "))
			continue
		}
		if s := flush(); s != "" {
			return s
		}
	}
	if s := flush(); s != "" {
		return s
	}
	t.Fatalf("neither the README nor docs/gateway.md has an example block with %q", marker)
	return ""
}

// TestReadmeRunWalkthrough runs the README's deferred-run walk-through,
// exactly as written, with real curl and jq against a running console: a
// first step teaches only what is callable, a call before any search is
// search_required, the search's receipt activates the tool in the next
// step after the same prefix, and the call is then active.
func TestReadmeRunWalkthrough(t *testing.T) {
	needTools(t, "the README's run walk-through", "curl", "jq", "bash")
	_, base, key := serveWithKey(t, "readme-runs", "--scope", "runtime")
	script := strings.ReplaceAll(readmeBlock(t, "/api/v1/runs/"), "localhost:8080", strings.TrimPrefix(base, "http://"))
	cmd := exec.Command("bash", "-euo", "pipefail", "-c", script)
	cmd.Env = append(os.Environ(), "KEY="+key)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	t.Logf("%s", out)
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines printed, want 5:\n%s", len(lines), out)
	}
	var step0, step1 struct {
		Active       []string `json:"active"`
		PrefixTokens int      `json:"prefix_tokens"`
	}
	var blocked, allowed struct{ Status, Message string }
	var hits []string
	for i, v := range []any{&step0, &blocked, &hits, &step1, &allowed} {
		if err := json.Unmarshal([]byte(lines[i]), v); err != nil {
			t.Fatalf("line %d %q: %v", i+1, lines[i], err)
		}
	}
	has := func(l []string, s string) bool {
		for _, x := range l {
			if x == s {
				return true
			}
		}
		return false
	}
	switch {
	case len(step0.Active) == 0 || has(step0.Active, "render_chart") || step0.PrefixTokens == 0:
		t.Errorf("first step: %+v", step0)
	case blocked.Status != "search_required" || !strings.Contains(blocked.Message, "search_tools"):
		t.Errorf("call before the search: %+v", blocked)
	case !has(hits, "render_chart"):
		t.Errorf("search hits %v", hits)
	case !has(step1.Active, "render_chart") || step1.PrefixTokens != step0.PrefixTokens:
		t.Errorf("step with the receipt: %+v (first step %+v)", step1, step0)
	case allowed.Status != "active":
		t.Errorf("call after the search: %+v", allowed)
	}
}

// readmeMemoryLine is a README connection example made runnable here: the
// memory server installed under npm in place of the README's
// $PWD/mcp/node_modules, and dir as the folder the console runs in ($PWD).
func readmeMemoryLine(c, npm, dir string) string {
	line := strings.ReplaceAll(c, "$PWD/mcp/node_modules", npm+"/node_modules")
	return strings.ReplaceAll(line, "$PWD", dir)
}

// TestReadmeServerPathsAreAbsolute: the README says to give a server's
// files an absolute path, since a stdio server runs in the console's
// working directory; its connection examples do so themselves: every
// path in a --command, an --env or --env-plain value and a --dir starts
// with / or $PWD/.
func TestReadmeServerPathsAreAbsolute(t *testing.T) {
	n := 0
	for _, c := range readmeCommands(t, "console connection ") {
		args, err := splitLine(c)
		if err != nil {
			t.Fatal(err)
		}
		for i := 0; i+1 < len(args); i++ {
			var paths []string
			switch args[i] {
			case "--command":
				paths = strings.Fields(args[i+1])[1:]
			case "--env", "--env-plain":
				_, v, _ := strings.Cut(args[i+1], "=")
				paths = []string{v}
			case "--dir":
				paths = []string{args[i+1]}
			}
			for _, p := range paths {
				if !strings.Contains(p, "/") {
					continue
				}
				n++
				if !strings.HasPrefix(p, "/") && !strings.HasPrefix(p, "$PWD/") {
					t.Errorf("README: %s\n  %s %q is relative; the README asks for an absolute path ($PWD/…)", c, args[i], p)
				}
			}
		}
	}
	if n == 0 {
		t.Fatal("no path in the README's connection examples")
	}
}

// runReadmeMemoryEdit runs, as written, the README's "connection add
// memory" and its "connection edit memory <flag>" command (named what in
// a failure) on a new database, and returns the database and the
// directory the README's paths stand in.
func runReadmeMemoryEdit(t *testing.T, flag, what string) (db, dir string) {
	t.Helper()
	npm := memoryNpmDir(t)
	dir = t.TempDir()
	db = filepath.Join(dir, "s.db")
	mustMigrate(t, db)
	ran := 0
	for _, c := range readmeCommands(t, "console connection ") {
		if !strings.HasPrefix(c, "console connection add memory") && !strings.HasPrefix(c, "console connection edit memory "+flag) {
			continue
		}
		args, err := splitLine(readmeMemoryLine(c, npm, dir))
		if err != nil {
			t.Fatal(err)
		}
		out, err := runCLI(t, db, args[1:]...)
		if err != nil {
			t.Fatalf("%s: %v\n%s", c, err, out)
		}
		ran++
	}
	if ran != 2 {
		t.Fatalf("ran %d of the README's add and %s commands, want 2", ran, what)
	}
	return db, dir
}
