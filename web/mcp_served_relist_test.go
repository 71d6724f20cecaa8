package web

import (
	"context"
	"encoding/json"
	"os"
	"strconv"
	"testing"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/runtime"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream"
)

// liveToolList answers tools/list from the file at path, read at each
// list, and passes every other method on.
func liveToolList(path string) mcp.Middleware {
	return func(next mcp.MethodHandler) mcp.MethodHandler {
		return func(ctx context.Context, method string, req mcp.Request) (mcp.Result, error) {
			if method != "tools/list" {
				return next(ctx, method, req)
			}
			var tools []*mcp.Tool
			b, err := os.ReadFile(path)
			if err == nil {
				err = json.Unmarshal(b, &tools)
			}
			if err != nil {
				return nil, err
			}
			return &mcp.ListToolsResult{Tools: tools}, nil
		}
	}
}

// TestGatewayServesEveryReviewedChangeOfAServer: a server's tool list
// changes again and again, on the running process (no list_changed) or
// in its code (a new process lists it); after each change a sync of
// another process reads it and a reviewer approves it, and the next call
// runs. The gateway compared the reviewed digest with the listing it
// read once for the session and restarted the server at most once per
// process, never one it had itself restarted, so the second change was
// refused as catalog_changed for ever, "waiting for a reviewer" who had
// already approved it.
func TestGatewayServesEveryReviewedChangeOfAServer(t *testing.T) {
	for _, live := range []bool{true, false} {
		t.Run("live="+strconv.FormatBool(live), func(t *testing.T) {
			h := sqliteOnly(t)
			obj := map[string]any{"type": "object"}
			srv := newChangingServer(t, envNames("Lists the names of the environment variables.", obj))
			in := srv.input("probe")
			if live {
				in.Env["WEB_TEST_TOOLS_LIVE"] = "1"
			}
			f := h.gatewayFixtureFor(in, false)
			if text, isErr := callUntilServed(t, f, "probe.env_names"); isErr {
				t.Fatalf("the reviewed tool: %s", text)
			}
			ctx := context.Background()
			for i := 1; i <= 3; i++ {
				srv.set(envNames("Lists the names of the environment variables, change "+strconv.Itoa(i)+".", obj))
				// the CLI's sync: its own pool, its own process
				cli := upstream.NewPool(nil)
				res, err := runtime.SyncConnection(ctx, h.store, cli, "admin", "probe")
				cli.Close()
				if err != nil || len(res.Plan.Changed) != 1 {
					t.Fatalf("change %d: the sync: %+v %v", i, res.Plan, err)
				}
				seen, _ := h.store.ToolDigests(ctx, []string{"probe.env_names"})
				if _, err := h.store.ReviewTools(ctx, "rev", seen, models.ToolAvailable); err != nil {
					t.Fatal(err)
				}
				if text, isErr := callUntilServed(t, f, "probe.env_names"); isErr {
					t.Fatalf("change %d, synced and approved: %s", i, text)
				}
			}
		})
	}
}
