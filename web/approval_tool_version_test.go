package web

import (
	"context"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/agentforge/console/models"
)

// TestAnApprovalNamesItsToolsVersion: GET of an approval names the
// tool's contract version as its filing did, never an empty one, and
// leaves the version out once the tool changed since (its digest names
// it). Failed first: GET answered "version":"".
func TestAnApprovalNamesItsToolsVersion(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		ctx := context.Background()
		key := h.runtimeKey()
		ref := h.approvedWrite(t, key, "v1", models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true})
		tool, err := h.store.ToolByID(ctx, "workspace_write")
		if err != nil {
			t.Fatal(err)
		}
		c, err := tool.Parsed()
		if err != nil {
			t.Fatal(err)
		}
		res, raw := h.api(http.MethodGet, "/api/v1/approvals/"+ref, key, nil)
		if res.StatusCode != http.StatusOK {
			t.Fatalf("GET: %d %s", res.StatusCode, raw)
		}
		if strings.Contains(string(raw), `"version":""`) {
			t.Errorf("an empty version: %s", raw)
		}
		var b struct {
			Tool map[string]string `json:"tool"`
		}
		if err := json.Unmarshal(raw, &b); err != nil {
			t.Fatal(err)
		}
		if b.Tool["version"] != c.Version || b.Tool["digest"] != tool.Digest || b.Tool["id"] != "workspace_write" {
			t.Errorf("GET names the tool %v, want version %q digest %q", b.Tool, c.Version, tool.Digest)
		}
	})
}
