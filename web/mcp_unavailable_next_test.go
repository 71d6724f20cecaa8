package web

import (
	"strings"
	"testing"

	"github.com/agentforge/console/instruction"
	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// TestGatewayUnavailableSendsToSearchOnlyWhenListed: the answer about a
// tool that does not exist (or is hidden, or revoked in a session never
// told of it) tells the model to call search_tools only in a session
// that lists search_tools; a session with the whole roster and no search
// is sent to the tools it has, the user or stop (seed 000's safe next
// actions), never to a tool it does not have.
func TestGatewayUnavailableSendsToSearchOnlyWhenListed(t *testing.T) {
	for _, deferredMode := range []bool{true, false} {
		h := sqliteOnly(t)
		up := upstreamtest.New()
		f := h.gatewayFixture("demo", up.URL, deferredMode)
		cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "u1", "X-Subject-Groups": "everyone"})
		listed := false
		for _, n := range toolNames(t, cs) {
			listed = listed || n == instruction.SearchToolID
		}
		for _, tool := range []string{"demo.no_such_tool", strings.Repeat("x", 300)} {
			text, isErr := call(t, cs, tool, map[string]any{}, nil)
			if !isErr || errType(text) != authority.TypeUnavailable {
				t.Errorf("deferred %v, %.20s: %s", deferredMode, tool, text)
			}
			if says := strings.Contains(text, instruction.SearchToolID); says != listed {
				t.Errorf("deferred %v (search_tools listed: %v), %.20s: %s", deferredMode, listed, tool, text)
			}
		}
		up.Close()
	}
}
