package web

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestUpstreamFailuresLogNoServerText: arguments are never
// logged, and a server's error text may repeat them ("Command failed:
// kubectl get pods -n default"): a failed call is logged by its class,
// and a server's error answer not at all (the run's evidence has it).
func TestUpstreamFailuresLogNoServerText(t *testing.T) {
	for _, err := range []error{
		fmt.Errorf("calling %q: Command failed: kubectl get pods -n secret-ns: %w", "tools/call", context.DeadlineExceeded),
		errors.New("Command failed: kubectl get pods -n secret-ns"),
	} {
		if c := failureClass(err); strings.Contains(c, "secret-ns") || c == "" {
			t.Errorf("class %q of %v", c, err)
		}
	}
	var logs lockedBuffer
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) {
		c.Logger = slog.New(slog.NewTextHandler(&logs, &slog.HandlerOptions{Level: slog.LevelInfo}))
	})
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	msg := "Command failed: kubectl get pods -n secret-ns"
	up.Fail.Store(&msg)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil); !isErr || !strings.Contains(text, msg) {
		t.Fatalf("the error answer: %q", text)
	}
	if strings.Contains(logs.String(), "secret-ns") {
		t.Errorf("the server's error text reached the log:\n%s", logs.String())
	}
}
