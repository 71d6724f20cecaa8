package web

import (
	"context"
	"regexp"
	"strings"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// textChannelTag finds a tag of the text protocol's channels, which an
// MCP client's model must never be taught to write: it calls tools
// through its client.
var textChannelTag = regexp.MustCompile(`</?(thinking|action|final|code)\b`)

// checkMCPInstructions fails when text teaches the text protocol's
// tags, or when it does not teach tool calls through the client, or
// names search_tools other than when the step searches.
func checkMCPInstructions(t testing.TB, where, text string, searches bool) {
	t.Helper()
	if m := textChannelTag.FindString(text); m != "" || strings.Contains(text, "<action") {
		t.Errorf("%s teaches an MCP client the tag %q:\n%s", where, m, text)
	}
	if !strings.Contains(text, "your client's own tool call") {
		t.Errorf("%s does not teach tool use as the client's own tool calls:\n%s", where, text)
	}
	if got := strings.Contains(text, "calling the search_tools tool"); got != searches {
		t.Errorf("%s: teaches calling search_tools = %v, want %v", where, got, searches)
	}
}

// TestGatewayInstructionsTeachToolCallsNotTags: the official Go SDK's
// client initializes against the gateway and the instructions it gets
// — and console://instruction before and after a search — teach the MCP
// form of the reply protocol: tool calls through the client, search by
// calling search_tools when the profile defers, never an <action> tag.
func TestGatewayInstructionsTeachToolCallsNotTags(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f := h.gatewayFixture("demo", up.URL, true)
		cs, _ := f.connect(t, nil)
		ctx := context.Background()
		read := func() string {
			res, err := cs.ReadResource(ctx, &mcp.ReadResourceParams{URI: "console://instruction"})
			if err != nil || len(res.Contents) != 1 {
				t.Fatalf("console://instruction: %v %+v", err, res)
			}
			return res.Contents[0].Text
		}
		init := cs.InitializeResult().Instructions
		checkMCPInstructions(t, "initialize", init, true)
		if text, isErr := call(t, cs, "search_tools", map[string]any{"query": "echo a text back"}, nil); isErr {
			t.Fatal(text)
		}
		after := read()
		checkMCPInstructions(t, "console://instruction after a search", after, true)
		if !strings.HasPrefix(after, init) || !strings.Contains(after, "demo.echo") {
			t.Errorf("the instruction after a search does not extend initialize's (stable prefix):\n%s", after)
		}
	})
}

// TestGatewayInstructionsWithoutDeferral: a profile that does not defer
// lists its tools at once; its instructions teach tool calls through the
// client and never name search_tools.
func TestGatewayInstructionsWithoutDeferral(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, false)
	cs, _ := f.connect(t, nil)
	checkMCPInstructions(t, "initialize", cs.InitializeResult().Instructions, false)
}
