package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/models/modelstest"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayResultTooLargeIsItsOwnType: a
// result over the ceiling is result_too_large naming the ceiling in its
// message and in error.ceiling_bytes, never result_schema_mismatch (a
// client branching on the type would look for a schema problem); a
// result under it passes.
func TestGatewayResultTooLargeIsItsOwnType(t *testing.T) {
	h := newHarnessWith(t, modelstest.Dialect{Name: models.DialectSQLite}, func(c *Config) { c.ResultCeiling = 120 })
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	if text, isErr := call(t, cs, "demo.echo", map[string]any{"text": strings.Repeat("a", 20)}, nil); isErr {
		t.Fatalf("a result under the ceiling: %s", text)
	}
	text, isErr := call(t, cs, "demo.echo", map[string]any{"text": strings.Repeat("a", 100)}, nil)
	var e struct {
		Error struct {
			Type    string `json:"type"`
			Message string `json:"message"`
			Ceiling int    `json:"ceiling_bytes"`
		} `json:"error"`
	}
	_ = json.Unmarshal([]byte(text), &e)
	if !isErr || e.Error.Type != typeResultTooLarge || e.Error.Ceiling != 120 || !strings.Contains(e.Error.Message, "at most 120") {
		t.Errorf("a result over the ceiling: %s", text)
	}
}
