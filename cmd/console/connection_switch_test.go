package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// memoryEntry is the published memory server's entry point under
// CONSOLE_MCP_NPM_DIR (in CI a missing package fails the test).
func memoryEntry(t *testing.T) string {
	t.Helper()
	return filepath.Join(memoryNpmDir(t), "node_modules/@modelcontextprotocol/server-memory/dist/index.js")
}

// memoryNpmDir is the npm folder holding the published memory server
// (CONSOLE_MCP_NPM_DIR, else the repository's .mcp-npm); in CI a missing
// package fails the test, elsewhere it skips it.
func memoryNpmDir(t *testing.T) string {
	t.Helper()
	npm := os.Getenv("CONSOLE_MCP_NPM_DIR")
	if npm == "" {
		npm, _ = filepath.Abs("../../.mcp-npm")
	}
	if _, err := os.Stat(filepath.Join(npm, "node_modules/@modelcontextprotocol/server-memory/package.json")); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("the memory server is not installed (.ci/run installs it): %v", err)
		}
		t.Skip("the memory server is not installed; run the npm install line of .ci/run")
	}
	return npm
}

// TestConnectionEditSwitchesTransportCLI: `connection edit --url` turns a
// command (stdio) connection into a URL one and `--command` turns it
// back; the secrets of the other kind, which the new transport cannot
// use, are dropped and the output and the audit name them (never a
// value); a switch to a server that does not answer changes nothing.
func TestConnectionEditSwitchesTransportCLI(t *testing.T) {
	entry := memoryEntry(t)
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db) // only serve, migrate and restore create one
	up := upstreamtest.New()
	defer up.Close()
	graph := filepath.Join(t.TempDir(), "memory.jsonl")
	if out, err := runCLI(t, db, "connection", "add", "mem", "--command", "node "+entry, "--env", "MEMORY_FILE_PATH="+graph, "--as", "admin"); err != nil {
		t.Fatalf("add: %v\n%s", err, out)
	}
	if out, err := runCLI(t, db, "connection", "edit", "mem", "--url", "http://127.0.0.1:1/mcp", "--as", "admin"); err == nil || !strings.Contains(err.Error(), "connection mem not changed") {
		t.Fatalf("a switch to a server that does not answer: %v\n%s", err, out)
	}
	if out, _ := runCLI(t, db, "connection", "list"); !strings.Contains(out, "mem\tstdio\tnode "+entry+"\tok\t9 tools") || !strings.Contains(out, "secrets: env MEMORY_FILE_PATH") {
		t.Fatalf("a refused switch changed the connection:\n%s", out)
	}
	out, err := runCLI(t, db, "connection", "edit", "mem", "--url", up.URL, "--header", "X-Api-Key=k-sw-4411", "--as", "admin")
	if err != nil || !strings.Contains(out, "connection mem changed: now a URL server; dropped env MEMORY_FILE_PATH (environment is for command servers)") ||
		!strings.Contains(out, "synced mem: 3 tools listed; 3 added, 0 changed, 9 removed") {
		t.Fatalf("switch to the URL: %v\n%s", err, out)
	}
	if up.Header().Get("X-Api-Key") != "k-sw-4411" {
		t.Errorf("the URL server got X-Api-Key %q", up.Header().Get("X-Api-Key"))
	}
	if out, _ := runCLI(t, db, "connection", "list"); !strings.Contains(out, "mem\thttp\t"+up.URL+"\tok\t3 tools") || !strings.Contains(out, "secrets: header X-Api-Key\n") || strings.Contains(out, "k-sw-4411") {
		t.Errorf("list after the switch:\n%s", out)
	}
	out, err = runCLI(t, db, "connection", "edit", "mem", "--command", "node "+entry, "--env", "MEMORY_FILE_PATH="+graph, "--as", "admin")
	if err != nil || !strings.Contains(out, "connection mem changed: now a command server; dropped header X-Api-Key (headers are for URL servers)") ||
		!strings.Contains(out, "synced mem: 9 tools listed; 9 added, 0 changed, 3 removed") {
		t.Fatalf("switch back to the command: %v\n%s", err, out)
	}
	store, err := models.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	evs, _, err := store.AuditEvents(context.Background(), models.AuditFilter{Subject: "connection:mem", PerPage: 50})
	store.Close()
	if err != nil {
		t.Fatal(err)
	}
	var b strings.Builder
	for _, e := range evs {
		b.WriteString(e.Action + " " + e.Detail + "\n")
	}
	audit := b.String()
	for _, w := range []string{"url, set header X-Api-Key, dropped env MEMORY_FILE_PATH", "command, set env MEMORY_FILE_PATH, dropped header X-Api-Key"} {
		if !strings.Contains(audit, w) {
			t.Errorf("the audit lacks %q:\n%s", w, audit)
		}
	}
	if strings.Contains(audit, "k-sw-4411") || strings.Contains(audit, graph) {
		t.Errorf("a secret value is in the audit:\n%s", audit)
	}
}
