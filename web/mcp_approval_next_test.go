package web

import (
	"encoding/json"
	"slices"
	"testing"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayApprovalRequiredSaysCallAgainWhenApproved: the gateway's
// approval_required naming a filed request (the first call, and a call
// while it still waits) carries call_again_when_approved in next_actions,
// as the README's list says of approval_required. The gateway sent only
// ask_user, choose_available_tool and stop.
func TestGatewayApprovalRequiredSaysCallAgainWhenApproved(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	_, cs := approvalOnlyEcho(t, h, up.URL)
	for _, when := range []string{"first call", "while it waits"} {
		text, _ := call(t, cs, "demo.echo", map[string]any{"text": "hi"}, nil)
		approvalRef(t, text)
		var e struct {
			Error struct {
				NextActions []string `json:"next_actions"`
			} `json:"error"`
		}
		if err := json.Unmarshal([]byte(text), &e); err != nil {
			t.Fatal(err)
		}
		if !slices.Contains(e.Error.NextActions, authority.ActCallWhenApproved) || !slices.Contains(e.Error.NextActions, authority.ActAskUser) {
			t.Errorf("%s: next_actions %v, want %s and %s", when, e.Error.NextActions, authority.ActCallWhenApproved, authority.ActAskUser)
		}
	}
}
