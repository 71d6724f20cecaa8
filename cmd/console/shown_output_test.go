package main

import (
	"context"
	"path/filepath"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
	"github.com/modelcontextprotocol/go-sdk/mcp"
)

// TestCLIPrintsServerTextEscaped: what a server says (a tool's name and
// description, its errors) and what the console stored from it reaches a
// terminal with its control and format characters escaped, on every
// command that prints it: an escape sequence cannot clear the screen,
// retitle the window or reverse the text around it.
func TestCLIPrintsServerTextEscaped(t *testing.T) {
	const esc = "\x1b[2J\x1b]0;owned\x07"
	db := filepath.Join(t.TempDir(), "c.db")
	mustMigrate(t, db)
	up := upstreamtest.New()
	defer up.Close()
	up.MCP.AddTool(&mcp.Tool{Name: "paint" + esc, Description: "Paint " + esc + " the wall \u202eright to left.",
		InputSchema: map[string]any{"type": "object"}}, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
		return &mcp.CallToolResult{}, nil
	})
	var outs []string
	cli := func(args ...string) {
		out, _ := runCLI(t, db, args...)
		outs = append(outs, strings.Join(args, " ")+":\n"+out)
	}
	cli("connection", "add", "demo", "--url", up.URL, "--as", "admin")
	cli("connection", "sync", "demo", "--as", "admin")
	ctx := context.Background()
	store, err := models.Open(ctx, db)
	if err != nil {
		t.Fatal(err)
	}
	if err := store.Exec(ctx, "UPDATE connections SET last_error = ? WHERE name = ?", "upstream says "+esc+"\u202egone", "demo"); err != nil {
		t.Fatal(err)
	}
	store.Close()
	cli("connection", "list")
	cli("connection", "show", "demo")
	cli("catalog", "hints", "demo.echo")
	for _, out := range outs {
		if strings.ContainsAny(out, "\x1b\x07\u202e") {
			t.Errorf("raw control or format characters printed:\n%q", out)
		}
	}
	if all := strings.Join(outs, "\n"); !strings.Contains(all, `upstream says \u001b[2J`) {
		t.Errorf("the escaped text is not shown:\n%s", all)
	}
}

// TestShownWriterJoinsSplitCharacters: a character whose bytes arrive in
// two writes is written whole (escaped when it is a format character),
// not as invalid bytes; an unfinished one is flushed escaped.
func TestShownWriterJoinsSplitCharacters(t *testing.T) {
	var b strings.Builder
	w := newShownWriter(&b)
	in := []byte("é\u202e\tok\n")
	for i := range in {
		if _, err := w.Write(in[i : i+1]); err != nil {
			t.Fatal(err)
		}
	}
	_, _ = w.Write([]byte{0xe2, 0x80})
	if err := w.Flush(); err != nil {
		t.Fatal(err)
	}
	if got, want := b.String(), "é\\u202e\tok\n\\xe2\\x80"; got != want {
		t.Errorf("written %q, want %q", got, want)
	}
}
