package main

import (
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream"
)

// TestRootConsoleWithoutServerUserRefusesStdioServers: a console running
// as root whose default server user does not exist does not fall back to
// running its stdio servers as root: starting one is refused with an
// error naming CONSOLE_SERVER_USER and what to set it to.
func TestRootConsoleWithoutServerUserRefusesStdioServers(t *testing.T) {
	needRootConsole(t)
	old := defaultServerUser
	defaultServerUser = "no-such-user-rv2"
	t.Cleanup(func() {
		defaultServerUser = old
		_ = upstream.RunServersAs("")
		upstream.RefuseServers(nil)
	})
	if err := runServersAs(""); err != nil {
		t.Fatalf("serve itself is refused: %v", err)
	}
	refused := upstream.ServersRefused()
	if refused == nil || !strings.Contains(refused.Error(), "CONSOLE_SERVER_USER") || !strings.Contains(refused.Error(), "off") {
		t.Fatalf("refusal %v, want one naming CONSOLE_SERVER_USER and off", refused)
	}
	p := upstream.NewPool(nil)
	defer p.Close()
	_, err := p.Call(context.Background(), upstream.Spec{Name: "s", Command: []string{"/bin/true"}}, "x", json.RawMessage(`{}`))
	if err == nil || !strings.Contains(err.Error(), "CONSOLE_SERVER_USER") {
		t.Fatalf("a stdio server started: %v", err)
	}
	if upstream.RunningServersAs() != "" {
		t.Errorf("servers set to run as %q", upstream.RunningServersAs())
	}
}
