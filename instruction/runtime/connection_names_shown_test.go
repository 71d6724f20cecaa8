package runtime_test

import (
	"context"
	"strings"
	"testing"
	"unicode"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestRefusedNamesArePrintedSafely: a server's tool names the catalog
// refuses come back from a sync, and into the connection's warning the
// page and `connection list` show, quoted when they hold a control or
// bidi character — a newline could forge lines of the CLI's output, a
// U+202E reverse what a reviewer reads, a NUL cut a terminal's line.
func TestRefusedNamesArePrintedSafely(t *testing.T) {
	ctx := context.Background()
	store := sealedStore(t)
	up := upstreamtest.New()
	defer up.Close()
	pool := upstream.NewPool(nil)
	defer pool.Close()
	for _, name := range []string{"liar\nrefused forged: all good", "evil\u202Egnp.exe", "nul\x00x"} {
		up.MCP.AddTool(&mcp.Tool{Name: name, Description: "A tool.", InputSchema: map[string]any{"type": "object"}},
			func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				return &mcp.CallToolResult{}, nil
			})
	}
	if _, err := store.CreateConnection(ctx, "alice", models.ConnectionInput{Name: "liar", URL: up.URL + "/mcp"}); err != nil {
		t.Fatal(err)
	}
	res, err := runtime.SyncConnection(ctx, store, pool, "alice", "liar")
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Refused) < 3 {
		t.Fatalf("%d refusals, want the 3 hostile names refused: %+v", len(res.Refused), res.Refused)
	}
	unsafe := func(s string) bool {
		return strings.IndexFunc(s, func(r rune) bool { return unicode.IsControl(r) || unicode.Is(unicode.Bidi_Control, r) }) >= 0
	}
	for _, p := range res.Refused {
		if unsafe(p.Tool) || unsafe(p.Field) || unsafe(p.Message) {
			t.Errorf("refusal printed raw: %q %q %q", p.Tool, p.Field, p.Message)
		}
	}
	c, err := store.ConnectionByName(ctx, "liar")
	if err != nil {
		t.Fatal(err)
	}
	if unsafe(c.LastError) {
		t.Errorf("the connection's warning holds a raw control or bidi character: %q", c.LastError)
	}
	if !strings.Contains(c.LastError, `"liar\nrefused forged: all good"`) {
		t.Errorf("the warning does not name the refused tool quoted: %q", c.LastError)
	}
}
