package web

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestDefaultOfLineSpacing: the profile page read "Default profile
// of:no agent— an agent's ...": the space after the colon and the one
// before the dash were lost.
func TestDefaultOfLineSpacing(t *testing.T) {
	h := sqliteOnly(t)
	_, d := h.login("admin", adminPassword).get("/profiles/web-research")
	// a browser shows runs of blanks as one
	if got := strings.Join(strings.Fields(d.Find(`[data-testid="default-of"]`).Text()), " "); !strings.Contains(got, "Default profile of: researcher — an agent's") {
		t.Errorf("the default-of line reads %q", got)
	}
}

// TestGatewaySearchRequiredSaysItOnce: a call of a tool not loaded yet
// was answered with type search_required and a message starting
// "SEARCH_REQUIRED:", the type again.
func TestGatewaySearchRequiredSaysItOnce(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	cs, _ := f.connect(t, nil)
	text, _ := call(t, cs, "demo.echo", map[string]any{"text": "x"}, nil)
	var e struct {
		Error struct{ Type, Message string }
	}
	_ = json.Unmarshal([]byte(text), &e)
	if e.Error.Type != "search_required" || strings.Contains(strings.ToUpper(e.Error.Message), "SEARCH_REQUIRED") || !strings.HasPrefix(e.Error.Message, "demo.echo is not loaded yet") {
		t.Errorf("search_required answer: %s", text)
	}
}
