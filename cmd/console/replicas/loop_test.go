package replicas

import (
	"context"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAConnectionToAnotherReplicasGatewayIsALoop: the loop guard was per
// process, so a connection added on replica A whose URL is replica B's
// gateway (/mcp/…) was probed through B, and calls could go A→B→A. The
// marker a pool sends is the deployment's (shared through the database),
// so B refuses A's probe as the console's own gateway and nothing is
// saved.
func TestAConnectionToAnotherReplicasGatewayIsALoop(t *testing.T) {
	c := startCluster(t)
	ctx := context.Background()
	key, _, err := c.store.CreateScopedAPIKey(ctx, "test", "loop", models.ScopeRuntime)
	if err != nil {
		t.Fatal(err)
	}
	admin := c.browser()
	admin.signIn(c.base[0], "admin", adminPassword)
	res, doc := admin.post(c.base[0], "/connections", url.Values{"name": {"loop"}, "url": {c.base[1] + "/mcp/analyst"}, "headers": {"Authorization=Bearer " + key}})
	if res.StatusCode != http.StatusUnprocessableEntity || !strings.Contains(doc.Text(), "own gateway") {
		t.Errorf("a connection on A to B's gateway: %d, want 422 naming the console's own gateway", res.StatusCode)
	}
	if _, err := c.store.ConnectionByName(ctx, "loop"); err == nil {
		t.Errorf("the looping connection was saved")
	}
}
