package web

import (
	"context"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// npmServer returns the path of an npm-installed MCP server's entry
// point under CONSOLE_MCP_NPM_DIR (default: .mcp-npm at the repository's
// root, where .ci/run installs the pinned packages). In CI a missing
// package fails the test; elsewhere it skips.
func npmServer(t testing.TB, rel string) string {
	t.Helper()
	dir := os.Getenv("CONSOLE_MCP_NPM_DIR")
	if dir == "" {
		dir = filepath.Join("..", ".mcp-npm")
	}
	p, _ := filepath.Abs(filepath.Join(dir, "node_modules", rel))
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatalf("%s is not installed (.ci/run installs it): %v", rel, err)
		}
		t.Skipf("%s is not installed; run the npm install line of .ci/run", rel)
	}
	return p
}

// TestGatewayWithThePublishedMemoryServer: the reference memory server
// from the npm registry, run by the console as a supervised stdio child,
// driven through the gateway by the official Go SDK's client: list,
// search and list_changed, a call with the server's real answer, invalid
// arguments refused without reaching the server (its graph file is
// unchanged), an inactive tool (SEARCH_REQUIRED), an idempotent retry
// executed once (a second execution would answer differently), a console
// restart mid-session keeping the active set, and a grant revoked
// mid-session refusing the next call.
func TestGatewayWithThePublishedMemoryServer(t *testing.T) {
	entry := npmServer(t, "@modelcontextprotocol/server-memory/dist/index.js")
	eachDialect(t, func(t *testing.T, h *harness) {
		graph := filepath.Join(t.TempDir(), "memory.jsonl")
		f := h.gatewayFixtureFor(models.ConnectionInput{Name: "memory", Command: []string{"node", entry}, Env: map[string]string{"MEMORY_FILE_PATH": graph}}, true)
		cs, changed := f.connect(t, nil)
		if got := toolNames(t, cs); !slices.Equal(got, []string{"search_tools"}) {
			t.Fatalf("tools/list = %v, want search_tools only", got)
		}
		if text, _ := call(t, cs, "memory.create_entities", map[string]any{"entities": []any{}}, nil); errType(text) != "search_required" {
			t.Errorf("inactive tool: %s", text)
		}
		text, isErr := call(t, cs, "search_tools", map[string]any{"query": "create entities in the knowledge graph"}, nil)
		if isErr || !strings.Contains(text, "memory.create_entities") {
			t.Fatalf("search: %s", text)
		}
		select {
		case <-changed:
		case <-time.After(5 * time.Second):
			t.Fatal("no notifications/tools/list_changed")
		}
		if got := toolNames(t, cs); !slices.Contains(got, "memory.create_entities") {
			t.Fatalf("tools/list after search = %v", got)
		}
		entity := map[string]any{"entities": []any{map[string]any{"name": "Ada", "entityType": "person", "observations": []any{"wrote the first program"}}}}
		meta := map[string]any{"idempotency_key": "create-ada"}
		first, isErr := call(t, cs, "memory.create_entities", entity, meta)
		if isErr || !strings.Contains(first, "Ada") {
			t.Fatalf("valid call: %s", first)
		}
		before, err := os.ReadFile(graph)
		if err != nil || !strings.Contains(string(before), "Ada") {
			t.Fatalf("the server's graph file after a create: %q, %v", before, err)
		}
		bad := map[string]any{"entities": []any{map[string]any{"name": 5, "entityType": "person", "observations": []any{}}}}
		text, isErr = call(t, cs, "memory.create_entities", bad, nil)
		if !isErr || errType(text) != authority.TypeInvalidArguments || !strings.Contains(text, `"pointer":"/entities/0/name"`) {
			t.Errorf("invalid arguments: %s", text)
		}
		if after, _ := os.ReadFile(graph); string(after) != string(before) {
			t.Errorf("the graph changed after a refused call:\n%s", after)
		}
		if again, _ := call(t, cs, "memory.create_entities", entity, meta); again != first {
			t.Errorf("idempotent retry answered %s, want the recorded %s", again, first)
		}
		// the server itself answers a second execution differently (Ada
		// exists, nothing is created): the retry above was not one
		if third, _ := call(t, cs, "memory.create_entities", entity, nil); third == first {
			t.Errorf("a real second execution answers like the first (%s): the proof proves nothing", third)
		}
		// restart the console mid-session: same active set, same session
		active := toolNames(t, cs)
		h.app.Close()
		fresh := New(h.store, sharedMeter, h.app.cfg)
		t.Cleanup(fresh.Close)
		handler := fresh.Handler()
		f.app.Store(&handler)
		if got := toolNames(t, cs); !slices.Equal(got, active) {
			t.Errorf("after a restart tools/list = %v, want %v", got, active)
		}
		if text, isErr := call(t, cs, "memory.create_entities", map[string]any{"entities": []any{map[string]any{"name": "Grace", "entityType": "person", "observations": []any{}}}}, nil); isErr || !strings.Contains(text, "Grace") {
			t.Errorf("a call after the restart (a new child process): %s", text)
		}
		// revoke mid-session: workspace-write (the import's class of a
		// closed-world, non-destructive write) is no longer granted
		h.changeGrants(t, authority.Everyone, false, models.GrantSpec{Kind: authority.KindEffects, Value: "workspace-write"})
		pre, _ := os.ReadFile(graph)
		text, isErr = call(t, cs, "memory.create_entities", map[string]any{"entities": []any{map[string]any{"name": "Linus", "entityType": "person", "observations": []any{}}}}, nil)
		if !isErr || strings.Contains(text, "Linus") {
			t.Errorf("after the revocation: %s", text)
		}
		if post, _ := os.ReadFile(graph); string(post) != string(pre) {
			t.Error("a revoked call reached the server")
		}
	})
}

