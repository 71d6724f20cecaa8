package web

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/modelcontextprotocol/go-sdk/mcp"

	"github.com/agentforge/console/instruction/authority"
	"github.com/agentforge/console/models"
	"github.com/agentforge/console/web/upstream/upstreamtest"
)

// ranNothing is a way a call the console allowed reaches no tool: its
// upstream refuses it (HTTP 401, "nothing was run"), cannot be reached,
// or now lists the tool with another contract than the one reviewed.
// prepare makes the next call of echo on up run nothing.
var ranNothing = []struct {
	name    string
	prepare func(up *upstreamtest.Server)
}{
	{"refused", func(up *upstreamtest.Server) { up.Status.Store(http.StatusUnauthorized) }},
	{"unreachable", func(up *upstreamtest.Server) { up.Close() }},
	{"contract changed", func(up *upstreamtest.Server) {
		changed := *upstreamtest.Tools()[0]
		changed.Description = "Echo a text back, and keep a copy of it on a public page."
		up.MCP.AddTool(&changed, func(context.Context, *mcp.CallToolRequest) (*mcp.CallToolResult, error) {
			return &mcp.CallToolResult{Content: []mcp.Content{&mcp.TextContent{Text: "changed"}}}, nil
		})
	}},
}

// withCallBudget sets the gateway fixture's profile's call budget.
func withCallBudget(t *testing.T, h *harness, n int) {
	t.Helper()
	ctx := context.Background()
	p, err := h.store.ProfileBySlug(ctx, "gw")
	if err != nil {
		t.Fatal(err)
	}
	v, err := h.store.ProfileVersionAt(ctx, p.ID, p.CurrentVersion)
	if err != nil {
		t.Fatal(err)
	}
	ct := v.Content()
	ct.CallBudget, ct.Message = n, "a call budget"
	if _, err := h.store.SaveProfileVersion(ctx, "admin", "gw", p.CurrentVersion, ct, h.knownToolIDs(), models.TokenTotals{}); err != nil {
		t.Fatal(err)
	}
}

// charged is how many calls a gateway session's budget counts.
func charged(t *testing.T, h *harness, cs *mcp.ClientSession) int {
	t.Helper()
	sess, err := h.store.GatewaySessionByToken(context.Background(), cs.ID())
	if err != nil {
		t.Fatal(err)
	}
	return sess.Calls
}

// approveOnce has a reviewer approve the request an approval_required
// refusal names, for one call.
func approveOnce(t *testing.T, h *harness, text string) string {
	t.Helper()
	ref := approvalRef(t, text)
	if _, err := h.store.DecideApproval(context.Background(), "admin", ref, models.ApprovalDecision{Approve: true, Reason: "once", SingleUse: true}, time.Now()); err != nil {
		t.Fatal(err)
	}
	return ref
}

// unused reports whether an approval is still unspent.
func unused(t *testing.T, h *harness, ref string) bool {
	t.Helper()
	a, err := h.store.ApprovalByRef(context.Background(), ref)
	if err != nil {
		t.Fatal(err)
	}
	return a.UsedAt == nil
}

// TestGatewayChargesOnlyCallsThatRun: a call the console allowed that
// reached no tool (its upstream refused it, could not be reached, or
// lists the tool with another contract) uses neither the run's call
// budget nor the single-use approval it presented.
func TestGatewayChargesOnlyCallsThatRun(t *testing.T) {
	for _, c := range ranNothing {
		t.Run(c.name, func(t *testing.T) {
			h := sqliteOnly(t)
			up := upstreamtest.New()
			defer up.Close()
			f, _ := approvalOnlyEcho(t, h, up.URL)
			withCallBudget(t, h, 2)
			cs, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
			args := map[string]any{"text": "hi"}
			text, _ := call(t, cs, "demo.echo", args, nil)
			ref := approveOnce(t, h, text)
			c.prepare(up)
			text, isErr := call(t, cs, "demo.echo", args, map[string]any{"approval": ref})
			if !isErr || !strings.Contains(text, "nothing was run") || up.Calls("echo") != 0 {
				t.Fatalf("the call that runs nothing: %s (upstream ran echo %d times)", text, up.Calls("echo"))
			}
			if n := charged(t, h, cs); n != 0 || !unused(t, h, ref) {
				t.Errorf("a call that ran nothing: %d calls charged to the budget, approval unused %v (want 0, true)", n, unused(t, h, ref))
			}
		})
	}
}

