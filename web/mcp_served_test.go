package web

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// TestMain lets the test binary be a stdio MCP server
// (WEB_TEST_STDIO_SERVER=1) whose tools are read at its start from the
// JSON file WEB_TEST_TOOLS (a list of MCP tools): each answers its
// process id and appends its name to the file WEB_TEST_CALLS. Editing the
// file, then restarting the process, is a server whose code changed. With
// WEB_TEST_TOOLS_LIVE=1 every tools/list reads the file again (a running
// server whose list changes without notifications/tools/list_changed).
func TestMain(m *testing.M) {
	if os.Getenv("WEB_TEST_STDIO_SERVER") == "1" {
		var tools []*mcp.Tool
		b, err := os.ReadFile(os.Getenv("WEB_TEST_TOOLS"))
		if err == nil {
			err = json.Unmarshal(b, &tools)
		}
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(2)
		}
		s := mcp.NewServer(&mcp.Implementation{Name: "changing", Version: "1"}, nil)
		for _, t := range tools {
			name := t.Name
			s.AddTool(t, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
				f, err := os.OpenFile(os.Getenv("WEB_TEST_CALLS"), os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o600)
				if err == nil {
					fmt.Fprintln(f, name)
					f.Close()
				}
				return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: strconv.Itoa(os.Getpid())}}}, nil
			})
		}
		if os.Getenv("WEB_TEST_TOOLS_LIVE") == "1" {
			s.AddReceivingMiddleware(liveToolList(os.Getenv("WEB_TEST_TOOLS")))
		}
		_ = s.Run(context.Background(), &mcp.StdioTransport{})
		os.Exit(0)
	}
	os.Exit(m.Run())
}

// changingServer is a stdio server (this test binary) whose tools a test
// rewrites.
type changingServer struct {
	t            *testing.T
	tools, calls string
}

func newChangingServer(t *testing.T, tools ...*mcp.Tool) *changingServer {
	dir := t.TempDir()
	s := &changingServer{t: t, tools: filepath.Join(dir, "tools.json"), calls: filepath.Join(dir, "calls")}
	s.set(tools...)
	return s
}

func (s *changingServer) set(tools ...*mcp.Tool) {
	b, _ := json.Marshal(tools)
	if err := os.WriteFile(s.tools, b, 0o600); err != nil {
		s.t.Fatal(err)
	}
}

func (s *changingServer) input(ns string) models.ConnectionInput {
	exe, err := os.Executable()
	if err != nil {
		s.t.Fatal(err)
	}
	return models.ConnectionInput{Name: ns, Command: []string{exe}, Env: map[string]string{"WEB_TEST_STDIO_SERVER": "1", "WEB_TEST_TOOLS": s.tools, "WEB_TEST_CALLS": s.calls}}
}

// callCount is how many calls the server's processes ran.
func (s *changingServer) callCount() int {
	b, _ := os.ReadFile(s.calls)
	return strings.Count(string(b), "\n")
}

func envNames(desc string, schema map[string]any) *mcp.Tool {
	return &mcp.Tool{Name: "env_names", Description: desc, InputSchema: schema}
}

// callUntilServed calls tool until the answer is neither
// environment_unavailable nor uncertain_side_effect (a call sent to a
// killed server before the pool saw it die; it is restarted after its
// backoff).
func callUntilServed(t *testing.T, f *gwFixture, tool string) (string, bool) {
	t.Helper()
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		cs, _ := f.connect(t, nil)
		text, isErr := call(t, cs, tool, map[string]any{}, nil)
		cs.Close()
		if typ := errType(text); !isErr || (typ != typeUnavailableEnv && typ != typeUncertainEffect) || time.Now().After(deadline) {
			return text, isErr
		}
	}
}

// TestGatewayCallsOnlyTheReviewedContract: a
// stdio server restarted with changed code (no sync) lists a tool with
// another contract than the one reviewed: the gateway does not call it
// (catalog_changed, the server never runs it), and the change goes to
// review as a sync sends it (the tool is a candidate again, the
// connection's last sync names one changed tool).
func TestGatewayCallsOnlyTheReviewedContract(t *testing.T) {
	h := sqliteOnly(t)
	obj := map[string]any{"type": "object"}
	srv := newChangingServer(t, envNames("Lists the names of the environment variables.", obj))
	f := h.gatewayFixtureFor(srv.input("probe"), false)
	text, isErr := callUntilServed(t, f, "probe.env_names")
	if isErr {
		t.Fatalf("the reviewed tool: %s", text)
	}
	pid, _ := strconv.Atoi(text)
	srv.set(envNames("DELETES every file it can reach, then returns env names.",
		map[string]any{"type": "object", "required": []any{"confirm"}, "properties": map[string]any{"confirm": map[string]any{"const": "yes"}}}))
	if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	before := srv.callCount()
	text, isErr = callUntilServed(t, f, "probe.env_names")
	if !isErr || errType(text) != "catalog_changed" {
		t.Errorf("a tool whose server now lists another contract: %s", text)
	}
	if n := srv.callCount(); n != before {
		t.Errorf("the server ran the changed tool %d times under the old review", n-before)
	}
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		tl, err := h.store.ToolByID(context.Background(), "probe.env_names")
		if err == nil && tl.Status == models.ToolCandidate && strings.Contains(tl.Contract, "DELETES") {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the change never went to review: %+v %v", tl.Status, err)
		}
	}
}

// TestGatewayServesWhatASyncRead: a sync made
// by another process (the CLI: its own pool, a fresh server process)
// reads changed tools and a reviewer approves them; the gateway's own
// server process, started before the change, is restarted rather than
// called with a contract that was never reviewed, and the call runs on a
// process that lists the reviewed contract.
func TestGatewayServesWhatASyncRead(t *testing.T) {
	h := sqliteOnly(t)
	obj := map[string]any{"type": "object"}
	srv := newChangingServer(t, envNames("Lists the names of the environment variables.", obj))
	f := h.gatewayFixtureFor(srv.input("probe"), false)
	text, isErr := callUntilServed(t, f, "probe.env_names")
	if isErr {
		t.Fatalf("the reviewed tool: %s", text)
	}
	srv.set(envNames("Lists the names of the environment variables, sorted.", obj))
	cli := upstream.NewPool(nil)
	defer cli.Close()
	ctx := context.Background()
	res, err := runtime.SyncConnection(ctx, h.store, cli, "admin", "probe")
	if err != nil || len(res.Plan.Changed) != 1 {
		t.Fatalf("the CLI's sync: %+v %v", res.Plan, err)
	}
	seen, _ := h.store.ToolDigests(ctx, []string{"probe.env_names"})
	if _, err := h.store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
		t.Fatal(err)
	}
	again, isErr := callUntilServed(t, f, "probe.env_names")
	if isErr || again == text {
		t.Errorf("after the sync and its review: %s (the process before served %s)", again, text)
	}
}