// TestGatewayWithTheTypeScriptClient: the official TypeScript SDK's
// client from the npm registry, a client this project did not write,
// connects (and is taught tool calls through itself, never a channel
// tag), lists, searches (and is told the list changed), calls, and is
// refused for bad arguments naming the pointer.
func TestGatewayWithTheTypeScriptClient(t *testing.T) {
	sdk := filepath.Dir(npmServer(t, "@modelcontextprotocol/sdk/package.json"))
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f := h.gatewayFixture("demo", up.URL, true)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	out, err := exec.CommandContext(ctx, "node", "testdata/mcp/ts_client.mjs", sdk, f.front.URL+"/mcp/helper", f.key).CombinedOutput()
	if err != nil {
		t.Fatalf("the TypeScript client failed: %v\n%s", err, out)
	}
	var got struct {
		ListChanged      int      `json:"listChanged"`
		Instructions     int      `json:"instructions"`
		InstructionsText string   `json:"instructionsText"`
		Before           []string `json:"before"`
		After            []string `json:"after"`
		Search           string   `json:"search"`
		Session          string   `json:"session"`
		Inactive, OK     struct {
			IsError bool   `json:"isError"`
			Text    string `json:"text"`
		}
		Bad struct {
			IsError bool   `json:"isError"`
			Text    string `json:"text"`
		}
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("%v: %s", err, out)
	}
	switch {
	case got.Session != "set" || got.Instructions == 0:
		t.Errorf("session %s, instructions %d bytes", got.Session, got.Instructions)
	case !slices.Equal(got.Before, []string{"search_tools"}):
		t.Errorf("first list %v", got.Before)
	case !got.Inactive.IsError || errType(got.Inactive.Text) != "search_required":
		t.Errorf("inactive call: %+v", got.Inactive)
	case got.ListChanged < 1 || !slices.Contains(got.After, "demo.echo"):
		t.Errorf("after the search: %d list_changed, list %v (search said %q)", got.ListChanged, got.After, got.Search)
	case got.OK.IsError || got.OK.Text != "from typescript":
		t.Errorf("valid call: %+v", got.OK)
	case !got.Bad.IsError || !strings.Contains(got.Bad.Text, `"pointer":"/text"`):
		t.Errorf("bad call: %+v", got.Bad)
	}
	// the model behind a stock client calls tools through that client:
	// it is taught tool calls and search_tools, never an <action> tag
	checkMCPInstructions(t, "the TypeScript client's instructions", got.InstructionsText, true)
	if up.Calls("echo") != 1 {
		t.Errorf("upstream calls %d, want 1 (the bad call must not reach it)", up.Calls("echo"))
	}
}