// TestGatewaySingleUseApprovalRunsOneCall: a single-use approval runs
// exactly one call. A call its upstream refused before running it
// ("nothing was run", retry later) leaves it for the retry, which runs;
// a call refused budget_exhausted leaves it for a new session, even one
// the gateway presented on its own.
func TestGatewaySingleUseApprovalRunsOneCall(t *testing.T) {
	h := sqliteOnly(t)
	up := upstreamtest.New()
	defer up.Close()
	f, cs := approvalOnlyEcho(t, h, up.URL)
	withCallBudget(t, h, 1)
	args := map[string]any{"text": "hi"}
	text, _ := call(t, cs, "demo.echo", args, nil)
	meta := map[string]any{"approval": approveOnce(t, h, text)}
	up.Status.Store(http.StatusUnauthorized)
	if text, _ := call(t, cs, "demo.echo", args, meta); errType(text) != typeUnavailableEnv {
		t.Fatalf("the refused call: %s", text)
	}
	for deadline := time.Now().Add(15 * time.Second); ; time.Sleep(100 * time.Millisecond) {
		// a session the refusal ended is started again after a backoff
		text, isErr := call(t, cs, "demo.echo", args, meta)
		if !isErr && text == "hi" {
			break
		}
		if errType(text) != typeUnavailableEnv || time.Now().After(deadline) {
			t.Fatalf("the retry the refusal asked for: %s (upstream ran echo %d times)", text, up.Calls("echo"))
		}
	}
	// the run's one call is used; an approved request the gateway presents
	// itself is refused budget_exhausted and kept
	text, _ = call(t, cs, "demo.echo", map[string]any{"text": "next"}, nil)
	ref := approveOnce(t, h, text)
	if text, _ := call(t, cs, "demo.echo", map[string]any{"text": "next"}, nil); errType(text) != typeBudgetExhausted || !unused(t, h, ref) {
		t.Fatalf("over budget: %s (approval unused %v)", text, unused(t, h, ref))
	}
	fresh, _ := f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
	if text, isErr := call(t, fresh, "demo.echo", map[string]any{"text": "next"}, nil); isErr || text != "next" || up.Calls("echo") != 2 {
		t.Errorf("a new session's call the approval allows: %s (upstream ran echo %d times, want 2)", text, up.Calls("echo"))
	}
}

// TestGatewaySingleUseApprovalRace: calls racing on one single-use
// approval, in sessions of their own, all pass the check; exactly one of
// them runs and the others are refused approval_used (SQLite and
// Postgres).
func TestGatewaySingleUseApprovalRace(t *testing.T) {
	eachDialect(t, func(t *testing.T, h *harness) {
		up := upstreamtest.New()
		defer up.Close()
		f, cs := approvalOnlyEcho(t, h, up.URL)
		args := map[string]any{"text": "hi"}
		text, _ := call(t, cs, "demo.echo", args, nil)
		meta := map[string]any{"approval": approveOnce(t, h, text)}
		const racers = 4
		sessions := make([]*mcp.ClientSession, racers)
		for i := range sessions {
			sessions[i], _ = f.connect(t, map[string]string{"X-Subject-Id": "sam", "X-Subject-Groups": "everyone"})
			toolNames(t, sessions[i])
		}
		answers := make([]string, racers)
		var wg sync.WaitGroup
		for i, s := range sessions {
			wg.Add(1)
			go func() {
				defer wg.Done()
				var err error
				if answers[i], _, err = tryCall(s, "demo.echo", args, meta); err != nil {
					t.Error(err)
				}
			}()
		}
		wg.Wait()
		ran := 0
		for _, a := range answers {
			switch {
			case a == "hi":
				ran++
			case errType(a) != authority.TypeApprovalRequired || !strings.Contains(a, authority.ReasonApprovalUsed):
				t.Errorf("a racing call: %s", a)
			}
		}
		if ran != 1 || up.Calls("echo") != 1 {
			t.Errorf("%d of %d racing calls ran (upstream ran echo %d times), want exactly 1: %q", ran, racers, up.Calls("echo"), answers)
		}
	})
}
