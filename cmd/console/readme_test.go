package main

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
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
	deadline := time.Now().Add(20 * time.Second)
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

// readmeCommands returns the README's indented shell examples that start
// with prefix, continuation lines joined.
func readmeCommands(t *testing.T, prefix string) []string {
	t.Helper()
	b, err := os.ReadFile("../../README.md")
	if err != nil {
		t.Fatal(err)
	}
	var cmds []string
	lines := strings.Split(string(b), "\n")
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

// TestReadmeAPIExample (finding 2) runs the README's curl examples,
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
	dir := t.TempDir()
	base := startServe(t, dir)
	keyOut, err := runCLI(t, filepath.Join(dir, "s.db"), "apikey", "create", "readme")
	if err != nil {
		t.Fatal(err)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(keyOut)
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
