package main

import (
	"errors"
	"io"
	"net/http"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestReadmeAllowedOriginsExample runs the gateway page's
// --allowed-origins example as written: the console it starts serves a
// gateway request from the origin it lists and from no Origin at all (a
// client that is no browser), and refuses another origin 403 naming the
// header; a value that is not an origin stops the start, exit 2, naming
// the flag and the value.
func TestReadmeAllowedOriginsExample(t *testing.T) {
	cmds := readmeCommands(t, "console serve --allowed-origins ")
	if len(cmds) != 1 {
		t.Fatalf("the docs have %d --allowed-origins examples, want 1", len(cmds))
	}
	args, err := splitLine(cmds[0])
	if err != nil {
		t.Fatal(err)
	}
	allowed := args[len(args)-1]
	dir := t.TempDir()
	base := startServe(t, dir, args[2:]...)
	out, err := runCLI(t, filepath.Join(dir, "s.db"), "apikey", "create", "origins", "--scope", "runtime")
	if err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	key := regexp.MustCompile(`afc_[A-Za-z0-9_-]+`).FindString(out)
	post := func(origin string) (int, string) {
		body := `{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}`
		req, _ := http.NewRequest("POST", base+"/mcp/analyst", strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer "+key)
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("Accept", "application/json, text/event-stream")
		if origin != "" {
			req.Header.Set("Origin", origin)
		}
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer res.Body.Close()
		b, _ := io.ReadAll(res.Body)
		return res.StatusCode, string(b)
	}
	for _, o := range []string{"", allowed} {
		if status, body := post(o); status != http.StatusOK {
			t.Errorf("Origin %q: %d %.300s", o, status, body)
		}
	}
	if status, body := post("https://evil.example"); status != http.StatusForbidden || !strings.Contains(body, `"message":"Origin: `) {
		t.Errorf("another origin: %d %.300s", status, body)
	}
	_, err = runCLI(t, filepath.Join(t.TempDir(), "s.db"), "serve", "--addr", "127.0.0.1:0", "--allowed-origins", "localhost:6274")
	var ee *exitError
	if !errors.As(err, &ee) || ee.code != 2 || !strings.Contains(err.Error(), "--allowed-origins") || !strings.Contains(err.Error(), `"localhost:6274"`) {
		t.Errorf("a bad origin: %v", err)
	}
}
